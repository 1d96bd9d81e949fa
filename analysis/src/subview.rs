//! Accesses through `memref.subview`s, moved onto the buffer they view.
//!
//! A subview with static offsets `o`, sizes and strides `s` that keeps the rank maps its index
//! `i` in dimension `d` to the source index `o_d + s_d · i_d`. A chain of such views (the
//! access's own memref first, the buffer last) composes by applying each map in turn. The
//! shared-memory planner costs every access of a buffer on the buffer's own row-major
//! coordinates, so an access through views becomes the same access with the composed indices
//! on the buffer ([`on_buffer`]); the pass folds the same expressions into the IR before it
//! pads or swizzles, so that every user addresses the buffer directly.
//!
//! Assumptions: the views are rank-preserving and fully static (the pass refuses the others
//! with a remark); the buffer has the identity (row-major) layout. Cost: one expression node
//! per dimension and view.

use crate::expression::IndexExpression;
use crate::matrix::{Access, MemrefLayout};

/// A rank-preserving `memref.subview` with static offsets and strides (in source elements).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaticSubview {
    /// Offset of the view's first element in each source dimension.
    pub offsets: Vec<i64>,
    /// Step in each source dimension between consecutive view indices.
    pub strides: Vec<i64>,
}

impl StaticSubview {
    /// The source indices that `indices` of the view address: `offset + stride · index`.
    pub fn source_indices(&self, indices: &[IndexExpression]) -> Vec<IndexExpression> {
        indices
            .iter()
            .zip(self.offsets.iter().zip(&self.strides))
            .map(|(index, (&offset, &stride))| match (offset, stride) {
                (0, 1) => index.clone(),
                (0, _) => index.clone() * stride,
                (_, 1) => index.clone() + offset,
                _ => index.clone() * stride + offset,
            })
            .collect()
    }
}

/// The buffer indices that `indices` address through `views`, the access's own view first.
pub fn buffer_indices(
    views: &[StaticSubview],
    indices: &[IndexExpression],
) -> Vec<IndexExpression> {
    views.iter().fold(indices.to_vec(), |current, view| {
        view.source_indices(&current)
    })
}

/// `access`, made through `views` (its own view first), as an access of the buffer of `shape`
/// in row-major order; an access without views is returned as it is.
pub fn on_buffer(access: &Access, views: &[StaticSubview], shape: &[i64]) -> Access {
    if views.is_empty() {
        return access.clone();
    }
    let layout = &access.layout;
    Access {
        layout: MemrefLayout::row_major(shape, layout.element_bytes, layout.space),
        indices: buffer_indices(views, &access.indices),
        ..access.clone()
    }
}

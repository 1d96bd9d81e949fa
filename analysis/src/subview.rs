//! Accesses through `memref.subview`s, moved onto the buffer they view.
//!
//! A subview with static offsets `o`, sizes and strides `s` maps its index `i` in dimension `d`
//! to the source index `o_d + s_d · i_d`. A rank-reducing one drops source dimensions of size 1:
//! their source index is `o_d` always, and the view's dimensions are the kept source dimensions
//! in order (`tile[1, 0, 0] [1, 32, 32]` as a 32x32 view: `(r, c) -> (1, r, c)`). A chain of such views (the
//! access's own memref first, the buffer last) composes by applying each map in turn. The
//! shared-memory planner costs every access of a buffer on the buffer's own row-major
//! coordinates, so an access through views becomes the same access with the composed indices
//! on the buffer ([`on_buffer`]); the pass folds the same expressions into the IR before it
//! pads or swizzles, so that every user addresses the buffer directly.
//!
//! Assumptions: the views are fully static, and a rank-reducing one keeps the innermost
//! dimension (so a vector access along it stays one); the pass refuses the others with a
//! remark. The buffer has the identity (row-major) layout. Cost: one expression node per
//! dimension and view.

use crate::expression::IndexExpression;
use crate::matrix::{Access, MemrefLayout};

/// A `memref.subview` with static offsets and strides (in source elements).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaticSubview {
    /// Offset of the view's first element in each source dimension.
    pub offsets: Vec<i64>,
    /// Step in each source dimension between consecutive view indices.
    pub strides: Vec<i64>,
    /// For each source dimension, whether the view drops it (size 1, index always 0).
    pub dropped: Vec<bool>,
}

impl StaticSubview {
    /// The source indices that `indices` of the view address: `offset + stride · index` for a
    /// kept dimension, `offset` for a dropped one.
    pub fn source_indices(&self, indices: &[IndexExpression]) -> Vec<IndexExpression> {
        let mut view = indices.iter();
        self.offsets
            .iter()
            .zip(&self.strides)
            .zip(&self.dropped)
            .map(|((&offset, &stride), &dropped)| {
                let index = if dropped { None } else { view.next() };
                match (index, offset, stride) {
                    (None, _, _) => IndexExpression::Constant(offset),
                    (Some(index), 0, 1) => index.clone(),
                    (Some(index), 0, _) => index.clone() * stride,
                    (Some(index), _, 1) => index.clone() + offset,
                    (Some(index), _, _) => index.clone() * stride + offset,
                }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expression::Variable;

    #[test]
    fn a_dropped_dimension_is_its_offset() {
        // tile[1, 0, 0] [1, 32, 32] [1, 1, 1] as a 32x32 view: (r, c) -> (1, r, c).
        let plane = StaticSubview {
            offsets: vec![1, 0, 0],
            strides: vec![1, 1, 1],
            dropped: vec![true, false, false],
        };
        let row = IndexExpression::Variable(Variable::ThreadX);
        let column = IndexExpression::Constant(3);
        assert_eq!(
            plane.source_indices(&[row.clone(), column.clone()]),
            vec![IndexExpression::Constant(1), row, column]
        );
    }
}

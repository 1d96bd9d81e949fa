//! Accesses through static subviews moved onto their buffer (`analysis::subview`): the moved
//! access addresses exactly the elements the view's strided layout addresses, so every
//! shared-memory metric agrees, for random views, views of views and warp shapes; and a layout's
//! byte span (`MemrefLayout::byte_span`) is exactly the bytes its elements cover.

mod common;

use analysis::subview::{on_buffer, StaticSubview};
use analysis::{
    warp_metrics, Access, AccessKind, BankModel, Block, MemorySpace, MemrefLayout, Variable,
};
use common::{tx, ty};
use proptest::prelude::*;

/// The buffer every view looks into: 64x128 `f32` in shared memory.
const BUFFER: [i64; 2] = [64, 128];

/// The strided layout MLIR gives `view` of a memref with `layout` (its result type).
fn view_layout(layout: &MemrefLayout, view: &StaticSubview, sizes: &[i64]) -> MemrefLayout {
    let strides: Vec<i64> = layout.strides.iter().map(|s| s.expect("static")).collect();
    MemrefLayout {
        shape: sizes.iter().copied().map(Some).collect(),
        strides: strides
            .iter()
            .zip(&view.strides)
            .map(|(outer, inner)| Some(outer * inner))
            .collect(),
        offset: Some(
            layout.offset.expect("static")
                + strides
                    .iter()
                    .zip(&view.offsets)
                    .map(|(stride, offset)| stride * offset)
                    .sum::<i64>(),
        ),
        ..layout.clone()
    }
}

/// The byte address of `access` for every thread of a 32x`rows` block.
fn addresses(access: &Access, rows: i64) -> Vec<i64> {
    (0..rows)
        .flat_map(|y| (0..32).map(move |x| (x, y)))
        .map(|(x, y)| {
            let value = |variable: &Variable| match variable {
                Variable::ThreadX => Some(x),
                Variable::ThreadY => Some(y),
                _ => None,
            };
            access.byte_address(&value).expect("known address")
        })
        .collect()
}

/// Wavefronts and the degree of `access` for a 32x`rows` block on sm_90.
fn cost(access: &Access, rows: u32) -> (u64, f64) {
    let metrics =
        warp_metrics(access, Block::new(32, rows, 1), BankModel::Conventional).expect("analysable");
    (
        metrics.wavefronts.expect("known"),
        metrics.bank_conflict_degree.expect("known"),
    )
}

proptest! {
    /// A read through a view of a view addresses the same bytes as the composed read of the
    /// buffer (inside it), and so costs the same.
    #[test]
    fn moved_accesses_cost_the_same(
        outer_offsets in (0i64..16, 0i64..32),
        outer_strides in (1i64..3, 1i64..3),
        inner_offsets in (0i64..4, 0i64..8),
        inner_strides in (1i64..3, 1i64..3),
        rows in 1u32..4,
    ) {
        let buffer = MemrefLayout::row_major(&BUFFER, 4, MemorySpace::Shared);
        let outer = StaticSubview {
            offsets: vec![outer_offsets.0, outer_offsets.1],
            strides: vec![outer_strides.0, outer_strides.1],
            dropped: vec![false, false],
        };
        let inner = StaticSubview {
            offsets: vec![inner_offsets.0, inner_offsets.1],
            strides: vec![inner_strides.0, inner_strides.1],
            dropped: vec![false, false],
        };
        let outer_layout = view_layout(&buffer, &outer, &[24, 32]);
        let inner_layout = view_layout(&outer_layout, &inner, &[4, 8]);
        for indices in [vec![tx().modulo(4), ty()], vec![ty(), tx().modulo(8)]] {
            let through = Access::new(AccessKind::Load, inner_layout.clone(), indices);
            let moved = on_buffer(&through, &[inner.clone(), outer.clone()], &BUFFER);
            prop_assert_eq!(&moved.layout, &buffer);
            let moved_addresses = addresses(&moved, i64::from(rows));
            prop_assert_eq!(addresses(&through, i64::from(rows)), moved_addresses.clone());
            let bytes = BUFFER[0] * BUFFER[1] * 4;
            prop_assert!(moved_addresses.iter().all(|&address| (0..bytes).contains(&address)));
            prop_assert_eq!(cost(&through, rows), cost(&moved, rows));
        }
    }
}

/// An access without views is left as it is.
#[test]
fn direct_accesses_are_unchanged() {
    let access = common::shared(&BUFFER, vec![tx(), ty()]);
    assert_eq!(on_buffer(&access, &[], &BUFFER), access);
}

/// A layout of up to three static dimensions with non-negative strides and offset.
fn static_layout() -> impl Strategy<Value = MemrefLayout> {
    (
        prop::collection::vec((0i64..5, 0i64..40), 1..4),
        0i64..50,
        prop::sample::select(vec![1u32, 2, 4, 8, 16]),
    )
        .prop_map(|(dimensions, offset, element_bytes)| MemrefLayout {
            shape: dimensions.iter().map(|&(size, _)| Some(size)).collect(),
            strides: dimensions.iter().map(|&(_, stride)| Some(stride)).collect(),
            offset: Some(offset),
            element_bytes,
            space: MemorySpace::Global,
        })
}

proptest! {
    /// `byte_span` is exactly the lowest byte and one past the highest byte of every element
    /// (the bytes the read-only path's run-time check compares), by enumerating them.
    #[test]
    fn byte_span_covers_exactly_the_elements(layout in static_layout()) {
        let sizes: Vec<i64> = layout.shape.iter().map(|size| size.unwrap()).collect();
        let strides: Vec<i64> = layout.strides.iter().map(|stride| stride.unwrap()).collect();
        let element = i64::from(layout.element_bytes);
        let mut lowest = None::<i64>;
        let mut highest = None::<i64>;
        let count: i64 = sizes.iter().product();
        for linear in 0..count {
            let mut rest = linear;
            let mut offset = layout.offset.unwrap();
            for (size, stride) in sizes.iter().zip(&strides).rev() {
                offset += rest % size * stride;
                rest /= size;
            }
            lowest = Some(lowest.map_or(offset * element, |low| low.min(offset * element)));
            let last = offset * element + element;
            highest = Some(highest.map_or(last, |high| high.max(last)));
        }
        let expected = match (lowest, highest) {
            (Some(low), Some(high)) => (low, high),
            _ => (0, 0),
        };
        prop_assert_eq!(layout.byte_span(), Ok(expected));
    }
}

#[test]
fn byte_span_refuses_dynamic_and_negative_layouts() {
    let mut layout = MemrefLayout::row_major(&[4, 8], 4, MemorySpace::Global);
    assert_eq!(layout.byte_span(), Ok((0, 128)));
    layout.strides[0] = None;
    assert_eq!(layout.byte_span(), Err("a stride is dynamic".into()));
    layout.strides[0] = Some(-8);
    assert_eq!(layout.byte_span(), Err("a stride is negative".into()));
    let mut huge = MemrefLayout::row_major(&[i64::MAX / 2, 4], 4, MemorySpace::Global);
    assert_eq!(huge.byte_span(), Err("the span overflows 64 bits".into()));
    huge.offset = None;
    assert_eq!(huge.byte_span(), Err("the offset is dynamic".into()));
}

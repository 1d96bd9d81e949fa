//! Helpers shared by the integration tests: variables, shared-memory accesses, and the
//! brute-force degree of one strided warp request, which every closed form is held against.

// Each test crate uses a different subset of these helpers.
#![allow(dead_code)]

pub mod baselines;
pub mod kernels;

use analysis::request::wavefronts_for_geometry;
use analysis::{
    warp_metrics, Access, AccessKind, AccessMetrics, BankGeometry, BankModel, Block,
    IndexExpression, LoopId, MemorySpace, MemrefLayout, Request, Variable,
};

/// Elements added to every brute-force offset so that negative strides stay at non-negative
/// addresses; a multiple of every offset period (at most `B·R` = 256 elements).
const BIAS_ELEMENTS: i64 = 1 << 20;

/// `tid.x`.
pub fn tx() -> IndexExpression {
    Variable::ThreadX.into()
}

/// `tid.y`.
pub fn ty() -> IndexExpression {
    Variable::ThreadY.into()
}

/// The induction variable of enclosing loop `depth`.
pub fn iv(depth: usize) -> IndexExpression {
    Variable::Loop(LoopId(depth)).into()
}

/// A scalar load of a static row-major shared `f32`/`i32` buffer of `shape`.
pub fn shared(shape: &[i64], indices: Vec<IndexExpression>) -> Access {
    Access::new(
        AccessKind::Load,
        MemrefLayout::row_major(shape, 4, MemorySpace::Shared),
        indices,
    )
}

/// Byte addresses of 4-byte lanes at `offset + lane·stride` elements, the first `active` of 32.
pub fn strided_lanes(stride: i64, offset: i64, active: u32) -> Vec<Option<u64>> {
    (0..32i64)
        .map(|lane| {
            let element = BIAS_ELEMENTS + offset + lane * stride;
            (lane < i64::from(active)).then(|| element as u64 * 4)
        })
        .collect()
}

/// Brute-force wavefronts of a 4-byte strided request under `geometry`.
pub fn degree_in(geometry: BankGeometry, stride: i64, offset: i64, active: u32) -> u32 {
    let addresses = strided_lanes(stride, offset, active);
    wavefronts_for_geometry(
        &Request {
            addresses: &addresses,
            access_bytes: 4,
        },
        geometry,
    )
}

/// Brute-force wavefronts of a full 4-byte strided warp under `model`.
pub fn degree(model: BankModel, stride: i64, offset: i64) -> u32 {
    degree_in(model.geometry(), stride, offset, 32)
}

/// Static metrics of an access that must be analysable.
pub fn metrics(access: &Access, block: Block, model: BankModel) -> AccessMetrics {
    warp_metrics(access, block, model).expect("the access is analysable")
}

/// Gao's replays Σ(degree − 1) over a kernel's accesses for one block.
pub fn replays(accesses: &[Access], block: Block, model: BankModel) -> u64 {
    accesses
        .iter()
        .map(|access| {
            metrics(access, block, model)
                .bank_conflicts
                .expect("known conflicts")
        })
        .sum()
}

/// Requests over a kernel's accesses for one block.
pub fn requests(accesses: &[Access], block: Block, model: BankModel) -> u64 {
    accesses
        .iter()
        .map(|access| {
            metrics(access, block, model)
                .requests
                .expect("known requests")
        })
        .sum()
}

/// Largest single-request degree over a kernel's accesses.
pub fn worst(accesses: &[Access], block: Block, model: BankModel) -> f64 {
    accesses
        .iter()
        .map(|access| {
            metrics(access, block, model)
                .worst_bank_conflict_degree
                .expect("known worst degree")
        })
        .fold(1.0, f64::max)
}

/// Total wavefronts of `accesses` after `layout` at `block`, counted directly.
pub fn wavefronts_after(
    layout: &analysis::shared_layout::SharedLayout,
    accesses: &[Access],
    block: Block,
) -> u64 {
    accesses
        .iter()
        .map(|access| {
            let laid_out = analysis::shared_layout::apply(layout, access);
            warp_metrics(&laid_out, block, BankModel::Conventional)
                .expect("analysable")
                .wavefronts
                .expect("known wavefronts")
        })
        .sum()
}

//! The baselines the shared-layout planner is compared with, test-only: upstream MLIR's
//! `nvgpu-optimize-shared-memory` swizzle and IREE's fixed padding.
//!
//! **Upstream.** [`upstream_swizzle`] reproduces `nvgpu-optimize-shared-memory`'s formula
//! (`OptimizeSharedMemory.cpp`, 128-byte lines, 128-bit vectors) as a [`Swizzle`]: with `b`
//! element bits and `D` the innermost size, `n = log2(128/b)`, `k = ⌊log2 D⌋`,
//! `permuteEveryN = max(1, 128 / (D·b/8))`, `L = ⌊log2 permuteEveryN⌋`, it rewrites
//! `column' = column XOR (((row >> L) & (2^(k−n) − 1)) << n)`, i.e. 16-byte chunks, `d = 2^L`,
//! `m = 2^(k−n)`. It refuses rank < 2, rows of at most 16 bytes and buffers without both reads
//! and writes; for `D` not a power of two the formula can index past the row, which is
//! reported as invalid.
//!

use analysis::shared_layout::{alignment_problem, is_bijection_into_bounds, SharedLayout, Swizzle};
use analysis::{warp_metrics, Access, AccessKind, BankModel, Block};

/// Shared-memory line upstream `nvgpu-optimize-shared-memory` assumes (`kSharedMemoryLineSizeBytes`).
pub const UPSTREAM_LINE_BYTES: i64 = 128;

/// Access width upstream `nvgpu-optimize-shared-memory` assumes (`kDefaultVectorSizeBits`).
pub const UPSTREAM_VECTOR_BITS: i64 = 128;

/// What upstream `nvgpu-optimize-shared-memory` does to a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UpstreamVerdict {
    /// It rewrites the buffer and the result is a valid permutation.
    Applied,
    /// It leaves the buffer alone (silently, upstream).
    Refused,
    /// It rewrites the buffer, but the rewrite is wrong (leaves the row, aliases, splits a vector).
    Invalid,
}

/// Upstream's formula on one buffer, and its cost on the same accesses.
#[derive(Clone, Debug, PartialEq)]
pub struct Upstream {
    /// What upstream does.
    pub verdict: UpstreamVerdict,
    /// Its swizzle, when the formula is defined for the shape.
    pub swizzle: Option<Swizzle>,
    /// Total wavefronts per block under the formula, when it is a valid permutation and the
    /// metrics are known (given even when upstream refuses the buffer for its op kinds).
    pub wavefronts: Option<u64>,
    /// Why, with numbers.
    pub reason: String,
}

/// Upstream's XOR formula for a buffer (see the module essay), or why it does not apply.
pub fn upstream_formula(shape: &[i64], element_bytes: u32) -> Result<Swizzle, String> {
    if shape.iter().any(|&size| size <= 0) || element_bytes == 0 {
        return Err(format!(
            "buffer shape {shape:?} of {element_bytes}-byte elements is empty"
        ));
    }
    if shape.len() < 2 {
        return Err("upstream needs at least 2 indices".into());
    }
    let bits = i64::from(element_bytes) * 8;
    if bits > UPSTREAM_VECTOR_BITS || UPSTREAM_VECTOR_BITS % bits != 0 {
        return Err(format!(
            "{bits}-bit elements do not divide upstream's {UPSTREAM_VECTOR_BITS}-bit vectors"
        ));
    }
    let columns = shape[shape.len() - 1];
    let rows_per_line = (8 * UPSTREAM_LINE_BYTES / bits) / columns;
    let thread_group = 1i64 << (7 - log2_floor(UPSTREAM_VECTOR_BITS / 8));
    if rows_per_line >= thread_group {
        return Err(format!(
            "rows of {} B fit {rows_per_line} to a {UPSTREAM_LINE_BYTES}-byte line: upstream skips the buffer",
            columns * i64::from(element_bytes)
        ));
    }
    let permute_every = (UPSTREAM_LINE_BYTES / (columns * bits / 8)).max(1);
    let low_bits = log2_floor(UPSTREAM_VECTOR_BITS / bits);
    let column_bits = log2_floor(columns);
    if column_bits < low_bits {
        return Err(format!(
            "a row of {columns} elements has fewer column bits than one 128-bit vector"
        ));
    }
    Ok(Swizzle {
        chunk_bytes: (UPSTREAM_VECTOR_BITS / 8) as u32,
        row_divisor: 1 << log2_floor(permute_every),
        modulus: 1 << (column_bits - low_bits),
    })
}

/// What upstream `nvgpu-optimize-shared-memory` would do to this buffer, and its total
/// wavefronts on the same accesses (counted with `warp_metrics`, like `plan`).
pub fn upstream_swizzle(
    shape: &[i64],
    element_bytes: u32,
    accesses: &[Access],
    block: Block,
    model: BankModel,
) -> Upstream {
    let swizzle = match upstream_formula(shape, element_bytes) {
        Ok(swizzle) => swizzle,
        Err(reason) => {
            return Upstream {
                verdict: UpstreamVerdict::Refused,
                swizzle: None,
                wavefronts: None,
                reason,
            }
        }
    };
    let has = |kind| accesses.iter().any(|access| access.kind == kind);
    let refusal = if !has(AccessKind::Load) {
        Some("the buffer has no reads: upstream skips it")
    } else if !has(AccessKind::Store) {
        Some("the buffer has no writes: upstream skips it")
    } else {
        None
    };
    let layout = SharedLayout::Swizzle(swizzle);
    let invalid = is_bijection_into_bounds(&layout, shape, element_bytes)
        .err()
        .or_else(|| alignment_problem(&layout, shape, element_bytes, (accesses, &[])));
    let (verdict, reason) = match (refusal, &invalid) {
        (Some(refused), Some(problem)) => (
            UpstreamVerdict::Refused,
            format!("{refused} (its {swizzle} would be invalid: {problem})"),
        ),
        (Some(refused), None) => (UpstreamVerdict::Refused, refused.to_string()),
        (None, Some(problem)) => (
            UpstreamVerdict::Invalid,
            format!("upstream's {swizzle} is invalid: {problem}"),
        ),
        (None, None) => (
            UpstreamVerdict::Applied,
            format!("upstream applies {swizzle}"),
        ),
    };
    let wavefronts = if invalid.is_none() {
        wavefronts(accesses, &layout, block, model)
    } else {
        None
    };
    Upstream {
        verdict,
        swizzle: Some(swizzle),
        wavefronts,
        reason,
    }
}

/// IREE's fixed `GPUReduceBankConflicts` padding of `padding_bits` bits as a layout (for
/// comparison; IREE pipelines use 32, 64 or 128 bits).
pub fn iree_padding(padding_bits: u32, element_bytes: u32) -> SharedLayout {
    match padding_bits / (8 * element_bytes.max(1)) {
        0 => SharedLayout::Unchanged,
        elements => SharedLayout::Pad {
            elements: i64::from(elements),
        },
    }
}

/// Total wavefronts per block of `accesses` under `layout`, when every one is known.
fn wavefronts(
    accesses: &[Access],
    layout: &SharedLayout,
    block: Block,
    model: BankModel,
) -> Option<u64> {
    accesses
        .iter()
        .map(|access| {
            let metrics = warp_metrics(
                &analysis::shared_layout::apply(layout, access),
                block,
                model,
            )
            .ok()?;
            metrics.wavefronts.ok()
        })
        .sum()
}

/// `⌊log2 value⌋` for positive values (LLVM's `Log2_64`), 0 otherwise.
fn log2_floor(value: i64) -> i64 {
    if value <= 0 {
        0
    } else {
        i64::from(63 - value.leading_zeros())
    }
}

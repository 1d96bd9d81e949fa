//! Deciding the layout of each shared-memory buffer: pad, swizzle or nothing.
//!
//! A buffer is a workgroup attribution or a `memref.alloc`/`alloca` in the
//! shared address space. Its accesses are every memory op whose memref is
//! the buffer itself. The decision is taken by counting
//! (`analysis::shared_layout::plan`: total wavefronts of all accesses of one
//! block, loops included, for every candidate), never by a fixed formula;
//! the budget is `smem-budget` minus every shared buffer of the kernel.
//!
//! Accesses through static, rank-preserving `memref.subview`s are costed on
//! the buffer's own coordinates (`analysis::subview`) and folded into buffer
//! accesses before the layout is applied. A buffer is left alone, with the
//! reason, when any of its users is not understood (`views`: a call, a cast,
//! a dynamic subview; rewriting some users and not others would change
//! results), when its shape is dynamic, when
//! the block size is unknown, or when a metric is unknown. Decide, record,
//! then apply: this module only decides; `transform::pad` and
//! `transform::swizzle` apply the [`BufferDecision`]s.

use analysis::{
    expression::Unknown,
    matrix::{Access, MemorySpace},
    metrics::Block,
    shared_layout::{self, Allowed, BufferPlan},
    subview::{self, StaticSubview},
};
use mlir_sys::*;

use crate::{
    accesses::{self, Root},
    findings::Finding,
    ir,
    kernels::Kernel,
    transform, views, Options,
};

/// The decision for one shared buffer.
pub struct BufferDecision {
    /// What the buffer is (`workgroup 0`, `alloc <loc>`).
    pub root: Root,
    /// The buffer value (attribution argument or allocation result).
    pub value: MlirValue,
    /// Indices into the kernel's findings of the buffer's accesses.
    pub accesses: Vec<usize>,
    /// For each access, the static subviews it reaches the buffer through (its own first).
    pub views: Vec<Vec<StaticSubview>>,
    /// The plan, or why the buffer is left alone.
    pub outcome: Result<BufferPlan, String>,
}

/// Decides a layout for every shared buffer of `kernel` that `findings` touch.
pub fn decide(kernel: &Kernel, findings: &[Finding], options: &Options) -> Vec<BufferDecision> {
    let mut buffers: Vec<BufferDecision> = Vec::new();
    for (index, finding) in findings.iter().enumerate() {
        let memory = &finding.memory;
        if memory.space != MemorySpace::Shared
            || !matches!(memory.root, Root::Workgroup(_) | Root::Allocation(_))
        {
            continue;
        }
        match buffers
            .iter_mut()
            .find(|buffer| unsafe { mlirValueEqual(buffer.value, memory.root_value) })
        {
            Some(buffer) => buffer.accesses.push(index),
            None => buffers.push(BufferDecision {
                root: memory.root.clone(),
                value: memory.root_value,
                accesses: vec![index],
                views: Vec::new(),
                outcome: Err(String::new()),
            }),
        }
    }
    let used = shared_bytes(kernel);
    let available = u64::from(options.smem_budget).saturating_sub(used);
    for buffer in &mut buffers {
        let views: Result<Vec<_>, String> = match views::foreign_user(buffer.value) {
            Some(reason) => Err(reason),
            None => buffer
                .accesses
                .iter()
                .map(|&index| views::views_of(&findings[index]))
                .collect(),
        };
        buffer.outcome = match views {
            Ok(views) => {
                buffer.views = views;
                plan(kernel, findings, buffer, options, available)
            }
            Err(reason) => Err(reason),
        };
    }
    buffers
}

/// The plan for one buffer, or why it is left alone.
fn plan(
    kernel: &Kernel,
    findings: &[Finding],
    buffer: &BufferDecision,
    options: &Options,
    available: u64,
) -> Result<BufferPlan, String> {
    let [x, y, z] = kernel
        .block
        .sizes()
        .ok_or_else(|| kernel.block.describe())?;
    let memref_type = unsafe { mlirValueGetType(buffer.value) };
    let shape = ir::static_shape(memref_type);
    if unsafe { !mlirShapedTypeHasStaticShape(memref_type) } || shape.is_empty() {
        return Err(format!(
            "shape {} is dynamic or 0-d; only static shapes are rewritten",
            ir::type_text(memref_type)
        ));
    }
    let first = &findings[buffer.accesses[0]];
    let element_bytes = first
        .memory
        .element_bytes
        .ok_or("element type has no size in bytes")?;
    let accesses: Vec<Access> = buffer
        .accesses
        .iter()
        .zip(&buffer.views)
        .map(|(&index, views)| subview::on_buffer(&findings[index].access, views, &shape))
        .collect();
    // A swizzle rewrites the innermost index operand: only for rank >= 2
    // buffers whose every access has plain index operands.
    let swizzlable = shape.len() >= 2
        && buffer
            .accesses
            .iter()
            .all(|&index| transform::swizzle::supports(&findings[index].memory.name));
    let allowed = Allowed {
        pad: options.switches.pad,
        swizzle: options.switches.swizzle && swizzlable,
    };
    shared_layout::plan(
        &shape,
        element_bytes,
        &accesses,
        Block::new(x, y, z),
        options.target.bank_model,
        allowed,
        available,
    )
    .map_err(|Unknown { reason }| reason)
    .map(|mut plan| {
        if !options.switches.pad && !options.switches.swizzle {
            plan.reason
                .push_str(" (options pad=false swizzle=false: no layout was tried)");
        }
        plan
    })
}

/// Bytes of every static shared buffer of `kernel` (attributions and allocations).
pub fn shared_bytes(kernel: &Kernel) -> u64 {
    let mut total = 0;
    let root = unsafe { melior::ir::OperationRef::from_raw(kernel.operation) };
    use melior::ir::operation::{OperationLike, WalkOrder, WalkResult};
    let mut count = |type_: MlirType| {
        if accesses::memory_space(type_) == MemorySpace::Shared
            && unsafe { mlirShapedTypeHasStaticShape(type_) }
        {
            let elements: i64 = ir::static_shape(type_).iter().product();
            let bytes = ir::type_bytes(unsafe { mlirShapedTypeGetElementType(type_) }).unwrap_or(0);
            total += elements.max(0) as u64 * u64::from(bytes);
        }
    };
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    for index in 0..unsafe { mlirBlockGetNumArguments(entry) } {
        let type_ = unsafe { mlirValueGetType(mlirBlockGetArgument(entry, index)) };
        if unsafe { mlirTypeIsAMemRef(type_) } {
            count(type_);
        }
    }
    root.walk(WalkOrder::PreOrder, |operation| {
        let raw = operation.to_raw();
        if matches!(
            ir::operation_name(raw).as_str(),
            "memref.alloc" | "memref.alloca"
        ) {
            count(unsafe { mlirValueGetType(mlirOperationGetResult(raw, 0)) });
        }
        WalkResult::Advance
    });
    total
}

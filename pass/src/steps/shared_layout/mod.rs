//! Deciding the layout of each shared-memory buffer: pad, swizzle or nothing.
//!
//! A buffer is a workgroup attribution, a `memref.alloc`/`alloca` in the
//! shared address space, or a workgroup `memref.global` (`shared_layout::global`:
//! every `get_global` of it in the kernel is the same buffer). Its accesses are every memory op whose memref is
//! the buffer itself. The decision is taken by counting
//! (`analysis::shared_layout::plan`: total wavefronts of all accesses of one
//! block, loops included, for every candidate), never by a fixed formula;
//! the budget is `smem-budget` minus every shared buffer of the kernel. Where a loop nest is
//! versioned on a run-time check (staging's, `promote`'s), the copy as written on its fallback
//! path is not counted: an ordinary launch runs the fast path alone (fdtd3d: 79872
//! wavefronts, not both paths' 159744). It is laid out all the same.
//!
//! Accesses through static `memref.subview`s (rank-reducing ones that keep
//! the innermost dimension too) are costed on
//! the buffer's own coordinates (`analysis::subview`) and folded into buffer
//! accesses before the layout is applied. A buffer is left alone, with the
//! reason, when any of its users is not understood (`views`: a call, a cast,
//! a dynamic subview; rewriting some users and not others would change
//! results), when its shape is dynamic, when the block size is unknown and another kernel
//! shares it (one kernel's buffer is then costed at every block shape a launch could have,
//! `analysis::shared_layout::shapes`), or when a metric is unknown (an edge guard on
//! block ids is not: the planner then costs an interior block, where it holds
//! for every lane, and says so). A view of dynamic shared memory is padded
//! only where the launches in the module can give the bytes
//! (`shared_layout::dynamic`); elsewhere the remark says what a pad would
//! give. Decide, record, then apply: this module only decides;
//! `shared_layout::pad`, `shared_layout::skew` (a rank-1 buffer's pad after
//! every run of elements) and `shared_layout::swizzle` apply the
//! [`BufferDecision`]s.

pub mod dynamic;
pub mod global;
pub mod joint;
pub mod pad;
pub mod skew;
pub mod subview;
pub mod swizzle;

use analysis::{
    matrix::{Access, MemorySpace},
    metrics::Block,
    shared_layout::{self, shapes, Allowed, BufferPlan, SharedLayout},
    subview::StaticSubview,
};
use mlir_sys::*;

use crate::{
    diagnostics,
    facts::accesses::Root,
    facts::findings::Finding,
    facts::kernels::Kernel,
    facts::views,
    ir,
    report::Kind,
    report::{self, AccessReport, Decision},
    steps::memory_space::checked,
    steps::{self, Step, Telling},
    Options,
};

/// The decision for one shared buffer.
pub struct BufferDecision {
    /// What the buffer is (`workgroup 0`, `alloc <loc>`).
    pub root: Root,
    /// The buffer value (attribution argument, allocation result, first `get_global`).
    pub value: MlirValue,
    /// Every value of the buffer in the kernel (one, or each `get_global` of a global).
    pub values: Vec<MlirValue>,
    /// The `memref.global` op of a global buffer.
    pub global: Option<MlirOperation>,
    /// Indices into the kernel's findings of the buffer's accesses.
    pub accesses: Vec<usize>,
    /// For each access, the static subviews it reaches the buffer through (its own first).
    pub views: Vec<Vec<StaticSubview>>,
    /// The accesses (indices into the findings) the plan's costs are for: all but those on
    /// the fallback path of a run-time check (the loop nest as written, which an ordinary
    /// launch does not run), unless all are; the layout rewrites every access either way.
    pub counted: Vec<usize>,
    /// The plan, or why the buffer is left alone.
    pub outcome: Result<BufferPlan, String>,
    /// A workgroup global that functions outside this kernel use too: its plan is this
    /// kernel's share of a decision over every kernel (`shared_layout::joint`).
    pub joint: bool,
}

/// Decides a layout for every shared buffer of `kernel` that `findings` touch.
pub fn decide(kernel: &Kernel, findings: &[Finding], options: &Options) -> Vec<BufferDecision> {
    let mut buffers: Vec<BufferDecision> = Vec::new();
    for (index, finding) in findings.iter().enumerate() {
        let memory = &finding.memory;
        if memory.space != MemorySpace::Shared
            || !matches!(
                memory.root,
                Root::Workgroup(_) | Root::Allocation(_) | Root::Global(_) | Root::DynamicShared(_)
            )
        {
            continue;
        }
        let same = |value: MlirValue| unsafe { mlirValueEqual(value, memory.root_value) };
        match buffers.iter_mut().find(|buffer| {
            same(buffer.value)
                || matches!(memory.root, Root::Global(_)) && buffer.root == memory.root
        }) {
            Some(buffer) => {
                buffer.accesses.push(index);
                if !buffer.values.iter().any(|&value| same(value)) {
                    buffer.values.push(memory.root_value);
                }
            }
            None => buffers.push(BufferDecision {
                root: memory.root.clone(),
                value: memory.root_value,
                values: vec![memory.root_value],
                global: match &memory.root {
                    Root::Global(name) => global::find(kernel, name),
                    _ => None,
                },
                accesses: vec![index],
                views: Vec::new(),
                counted: Vec::new(),
                outcome: Err(String::new()),
                joint: false,
            }),
        }
    }
    let used = shared_bytes(kernel);
    let available = u64::from(options.smem_budget).saturating_sub(used);
    for buffer in &mut buffers {
        let refusal = match (&buffer.root, buffer.global) {
            (Root::Global(name), None) => Some(format!("memref.global @{name} not found")),
            (Root::Global(name), Some(global)) => {
                buffer.joint = global::used_outside(&[kernel], global, name).is_some();
                global::refusal(global, name)
            }
            _ => None,
        };
        let refusal = refusal.or_else(|| {
            buffer
                .values
                .iter()
                .find_map(|&value| views::foreign_user(value))
        });
        let views: Result<Vec<_>, String> = match refusal {
            Some(reason) => Err(reason),
            None => buffer
                .accesses
                .iter()
                .map(|&index| views::views_of(&findings[index]))
                .collect(),
        };
        let ordinary: Vec<usize> = buffer
            .accesses
            .iter()
            .copied()
            .filter(|&index| !checked::in_fallback(findings[index].memory.operation))
            .collect();
        buffer.counted = match ordinary.is_empty() || buffer.joint {
            true => buffer.accesses.clone(),
            false => ordinary,
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
    // With the block size unknown, a buffer of one kernel is costed at every block shape a
    // launch could have (`analysis::shared_layout::shapes`).
    let block = kernel.block.sizes().map(|[x, y, z]| Block::new(x, y, z));
    if block.is_none() && buffer.joint {
        return Err(kernel.block.describe());
    }
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
        .filter(|(index, _)| buffer.counted.contains(index))
        .map(|(&index, views)| analysis::subview::on_buffer(&findings[index].access, views, &shape))
        .collect();
    // A swizzle rewrites the innermost index operand: only for rank >= 2
    // buffers whose every access has plain index operands.
    let swizzlable = shape.len() >= 2
        && buffer
            .accesses
            .iter()
            .all(|&index| views::plain_indices(&findings[index].memory.name));
    // Both off: the step is off, and the plan says what it would have done (`crate::options`).
    let enabled = options.switches.pad || options.switches.swizzle;
    // A pad grows a view of dynamic shared memory: only where the launches in the module can
    // give the bytes (`dynamic`); elsewhere only a swizzle, which keeps the size, lays one out.
    let dynamic = matches!(buffer.root, Root::DynamicShared(_));
    let room = match dynamic {
        true => dynamic::room(kernel, buffer.value, available),
        false => Ok((available, 0)),
    };
    let pad = options.switches.pad || !enabled;
    let allowed = Allowed {
        pad: pad && room.is_ok(),
        swizzle: (options.switches.swizzle || !enabled) && swizzlable,
    };
    // A buffer other kernels share is decided over all of them, which weighs every candidate.
    let planner = if buffer.joint {
        shared_layout::plan
    } else {
        shared_layout::plan_alone
    };
    if let (Err(why), true) = (&room, shape.len() >= 2 && !allowed.swizzle) {
        let swizzle = match swizzlable {
            true => "a swizzle is off (option swizzle=false)",
            false => "a swizzle needs plain load and store indices",
        };
        return Err(format!(
            "left as it is: {swizzle}; a pad would need more dynamic shared memory, and {why}"
        ));
    }
    // Each access by its op and location, so that every message names it as the user wrote it.
    let names: Vec<String> = buffer
        .counted
        .iter()
        .map(|&index| {
            let memory = &findings[index].memory;
            format!("the {} at {}", memory.name, memory.location)
        })
        .collect();
    let buffer_accesses = (&accesses[..], &names[..]);
    let model = options.target.bank_model;
    let search = |allowed: Allowed, budget: u64| match block {
        Some(block) => planner(
            &shape,
            element_bytes,
            buffer_accesses,
            block,
            model,
            allowed,
            budget,
        ),
        None => shapes::plan_over_shapes(
            (&shape, element_bytes, &accesses[..], &names[..]),
            model,
            allowed,
            budget,
        )
        .map(|over_shapes| over_shapes.plan)
        .map_err(|unknown| {
            let reason = format!("{}; {}", kernel.block.describe(), unknown.reason);
            analysis::expression::Unknown::of(unknown.cause, reason)
        }),
    };
    let (budget, given) = *room.as_ref().unwrap_or(&(0, 0));
    let mut plan =
        search(allowed, budget).map_err(|unknown| left_as_it_is(&unknown.reason, &names))?;
    let conflicted = plan.before.iter().any(|cost| cost.degree > 1.0);
    if let (Err(why), true) = (
        &room,
        pad && conflicted && plan.layout == SharedLayout::Unchanged,
    ) {
        // What a pad would give, had the launcher the bytes.
        let padded = Allowed { pad, ..allowed };
        let better = search(padded, available)
            .ok()
            .filter(|better| better.wavefronts_after() < plan.wavefronts_after());
        plan.reason.push_str(&match better {
            Some(better) => format!(
                "; {} would give wavefronts {} -> {}, but it needs {} B more dynamic shared \
                 memory, and {why}",
                better.layout,
                better.wavefronts_before(),
                better.wavefronts_after(),
                better.extra_bytes
            ),
            None => {
                format!("; no pad was costed: it would need more dynamic shared memory, and {why}")
            }
        });
    }
    if dynamic && plan.extra_bytes > 0 {
        plan.reason.push_str(&format!(
            "; the launches in this module give the kernel {} -> {} B of dynamic shared memory",
            given,
            given.saturating_add(plan.extra_bytes)
        ));
    }
    Ok(plan)
}

/// The remark for a buffer whose layout is not costed: the decision, then why; an unknown
/// about one access (`the memref.load at 12:7: …`, as the analysis names it) reads as its
/// bank conflicts being unknown.
fn left_as_it_is(reason: &str, names: &[String]) -> String {
    let named = names.iter().find_map(|name| {
        let why = reason.strip_prefix(name.as_str())?.strip_prefix(": ")?;
        Some(format!("the bank conflicts of {name} are unknown ({why})"))
    });
    format!("left as it is: {}", named.as_deref().unwrap_or(reason))
}

/// Bytes of every static shared buffer of `kernel` (attributions, allocations, globals).
pub fn shared_bytes(kernel: &Kernel) -> u64 {
    let mut total = global::kernel_bytes(kernel);
    let root = unsafe { melior::ir::OperationRef::from_raw(kernel.operation) };
    use melior::ir::operation::{OperationLike, WalkOrder, WalkResult};
    let mut count = |type_: MlirType| {
        total += global::shared_static_bytes(type_).unwrap_or(0);
    };
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    for index in 0..unsafe { mlirBlockGetNumArguments(entry) } {
        count(unsafe { mlirValueGetType(mlirBlockGetArgument(entry, index)) });
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
/// Decides, applies and explains the layout of every shared buffer of
/// `kernel`; false when `strict` turned a decision into an error.
pub fn run(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    accesses: &mut [AccessReport],
    decisions: &mut Vec<Decision>,
) -> bool {
    let enabled = Step::SharedLayout.enabled(options);
    let mut success = true;
    let mut notes = Vec::new();
    // A global other kernels use too is decided over all of them, after every kernel.
    for buffer in decide(kernel, findings, options)
        .into_iter()
        .filter(|buffer| !buffer.joint)
    {
        let target = buffer.root.describe();
        // Before applying: a pad replaces an allocation (and destroys the old one).
        let location = buffer_location(kernel, &buffer);
        let decision = match &buffer.outcome {
            Err(reason) => Decision::skipped(Kind::Pad, &target, reason),
            Ok(plan) if !enabled => layout_decision(&target, plan, Ok(())),
            Ok(plan) => {
                let applied = apply_layout(kernel, &buffer, plan, findings);
                if applied.is_ok() {
                    for (&index, cost) in buffer.counted.iter().zip(&plan.after) {
                        accesses[index].after.bank_conflict_degree = Some(cost.degree);
                    }
                }
                layout_decision(&target, plan, applied)
            }
        };
        let remaining = match &buffer.outcome {
            Ok(plan) if decision.applied => plan.after.iter().any(|cost| cost.degree > 1.0),
            _ => buffer
                .accesses
                .iter()
                .any(|&index| findings[index].report_metrics().bank_conflict_degree != Some(1.0)),
        };
        if matches!(buffer.root, crate::facts::accesses::Root::Allocation(_)) {
            diagnostics::emit(
                location,
                diagnostics::Severity::Warning,
                "gpu-mem-opt: pad: a memref.alloc in workgroup memory becomes a per-thread malloc in MLIR's NVVM lowering, not a shared array; declare it as a workgroup attribution of the kernel",
            );
        }
        let telling = Telling {
            kernel: &kernel.name,
            location,
            remark: true,
            blocked: remaining,
        };
        let (decision, note) = steps::settle(decision, telling, options);
        if let Some(note) = note {
            success &= !note.is_error();
            notes.push(note);
        }
        decisions.push(decision);
    }
    steps::emit_grouped(notes);
    success
}

/// Applies a buffer's plan (a longer view of dynamic shared memory: its launches give the
/// bytes); the error says why the IR was left unchanged.
fn apply_layout(
    kernel: &Kernel,
    buffer: &BufferDecision,
    plan: &BufferPlan,
    findings: &[Finding],
) -> Result<(), String> {
    let element_bytes = findings[buffer.accesses[0]]
        .memory
        .element_bytes
        .unwrap_or(0);
    let shape = ir::static_shape(unsafe { mlir_sys::mlirValueGetType(buffer.value) });
    analysis::shared_layout::is_bijection_into_bounds(&plan.layout, &shape, element_bytes)?;
    if plan.layout == SharedLayout::Unchanged {
        return Ok(());
    }
    let users: Vec<&Finding> = buffer
        .accesses
        .iter()
        .map(|&index| &findings[index])
        .collect();
    subview::fold(&users, &buffer.views)?;
    match &plan.layout {
        SharedLayout::Unchanged => Ok(()),
        SharedLayout::Pad { .. } => match buffer.global {
            Some(global) => pad::apply_global(global, &buffer.values, &plan.shape),
            None => pad::apply(buffer.value, &plan.shape),
        },
        SharedLayout::Swizzle(swizzle) => swizzle::apply(swizzle, element_bytes, &users),
        SharedLayout::Skew(skew) => {
            skew::apply(skew, (&buffer.values, buffer.global), &plan.shape, &users)
        }
    }?;
    match buffer.root {
        Root::DynamicShared(_) if plan.extra_bytes > 0 => dynamic::grow(kernel, plan.extra_bytes),
        _ => Ok(()),
    }
}

/// The report's decision for an applied (or failed) plan.
fn layout_decision(target: &str, plan: &BufferPlan, applied: Result<(), String>) -> Decision {
    let (kind, params) = report::layout_decision(&plan.layout);
    let mut params = params;
    params["shape"] = serde_json::json!(plan.shape);
    params["extra_bytes"] = serde_json::json!(plan.extra_bytes);
    params["wavefronts_before"] =
        serde_json::json!(plan.before.iter().map(|cost| cost.wavefronts).sum::<u64>());
    params["wavefronts_after"] =
        serde_json::json!(plan.after.iter().map(|cost| cost.wavefronts).sum::<u64>());
    params["costed_for_interior_block"] = serde_json::json!(plan.interior);
    params["counted_with_every_lane"] = serde_json::json!(plan.every_lane);
    let changes = !matches!(plan.layout, SharedLayout::Unchanged);
    match applied {
        Ok(()) => Decision {
            kind,
            target: target.into(),
            applied: changes,
            reason: plan.reason.clone(),
            params,
            summary: String::new(),
            advice: None,
        },
        Err(why) => Decision {
            kind,
            target: target.into(),
            applied: false,
            reason: format!("{}; not applied: {why}", plan.reason),
            params,
            summary: String::new(),
            advice: None,
        },
    }
}

/// Where a buffer's remark goes: its allocation, or the kernel for an attribution.
pub fn buffer_location(kernel: &Kernel, buffer: &BufferDecision) -> MlirLocation {
    let owner = ir::defining_operation(buffer.value).unwrap_or(kernel.operation);
    unsafe { mlirOperationGetLocation(owner) }
}

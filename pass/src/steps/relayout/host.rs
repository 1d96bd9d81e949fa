//! Relayout where the module holds the host code (issue 18, item 2): the buffer is allocated
//! in the new layout, packed at every copy in and unpacked at every copy out, so it stays in
//! the new layout across launches and the conversion is paid per copy, not per launch.
//!
//! **Model.** A kernel argument with a better order ([`super::run`]) whose every launch passes
//! a buffer from a `gpu.alloc` in host code. Each such buffer's other uses must be
//! `gpu.memcpy` to or from a buffer not made by `gpu.alloc` (a copy between two device buffers
//! could have both sides relaid), `gpu.memset` and `gpu.dealloc`, all synchronous, and
//! launches of kernels whose argument there takes the same new order (a ping-pong `lbm(a, b)`,
//! `lbm(b, a)` does). Arguments that share a buffer are relaid together or not at all.
//!
//! **Rewrite** (`helpers.rs`: helpers in the module, one call each where the host op was, so the host code
//! reads as before):
//! * `gpu.alloc` → `@gpu_mem_opt_relayout_<K>_arg<i>_alloc()`: a `gpu.alloc` of the permuted
//!   shape viewed by `memref.reinterpret_cast` as the kernel's strided type;
//! * `gpu.memcpy %buffer, %host` → `…_upload`: copy into a temporary in the written layout,
//!   launch `@gpu_mem_opt_relayout_pack_<K>_arg<i>` (one element per thread, 256 threads per
//!   block), free the temporary; a copy out is the unpack then the copy;
//! * `gpu.memset` → `…_fill`, `gpu.dealloc` → `…_free`, both on the permuted buffer.
//!
//! **Decision.** The launches the host code shows (a launch inside `scf.for` loops with
//! constant bounds counts their trips; any other loop counts once, and the remark says "at
//! least") against the conversion's break-even scaled by the copies: each copy converts the
//! buffer once (`2·B`), so `launches ≥ break_even · copies / 2`; a buffer never copied converts
//! nothing. Assumption: the pack and unpack move `2·B` bytes each, as a coalesced copy would;
//! the generated ones read coalesced and write one element per thread.

use analysis::relayout::Choice;
use mlir_sys::*;

use super::helpers::{copy_blocks, rewrite, Helpers, COPY_BLOCK};
use crate::{
    facts::{kernels::Kernel, launches::kernel_operand},
    ir,
    report::{Decision, KernelReport, Kind},
    steps::{self, memory_space::describe, Telling},
    Options,
};

/// Most blocks a 1-D grid has in x (CUDA C++ Programming Guide, "Compute Capabilities").
const MAX_GRID_X: i64 = (1 << 31) - 1;

/// A kernel argument with a better order, launched from host code in the module.
pub struct Pending {
    /// The kernel.
    pub kernel: Kernel,
    /// The argument's position.
    pub index: usize,
    /// Its static shape.
    pub shape: Vec<i64>,
    /// The order chosen for it.
    pub choice: Choice,
    /// Its kernel's entry in the report.
    pub report: usize,
    /// The predicted launch before and after it, where known.
    pub times: Option<(analysis::time::Prediction, analysis::time::Prediction)>,
}

/// How host code uses a buffer.
#[derive(Clone, Copy)]
pub(super) enum Use {
    /// Passed to a launch as kernel operand `position`.
    Launch(MlirOperation, usize),
    /// `gpu.memcpy` into it.
    Upload(MlirOperation),
    /// `gpu.memcpy` out of it.
    Download(MlirOperation),
    /// `gpu.memset`.
    Fill(MlirOperation),
    /// `gpu.dealloc`.
    Free(MlirOperation),
}

/// One `gpu.alloc` in host code and its uses.
pub(super) struct Buffer {
    /// The allocation.
    pub(super) alloc: MlirOperation,
    /// Its uses.
    pub(super) uses: Vec<Use>,
}

/// Decides the pending arguments with the host code, applies what pays, and records and
/// explains each decision in `reports`; false when `strict` turned one into an error.
pub fn settle(pending: Vec<Pending>, options: &Options, reports: &mut [KernelReport]) -> bool {
    // Each argument's buffers (allocations at its launches), or why it keeps its layout.
    let mut buffers: Vec<Result<Vec<usize>, String>> = Vec::new();
    let mut all: Vec<Buffer> = Vec::new();
    for entry in &pending {
        buffers.push(entry_buffers(entry, &pending, &mut all));
    }
    // The launches and copies each argument's buffers see, against its break-even.
    let counts: Vec<Option<(u64, u64, bool)>> =
        pending
            .iter()
            .zip(&mut buffers)
            .map(|(entry, found)| {
                let own = found.as_ref().ok()?;
                let (launches, exact) = entry.kernel.launches.sites.iter().fold(
                    (0u64, true),
                    |(total, exact), &site| {
                        let (trips, known) = trips(site);
                        (total.saturating_add(trips), exact && known)
                    },
                );
                let copies: u64 = own
                    .iter()
                    .flat_map(|&buffer| &all[buffer].uses)
                    .filter_map(|used| match used {
                        Use::Upload(copy) | Use::Download(copy) => Some(trips(*copy).0),
                        _ => None,
                    })
                    .sum();
                let needed = entry.choice.break_even_launches()? * copies as f64 / 2.0;
                if (launches as f64) < needed {
                    *found = Err(format!(
                    "not applied: host code launches the kernel {}{} and copies the buffer {}; \
                     each copy converts it once, so it pays off after {needed:.2} launches",
                    if exact { "" } else { "at least " },
                    times(launches),
                    times(copies)
                ));
                }
                Some((launches, copies, exact))
            })
            .collect();
    // Arguments that share a buffer go together.
    loop {
        let failed: Vec<usize> = (0..pending.len())
            .filter(|&entry| buffers[entry].is_err())
            .collect();
        let mut changed = false;
        for found in &mut buffers {
            let Ok(own) = found else { continue };
            let partner = failed
                .iter()
                .find(|&&other| shares(&all, own, &pending[other]));
            if let Some(&other) = partner {
                *found = Err(format!(
                    "not applied: it shares a buffer with arg {} of '{}', which keeps its layout",
                    pending[other].index, pending[other].kernel.name
                ));
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut success = true;
    let mut rewritten: Vec<usize> = Vec::new();
    let mut helpers = Helpers::default();
    for ((entry, found), counted) in pending.iter().zip(&buffers).zip(&counts) {
        let target = format!("arg {}", entry.index);
        let gain = super::gain(&entry.choice);
        let mut decision = Decision::skipped(Kind::Relayout, &target, "");
        decision.params = super::params(&entry.choice, entry.times);
        match found {
            Ok(own) if steps::Step::Relayout.enabled(options) => {
                let new_type = super::apply(&entry.kernel, entry.index, &entry.choice);
                for &buffer in own {
                    if !rewritten.contains(&buffer) {
                        rewrite(&all[buffer], entry, &mut helpers);
                        rewritten.push(buffer);
                    }
                }
                let (launches, copies, exact) = counted.unwrap_or((0, 0, true));
                decision.applied = true;
                decision.summary = format!(
                    "stored as {gain}; host code allocates it as {new_type}, packed after each \
                     copy in and unpacked before each copy out ({copies} {}) over {}{launches} \
                     {} (a pack and an unpack pay off after {:.2})",
                    if copies == 1 { "copy" } else { "copies" },
                    if exact { "" } else { "at least " },
                    if launches == 1 { "launch" } else { "launches" },
                    entry.choice.break_even_launches().unwrap_or(0.0)
                );
                decision.params["launches"] = serde_json::json!(launches);
                decision.params["copies"] = serde_json::json!(copies);
            }
            Ok(_) => decision.summary = format!("would store it as {gain}"),
            Err(why) => decision.summary = format!("would store it as {gain}; {why}"),
        }
        decision.reason = decision.summary.clone();
        let entry_block = unsafe { mlirRegionGetFirstBlock(entry.kernel.body()) };
        let telling = Telling {
            location: unsafe {
                mlirValueGetLocation(mlirBlockGetArgument(entry_block, entry.index as isize))
            },
            kernel: &entry.kernel.name,
            remark: true,
            blocked: false,
        };
        let (decision, note) = steps::settle(decision, telling, options);
        if let Some(note) = note {
            success &= !note.is_error();
            note.emit();
        }
        let decisions = &mut reports[entry.report].decisions;
        match decisions
            .iter_mut()
            .find(|old| old.kind == Kind::Relayout && old.target == target)
        {
            Some(old) => *old = decision,
            None => decisions.push(decision),
        }
    }
    success
}

/// The buffers `entry`'s launches pass it (indices into `all`, added as found), or why not.
fn entry_buffers(
    entry: &Pending,
    pending: &[Pending],
    all: &mut Vec<Buffer>,
) -> Result<Vec<usize>, String> {
    let elements: i64 = entry.shape.iter().product();
    if copy_blocks(elements) > MAX_GRID_X {
        return Err(format!(
            "not applied: the pack of its {elements} elements needs more than {MAX_GRID_X} \
             blocks of {COPY_BLOCK} threads"
        ));
    }
    let mut own = Vec::new();
    for &site in &entry.kernel.launches.sites {
        let operand = kernel_operand(site, entry.index).ok_or_else(|| {
            format!(
                "not applied: {} does not pass it as the kernel's operand",
                describe(site)
            )
        })?;
        let value = unsafe { mlirOperationGetOperand(site, operand as isize) };
        let alloc = ir::defining_operation(value)
            .filter(|&owner| ir::is_named(owner, "gpu.alloc"))
            .filter(|&owner| unsafe {
                mlirOperationGetNumResults(owner) == 1 && mlirOperationGetNumOperands(owner) == 0
            })
            .ok_or_else(|| {
                format!(
                    "not applied: {} passes a buffer that is not a synchronous, static gpu.alloc",
                    describe(site)
                )
            })?;
        let position = match all.iter().position(|buffer| buffer.alloc.ptr == alloc.ptr) {
            Some(position) => position,
            None => {
                all.push(Buffer {
                    alloc,
                    uses: uses(alloc)?,
                });
                all.len() - 1
            }
        };
        for used in &all[position].uses {
            if let Use::Launch(launch, at) = *used {
                let relaid_alike = pending.iter().any(|other| {
                    other.choice.strides == entry.choice.strides && other.launched_by(launch, at)
                });
                if !relaid_alike {
                    return Err(format!(
                        "not applied: its buffer ({}) is also passed by {} as operand {at}, \
                         which does not take the same layout",
                        describe(alloc),
                        describe(launch)
                    ));
                }
            }
        }
        if !own.contains(&position) {
            own.push(position);
        }
    }
    Ok(own)
}

/// Whether `other`'s launches pass any of the buffers `own` (indices into `all`).
fn shares(all: &[Buffer], own: &[usize], other: &Pending) -> bool {
    own.iter()
        .flat_map(|&buffer| &all[buffer].uses)
        .any(|used| matches!(*used, Use::Launch(launch, at) if other.launched_by(launch, at)))
}

impl Pending {
    /// Whether `launch` launches this kernel with this argument as kernel operand `at`.
    fn launched_by(&self, launch: MlirOperation, at: usize) -> bool {
        at == self.index
            && self
                .kernel
                .launches
                .sites
                .iter()
                .any(|s| s.ptr == launch.ptr)
    }
}

/// `1 time`, `5 times`.
fn times(count: u64) -> String {
    format!("{count} {}", if count == 1 { "time" } else { "times" })
}

/// Every use of the buffer `alloc` allocates, classified, or why one cannot be rewritten.
fn uses(alloc: MlirOperation) -> Result<Vec<Use>, String> {
    let value = unsafe { mlirOperationGetResult(alloc, 0) };
    let mut found = Vec::new();
    for (owner, number) in ir::uses(value) {
        let (operands, results) = unsafe {
            (
                mlirOperationGetNumOperands(owner),
                mlirOperationGetNumResults(owner),
            )
        };
        let synchronous = results == 0;
        let classified = match ir::operation_name(owner).as_str() {
            "gpu.launch_func" => (0..)
                .map_while(|index| kernel_operand(owner, index).map(|at| (index, at)))
                .find(|&(_, at)| at == number)
                .map(|(index, _)| Use::Launch(owner, index)),
            // A copy to or from another device buffer is left alone: both sides could be
            // relaid, and the copy rewritten twice.
            "gpu.memcpy" if synchronous && operands == 2 => {
                let other = unsafe { mlirOperationGetOperand(owner, 1 - number as isize) };
                let device = ir::defining_operation(other)
                    .is_some_and(|defining| ir::is_named(defining, "gpu.alloc"));
                (!device).then_some(if number == 0 {
                    Use::Upload(owner)
                } else {
                    Use::Download(owner)
                })
            }
            "gpu.memset" if synchronous && operands == 2 && number == 0 => Some(Use::Fill(owner)),
            "gpu.dealloc" if synchronous && operands == 1 => Some(Use::Free(owner)),
            _ => None,
        };
        found.push(classified.ok_or_else(|| {
            format!(
                "not applied: its buffer ({}) is used by {} on the host, which relayout does not \
                 rewrite",
                describe(alloc),
                describe(owner)
            )
        })?);
    }
    Ok(found)
}

/// How many times `operation` runs per call of its function: the product of the trip counts
/// of the `scf.for` loops around it, and whether every one was constant.
fn trips(operation: MlirOperation) -> (u64, bool) {
    let (mut total, mut exact) = (1u64, true);
    let mut parent = unsafe { mlirOperationGetParentOperation(operation) };
    while !parent.ptr.is_null() && !ir::is_named(parent, "func.func") {
        if ir::is_named(parent, "scf.for") {
            let bound = |position| {
                ir::constant_integer(unsafe { mlirOperationGetOperand(parent, position) })
            };
            let range = analysis::Loop {
                lower: bound(0),
                upper: bound(1),
                step: bound(2),
            };
            match range.trip_count() {
                Some(count) => total = total.saturating_mul(count),
                None => exact = false,
            }
        } else if !ir::is_named(parent, "scf.if") {
            exact = false;
        }
        parent = unsafe { mlirOperationGetParentOperation(parent) };
    }
    (total, exact)
}

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
//! **Rewrite** (helpers in the module, one call each where the host op was, so the host code
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

use super::CONVERSION_KERNEL_PREFIX;
use crate::{
    facts::{kernels::Kernel, launches::kernel_operand},
    ir::{self, builder::Builder},
    report::{Decision, KernelReport, Kind},
    steps::{self, memory_space::describe, Telling},
    Options,
};

/// Threads per block of the generated pack and unpack kernels.
const COPY_BLOCK: i64 = 256;

/// Most blocks a 1-D grid has in x (CUDA C++ Programming Guide, "Compute Capabilities").
const MAX_GRID_X: i64 = (1 << 31) - 1;

/// Blocks of [`COPY_BLOCK`] threads that cover `elements` (at least one) one per thread.
fn copy_blocks(elements: i64) -> i64 {
    (elements - 1) / COPY_BLOCK + 1
}

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
}

/// How host code uses a buffer.
#[derive(Clone, Copy)]
enum Use {
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
struct Buffer {
    /// The allocation.
    alloc: MlirOperation,
    /// Its uses.
    uses: Vec<Use>,
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
        decision.params = super::params(&entry.choice);
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
    let mut use_ = unsafe { mlirValueGetFirstUse(value) };
    while unsafe { !mlirOpOperandIsNull(use_) } {
        let owner = unsafe { mlirOpOperandGetOwner(use_) };
        let number = unsafe { mlirOpOperandGetOperandNumber(use_) } as usize;
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
        use_ = unsafe { mlirOpOperandGetNextUse(use_) };
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

/// The types and names one buffer's rewrite uses.
struct Names {
    /// The written type, `memref<64x64x4xf32>`.
    written: String,
    /// The kernel's new type, `memref<64x64x4xf32, strided<[256, 1, 64]>>`.
    strided: String,
    /// The permuted row-major type the buffer is allocated as, `memref<64x4x64xf32>`.
    permuted: String,
    /// `reinterpret_cast` from the permuted type to the strided one.
    view: String,
    /// And back.
    unview: String,
    /// Helper names' stem, `gpu_mem_opt_relayout_lbm_arg0`.
    stem: String,
    /// The kernel's `gpu.module`.
    module: String,
    /// Elements.
    elements: i64,
    /// Element type, `f32`.
    element: String,
}

impl Names {
    /// The names for `entry`'s argument.
    fn of(entry: &Pending) -> Names {
        let element = unsafe {
            let entry_block = mlirRegionGetFirstBlock(entry.kernel.body());
            let value = mlirBlockGetArgument(entry_block, entry.index as isize);
            ir::type_text(mlirShapedTypeGetElementType(mlirValueGetType(value)))
        };
        let (list, dims) = (super::listed, super::dimensions);
        let (written_shape, shape) = (&entry.shape, &entry.choice.shape);
        let strides = &entry.choice.strides;
        let permuted_shape: Vec<i64> = entry.choice.order.iter().map(|&d| shape[d]).collect();
        let identity: Vec<usize> = (0..shape.len()).collect();
        let row_major =
            analysis::relayout::strides_for(&permuted_shape, &identity).unwrap_or_default();
        let written = format!("memref<{}x{element}>", dims(written_shape));
        let strided = format!(
            "memref<{}x{element}, {}>",
            dims(shape),
            super::strided(strides)
        );
        let permuted = format!("memref<{}x{element}>", dims(&permuted_shape));
        let module = unsafe { mlirOperationGetParentOperation(entry.kernel.operation) };
        Names {
            view: format!(
                "offset: [0], sizes: [{}], strides: [{}] : {permuted} to {strided}",
                list(shape),
                list(strides)
            ),
            unview: format!(
                "offset: [0], sizes: [{}], strides: [{}] : {strided} to {permuted}",
                list(&permuted_shape),
                list(&row_major)
            ),
            stem: format!(
                "gpu_mem_opt_relayout_{}_arg{}",
                entry.kernel.name, entry.index
            ),
            module: ir::symbol_name(module).unwrap_or_default(),
            elements: shape.iter().product(),
            written,
            strided,
            permuted,
            element,
        }
    }

    /// A `gpu.func` copying every element between the written layout (`shape`) and the new one
    /// (`packing`: from the written; else to it), one element per thread in the written
    /// row-major order; a split record's innermost index `e` is `(e / s, e mod s)` in the new.
    fn copy_kernel(&self, name: &str, entry: &Pending, packing: bool) -> String {
        let shape = &entry.shape;
        let (source, destination) = if packing {
            (&self.written, &self.strided)
        } else {
            (&self.strided, &self.written)
        };
        let constants: String = shape
            .iter()
            .enumerate()
            .map(|(dimension, size)| format!("    %n{dimension} = arith.constant {size} : index\n"))
            .collect();
        let mut delinearize = String::new();
        let mut rest = "%linear".to_string();
        let mut indices = vec![String::new(); shape.len()];
        for dimension in (1..shape.len()).rev() {
            delinearize += &format!(
                "      %i{dimension} = arith.remui {rest}, %n{dimension} : index\n      \
                 %r{dimension} = arith.divui {rest}, %n{dimension} : index\n"
            );
            indices[dimension] = format!("%i{dimension}");
            rest = format!("%r{dimension}");
        }
        indices[0] = rest;
        let mut split_indices = indices.clone();
        if let Some(size) = entry.choice.split {
            let last = split_indices.pop().unwrap_or_default();
            delinearize += &format!(
                "      %size = arith.constant {size} : index\n      \
                 %record = arith.divui {last}, %size : index\n      \
                 %field = arith.remui {last}, %size : index\n"
            );
            split_indices.extend(["%record".to_string(), "%field".to_string()]);
        }
        let (from, to) = if packing {
            (indices.join(", "), split_indices.join(", "))
        } else {
            (split_indices.join(", "), indices.join(", "))
        };
        format!(
            "gpu.func @{name}(%source: {source}, %destination: {destination}) kernel attributes \
             {{known_block_size = array<i32: {COPY_BLOCK}, 1, 1>}} {{\n\
             {constants}    %block = arith.constant {COPY_BLOCK} : index\n    \
             %total = arith.constant {elements} : index\n    \
             %bx = gpu.block_id x\n    %tx = gpu.thread_id x\n    \
             %base = arith.muli %bx, %block : index\n    \
             %linear = arith.addi %base, %tx : index\n    \
             %inside = arith.cmpi ult, %linear, %total : index\n    \
             scf.if %inside {{\n{delinearize}      \
             %value = memref.load %source[{from}] : {source}\n      \
             memref.store %value, %destination[{to}] : {destination}\n    }}\n    \
             gpu.return\n  }}",
            elements = self.elements,
        )
    }

    /// The pack and unpack kernels of `entry`, nothing else yet.
    fn conversions(&self, entry: &Pending) -> Generated {
        let (pack, unpack) = conversion_names(entry);
        Generated {
            kernels: vec![
                self.copy_kernel(&pack, entry, true),
                self.copy_kernel(&unpack, entry, false),
            ],
            helpers: Vec::new(),
        }
    }

    /// Lines that launch `kernel` over every element with `arguments`.
    fn launch(&self, kernel: &str, arguments: &str) -> String {
        let blocks = copy_blocks(self.elements);
        format!(
            "  %one = arith.constant 1 : index\n  %blocks = arith.constant {blocks} : index\n  \
             %threads = arith.constant {COPY_BLOCK} : index\n  \
             gpu.launch_func @{}::@{kernel} blocks in (%blocks, %one, %one) threads in \
             (%threads, %one, %one) args({arguments})\n",
            self.module
        )
    }
}

/// Whether `scope`'s symbol table has `name`.
fn defined(scope: MlirOperation, name: &str) -> bool {
    unsafe {
        let table = mlirSymbolTableCreate(scope);
        let found = !mlirSymbolTableLookup(table, ir::string_ref_of(name))
            .ptr
            .is_null();
        mlirSymbolTableDestroy(table);
        found
    }
}

/// The host helpers made so far in one pass run: each text (with `@NAME` for its name) once.
#[derive(Default)]
pub struct Helpers {
    /// Text and name of each.
    made: Vec<(String, String)>,
}

impl Helpers {
    /// The name of the helper `text` (`func.func private @NAME(…)`), adding it to `generated`
    /// as `stem_suffix` (or `stem_suffix_2`, … where `top` or this run has that name) when
    /// no helper has that text yet.
    fn name(
        &mut self,
        (top, stem, suffix): (MlirOperation, &str, &str),
        text: String,
        generated: &mut Generated,
    ) -> String {
        if let Some((_, name)) = self.made.iter().find(|(made, _)| *made == text) {
            return name.clone();
        }
        let base = format!("{stem}_{suffix}");
        let name = (1..)
            .map(|n| {
                if n == 1 {
                    base.clone()
                } else {
                    format!("{base}_{n}")
                }
            })
            .find(|name| !defined(top, name) && self.made.iter().all(|(_, made)| made != name))
            .expect("some suffix is free");
        generated
            .helpers
            .push(text.replacen("@NAME(", &format!("@{name}("), 1));
        self.made.push((text, name.clone()));
        name
    }
}

/// Moves every operation of `from`'s body block before the end of `to`'s body block (after
/// `anchor`, in order), skipping symbols `to` defines already.
fn move_ops(from: MlirOperation, to: MlirOperation, anchor: MlirOperation) {
    unsafe {
        let mut after = anchor;
        let mut operation =
            mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(from, 0)));
        while !operation.ptr.is_null() {
            let next = mlirOperationGetNextInBlock(operation);
            let name = ir::symbol_name(operation).unwrap_or_default();
            if !defined(to, &name) {
                mlirOperationRemoveFromParent(operation);
                mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(after), after, operation);
                after = operation;
            }
            operation = next;
        }
    }
}

/// One buffer's new IR, as text: the pack and unpack kernels and the host helpers.
struct Generated {
    /// `gpu.func`s for the kernel's `gpu.module`.
    kernels: Vec<String>,
    /// `func.func`s for the host function's module.
    helpers: Vec<String>,
}

impl Generated {
    /// Parses it in a module of its own (so every op verifies in its context, launches
    /// included) and moves the ops: kernels after `kernel`, helpers after `host`.
    fn insert(&self, names: &Names, kernel: MlirOperation, host: Option<MlirOperation>) {
        let text = format!(
            "module attributes {{gpu.container_module}} {{\ngpu.module @{} {{\n{}\n}}\n{}\n}}",
            names.module,
            self.kernels.join("\n"),
            self.helpers.join("\n")
        );
        unsafe {
            let context = mlirOperationGetContext(kernel);
            let parsed = mlirModuleCreateParse(context, ir::string_ref_of(&text));
            assert!(
                !parsed.ptr.is_null(),
                "gpu-mem-opt generated IR that does not parse:\n{text}"
            );
            let top = mlirModuleGetOperation(parsed);
            let body = mlirRegionGetFirstBlock(mlirOperationGetRegion(top, 0));
            let generated_module = mlirBlockGetFirstOperation(body);
            move_ops(
                generated_module,
                mlirOperationGetParentOperation(kernel),
                kernel,
            );
            if let Some(host) = host {
                move_ops(top, mlirOperationGetParentOperation(host), host);
            }
            mlirModuleDestroy(parsed);
        }
    }
}

/// The pack and unpack kernels' names for `entry`: `gpu_mem_opt_relayout_pack_lbm_arg0`.
fn conversion_names(entry: &Pending) -> (String, String) {
    let base = format!("{}_arg{}", entry.kernel.name, entry.index);
    (
        format!("{CONVERSION_KERNEL_PREFIX}pack_{base}"),
        format!("{CONVERSION_KERNEL_PREFIX}unpack_{base}"),
    )
}

/// Adds the pack and unpack kernels of a lone kernel's relaid argument beside the kernel, for
/// its launcher, and records them on the kernel (`gpu_mem_opt.relayout = {argN = {pack = @…,
/// unpack = @…, written = memref<…>}}`); their names.
pub fn add_conversions(entry: &Pending) -> (String, String) {
    let names = Names::of(entry);
    names
        .conversions(entry)
        .insert(&names, entry.kernel.operation, None);
    let (pack, unpack) = conversion_names(entry);
    let record = format!(
        "{{pack = @{pack}, unpack = @{unpack}, written = {}}}",
        names.written
    );
    let kernel = entry.kernel.operation;
    let existing = ir::attribute(kernel, super::CONTRACT_ATTRIBUTE)
        .map(ir::attribute_text)
        .and_then(|text| Some(text.strip_prefix('{')?.strip_suffix('}')?.to_string()))
        .filter(|text| !text.is_empty());
    let entries = existing
        .into_iter()
        .chain([format!("arg{} = {record}", entry.index)])
        .collect::<Vec<_>>()
        .join(", ");
    let attribute = Builder::before(kernel)
        .parse_attribute(&format!("{{{entries}}}"))
        .expect("the contract attribute parses");
    unsafe {
        mlirOperationSetAttributeByName(
            kernel,
            ir::string_ref_of(super::CONTRACT_ATTRIBUTE),
            attribute,
        )
    };
    (pack, unpack)
}

/// Rewrites `buffer` (its allocation, copies, fills, frees and launches) to the layout of
/// `entry`, the first relaid argument it is passed as.
fn rewrite(buffer: &Buffer, entry: &Pending, helpers: &mut Helpers) {
    let names = Names::of(entry);
    let mut host = buffer.alloc;
    while !host.ptr.is_null() && !ir::is_named(host, "func.func") {
        host = unsafe { mlirOperationGetParentOperation(host) };
    }
    let top = unsafe { mlirOperationGetParentOperation(host) };
    let (pack, unpack) = conversion_names(entry);
    let (written, strided) = (&names.written, &names.strided);
    let mut generated = names.conversions(entry);
    let mut helper = |suffix: &str, text: String, generated: &mut Generated| {
        helpers.name((top, &names.stem, suffix), text, generated)
    };
    let alloc_name = helper(
        "alloc",
        format!(
            "func.func private @NAME() -> {strided} {{\n  %buffer = gpu.alloc () : {}\n  \
             %view = memref.reinterpret_cast %buffer to {}\n  return %view : {strided}\n}}",
            names.permuted, names.view
        ),
        &mut generated,
    );
    // One call per host op: the op, the helper, its operands after the view.
    let mut calls: Vec<(MlirOperation, String, Vec<MlirValue>)> = Vec::new();
    for used in &buffer.uses {
        let (operation, suffix, operands, parameter, body) = match *used {
            Use::Launch(..) => continue,
            Use::Upload(copy) | Use::Download(copy) => {
                let upload = matches!(used, Use::Upload(_));
                let other = unsafe { mlirOperationGetOperand(copy, if upload { 1 } else { 0 }) };
                let other_type = ir::type_text(unsafe { mlirValueGetType(other) });
                let body = if upload {
                    format!(
                        "  %temporary = gpu.alloc () : {written}\n  \
                         gpu.memcpy %temporary, %other : {written}, {other_type}\n{}  \
                         gpu.dealloc %temporary : {written}\n",
                        names.launch(&pack, &format!("%temporary : {written}, %view : {strided}"))
                    )
                } else {
                    format!(
                        "  %temporary = gpu.alloc () : {written}\n{}  \
                         gpu.memcpy %other, %temporary : {other_type}, {written}\n  \
                         gpu.dealloc %temporary : {written}\n",
                        names.launch(
                            &unpack,
                            &format!("%view : {strided}, %temporary : {written}")
                        )
                    )
                };
                let suffix = if upload { "upload" } else { "download" };
                (
                    copy,
                    suffix,
                    vec![other],
                    format!(", %other: {other_type}"),
                    body,
                )
            }
            Use::Fill(fill) => {
                let value = unsafe { mlirOperationGetOperand(fill, 1) };
                let body = format!(
                    "  %buffer = memref.reinterpret_cast %view to {}\n  \
                     gpu.memset %buffer, %value : {}, {}\n",
                    names.unview, names.permuted, names.element
                );
                (
                    fill,
                    "fill",
                    vec![value],
                    format!(", %value: {}", names.element),
                    body,
                )
            }
            Use::Free(free) => {
                let body = format!(
                    "  %buffer = memref.reinterpret_cast %view to {}\n  \
                     gpu.dealloc %buffer : {}\n",
                    names.unview, names.permuted
                );
                (free, "free", Vec::new(), String::new(), body)
            }
        };
        let text =
            format!("func.func private @NAME(%view: {strided}{parameter}) {{\n{body}  return\n}}");
        calls.push((operation, helper(suffix, text, &mut generated), operands));
    }
    generated.insert(&names, entry.kernel.operation, Some(host));
    // The host ops become calls of the helpers, on the view the new allocation returns.
    let call =
        |anchor: MlirOperation, callee: &str, operands: &[MlirValue], results: &[MlirType]| {
            let symbol = unsafe {
                mlirFlatSymbolRefAttrGet(mlirOperationGetContext(anchor), ir::string_ref_of(callee))
            };
            Builder::before(anchor).create("func.call", operands, &[("callee", symbol)], results)
        };
    let new_type = Builder::before(buffer.alloc)
        .parse_type(strided)
        .expect("the strided type parses");
    let allocated = call(buffer.alloc, &alloc_name, &[], &[new_type]);
    let view = unsafe { mlirOperationGetResult(allocated, 0) };
    for used in &buffer.uses {
        if let Use::Launch(site, position) = *used {
            let operand = kernel_operand(site, position).expect("classified as an operand");
            unsafe { mlirOperationSetOperand(site, operand as isize, view) };
        }
    }
    for (operation, helper, operands) in calls {
        let mut all = vec![view];
        all.extend(operands);
        call(operation, &helper, &all, &[]);
        unsafe { mlirOperationDestroy(operation) };
    }
    unsafe { mlirOperationDestroy(buffer.alloc) };
}

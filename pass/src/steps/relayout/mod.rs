//! Relayout: the order of a global memref argument's dimensions in memory (issue 18; seed-001
//! Sung et al.), decided by `analysis::relayout` from every access of the argument.
//!
//! **What changes.** Only the argument's type: `memref<2048x2048x4xf32>` becomes
//! `memref<2048x2048x4xf32, strided<[8192, 1, 2048]>>`. Every load and store keeps its indices;
//! the NVVM lowering computes addresses from the type's strides. The strided type is the
//! launcher's contract: it passes the buffer with element `(d0, d1, d2)` at `8192·d0 + 2048·d2
//! + d1`, as the interpreter (`interp`, `diff`) and the runner already do for any strided
//! parameter (they scatter the row-major host data through the layout and gather it back), so
//! `gpu-mem-opt diff FILE --kernel K` proves pack → new kernel → unpack equals the original.
//!
//! **After the other global steps.** It runs after vector widths, memory spaces and staging,
//! on the IR they left, so it proposes a layout only where they could not do as well: a
//! transposed read that staging turned into coalesced tile copies has nothing left to gain.
//!
//! **When.** The argument is in global memory with a static, non-empty shape, an identity
//! layout and at least two dimensions, and every use is a `memref.load`, `memref.store` or
//! `memref.dim` on it directly (a view, a vector access or a call would need its own rewrite;
//! a vector access also assumes a contiguous innermost dimension, so it is not costed). Then:
//! * host code in the module launches the kernel: decided with that code, which shows the
//!   launches and the copies ([`host`]; default on);
//! * a lone kernel: its launcher must pass the buffer in the new layout, which it does only on
//!   request: option `relayout-launches=N` (0 by default, never applied) says it keeps the
//!   layout over `N` launches, and `N` must reach the conversion's break-even
//!   ([`analysis::relayout::Choice::break_even_launches`]). Without it, an array of structures
//!   gets a remark ([`analysis::relayout::Choice::separates_records`]), other layouts the
//!   report only.
//!
//! **Predicted time.** Where the kernel's grid is known (its launches in the module, or its
//! `known_grid_size`) and the new order keeps the dimensions, the pass predicts a launch with
//! and without it (`crate::time` on the findings as they would be, the IR untouched); a
//! relayout predicted slower (by `SLOWER_LIMIT`, 5 %, or more) is not applied and not advised,
//! whatever its sectors gain (a walk along each thread's row that L1 served from one sector,
//! made a new line every load).
//!
//! Decisions: one per costed argument. A remark where a better order is applied, or kept for
//! a reason other than the option, or kept for want of the option on an array of structures;
//! report only for other layouts a lone kernel would need the option for, where the order as
//! written is the best, or where the accesses cannot be costed.

mod helpers;
pub mod host;

use analysis::{
    matrix::MemorySpace,
    metrics::Block,
    relayout::{self, Choice, Use},
    time::{Prediction, SLOWER_LIMIT},
};
use mlir_sys::*;

use crate::{
    facts::accesses::{self, Root},
    facts::findings::Finding,
    facts::kernels::{Kernel, KernelKind},
    ir::{self, builder::Builder},
    report::{AccessReport, Decision, Kind},
    steps::{self, memory_space::describe, Early, Step, Telling},
    Options,
};

/// How the names of the pack and unpack kernels begin (`gpu_mem_opt_relayout_pack_lbm_arg0`):
/// `diff --entry` leaves their launches out of the comparison.
pub const CONVERSION_KERNEL_PREFIX: &str = "gpu_mem_opt_relayout_";

/// The kernel attribute naming a lone kernel's relaid arguments' pack and unpack kernels and
/// written types, for its launcher: `{arg1 = {pack = @…, unpack = @…, written = memref<…>}}`.
pub const CONTRACT_ATTRIBUTE: &str = "gpu_mem_opt.relayout";

/// The arguments of the `gpu.func` `kernel` under `root` whose relayout changed their shape
/// (a split record: the contract attribute's `written` type has another shape): a launcher,
/// and `diff`, pass them the written data element by element in row-major order.
pub fn reshaped_arguments(root: MlirOperation, kernel: &str) -> Vec<usize> {
    use melior::ir::operation::{OperationLike, WalkOrder, WalkResult};
    let mut found = Vec::new();
    let root = unsafe { melior::ir::OperationRef::from_raw(root) };
    root.walk(WalkOrder::PreOrder, |operation| {
        let raw = operation.to_raw();
        if ir::is_named(raw, "gpu.func") && ir::symbol_name(raw).as_deref() == Some(kernel) {
            found.extend(contract_arguments(raw));
        }
        WalkResult::Advance
    });
    found
}

/// The argument positions the contract attribute of `kernel` names whose written type's
/// shape differs from the argument's.
fn contract_arguments(kernel: MlirOperation) -> Vec<usize> {
    let Some(contract) = ir::attribute(kernel, CONTRACT_ATTRIBUTE) else {
        return Vec::new();
    };
    let entry = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0)) };
    (0..unsafe { mlirDictionaryAttrGetNumElements(contract) })
        .filter_map(|position| {
            let named = unsafe { mlirDictionaryAttrGetElement(contract, position) };
            let name = unsafe { ir::string_ref(mlirIdentifierStr(named.name)) };
            let index: usize = name.strip_prefix("arg")?.parse().ok()?;
            let written = unsafe {
                mlirTypeAttrGetValue(mlirDictionaryAttrGetElementByName(
                    named.attribute,
                    ir::string_ref_of("written"),
                ))
            };
            let argument = unsafe { mlirValueGetType(mlirBlockGetArgument(entry, index as isize)) };
            (ir::static_shape(written) != ir::static_shape(argument)).then_some(index)
        })
        .collect()
}

/// What happens to one argument.
enum Outcome {
    /// Its best order is the one written, or nothing could be costed: report only; what would
    /// unblock a better one, if anything.
    Quiet(String, Option<String>),
    /// A better order exists but is not applied, for this reason; what would unblock it.
    Kept(String, Option<String>),
    /// The better order is applied.
    Apply,
    /// Host code in the module launches the kernel: decided with it ([`host::settle`]).
    Host,
}

/// Decides, applies and explains the layout of each global memref argument of `kernel`
/// (a stage of [`crate::order`]).
pub fn run(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    (early, pending): (&mut Early, &mut Vec<host::Pending>),
    predict: &dyn Fn(&[Finding]) -> Option<Prediction>,
) -> (bool, bool) {
    let KernelKind::Function { inputs, .. } = kernel.kind else {
        return (true, false);
    };
    let Some([x, y, z]) = kernel.block.sizes() else {
        return (true, false);
    };
    let block = Block::new(x, y, z);
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let enabled = Step::Relayout.enabled(options);
    let (mut success, mut changed) = (true, false);
    for index in 0..inputs {
        let value = unsafe { mlirBlockGetArgument(entry, index as isize) };
        let Some(shape) = candidate_shape(value) else {
            continue;
        };
        let root = Root::Argument(index);
        let mine: Vec<&Finding> = findings
            .iter()
            .filter(|finding| finding.memory.root == root)
            .collect();
        if mine.is_empty() {
            continue;
        }
        let uses: Vec<Use> = mine
            .iter()
            .map(|finding| Use {
                access: &finding.access,
                block,
            })
            .collect();
        // One dimension has one order: only a record to split gives it a choice.
        if shape.len() == 1 && relayout::record_split(&shape, &uses).is_none() {
            if let Some(size) = relayout::lane_stride(&uses) {
                // Report only: a record that does not divide the buffer would need padding.
                let reason = format!(
                    "not split: its {} elements are not a whole number of {size}-element \
                     records, and padding is not built",
                    shape[0]
                );
                success &= report_only(early, (kernel, value, &root), &reason, options);
            }
            continue;
        }
        let vector = mine.iter().find(|finding| finding.access.vector_width > 1);
        if let Some(sectors) = coalesced(&mine) {
            let reason = format!(
                "coalesced already: {sectors:.2} sectors per request, within one of the ideal"
            );
            success &= report_only(early, (kernel, value, &root), &reason, options);
            continue;
        }
        let target = root.describe();
        let costed = match vector {
            Some(finding) => Err(format!(
                "not costed: {} at {} moves {} contiguous elements, which a new order would split",
                finding.memory.name, finding.memory.location, finding.access.vector_width
            )),
            None => relayout::choose(&shape, &uses, options.target.bank_model)
                .map_err(|unknown| format!("not costed: {unknown}")),
        };
        let choice = match costed {
            Err(why) => {
                success &= report_only(early, (kernel, value, &root), &why, options);
                continue;
            }
            Ok(choice) => choice,
        };
        let mut decision = Decision::skipped(Kind::Relayout, &target, "");
        let times = predicted_times(kernel, findings, (&root, &choice), options, predict);
        decision.params = params(&choice, times);
        // The time model vetoes what would be applied, or advised (module docs).
        let outcome = match (
            outcome(kernel, value, &choice, options),
            steps::slower(times).filter(|_| options.time_veto),
        ) {
            (Outcome::Apply | Outcome::Host | Outcome::Kept(..), Some(why)) => {
                Outcome::Kept(why, None)
            }
            (Outcome::Quiet(..), Some(why)) => {
                Outcome::Quiet(format!("would store it as {}; {why}", gain(&choice)), None)
            }
            (outcome, None) => outcome,
        };
        let remark = !matches!(outcome, Outcome::Quiet(..) | Outcome::Host);
        let entry = host::Pending {
            kernel: kernel.clone(),
            index,
            shape,
            choice,
            report: 0,
            times,
        };
        let choice = &entry.choice;
        match outcome {
            Outcome::Quiet(why, advice) => {
                decision.reason = why;
                decision.advice = advice;
            }
            Outcome::Kept(why, advice) => {
                decision.summary = format!("would store it as {}; {why}", gain(choice));
                decision.reason = decision.summary.clone();
                decision.advice = advice;
            }
            Outcome::Apply if enabled => {
                let new_type = apply(kernel, index, choice);
                let (pack, _) = helpers::add_conversions(&entry);
                decision.applied = true;
                decision.summary = format!(
                    "stored as {}; the launcher passes it as {new_type}, e.g. through @{pack} \
                     and its unpack ({}){}",
                    gain(choice),
                    amortized(choice, options),
                    times.map_or(String::new(), |times| format!(
                        "; {}",
                        steps::described_made(times, options, SLOWER_LIMIT)
                    ))
                );
                decision.reason = decision.summary.clone();
            }
            Outcome::Apply => decision.reason = format!("would store it as {}", gain(choice)),
            Outcome::Host => {
                // Settled with the host code once every kernel is decided; no remark yet.
                decision.reason = "decided with the host code".into();
                pending.push(entry);
            }
        }
        changed |= decision.applied;
        let telling = Telling {
            location: unsafe { mlirValueGetLocation(value) },
            kernel: &kernel.name,
            remark,
            blocked: false,
        };
        success &= early.settle(decision, telling, options);
    }
    (success, changed)
}

/// The predicted time of a launch as written and with `choice`'s order for the argument
/// `root`, where the grid is known and the choice reorders dimensions (a split record
/// changes the indices' rank, which the what-if does not model).
fn predicted_times(
    kernel: &Kernel,
    findings: &[Finding],
    (root, choice): (&Root, &Choice),
    options: &Options,
    predict: &dyn Fn(&[Finding]) -> Option<Prediction>,
) -> Option<(Prediction, Prediction)> {
    if choice.split.is_some() {
        return None;
    }
    let before = predict(findings)?;
    let relaid: Vec<Finding> = findings
        .iter()
        .map(|finding| match &finding.memory.root == root {
            true => finding.with_strides(kernel, &choice.strides, &options.target),
            false => finding.clone(),
        })
        .collect();
    Some((before, predict(&relaid)?))
}

/// Records a decision with no remark for argument `value` (`root`) of `kernel`: nothing to
/// change, or nothing the model can weigh; false when `strict` made it an error.
fn report_only(
    early: &mut Early,
    (kernel, value, root): (&Kernel, MlirValue, &Root),
    reason: &str,
    options: &Options,
) -> bool {
    let decision = Decision::skipped(Kind::Relayout, &root.describe(), reason);
    let telling = Telling {
        location: unsafe { mlirValueGetLocation(value) },
        kernel: &kernel.name,
        remark: false,
        blocked: false,
    };
    early.settle(decision, telling, options)
}

/// The mean sectors per request of `accesses` when every one is within a sector of its ideal
/// ([`relayout::near_ideal`]), so no order is worth costing.
fn coalesced(accesses: &[&Finding]) -> Option<f64> {
    let mut total = 0.0;
    for finding in accesses {
        let sectors = finding.sectors_per_request().ok()?;
        let distinct = finding.distinct_addresses().ok()?;
        if !relayout::near_ideal(sectors, distinct, finding.access.access_bytes()) {
            return None;
        }
        total += sectors;
    }
    Some(total / accesses.len() as f64)
}

/// The shape of `value` when it is a candidate: a global memref of static shape, identity
/// layout and at least two dimensions.
fn candidate_shape(value: MlirValue) -> Option<Vec<i64>> {
    let type_ = unsafe { mlirValueGetType(value) };
    let candidate = unsafe {
        mlirTypeIsAMemRef(type_)
            && mlirShapedTypeHasStaticShape(type_)
            && mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(type_))
    } && accesses::memory_space(type_) == MemorySpace::Global;
    let shape = candidate.then(|| ir::static_shape(type_))?;
    // An empty buffer has no layout to choose (and its pack would launch no block).
    shape.iter().all(|&size| size > 0).then_some(shape)
}

/// Whether `choice` is applied to argument `value` of `kernel`, or why not.
fn outcome(kernel: &Kernel, value: MlirValue, choice: &Choice, options: &Options) -> Outcome {
    let Some(break_even) = choice.break_even_launches().filter(|_| choice.changes()) else {
        return Outcome::Quiet(
            format!(
                "already in its best order: {:.2} sectors per request ({} orders costed)",
                choice.before.sectors_per_request(),
                choice.candidates
            ),
            None,
        );
    };
    let lone_unasked = options.relayout_launches == 0 && kernel.launches.sites.is_empty();
    if let Some(user) = foreign_user(value, choice.split.is_some()) {
        if lone_unasked && !choice.separates_records() {
            return quiet_lone(choice, break_even);
        }
        return Outcome::Kept(
            format!("not applied: used by {user}, which relayout does not rewrite"),
            None,
        );
    }
    if !kernel.launches.sites.is_empty() {
        return Outcome::Host;
    }
    let launches = options.relayout_launches;
    if launches == 0 && choice.separates_records() {
        return Outcome::Kept(UNASKED.into(), Some(launches_advice(break_even)));
    }
    if launches == 0 {
        return quiet_lone(choice, break_even);
    }
    if f64::from(launches) < break_even {
        return Outcome::Kept(
            format!(
                "not applied: a pack and an unpack pay off after {break_even:.2} launches, and \
                 relayout-launches={launches}"
            ),
            None,
        );
    }
    Outcome::Apply
}

/// A lone kernel's decision without option `relayout-launches` where no records become
/// fields: report only, since nothing is relaid without the option, and a remark on every
/// uncoalesced argument (a transpose's output) would be advice nobody asked for. An array of
/// structures gets the remark ([`Outcome::Kept`]).
fn quiet_lone(choice: &Choice, break_even: f64) -> Outcome {
    Outcome::Quiet(
        format!("would store it as {}; {UNASKED}", gain(choice)),
        Some(launches_advice(break_even)),
    )
}

/// Why a lone kernel's argument is not relaid without option `relayout-launches`.
const UNASKED: &str =
    "not applied: it changes the layout the launcher passes, which it does only on request";

/// What would let a lone kernel's argument be relaid: the option, and when it pays.
fn launches_advice(break_even: f64) -> String {
    format!(
        "option relayout-launches=N, the launches the launcher keeps the layout for (a pack and \
         an unpack pay off after {break_even:.2})"
    )
}

/// Sets the `after` metrics of the accesses of every argument an applied decision relaid from
/// `findings` (the IR after relayout, accesses in the same order).
pub fn record_after(accesses: &mut [AccessReport], findings: &[Finding], decisions: &[Decision]) {
    for (access, finding) in accesses.iter_mut().zip(findings) {
        let relaid = decisions.iter().any(|decision| {
            decision.kind == Kind::Relayout && decision.applied && decision.target == access.memref
        });
        if relaid && access.loc == finding.memory.location {
            access.after = finding.report_metrics();
        }
    }
}

/// The first use of `value` other than a plain `memref.load`, `memref.store` (as the memref)
/// or, unless a record is `split` (which changes the dimensions), `memref.dim`, described.
fn foreign_user(value: MlirValue, split: bool) -> Option<String> {
    for (owner, number) in ir::uses(value) {
        let plain = match ir::operation_name(owner).as_str() {
            "memref.load" => number == 0,
            "memref.dim" => number == 0 && !split,
            "memref.store" => number == 1,
            _ => false,
        };
        if !plain {
            return Some(describe(owner));
        }
    }
    None
}

/// `strided<[8192, 1, 2048]> (d0·8192 + d2·2048 + d1): 17.00 → 5.00 sectors per request (272
/// → 80 per block)`; a split record's layout names its shape: `4096x4, strided<[1, 4096]>`.
fn gain(choice: &Choice) -> String {
    let shape = match choice.split {
        Some(_) => format!("{}, ", dimensions(&choice.shape)),
        None => String::new(),
    };
    format!(
        "{shape}{} ({}): {:.2} → {:.2} sectors per request ({} → {} per block)",
        strided(&choice.strides),
        choice.formula(),
        choice.before.sectors_per_request(),
        choice.after.sectors_per_request(),
        choice.before.sectors,
        choice.after.sectors,
    )
}

/// `pays off after 1.33 launches; relayout-launches=2`.
fn amortized(choice: &Choice, options: &Options) -> String {
    format!(
        "a pack and an unpack pay off after {:.2} launches; relayout-launches={}",
        choice.break_even_launches().unwrap_or(0.0),
        options.relayout_launches
    )
}

/// `strided<[8192, 1, 2048]>`.
fn strided(strides: &[i64]) -> String {
    format!("strided<[{}]>", listed(strides))
}

/// Rewrites every `memref.load`/`memref.store` of `buffer` (now of a split-record type) from
/// the innermost index `e` to `(e floordiv size, e mod size)` (`arith.divui`/`remui`: an
/// in-bounds index is not negative).
fn split_accesses(buffer: MlirValue, size: i64) {
    let mut users: Vec<MlirOperation> = ir::uses(buffer)
        .into_iter()
        .map(|(owner, _)| owner)
        .collect();
    users.dedup_by(|a, b| a.ptr == b.ptr);
    for operation in users {
        let mut operands: Vec<MlirValue> = (0..unsafe { mlirOperationGetNumOperands(operation) })
            .map(|position| unsafe { mlirOperationGetOperand(operation, position) })
            .collect();
        let builder = Builder::before(operation);
        let last = operands.pop().expect("an access has its indices");
        let divisor = builder.index_constant(size);
        operands.push(builder.index_binary("arith.divui", last, divisor));
        operands.push(builder.index_binary("arith.remui", last, divisor));
        let results: Vec<MlirType> = (0..unsafe { mlirOperationGetNumResults(operation) })
            .map(|position| unsafe {
                mlirValueGetType(mlirOperationGetResult(operation, position))
            })
            .collect();
        let name = ir::operation_name(operation);
        let replacement = builder.create(&name, &operands, &[], &results);
        for position in 0..results.len() as isize {
            unsafe {
                mlirValueReplaceAllUsesOfWith(
                    mlirOperationGetResult(operation, position),
                    mlirOperationGetResult(replacement, position),
                )
            };
        }
        unsafe { mlirOperationDestroy(operation) };
    }
}

/// `4096x4`.
fn dimensions(shape: &[i64]) -> String {
    joined(shape, "x")
}

/// `256, 1, 64`.
fn listed(values: &[i64]) -> String {
    joined(values, ", ")
}

/// `values` written out, `separator` between them.
fn joined(values: &[i64], separator: &str) -> String {
    values
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

/// The report's parameters: order, strides, formula, traffic before and after, conversion,
/// and the predicted launch before and after where known.
fn params(choice: &Choice, times: Option<(Prediction, Prediction)>) -> serde_json::Value {
    let traffic = |traffic: &relayout::Traffic| {
        serde_json::json!({
            "requests": traffic.requests,
            "sectors": traffic.sectors,
            "sectors_per_request": traffic.sectors_per_request(),
            "useful_bytes": traffic.useful_bytes,
        })
    };
    serde_json::json!({
        "order": choice.order,
        "strides": choice.strides,
        "split": choice.split,
        "shape": choice.shape,
        "formula": choice.formula(),
        "candidates": choice.candidates,
        "before": traffic(&choice.before),
        "after": traffic(&choice.after),
        "saved_bytes_per_block": choice.saved_bytes_per_block(),
        "break_even_launches": choice.break_even_launches(),
        "padding_bytes": 0,
        "predicted_microseconds": steps::predicted_json(times, SLOWER_LIMIT),
    })
}

/// Gives argument `index` of `kernel` the layout of `choice` (argument and function type;
/// a split record's loads and stores get the split indices); the new type's text.
fn apply(kernel: &Kernel, index: usize, choice: &Choice) -> String {
    let strides = &choice.strides;
    unsafe {
        let entry = mlirRegionGetFirstBlock(kernel.body());
        let value = mlirBlockGetArgument(entry, index as isize);
        let old = mlirValueGetType(value);
        let context = mlirTypeGetContext(old);
        let shape = &choice.shape;
        let layout = mlirStridedLayoutAttrGet(context, 0, strides.len() as isize, strides.as_ptr());
        let new = mlirMemRefTypeGet(
            mlirShapedTypeGetElementType(old),
            shape.len() as isize,
            shape.as_ptr(),
            layout,
            mlirMemRefTypeGetMemorySpace(old),
        );
        mlirValueSetType(value, new);
        if let Some(size) = choice.split {
            split_accesses(value, size);
        }
        let function = mlirTypeAttrGetValue(
            ir::attribute(kernel.operation, "function_type").expect("a gpu.func has a type"),
        );
        let mut inputs: Vec<MlirType> = (0..mlirFunctionTypeGetNumInputs(function))
            .map(|position| mlirFunctionTypeGetInput(function, position))
            .collect();
        inputs[index] = new;
        let results: Vec<MlirType> = (0..mlirFunctionTypeGetNumResults(function))
            .map(|position| mlirFunctionTypeGetResult(function, position))
            .collect();
        let updated = mlirFunctionTypeGet(
            context,
            inputs.len() as isize,
            inputs.as_ptr(),
            results.len() as isize,
            results.as_ptr(),
        );
        mlirOperationSetAttributeByName(
            kernel.operation,
            ir::string_ref_of("function_type"),
            mlirTypeAttrGet(updated),
        );
        ir::type_text(new)
    }
}

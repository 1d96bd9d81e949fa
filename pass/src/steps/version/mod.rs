//! A lone kernel specialized under a run-time check (option `version`, issue 31): where a flat
//! index's column is not proven inside its row only because a size is a kernel argument
//! (`for (j = 0; j < n; j++) … A[i*N + j]`), or an element stays in memory only because other
//! arguments may alias it (`tmp[i] += …`), the kernel checks at its entry what the proof lacks
//! (`n ≤ N`; the arguments' bytes apart) and runs the optimized body where it holds, the code
//! as written where it does not: `scf.if check { optimized } else { as written }`.
//!
//! Model. [`decide`] runs first, on the kernel as written: it asks `delinearize` which
//! conditions over integer arguments would prove its columns (`analysis::delinearize::needed`,
//! each with `argN ≥ 0`, so that a signed and an unsigned reading of the argument agree) and
//! `promote` which argument pairs must lie apart; with any, it keeps a copy of the kernel and
//! hands the steps a kernel whose [`Assumed`] facts say so (they prove with them as with
//! guards). Every read argument is checked apart from every written one too, so the read-only
//! path needs no second check (`memory_space::checked` marks loads on this fast path in place).
//! [`apply`] runs once staging and relayout are done: the check at the entry, the optimized
//! ops in its `then`, the copy's ops in its `else` (tagged [`SPECIALIZED`] and
//! `memory_space::disjoint::DISJOINT`).
//!
//! Only kernels launched from outside the module (whose launches give no facts), of one
//! block, with no shared memory of their own (a later layout step rewrites shared buffers in
//! the optimized body only), no relayout of arguments (which would change the types the copy
//! uses) and not specialized already. Cost: the body's code twice; at run time the check (a
//! few instructions per condition and pair) and one uniform branch.

use std::collections::BTreeMap;

use analysis::expression::{IndexExpression, Variable};
use analysis::matrix::{Condition, Relation};
use mlir_sys::*;

use crate::{
    facts::findings::Finding,
    facts::kernels::{Assumed, Kernel, KernelKind},
    facts::launches::argument_number,
    ir::{self, builder::Builder},
    report::{Decision, Kind},
    steps::memory_space::{self, disjoint},
    steps::{delinearize, promote},
    Options,
};

/// Unit attribute of the `scf.if` whose `then` is the specialized body.
pub const SPECIALIZED: &str = "gpu_mem_opt.specialized";

/// `arith.cmpi` predicate `sle`.
const SIGNED_AT_MOST: i64 = 3;

/// A specialization decided on the kernel as written, made by [`apply`].
pub struct Plan {
    /// What the check establishes.
    pub assumed: Assumed,
    /// Each condition with the accesses it is for, as the remark says it.
    needed_by: Vec<String>,
    /// The memref arguments the kernel reads and those it writes.
    accessed: (Vec<usize>, Vec<usize>),
    /// The kernel as written, detached: the fallback.
    original: MlirOperation,
}

/// The specialization of `kernel` (as written, with its `findings`), if one would let
/// `delinearize` or `promote` do what only an argument's value or aliasing keeps them from:
/// `Ok(None)` where nothing would, `Err` with why this kernel is not specialized where
/// something would.
pub fn decide(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
) -> Result<Option<Plan>, String> {
    let KernelKind::Function { inputs, workgroup } = kernel.kind else {
        return Ok(None);
    };
    let specialized = ir::walk(kernel.operation)
        .into_iter()
        .any(|operation| ir::attribute(operation, SPECIALIZED).is_some());
    if !options.version || specialized {
        return Ok(None);
    }
    let integer_argument = |variable: &Variable| match variable {
        Variable::Symbol(name) => argument_number(name)
            .filter(|&number| number < inputs)
            .is_some_and(|number| {
                let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
                let type_ =
                    unsafe { mlirValueGetType(mlirBlockGetArgument(entry, number as isize)) };
                unsafe { mlirTypeIsAInteger(type_) || mlirTypeIsAIndex(type_) }
            }),
        _ => false,
    };
    let kernel_location = ir::location_text(unsafe { mlirOperationGetLocation(kernel.operation) });
    let mut conditions: Vec<Condition> = Vec::new();
    let mut needed_by: Vec<String> = Vec::new();
    for (condition, location) in delinearize::needs(kernel, findings, options, &integer_argument) {
        for variable in condition.variables() {
            let non_negative = Condition::new(
                IndexExpression::from(variable),
                Relation::GreaterEqual,
                IndexExpression::Constant(0),
            );
            if !conditions.contains(&non_negative) {
                conditions.push(non_negative);
                needed_by.push(String::new());
            }
        }
        // One bound per argument part: `n <= 4096` covers `n <= 4097`.
        let same_part = conditions
            .iter()
            .position(|known| known.left == condition.left && known.relation == condition.relation);
        let place = crate::steps::same_file(&kernel_location, &location);
        match same_part {
            Some(at) => {
                let (known, wanted) = (constant(&conditions[at].right), constant(&condition.right));
                if wanted < known {
                    conditions[at] = condition;
                }
                needed_by[at].push_str(&format!(", {place}"));
            }
            None => {
                conditions.push(condition);
                needed_by.push(place);
            }
        }
    }
    // The arguments whose bytes a check can compare, each asked once.
    let spanned: Vec<usize> = (0..inputs)
        .filter(|&argument| disjoint::spanned(kernel, argument).is_ok())
        .collect();
    let mut apart = promote::needs_apart(kernel, findings, options);
    apart.retain(|(first, second)| spanned.contains(first) && spanned.contains(second));
    if conditions.is_empty() && apart.is_empty() {
        return Ok(None);
    }
    let single_block = unsafe {
        mlirBlockGetNextInRegion(mlirRegionGetFirstBlock(kernel.body()))
            .ptr
            .is_null()
    };
    let refusal = if !kernel.launches.sites.is_empty() {
        Some("host code in this module launches it, and its launches, not a check, give the facts")
    } else if workgroup > 0 {
        Some(
            "it has shared memory of its own, which later steps may lay out again in one copy only",
        )
    } else if options.relayout_launches > 0 {
        Some("option relayout-launches may change its arguments' types, which the copy as written uses")
    } else if !single_block {
        Some("its body has several blocks")
    } else {
        None
    };
    let accessed = arguments_accessed(findings);
    // A bound no launch here passes a value for (LUD's column needing `arg2 <= -16`, where
    // the launches pass 0 to 32): no check would hold.
    let refuted = conditions
        .iter()
        .zip(&needed_by)
        .find(|(condition, _)| refuted_by_launches(kernel, condition));
    if let Some((condition, needed_by)) = refuted {
        let argument = condition
            .variables()
            .into_iter()
            .next()
            .map(|variable| {
                let (least, most) = kernel.range(&[], &variable);
                format!(
                    " ({variable} from {} to {})",
                    least.unwrap_or_default(),
                    most.unwrap_or_default()
                )
            })
            .unwrap_or_default();
        return Err(format!(
            "not specialized: the flat indices at {needed_by} would need {}, which no launch in \
             this module passes{argument}",
            analysis::delinearize::describe_condition(condition)
        ));
    }
    if let Some(why) = refusal {
        let wanted = Assumed {
            conditions: conditions.clone(),
            apart: apart.clone(),
        };
        return Err(format!(
            "not specialized under a run-time check of {}: {why}",
            checked_words(&wanted, &needed_by, &accessed).join("; ")
        ));
    }
    // Every read argument apart from every written one: the read-only path's check too.
    let (read, written) = &accessed;
    for &reader in read {
        for &writer in written {
            let pair = (reader.min(writer), reader.max(writer));
            if reader != writer
                && !apart.contains(&pair)
                && spanned.contains(&reader)
                && spanned.contains(&writer)
            {
                apart.push(pair);
            }
        }
    }
    Ok(Some(Plan {
        assumed: Assumed { conditions, apart },
        needed_by,
        accessed,
        original: unsafe { mlirOperationClone(kernel.operation) },
    }))
}

/// The memref arguments `findings` read and those they write, each once.
fn arguments_accessed(findings: &[Finding]) -> (Vec<usize>, Vec<usize>) {
    let (mut read, mut written) = (Vec::new(), Vec::new());
    for finding in findings {
        if let crate::facts::accesses::Root::Argument(number) = finding.memory.root {
            let list = match finding.access.kind {
                analysis::matrix::AccessKind::Load => &mut read,
                analysis::matrix::AccessKind::Store => &mut written,
            };
            if !list.contains(&number) {
                list.push(number);
            }
        }
    }
    (read, written)
}

/// The value of a constant bound (`needed` makes them constant).
fn constant(bound: &IndexExpression) -> i64 {
    bound.evaluate(&|_| None).unwrap_or(i64::MAX)
}

/// Whether the steps, run on the kernel under `plan`'s facts, did something that pays for the
/// check and the copy of the body: any decision applied other than delinearize's views
/// (which change no address), coarsening (made before) and a read-only path proven without
/// the check, or a read-only path on the check whose loads may follow a store
/// (`memory_space::loads_follow_a_store`). `Err` says why it gains nothing: the kernel as
/// written is then put back ([`withdraw`]) and the steps run again without it.
pub fn gains(
    kernel: &Kernel,
    decisions: [&[Decision]; 3],
    checks: &[memory_space::Deferred],
) -> Result<(), String> {
    let applied: Vec<&Decision> = decisions
        .iter()
        .flat_map(|decisions| decisions.iter())
        .filter(|decision| decision.applied)
        .collect();
    if applied.iter().any(|decision| {
        !matches!(
            decision.kind,
            Kind::Delinearize | Kind::Coarsen | Kind::Readonly
        )
    }) {
        return Ok(());
    }
    let everything = memory_space::kernel_effects(kernel);
    if checks.iter().any(|deferred| {
        memory_space::loads_follow_a_store(kernel, deferred.argument.index, &everything)
    }) {
        return Ok(());
    }
    let views = applied
        .iter()
        .filter(|decision| decision.kind == Kind::Delinearize)
        .count();
    let read_only: Vec<String> = checks
        .iter()
        .map(|deferred| deferred.argument.target())
        .collect();
    let mut enabled = Vec::new();
    if views > 0 {
        enabled.push(format!(
            "{views} flat {} read as 2-D views, which change no address",
            if views == 1 { "index" } else { "indices" }
        ));
    }
    if !read_only.is_empty() {
        enabled.push(format!(
            "the read-only path for {}, whose loads no store precedes, so ld.global issues \
             them as early",
            read_only.join(", ")
        ));
    }
    Err(format!(
        "not made: what it enables gains nothing ({}); the check and the copy of the body \
         would only cost (PolyBench 2DConv and FDTD step 3: 0.96-0.97x of naive with them on \
         the H200)",
        if enabled.is_empty() {
            "no step used it".to_string()
        } else {
            enabled.join("; ")
        }
    ))
}

/// Puts the kernel as written (`plan`'s copy) back in place of the body the steps rewrote.
pub fn withdraw(kernel: &Kernel, plan: Plan) {
    unsafe {
        mlirRegionTakeBody(kernel.body(), mlirOperationGetRegion(plan.original, 0));
        mlirOperationDestroy(plan.original);
    }
}

/// Makes `plan` in `kernel` (its body optimized under the plan's facts): the check at the
/// entry, the body in its `then`, the kernel as written in its `else`. The decision, applied or
/// not (a check that cannot be built leaves the optimized body unguarded, which is an error).
pub fn apply(kernel: &Kernel, plan: Plan) -> Result<Decision, String> {
    let made = specialize(kernel, &plan);
    unsafe { mlirOperationDestroy(plan.original) };
    let instructions = made?;
    let checked = checked_words(&plan.assumed, &plan.needed_by, &plan.accessed);
    Ok(Decision {
        kind: Kind::Version,
        target: "kernel".into(),
        applied: true,
        reason: format!(
            "the optimized body runs where a check at the kernel's entry holds ({instructions} \
             instructions): {}; elsewhere the code as written runs (a copy of the body)",
            checked.join("; ")
        ),
        params: serde_json::json!({
            "conditions": plan.assumed.conditions.iter().map(analysis::delinearize::describe_condition).collect::<Vec<_>>(),
            "apart": plan.assumed.apart,
            "instructions": instructions,
        }),
        summary: String::new(),
        advice: None,
    })
}

/// Whether `condition` over arguments fails for every value the module's launches pass them.
fn refuted_by_launches(kernel: &Kernel, condition: &Condition) -> bool {
    let difference = condition.left.clone() - condition.right.clone();
    let (least, most) =
        analysis::delinearize::bounds(&difference, &|variable| kernel.range(&[], variable));
    match condition.relation {
        Relation::LessEqual => least.is_some_and(|least| least > 0),
        Relation::Less => least.is_some_and(|least| least >= 0),
        Relation::GreaterEqual => most.is_some_and(|most| most < 0),
        Relation::Greater => most.is_some_and(|most| most <= 0),
        _ => false,
    }
}

/// What a check establishing `assumed` checks, as remarks say it: each condition with the
/// accesses it is for (`needed_by`), then the written arguments' bytes apart from the others
/// (`accessed`: those read, those written).
fn checked_words(
    assumed: &Assumed,
    needed_by: &[String],
    accessed: &(Vec<usize>, Vec<usize>),
) -> Vec<String> {
    let mut checked: Vec<String> = assumed
        .conditions
        .iter()
        .zip(needed_by)
        .map(|(condition, needed_by)| {
            let words = analysis::delinearize::describe_condition(condition);
            match needed_by.is_empty() {
                true => words,
                false => format!("{words} (for the flat indices at {needed_by})"),
            }
        })
        .collect();
    if !assumed.apart.is_empty() {
        let (read, written) = accessed;
        let list = |arguments: &[usize]| {
            arguments
                .iter()
                .map(|argument| format!("arg {argument}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let only_read: Vec<usize> = read
            .iter()
            .filter(|a| !written.contains(a))
            .copied()
            .collect();
        let writes = match written.len() {
            1 => format!("the bytes of {}, which it writes,", list(written)),
            _ => format!("the bytes of the arguments it writes ({})", list(written)),
        };
        let from = match (written.len() > 1, only_read.is_empty()) {
            (true, true) => "each other".to_string(),
            (true, false) => format!(
                "each other and from those it only reads ({})",
                list(&only_read)
            ),
            (false, _) => format!("those it only reads ({})", list(&only_read)),
        };
        checked.push(format!("{writes} apart from {from}"));
    }
    checked
}

/// Builds the check and moves the bodies; the instructions the check takes.
fn specialize(kernel: &Kernel, plan: &Plan) -> Result<u32, String> {
    unsafe {
        let entry = mlirRegionGetFirstBlock(kernel.body());
        let first = mlirBlockGetFirstOperation(entry);
        let builder = Builder::before(first).located(mlirOperationGetLocation(kernel.operation));
        let index_type = mlirIndexTypeGet(mlirOperationGetContext(kernel.operation));
        let mut values: BTreeMap<Variable, MlirValue> = BTreeMap::new();
        let mut instructions = 0u32;
        let mut holding: Vec<MlirValue> = Vec::new();
        for assumed in &plan.assumed.conditions {
            for variable in assumed.variables() {
                if values.contains_key(&variable) {
                    continue;
                }
                let Variable::Symbol(name) = &variable else {
                    return Err(format!("{variable} is no argument"));
                };
                let number = argument_number(name).ok_or("a symbol is no argument")?;
                let argument = mlirBlockGetArgument(entry, number as isize);
                let value = if mlirTypeIsAIndex(mlirValueGetType(argument)) {
                    argument
                } else {
                    instructions += 1;
                    let cast = builder.create("arith.index_cast", &[argument], &[], &[index_type]);
                    mlirOperationGetResult(cast, 0)
                };
                values.insert(variable, value);
            }
            let left = builder
                .index(&assumed.left, &values)
                .ok_or("a condition cannot be built")?;
            let right = builder
                .index(&assumed.right, &values)
                .ok_or("a condition cannot be built")?;
            let (left, right) = match assumed.relation {
                Relation::LessEqual => (left, right),
                Relation::GreaterEqual => (right, left),
                _ => return Err("a condition is neither <= nor >=".into()),
            };
            holding.push(builder.compare(SIGNED_AT_MOST, left, right)?);
            instructions += 2;
        }
        let pairs: Vec<(usize, Vec<usize>)> = plan
            .assumed
            .apart
            .iter()
            .map(|&(first, second)| (first, vec![second]))
            .collect();
        if !pairs.is_empty() {
            instructions += disjoint::instructions(kernel, &pairs)?;
            holding.push(disjoint::condition(&builder, entry, &pairs)?);
        }
        let condition = holding
            .into_iter()
            .reduce(|so_far, holds| builder.boolean("arith.andi", so_far, holds))
            .ok_or("nothing to check")?;
        let terminator = mlirBlockGetTerminator(entry);
        let (branch, fast, slow) = Builder::before(terminator).if_else(condition, &[])?;
        ir::move_range(first, branch, fast);
        let written = mlirRegionGetFirstBlock(mlirOperationGetRegion(plan.original, 0));
        for position in 0..mlirBlockGetNumArguments(written) {
            mlirValueReplaceAllUsesOfWith(
                mlirBlockGetArgument(written, position),
                mlirBlockGetArgument(entry, position),
            );
        }
        let end = mlirBlockGetTerminator(written);
        ir::move_range(mlirBlockGetFirstOperation(written), end, slow);
        mlirOperationSetDiscardableAttributeByName(
            branch,
            ir::string_ref_of(SPECIALIZED),
            mlirUnitAttrGet(mlirOperationGetContext(branch)),
        );
        disjoint::tag(branch, &pairs);
        Ok(instructions)
    }
}

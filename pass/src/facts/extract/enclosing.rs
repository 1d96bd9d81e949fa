//! What the loops and guards around an access contribute to its [`Access`](analysis::Access):
//! each enclosing `scf.for`/`affine.for` a [`Loop`] (constant bounds where the IR has them; a
//! loop starting at a thread-dependent index, a grid-stride loop, stands for `start + c·j` with
//! `j` uniform across lanes; a loop bounded by an enclosing loop's variable, `for (j = 0; j <
//! i; j++)`, is its bound's whole range with `j < i` as a guard), each enclosing `scf.if` its
//! conditions as guards (the `else` branch negated; `&&`, `||` and `!` followed, a disjunction
//! one `Condition::any`; a check of argument pointers selects a path for the whole launch, so
//! it guards nothing), anything else a guard the analysis cannot evaluate, with the reason.

use std::collections::{BTreeSet, HashMap};

use analysis::{
    expression::{IndexExpression, Loop, LoopId, Variable},
    matrix::{Condition, Relation},
    metrics::MAX_ENUMERATED_ITERATIONS,
};
use mlir_sys::*;

use super::{location, EnclosingLoop, Geometric, Scope};
use crate::{facts::kernels::Kernel, ir};

impl Scope<'_> {
    /// Records what `ancestor` (entered through region `region`) says: a loop or a guard.
    pub(super) fn enter(
        &mut self,
        ancestor: MlirOperation,
        region: usize,
        guard: &mut Vec<Condition>,
    ) {
        match ir::operation_name(ancestor).as_str() {
            "scf.for" => {
                // A bound the module fixes (a launch's constant argument) is a constant too.
                let bound = |index: isize| {
                    self.fixed(unsafe { mlirOperationGetOperand(ancestor, index) }, 0)
                };
                let range = Loop {
                    lower: bound(0),
                    upper: bound(1),
                    step: bound(2),
                };
                let start_value = unsafe { mlirOperationGetOperand(ancestor, 0) };
                let start = self.expression(start_value, 0);
                // A start the analysis cannot follow (a CSR row's `rowptr[row]`) may differ
                // between lanes too: then the induction variable is unknown, not uniform.
                let lane_dependent = start.variables().iter().any(Variable::is_thread)
                    || (start.evaluate(&|_| Some(0)).is_err()
                        && self.varies_across_lanes(start_value, &mut HashMap::new(), 0));
                let (range, start) = if lane_dependent {
                    self.lane_dependent_start(ancestor, range, start)
                } else if range.trip_count().is_none() {
                    // A tile's loop (`kk .. kk + 32`) before a triangle (`0 .. i`).
                    match self.uniform_start(ancestor, range, start) {
                        (range, None) => (
                            self.triangular(ancestor, range, guard).unwrap_or(range),
                            None,
                        ),
                        tile => tile,
                    }
                } else {
                    (range, None)
                };
                self.loops.push(EnclosingLoop {
                    induction: induction_variable(ancestor),
                    range,
                    start,
                    lane_dependent,
                    geometric: None,
                });
            }
            "affine.for" => {
                let bound = |name: &str| {
                    ir::attribute(ancestor, name).and_then(|map| unsafe {
                        let map = mlirAffineMapAttrGetValue(map);
                        mlirAffineMapIsSingleConstant(map)
                            .then(|| mlirAffineMapGetSingleConstantResult(map))
                    })
                };
                let range = Loop {
                    lower: bound("lowerBoundMap"),
                    upper: bound("upperBoundMap"),
                    step: ir::attribute(ancestor, "step").and_then(ir::integer),
                };
                self.loops.push(EnclosingLoop {
                    induction: induction_variable(ancestor),
                    range,
                    start: None,
                    lane_dependent: false,
                    geometric: None,
                });
            }
            // A staged copy's check that its array is not empty: where it fails nothing is
            // accessed, so the accesses are modelled where it holds; its check that a cell is
            // in the array holds for every cell of an interior block.
            "scf.if"
                if ir::attribute(ancestor, NONEMPTY).is_some()
                    || ir::attribute(ancestor, IN_ARRAY).is_some() => {}
            "scf.if" => {
                let condition = unsafe { mlirOperationGetOperand(ancestor, 0) };
                guard.extend(self.conditions(condition, region == 1));
            }
            // The body of a loop that doubles or halves a value: a loop over its rounds.
            "scf.while" if region == 1 => {
                // A value fixed for the block: a constant, `gpu.block_dim` of a known block.
                let fixed = |value: MlirValue| self.fixed(value, 0);
                if let Some(((first, direction), rounds, value)) = geometric_loop(ancestor, &fixed)
                {
                    self.loops.push(EnclosingLoop {
                        induction: value,
                        range: Loop {
                            lower: Some(0),
                            upper: Some(rounds),
                            step: Some(1),
                        },
                        start: None,
                        lane_dependent: false,
                        geometric: Some((first, direction)),
                    });
                }
            }
            "affine.if" => guard.push(unknown_condition(format!(
                "guarded by affine.if at {}, whose integer set is not modelled",
                location(ancestor)
            ))),
            _ => {}
        }
    }

    /// A loop that starts at a thread-dependent index, `for i = start(tid) to n step s` (a
    /// grid-stride loop): its induction variable differs between lanes by `start` only, the
    /// offset `i − start` is the same for every lane of a warp. So `i = start + c·j`, where
    /// `j` counts that offset in units of `c`, the step's content (256 for `s =
    /// 256·grid_dim.x`, `s` for a constant step). Lanes may leave the loop at different
    /// iterations, so `j` has no known bounds, unless `n` and `s` are constants and every
    /// start of the launch gives the same trip count ([`Self::uniform_trips`]: 16777216
    /// elements summed by 1024 blocks of 256 threads take 64 trips each). The range of `j` and
    /// the start with its unit.
    fn lane_dependent_start(
        &self,
        loop_operation: MlirOperation,
        range: Loop,
        start: IndexExpression,
    ) -> (Loop, Option<(IndexExpression, i64)>) {
        let step = self.expression(unsafe { mlirOperationGetOperand(loop_operation, 2) }, 0);
        let unit = step
            .linear()
            .ok()
            .filter(|form| !form.variables.keys().any(Variable::is_thread))
            .and_then(|form| form.content())
            .filter(|&content| content > 0)
            .unwrap_or(1);
        let step = range.step.map(|step| step / unit);
        let range = match self.uniform_trips(&start, range) {
            Some(trips) => Loop {
                lower: Some(0),
                upper: step.and_then(|step| step.checked_mul(trips)),
                step,
            },
            None => Loop {
                lower: None,
                upper: None,
                step,
            },
        };
        (range, Some((start, unit)))
    }

    /// A loop whose bound is an enclosing loop's variable (LU's `for (j = 0; j < i; j++)`,
    /// or `j = i + 1` to a constant with step 1): the loop over the bound's whole range, from
    /// its least start to its greatest end, with the condition that keeps the iterations it
    /// runs (`loop1 < loop0`) added to `guard`; evaluated per iteration, it counts exactly the
    /// requests the triangle makes. `None` where the bound reads anything else, or where the
    /// enclosing loops' ranges do not bound it.
    fn triangular(
        &self,
        loop_operation: MlirOperation,
        range: Loop,
        guard: &mut Vec<Condition>,
    ) -> Option<Loop> {
        let step = range.step.filter(|&step| step > 0)?;
        let outer = |variable: &Variable| match variable {
            Variable::Loop(LoopId(depth)) => self
                .loops
                .get(*depth)
                .filter(|enclosing| !enclosing.lane_dependent && enclosing.start.is_none())
                .and_then(|enclosing| {
                    let trips = enclosing.range.trip_count().filter(|&trips| trips > 0)?;
                    Some((enclosing.range.lower?, enclosing.range.value(trips - 1)?))
                }),
            _ => None,
        };
        let range_of = |variable: &Variable| match outer(variable) {
            Some((least, greatest)) => (Some(least), Some(greatest)),
            None => (None, None),
        };
        let induction = IndexExpression::Variable(Variable::Loop(LoopId(self.loops.len())));
        let mut conditions = Vec::new();
        let mut bound = |index: isize, known: Option<i64>, relation, greatest: bool| {
            if known.is_some() {
                return known;
            }
            let expression =
                self.expression(unsafe { mlirOperationGetOperand(loop_operation, index) }, 0);
            let variables = expression.variables();
            if variables.is_empty() || !variables.iter().all(|variable| outer(variable).is_some()) {
                return None;
            }
            let (least, most) = analysis::delinearize::bounds(&expression, &range_of);
            conditions.push(Condition::new(induction.clone(), relation, expression));
            if greatest {
                most
            } else {
                least
            }
        };
        let upper = bound(1, range.upper, Relation::Less, true)?;
        // A start that moves shifts which values a step > 1 takes: only step 1 is the same set.
        let lower = match range.lower {
            Some(lower) => lower,
            None if step == 1 => bound(0, None, Relation::GreaterEqual, false)?,
            None => return None,
        };
        let triangle = Loop::constant(lower, upper.max(lower), step);
        // The guard is evaluated iteration by iteration over the loops it names: only where
        // the metrics enumerate them all ([`MAX_ENUMERATED_ITERATIONS`]), else it costs them.
        let named: BTreeSet<Variable> = conditions.iter().flat_map(Condition::variables).collect();
        let iterations = named
            .iter()
            .try_fold(triangle.trip_count()?, |product, variable| match variable {
                // The loop's own variable is the triangle's trips, counted already.
                Variable::Loop(LoopId(depth)) if *depth < self.loops.len() => {
                    product.checked_mul(self.loops[*depth].range.trip_count()?)
                }
                _ => Some(product),
            })?;
        if iterations > MAX_ENUMERATED_ITERATIONS {
            return None;
        }
        guard.extend(conditions);
        Some(triangle)
    }

    /// [`uniform_trips`] of a loop from `start` over `range` under the loops entered so far.
    fn uniform_trips(&self, start: &IndexExpression, range: Loop) -> Option<i64> {
        uniform_trips(
            self.kernel,
            &self.loop_ranges(),
            start,
            (range.upper?, range.step?),
        )
    }

    /// A loop whose start is the same for every lane but not a constant, and whose upper bound
    /// is a constant past it (a tile's loop, `k .. k + 32`): its induction variable is
    /// `start + j`, `j` from 0 by the step below that constant. Otherwise `range` as it is.
    fn uniform_start(
        &self,
        loop_operation: MlirOperation,
        range: Loop,
        start: IndexExpression,
    ) -> (Loop, Option<(IndexExpression, i64)>) {
        let upper = self.expression(unsafe { mlirOperationGetOperand(loop_operation, 1) }, 0);
        let span = upper.constant_difference(&start);
        match (span, range.step) {
            (Some(span), Some(step)) if step > 0 => {
                (Loop::constant(0, span, step), Some((start, 1)))
            }
            _ => (range, None),
        }
    }

    /// Whether `value` may differ between the lanes of a warp: it depends, through the
    /// operands of the ops that compute it (a load's value through its indices), on a thread
    /// or lane id, on the variable of a loop whose start does, or on a block argument other
    /// than the kernel's own or a uniform loop's variable. Deeper than `MAX_DEPTH` ops: yes.
    /// Each value is visited once (`memo`).
    fn varies_across_lanes(
        &self,
        value: MlirValue,
        memo: &mut HashMap<usize, bool>,
        depth: usize,
    ) -> bool {
        if depth > super::MAX_DEPTH {
            return true;
        }
        if let Some(&known) = memo.get(&(value.ptr as usize)) {
            return known;
        }
        let varies = self.value_varies(value, memo, depth);
        memo.insert(value.ptr as usize, varies);
        varies
    }

    /// [`Self::varies_across_lanes`] of a value not seen before.
    fn value_varies(
        &self,
        value: MlirValue,
        memo: &mut HashMap<usize, bool>,
        depth: usize,
    ) -> bool {
        let Some(owner) = ir::defining_operation(value) else {
            let entry = unsafe { mlirRegionGetFirstBlock(self.kernel.body()) };
            let block = unsafe { mlirBlockArgumentGetOwner(value) };
            return match self
                .loops
                .iter()
                .find(|enclosing| unsafe { mlirValueEqual(enclosing.induction, value) })
            {
                Some(enclosing) => enclosing.lane_dependent,
                None => block.ptr != entry.ptr,
            };
        };
        let name = ir::operation_name(owner);
        if matches!(
            name.as_str(),
            "gpu.thread_id" | "gpu.lane_id" | "gpu.global_id" | "nvvm.read.ptx.sreg.laneid"
        ) {
            return true;
        }
        let operands = unsafe { mlirOperationGetNumOperands(owner) };
        (0..operands).any(|index| {
            let operand = unsafe { mlirOperationGetOperand(owner, index) };
            self.varies_across_lanes(operand, memo, depth + 1)
        })
    }

    /// Guards from an `i1` condition; `negated` for the `else` branch.
    pub(super) fn conditions(&self, condition: MlirValue, negated: bool) -> Vec<Condition> {
        // A check of argument pointers (vectorize's run-time versioning) takes one branch for
        // the whole launch: it selects a path, not lanes, and each path is costed as run.
        if pointer_check(condition) == Some(true) {
            return Vec::new();
        }
        let Some(owner) = ir::defining_operation(condition) else {
            return vec![unknown_condition(
                "guarded by a condition that is a block argument".into(),
            )];
        };
        let operand = |index| unsafe { mlirOperationGetOperand(owner, index) };
        match ir::operation_name(owner).as_str() {
            // `a && b` holds where both do, `a || b` fails where both fail (De Morgan); the
            // other two cases are disjunctions.
            "arith.andi" | "arith.ori" if (ir::is_named(owner, "arith.andi")) != negated => (0..2)
                .flat_map(|index| self.conditions(operand(index), negated))
                .collect(),
            "arith.andi" | "arith.ori" => vec![Condition::any(
                (0..2)
                    .map(|index| self.conditions(operand(index), negated))
                    .collect(),
            )],
            // `!c`, as C's `!` compiles: `c xor true` (an `i1` true folds to 1 or −1).
            "arith.xori" if (0..2).any(|index| is_true(operand(index))) => {
                let other = usize::from(is_true(operand(0)));
                self.conditions(operand(other as isize), !negated)
            }
            "arith.cmpi" => {
                let predicate = ir::attribute(owner, "predicate").and_then(ir::integer);
                let Some(relation) = predicate.and_then(relation) else {
                    return vec![unknown_condition(format!(
                        "guarded by arith.cmpi at {} with an unknown predicate",
                        location(owner)
                    ))];
                };
                let operand =
                    |index| self.expression(unsafe { mlirOperationGetOperand(owner, index) }, 0);
                let relation = if negated { negate(relation) } else { relation };
                vec![Condition::new(operand(0), relation, operand(1))]
            }
            // A flag a loop carries out (PathFinder's `computed`), or another op.
            other => {
                let what = match other {
                    "scf.for" | "scf.while" => {
                        format!("a flag the loop at {} leaves", location(owner))
                    }
                    _ => format!("{other} at {}", location(owner)),
                };
                vec![unknown_condition(format!(
                    "guarded by {}{what}, which is not modelled",
                    if negated { "the else branch of " } else { "" },
                ))]
            }
        }
    }
}

/// Whether an `i1` value is the constant `true`.
fn is_true(value: MlirValue) -> bool {
    matches!(ir::static_integer(value), Some(1 | -1))
}

/// A guard the analysis cannot evaluate.
fn unknown_condition(reason: String) -> Condition {
    Condition::new(
        IndexExpression::Unknown(reason),
        Relation::Equal,
        IndexExpression::Constant(0),
    )
}

/// The most rounds of a doubling or halving loop that are counted.
const MOST_GEOMETRIC_ROUNDS: i64 = 62;

/// `scf.while` as C's `for (s = first; s OP bound; s *= 2)` (or `s <<= 1`, `s /= 2`,
/// `s >>= 1`) writes it, `first` and `bound` `fixed` for the block (a constant, a known
/// `blockDim.x / 2`): its `before` block compares one of its arguments with the bound and
/// forwards all of them in order, its `after` block yields that argument doubled or halved.
/// The first value and the direction, the number of rounds, and the `after` block's argument
/// that holds the value.
pub(super) fn geometric_loop(
    the_loop: MlirOperation,
    fixed: &dyn Fn(MlirValue) -> Option<i64>,
) -> Option<((i64, Geometric), i64, MlirValue)> {
    let block = |region: isize| unsafe {
        mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, region))
    };
    let (before, after) = (block(0), block(1));
    let terminator = |block: MlirBlock| unsafe { mlirBlockGetTerminator(block) };
    let condition = terminator(before);
    let forwarded = unsafe { mlirOperationGetNumOperands(condition) } - 1;
    let arguments = unsafe { mlirBlockGetNumArguments(before) };
    if forwarded != arguments {
        return None;
    }
    for position in 0..forwarded {
        let (operand, argument) = unsafe {
            (
                mlirOperationGetOperand(condition, position + 1),
                mlirBlockGetArgument(before, position),
            )
        };
        if !unsafe { mlirValueEqual(operand, argument) } {
            return None;
        }
    }
    let compare = ir::defining_operation(unsafe { mlirOperationGetOperand(condition, 0) })
        .filter(|&compare| ir::is_named(compare, "arith.cmpi"))?;
    let predicate = ir::attribute(compare, "predicate").and_then(ir::integer)?;
    let (left, right) = unsafe {
        (
            mlirOperationGetOperand(compare, 0),
            mlirOperationGetOperand(compare, 1),
        )
    };
    let position = unsafe {
        (mlirValueIsABlockArgument(left) && mlirBlockArgumentGetOwner(left).ptr == before.ptr)
            .then(|| mlirBlockArgumentGetArgNumber(left))
    }?;
    let bound = fixed(right)?;
    let first = fixed(unsafe { mlirOperationGetOperand(the_loop, position) })?;
    let value = unsafe { mlirBlockGetArgument(after, position) };
    let next =
        ir::defining_operation(unsafe { mlirOperationGetOperand(terminator(after), position) })?;
    let operand = |index: isize| unsafe { mlirOperationGetOperand(next, index) };
    let of_value = |index: isize| unsafe { mlirValueEqual(operand(index), value) };
    let constant = |index: isize| ir::constant_integer(operand(index));
    let direction = match ir::operation_name(next).as_str() {
        "arith.shli" if of_value(0) && constant(1) == Some(1) => Geometric::Doubling,
        "arith.muli"
            if (of_value(0) && constant(1) == Some(2))
                || (of_value(1) && constant(0) == Some(2)) =>
        {
            Geometric::Doubling
        }
        "arith.shrui" | "arith.shrsi" if of_value(0) && constant(1) == Some(1) => {
            Geometric::Halving
        }
        "arith.divui" | "arith.divsi" if of_value(0) && constant(1) == Some(2) => {
            Geometric::Halving
        }
        _ => return None,
    };
    // Rounds: the values the comparison lets through, as the loop computes them (signed and
    // unsigned alike for the non-negative values counted here).
    let holds = |s: i64| match predicate {
        1 => s != bound,
        2 | 6 => s < bound,
        3 | 7 => s <= bound,
        4 | 8 => s > bound,
        5 | 9 => s >= bound,
        _ => false,
    };
    let mut s = first;
    let mut rounds = 0;
    while s >= 0 && holds(s) {
        rounds += 1;
        if rounds > MOST_GEOMETRIC_ROUNDS {
            return None;
        }
        s = match direction {
            Geometric::Doubling => s.checked_mul(2)?,
            Geometric::Halving => s / 2,
        };
    }
    (first >= 0).then_some(((first, direction), rounds, value))
}

/// The induction variable of a loop: argument 0 of its body.
pub(super) fn induction_variable(operation: MlirOperation) -> MlirValue {
    unsafe {
        mlirBlockGetArgument(
            mlirRegionGetFirstBlock(mlirOperationGetRegion(operation, 0)),
            0,
        )
    }
}

/// The relation of an `arith.cmpi` predicate (signed and unsigned alike:
/// index values compared in kernels are non-negative ids and bounds).
pub(super) fn relation(predicate: i64) -> Option<Relation> {
    Some(match predicate {
        0 => Relation::Equal,
        1 => Relation::NotEqual,
        2 | 6 => Relation::Less,
        3 | 7 => Relation::LessEqual,
        4 | 8 => Relation::Greater,
        5 | 9 => Relation::GreaterEqual,
        _ => return None,
    })
}

/// The value of an `i1` known at compile time: a constant, or an `arith.cmpi` of two
/// [`ir::static_integer`]s (what `--canonicalize` folds, and LLVM: a check whose operand a
/// step folded, such as `memory_space`'s aligned constant global). An unsigned compare of a
/// negative value is unknown.
pub fn static_condition(value: MlirValue) -> Option<bool> {
    if let Some(constant) = ir::constant_integer(value) {
        return Some(constant != 0);
    }
    let owner = ir::defining_operation(value)?;
    if !ir::is_named(owner, "arith.cmpi") {
        return None;
    }
    let (left, right) = unsafe {
        (
            ir::static_integer(mlirOperationGetOperand(owner, 0))?,
            ir::static_integer(mlirOperationGetOperand(owner, 1))?,
        )
    };
    let predicate = ir::attribute(owner, "predicate").and_then(ir::integer)?;
    let unsigned = (6..=9).contains(&predicate);
    if unsigned && (left < 0 || right < 0) {
        return None;
    }
    Some(relation(predicate)?.compare(left, right))
}

/// The relation that holds exactly when `relation` does not.
fn negate(relation: Relation) -> Relation {
    match relation {
        Relation::Less => Relation::GreaterEqual,
        Relation::LessEqual => Relation::Greater,
        Relation::Greater => Relation::LessEqual,
        Relation::GreaterEqual => Relation::Less,
        Relation::Equal => Relation::NotEqual,
        Relation::NotEqual => Relation::Equal,
    }
}

/// The `scf.if`s on a check of argument pointers (run-time versioning, [`pointer_check`])
/// around `operation` (`ir::branches`), each with whether `operation` is on its fast path
/// (`then`) rather than its fallback (`else`). Such a branch takes one side for the whole
/// launch.
pub fn checked_branches(operation: MlirOperation) -> Vec<(MlirOperation, bool)> {
    let mut found = ir::branches(operation);
    found.retain(|&(branch, _)| {
        pointer_check(unsafe { mlirOperationGetOperand(branch, 0) }) == Some(true)
    });
    found
}

/// Whether `value` is computed by `arith` ops from constants, kernel arguments' sizes
/// (`memref.dim` by a constant) and aligned pointers (`memref.extract_aligned_pointer_as_index`)
/// alone: `Some(true)` when it uses a pointer, `Some(false)` for constants and sizes only,
/// `None` for anything else.
pub fn pointer_check(value: MlirValue) -> Option<bool> {
    let owner = ir::defining_operation(value)?;
    match ir::operation_name(owner).as_str() {
        "memref.extract_aligned_pointer_as_index" => Some(true),
        "arith.constant" => Some(false),
        // A kernel argument's size (a dense span's end, `disjoint::span`) is as fixed for the
        // launch as a constant.
        "memref.dim" => (function_argument(unsafe { mlirOperationGetOperand(owner, 0) }).is_some()
            && pointer_check(unsafe { mlirOperationGetOperand(owner, 1) }) == Some(false))
        .then_some(false),
        name if name.starts_with("arith.") => (0..unsafe { mlirOperationGetNumOperands(owner) })
            .map(|position| pointer_check(unsafe { mlirOperationGetOperand(owner, position) }))
            .try_fold(false, |any, operand| Some(any | operand?)),
        _ => None,
    }
}

/// The symbol `dim(argN, D)` of `memref.dim %argN, D`: a `gpu.func` argument's size in a
/// constant dimension.
pub fn dimension_symbol(dim: MlirOperation) -> Option<String> {
    let number = function_argument(unsafe { mlirOperationGetOperand(dim, 0) })?;
    let dimension = ir::constant_integer(unsafe { mlirOperationGetOperand(dim, 1) })?;
    Some(format!("dim(arg{number}, {dimension})"))
}

/// Unit attribute of the `scf.if` that runs a staged copy in only where its array is not empty
/// (`stage_shared::copy`): the access model takes it to hold, since where it fails nothing is
/// accessed at all.
pub const NONEMPTY: &str = "gpu_mem_opt.nonempty";

/// Unit attribute of the `scf.if` that loads a staged copy's cell only where it lies in the
/// array (`stage_shared::copy`): every cell of an interior block does, so the access model
/// costs the load as interior blocks run it, as it does a [`CLAMP`]ed index.
pub const IN_ARRAY: &str = "gpu_mem_opt.in_array";

/// Unit attribute of an `arith.maxsi`/`arith.minsi` that clamps a staged copy's global index
/// into its array (`stage_shared::copy`): it binds only for the cells past the grid's edge,
/// which no thread reads, so the access model reads it as its first operand, the address of
/// every interior block.
pub const CLAMP: &str = "gpu_mem_opt.clamp";

/// The unit attribute that marks a view `delinearize` made: its accesses are the flat ones,
/// moved, so they keep to the buffer's bytes (`memory_space::disjoint::outside_span`), and its
/// row stride is the width the module fixes where its type leaves it dynamic.
pub const ROWS_VIEW: &str = "gpu_mem_opt.rows_view";

/// Which argument of its `gpu.func` `value` is, if it is one.
fn function_argument(value: MlirValue) -> Option<isize> {
    unsafe {
        (mlirValueIsABlockArgument(value)
            && ir::is_named(
                mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(value)),
                "gpu.func",
            ))
        .then(|| mlirBlockArgumentGetArgNumber(value))
    }
}

/// The trips every lane of the launch makes of `for i = start to n step s` (`n` and `s > 0`
/// constants) under `loops`, where `start`'s least and greatest values over the ids and those
/// loops give the same `⌈(n − start)/s⌉`; `None` otherwise (a start the linear form does not
/// bound, or lanes that leave the loop at different trips).
pub fn uniform_trips(
    kernel: &Kernel,
    loops: &[Loop],
    start: &IndexExpression,
    (upper, step): (i64, i64),
) -> Option<i64> {
    let (least, greatest) =
        analysis::delinearize::extremes(start, &|variable| kernel.range(loops, variable))?;
    let trips = |first: i64| {
        let span = upper.checked_sub(first)?;
        (step > 0).then(|| {
            if span > 0 {
                (span + step - 1) / step
            } else {
                0
            }
        })
    };
    let (most, fewest) = (trips(least)?, trips(greatest)?);
    (most == fewest).then_some(most)
}

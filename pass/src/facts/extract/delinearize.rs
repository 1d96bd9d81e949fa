//! Flat indices as written: `A[i*NY + j]` split at its width (issue 31; the arithmetic and
//! its proof are `analysis::delinearize`).
//!
//! The index of a rank-1 access is followed through `addi`/`subi` and the casts `int` code
//! adds (`index_cast`, `extsi`, `extui`) into signed terms. A term `x·W` (`arith.muli`, or
//! `arith.shli` by a constant) whose factor `W` is the same for the whole launch (a constant,
//! or a kernel argument; a constant multiple `k·W` is `k` rows) and whose other factor is not
//! is a row term; the others are the column. Terms of several widths give one split each,
//! likeliest first ([`flat_indices`]: an argument's width, a constant that multiplies a
//! thread id, the larger constant; `i*100 + 32*bid.x + tid.x` splits at 100, the column
//! `32*bid.x + tid.x`), and the step takes the first whose column is proven.
//! A split whose column holds thread ids only in rows as wide as the block (`bid.x*256 + tid.x`,
//! `8*ty + tx` in blocks 8 wide; not backprop's `17*ty + tx` in blocks 16 wide), or
//! whose row is block ids whose dimensions' thread ids are in the column (`bid.x*4 + tid.x +
//! t`), is a block's share of a 1-D array, not a row, and one whose column is a constant is a
//! field of an array of structures (`x[2*i + 1]`): neither is a candidate. Of a product of two
//! values fixed for the launch, the width is the one the module fixes (`Size*t`, Size the same
//! at every launch).
//! The facts that bound the column are the access's guard conjuncts and its loops' bounds
//! (`lower ≤ iv < upper`, as `scf.for` defines them).

use analysis::expression::{IndexExpression, Loop, LoopId, Variable};
use analysis::matrix::{Condition, Relation};
use analysis::target::WARP_SIZE;
use mlir_sys::*;

use super::{ancestors, index_operands, Scope};
use crate::{facts::accesses::MemoryAccess, facts::kernels::Kernel, ir};

/// A flat index `row·width + column` found in the IR.
#[derive(Clone, Debug)]
pub struct FlatIndex {
    /// The row as SSA terms, each with its signed number of rows (±1, or ±k for a term of `k`
    /// times the width).
    pub row: Vec<(MlirValue, i64)>,
    /// The row's expression (unknown where it is itself a product of arguments).
    pub row_expression: IndexExpression,
    /// The column as SSA terms, each with its sign.
    pub column: Vec<(MlirValue, i64)>,
    /// The column's expression.
    pub column_expression: IndexExpression,
    /// The width: a constant or a launch symbol (`arg1`).
    pub width: IndexExpression,
    /// What the guards and loop bounds around the access state.
    pub facts: Vec<Condition>,
    /// The enclosing loops, outermost first (`Variable::Loop(k)` is `loops[k]`).
    pub loops: Vec<Loop>,
    /// Whole rows the column's constant held, moved into the row (SRAD's `… + cols*BLOCK_SIZE
    /// + tx` at rows of `cols*BLOCK_SIZE`: one row down, not a column past the width).
    pub rows_from_column: i64,
}

/// The flat index of `memory`, a rank-1 access of `kernel`: `None` where its index has no row
/// term (a 1-D access), else the split at the likeliest width or why the column cannot be
/// followed.
pub fn flat_index(kernel: &Kernel, memory: &MemoryAccess) -> Option<Result<FlatIndex, String>> {
    flat_indices(kernel, memory).into_iter().next()
}

/// The splits of `memory`'s flat index at each width its row terms have, likeliest first: an
/// argument's before a constant's, a constant that multiplies a thread id before one that does
/// not, the larger constant first (`i*100 + 32*bid.x + tid.x` at 100, not 32). Where the width
/// is fixed at every launch, several constants may be rows (SRAD's `1024*bid.y + 16*bid.x +
/// 64*tid.y + tid.x` with cols = 64): the caller takes the first whose column is proven.
pub fn flat_indices(kernel: &Kernel, memory: &MemoryAccess) -> Vec<Result<FlatIndex, String>> {
    let Some(&index) = index_operands(memory).first() else {
        return Vec::new();
    };
    let (scope, facts) = scope_at(kernel, memory.operation);
    // Every term, to choose the width; then the sum again, split only where a term of that
    // width is (the column `%j` stays one value, computed where the code computes it).
    let mut terms = Vec::new();
    scope.terms(index, 1, &mut terms, (0, None));
    // Each width, with whether it multiplies a thread id (`cols*tid.y`: rows as a block's
    // threads walk them, the likeliest width among constants).
    let mut widths: Vec<(IndexExpression, bool)> = Vec::new();
    for &(value, _, _) in &terms {
        if let Some((factor, width)) = scope.row_term(value) {
            let width = base_width(width);
            let of_threads = scope
                .expression(factor, 0)
                .variables()
                .iter()
                .any(Variable::is_thread);
            match widths.iter_mut().find(|(known, _)| *known == width) {
                Some((_, threads)) => *threads |= of_threads,
                None => widths.push((width, of_threads)),
            }
        }
    }
    widths.sort_by_key(|(width, of_threads)| {
        std::cmp::Reverse(match width {
            IndexExpression::Constant(value) => (0, *of_threads, *value),
            _ => (1, false, 0),
        })
    });
    widths
        .into_iter()
        .map_while(|(width, _)| split_at(&scope, index, (&facts, width)))
        .collect()
}

/// The split of the flat index `index` at `width`: `None` where it is a block's share of a 1-D
/// array, not a row (the module docs).
fn split_at(
    scope: &Scope,
    index: MlirValue,
    (facts, width): (&[Condition], IndexExpression),
) -> Option<Result<FlatIndex, String>> {
    let mut terms = Vec::new();
    scope.terms(index, 1, &mut terms, (0, Some(&width)));
    let (mut row, mut column) = (Vec::new(), Vec::new());
    for &(value, sign, column_only) in &terms {
        match scope
            .row_term(value)
            .filter(|_| !column_only)
            .and_then(|(factor, theirs)| Some((factor, multiple(&theirs, &width)?)))
        {
            Some((factor, rows)) => row.push((factor, sign * rows)),
            // A term taken whole rows of the width at a time (a recurrence's `m·(i − start)`).
            _ => match &width {
                IndexExpression::Constant(columns)
                    if !column_only && *columns > 0 && sign % columns == 0 =>
                {
                    row.push((value, sign / columns))
                }
                _ => column.push((value, sign)),
            },
        }
    }
    let sum = |terms: &[(MlirValue, i64)]| {
        terms
            .iter()
            .fold(IndexExpression::Constant(0), |sum, &(value, sign)| {
                sum + scope.expression(value, 0) * sign
            })
    };
    let column_expression = sum(&column);
    let row_expression = sum(&row);
    // A column of thread ids in rows as wide as the block is the block's threads in order
    // (`256*bid.x + tid.x`, `8*ty + tx` in blocks 8 wide), not a row; in rows of another
    // width it is (backprop's `17*ty + tx` in blocks 16 wide, a gap after each row). Nor is
    // a block's share (`4*bid.x + tid.x + t`) or a constant column (a field of an array of
    // structures, `x[2*i + 1]`).
    let columns = column_expression.variables();
    let not_the_block = match (&width, scope.kernel.block.sizes()) {
        (IndexExpression::Constant(columns), Some([x, ..])) => *columns != i64::from(x),
        _ => false,
    };
    if columns.is_empty()
        || (!not_the_block && columns.iter().all(Variable::is_thread))
        || block_share(&row_expression, &column_expression)
    {
        return None;
    }
    if let Err(unknown) = column_expression.linear() {
        return Some(Err(format!(
            "its column is not followed: {}",
            unknown.reason
        )));
    }
    // A constant of a whole row or more in the column is that many rows (same address).
    let rows_from_column = match (&width, column_expression.linear()) {
        (IndexExpression::Constant(columns), Ok(form))
            if *columns > 0 && form.constant.abs() >= *columns =>
        {
            form.constant / columns
        }
        _ => 0,
    };
    let row_expression = row_expression + rows_from_column;
    let column_expression = match &width {
        IndexExpression::Constant(columns) if rows_from_column != 0 => {
            column_expression + (-rows_from_column * columns)
        }
        _ => column_expression,
    };
    Some(Ok(FlatIndex {
        row_expression,
        row,
        column,
        column_expression,
        width,
        facts: facts.to_vec(),
        loops: scope.loop_ranges(),
        rows_from_column,
    }))
}

/// Whether a split is a block's share of a 1-D array offset by values fixed for the launch
/// (Gaussian's `b[blockDim.x*blockIdx.x + threadIdx.x + 1 + t]`, not row `bid.x` of rows of
/// 4): its row is block ids only, and its column has each of their dimensions' thread ids.
fn block_share(row: &IndexExpression, column: &IndexExpression) -> bool {
    let (rows, columns) = (row.variables(), column.variables());
    let thread = |block: &Variable| match block {
        Variable::BlockX => Variable::ThreadX,
        Variable::BlockY => Variable::ThreadY,
        _ => Variable::ThreadZ,
    };
    !rows.is_empty()
        && rows
            .iter()
            .all(|variable| variable.is_block() && columns.contains(&thread(variable)))
}

/// The width a row term's factor is a multiple of: `W` for `k·W` (SRAD's `cols*BLOCK_SIZE*by`
/// is `BLOCK_SIZE` rows of `cols`), the factor itself otherwise.
fn base_width(width: IndexExpression) -> IndexExpression {
    let single = width.linear().ok().and_then(|form| {
        let mut variables = form.variables.iter();
        match (variables.next(), variables.next(), form.constant) {
            (Some((variable, _)), None, 0) if form.quasi_affine.is_empty() => {
                Some(IndexExpression::Variable(variable.clone()))
            }
            _ => None,
        }
    });
    single.unwrap_or(width)
}

/// How many rows of `width` a row term of factor `theirs` moves by: 1 for the width itself, `k`
/// for `k·W`; `None` where it is no whole number of rows.
fn multiple(theirs: &IndexExpression, width: &IndexExpression) -> Option<i64> {
    if theirs == width {
        return Some(1);
    }
    match (theirs, width) {
        (IndexExpression::Constant(theirs), IndexExpression::Constant(width)) => {
            (*width > 0 && theirs % width == 0).then(|| theirs / width)
        }
        _ => {
            let (theirs, width) = (theirs.linear().ok()?, width.linear().ok()?);
            let (variable, &one) = width.variables.iter().next()?;
            let rows = theirs.variables.get(variable)?;
            (one == 1
                && width.variables.len() == 1
                && theirs.variables.len() == 1
                && width.constant == 0
                && theirs.constant == 0
                && theirs.quasi_affine.is_empty())
            .then_some(*rows)
        }
    }
}

/// What holds where an `scf.for` starts, and its bounds.
pub struct LoopContext {
    /// The guard conjuncts and the bounds of the loops around it (`lower ≤ iv < upper`).
    pub facts: Vec<Condition>,
    /// Those loops' ranges, outermost first.
    pub loops: Vec<Loop>,
    /// Its first value and its exclusive upper bound.
    pub bounds: (IndexExpression, IndexExpression),
    /// Its step.
    pub step: IndexExpression,
}

impl LoopContext {
    /// Its trips where its bounds are a constant apart (constants, arguments every launch
    /// passes as one constant, a strip-mined tile's `k` to `k + 32`) and its step a constant,
    /// or where every lane of `kernel`'s launch makes the same trips (a grid-stride loop over a
    /// constant length: `enclosing::uniform_trips`).
    pub fn constant_trips(&self, kernel: &Kernel) -> Option<u64> {
        let (lower, upper) = &self.bounds;
        let step = self.step.evaluate(&|_| None).ok();
        let apart = analysis::Loop {
            lower: Some(0),
            upper: upper.constant_difference(lower),
            step,
        };
        apart.trip_count().or_else(|| {
            let upper = upper.evaluate(&|_| None).ok()?;
            let trips =
                super::enclosing::uniform_trips(kernel, &self.loops, lower, (upper, step?))?;
            u64::try_from(trips).ok()
        })
    }

    /// The trips a warp makes on average where the bounds depend on the ids or on enclosing
    /// loops (LU's triangle `for (j = 0; j < i; j++)`, a column's `for (j2 = j1; j2 < m; j2++)`
    /// with `j1` a thread's): a warp makes the trips of its busiest lane, averaged over the
    /// enclosing loops' values, the blocks and the warps of a block. `None` where a variable
    /// has no known range, the step is no positive constant, or more than
    /// `MOST_TRIP_EVALUATIONS` evaluations would be needed.
    pub fn mean_trips(&self, kernel: &Kernel) -> Option<f64> {
        let step = self
            .step
            .evaluate(&|_| None)
            .ok()
            .filter(|&step| step > 0)?;
        let span = self.bounds.1.clone() - self.bounds.0.clone();
        let (threads, uniform): (Vec<Variable>, Vec<Variable>) =
            span.variables().into_iter().partition(Variable::is_thread);
        // Each variable's first value, step and count of values: an enclosing loop's trips,
        // else every value of its range.
        let ranges: Vec<(Variable, i64, i64, u64)> = uniform
            .into_iter()
            .map(|variable| {
                if let Variable::Loop(LoopId(depth)) = variable {
                    let enclosing = self.loops.get(depth)?;
                    let count = enclosing.trip_count().filter(|&count| count > 0)?;
                    return Some((variable, enclosing.lower?, enclosing.step?, count));
                }
                match kernel.range(&self.loops, &variable) {
                    (Some(least), Some(most)) if least <= most => {
                        let count = u64::try_from(most.checked_sub(least)?)
                            .ok()?
                            .checked_add(1)?;
                        Some((variable, least, 1, count))
                    }
                    _ => None,
                }
            })
            .collect::<Option<_>>()?;
        let [x, y, z] = match threads.is_empty() {
            true => [1, 1, 1],
            false => kernel.block.sizes()?.map(u64::from),
        };
        let threads_per_block = x * y * z;
        let assignments = ranges.iter().try_fold(1u64, |product, &(_, _, _, count)| {
            product.checked_mul(count)
        })?;
        if assignments.checked_mul(threads_per_block)? > MOST_TRIP_EVALUATIONS {
            return None;
        }
        let warps = threads_per_block.div_ceil(u64::from(WARP_SIZE));
        let mut total = 0.0;
        for assignment in 0..assignments {
            let mut rest = assignment;
            let chosen: Vec<(&Variable, i64)> = ranges
                .iter()
                .map(|(variable, first, step, count)| {
                    let value = first + step * (rest % count) as i64;
                    rest /= count;
                    (variable, value)
                })
                .collect();
            let mut busiest_sum = 0;
            for warp in 0..warps {
                let mut busiest = 0;
                for linear in warp * u64::from(WARP_SIZE)
                    ..((warp + 1) * u64::from(WARP_SIZE)).min(threads_per_block)
                {
                    let ids = [linear % x, linear / x % y, linear / (x * y)];
                    let value = |variable: &Variable| match variable {
                        Variable::ThreadX => Some(ids[0] as i64),
                        Variable::ThreadY => Some(ids[1] as i64),
                        Variable::ThreadZ => Some(ids[2] as i64),
                        _ => chosen
                            .iter()
                            .find(|(known, _)| *known == variable)
                            .map(|&(_, value)| value),
                    };
                    let apart = span.evaluate(&value).ok()?;
                    busiest = busiest.max((apart.max(0) + step - 1) / step);
                }
                busiest_sum += busiest;
            }
            total += busiest_sum as f64 / warps as f64;
        }
        Some(total / assignments as f64)
    }
}

/// Most evaluations of a loop's trips [`LoopContext::mean_trips`] makes: assignments of the
/// uniform variables its bounds read times the threads of a block.
const MOST_TRIP_EVALUATIONS: u64 = 1 << 16;

/// The facts around `the_loop`, an `scf.for` of `kernel`, and its bounds.
pub fn loop_context(kernel: &Kernel, the_loop: MlirOperation) -> LoopContext {
    let (scope, facts) = scope_at(kernel, the_loop);
    let bound = |position: isize| {
        scope.expression(unsafe { mlirOperationGetOperand(the_loop, position) }, 0)
    };
    LoopContext {
        bounds: (bound(0), bound(1)),
        step: bound(2),
        facts,
        loops: scope.loop_ranges(),
    }
}

/// The rounds of `the_loop`, an `scf.while` that doubles or halves a value fixed for the block
/// (`for (s = 1; s < blockDim.x; s *= 2)`: 8 at 256 threads), as the access model counts them.
pub fn while_rounds(kernel: &Kernel, the_loop: MlirOperation) -> Option<i64> {
    let (scope, _) = scope_at(kernel, the_loop);
    super::enclosing::geometric_loop(the_loop, &|value| scope.fixed(value, 0))
        .map(|(_, rounds, _)| rounds)
}

/// The scope at `operation` of `kernel` and what holds there: the guard conjuncts, each
/// enclosing `scf.for`'s `lower ≤ iv < upper`, as that op defines them, and what the kernel's
/// run-time check establishes (`Kernel::assumed`).
fn scope_at(kernel: &Kernel, operation: MlirOperation) -> (Scope<'_>, Vec<Condition>) {
    let mut scope = Scope {
        kernel,
        loops: Vec::new(),
    };
    let mut facts = kernel.assumed.conditions.clone();
    for (ancestor, region) in ancestors(kernel, operation) {
        scope.enter(ancestor, region, &mut facts);
        if ir::is_named(ancestor, "scf.for") {
            let bound = |position: isize| {
                scope.expression(unsafe { mlirOperationGetOperand(ancestor, position) }, 0)
            };
            let induction = super::enclosing::induction_variable(ancestor);
            let variable = scope.argument(induction, 0);
            facts.push(Condition::new(
                variable.clone(),
                Relation::GreaterEqual,
                bound(0),
            ));
            facts.push(Condition::new(variable, Relation::Less, bound(1)));
        }
    }
    (scope, facts)
}

/// `value` without the integer casts `int` arithmetic adds.
fn uncast(mut value: MlirValue) -> MlirValue {
    while let Some(owner) = ir::defining_operation(value)
        .filter(|&owner| ir::WIDENING_CASTS.contains(&ir::operation_name(owner).as_str()))
    {
        value = unsafe { mlirOperationGetOperand(owner, 0) };
    }
    value
}

impl Scope<'_> {
    /// Appends the signed terms of the sum `value` to `terms`, each with whether it stays in
    /// the column whatever it is (a loop's start taken off its variable); given a width, a part
    /// of the sum with no row term of that width stays one term (`%j` itself, not `32*bid.x`
    /// and `tid.x`).
    fn terms(
        &self,
        value: MlirValue,
        sign: i64,
        terms: &mut Vec<(MlirValue, i64, bool)>,
        (depth, width): (usize, Option<&IndexExpression>),
    ) {
        let value = uncast(value);
        let owner = ir::defining_operation(value);
        let name = owner.map(ir::operation_name).unwrap_or_default();
        match (owner, name.as_str()) {
            (Some(owner), "arith.addi" | "arith.subi")
                if depth < super::MAX_DEPTH
                    && width.is_none_or(|width| self.has_row_term(value, width, depth)) =>
            {
                let operand = |position| unsafe { mlirOperationGetOperand(owner, position) };
                self.terms(operand(0), sign, terms, (depth + 1, width));
                let second = if name == "arith.subi" { -sign } else { sign };
                self.terms(operand(1), second, terms, (depth + 1, width));
            }
            // A loop's variable is its start plus the distance from it (matrixMul's `a` from
            // `aBegin = wA*BLOCK_SIZE*by`): the start's row terms are rows, the distance stays
            // in the column (`a − aBegin`).
            (None, _) if depth < super::MAX_DEPTH => {
                if let Some(start) = self.uniform_start_value(value).filter(|&start| {
                    width.is_none_or(|width| self.has_row_term(start, width, depth))
                }) {
                    terms.push((value, sign, true));
                    terms.push((start, -sign, true));
                    self.terms(start, sign, terms, (depth + 1, width));
                } else if let Some((initial, per_step, the_loop)) =
                    self.whole_rows_recurrence(value, width)
                {
                    // `x = initial + m·(i − start)` with `m` whole rows: `i − start` is rows.
                    let induction = super::enclosing::induction_variable(the_loop);
                    let start = unsafe { mlirOperationGetOperand(the_loop, 0) };
                    let multiplier = sign.checked_mul(per_step);
                    match multiplier {
                        Some(multiplier) => {
                            self.terms(initial, sign, terms, (depth + 1, width));
                            terms.push((induction, multiplier, false));
                            terms.push((start, -multiplier, false));
                        }
                        None => terms.push((value, sign, false)),
                    }
                } else {
                    terms.push((value, sign, false));
                }
            }
            _ => terms.push((value, sign, false)),
        }
    }

    /// Where `value` is an `scf.for` iteration argument that each trip adds whole rows of the
    /// constant `width` to (matrixMul's `b += BLOCK_SIZE*wB`, rows of `wB`): its initial value,
    /// what it adds per unit of the loop's variable (the increment over the step) and the loop.
    fn whole_rows_recurrence(
        &self,
        value: MlirValue,
        width: Option<&IndexExpression>,
    ) -> Option<(MlirValue, i64, MlirOperation)> {
        let Some(IndexExpression::Constant(columns)) = width else {
            return None;
        };
        let (block, number) = unsafe {
            (
                mlirBlockArgumentGetOwner(value),
                mlirBlockArgumentGetArgNumber(value) as usize,
            )
        };
        let recurrence = self.recurrence_of(value, (block, number), 0)?;
        let per_step = (recurrence.increment % recurrence.step == 0)
            .then_some(recurrence.increment / recurrence.step)?;
        (*columns > 0 && per_step % columns == 0).then_some((
            recurrence.initial,
            per_step,
            recurrence.the_loop,
        ))
    }

    /// The start of the `scf.for` whose variable `value` is, where it is the same for every
    /// lane and not a constant (a tile's loop, [`EnclosingLoop::start`] with unit 1).
    fn uniform_start_value(&self, value: MlirValue) -> Option<MlirValue> {
        let enclosing = self
            .loops
            .iter()
            .find(|enclosing| unsafe { mlirValueEqual(enclosing.induction, value) })?;
        if enclosing.lane_dependent || enclosing.start.as_ref().is_none_or(|(_, unit)| *unit != 1) {
            return None;
        }
        let the_loop = unsafe { mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(value)) };
        ir::is_named(the_loop, "scf.for").then(|| unsafe { mlirOperationGetOperand(the_loop, 0) })
    }

    /// Whether the sum `value` has a row term of `width` ([`Scope::row_term`]) among its terms.
    fn has_row_term(&self, value: MlirValue, width: &IndexExpression, depth: usize) -> bool {
        let value = uncast(value);
        if self
            .row_term(value)
            .is_some_and(|(_, theirs)| multiple(&theirs, width).is_some())
        {
            return true;
        }
        let Some(owner) = ir::defining_operation(value) else {
            return depth < super::MAX_DEPTH
                && self
                    .uniform_start_value(value)
                    .is_some_and(|start| self.has_row_term(start, width, depth + 1));
        };
        depth < super::MAX_DEPTH
            && matches!(
                ir::operation_name(owner).as_str(),
                "arith.addi" | "arith.subi"
            )
            && (0..2).any(|position| {
                let operand = unsafe { mlirOperationGetOperand(owner, position) };
                self.has_row_term(operand, width, depth + 1)
            })
    }

    /// `(x, W)` when `value` is `x·W` with `W` fixed for the launch (a constant or a kernel
    /// argument) and `x` not.
    fn row_term(&self, value: MlirValue) -> Option<(MlirValue, IndexExpression)> {
        let owner = ir::defining_operation(value)?;
        let operand = |position| unsafe { mlirOperationGetOperand(owner, position) };
        let uniform = |expression: &IndexExpression| {
            expression.linear().is_ok()
                && expression
                    .variables()
                    .iter()
                    .all(|variable| matches!(variable, Variable::Symbol(name) if name.starts_with("arg")))
        };
        // A product of constants (`cols*16` with cols fixed at every launch) is its value.
        let folded = |expression: IndexExpression| match expression.evaluate(&|_| None) {
            Ok(value) => IndexExpression::Constant(value),
            Err(_) => expression,
        };
        let width_of = |expression: IndexExpression| {
            let expression = folded(expression);
            match expression {
                IndexExpression::Constant(value) if value > 1 => Some(expression),
                // An argument, or a constant number of rows of one (`cols*16`).
                _ if uniform(&expression)
                    && matches!(base_width(expression.clone()), IndexExpression::Variable(_)) =>
                {
                    Some(expression)
                }
                _ => None,
            }
        };
        match ir::operation_name(owner).as_str() {
            "arith.muli" => {
                let (left, right) = (operand(0), operand(1));
                let (left_expression, right_expression) =
                    (self.expression(left, 0), self.expression(right, 0));
                let constant =
                    |expression: &IndexExpression| expression.evaluate(&|_| None).is_ok();
                // The width is the factor the same for the launch; of two such, the one the
                // module fixes (Gaussian's `Size*t`, Size 30 at every launch, t one per launch).
                let width_side = |width: &IndexExpression, other: &IndexExpression| {
                    uniform(width) && (!uniform(other) || constant(width) && !constant(other))
                };
                if width_side(&left_expression, &right_expression) {
                    Some((right, width_of(left_expression)?))
                } else if width_side(&right_expression, &left_expression) {
                    Some((left, width_of(right_expression)?))
                } else {
                    None
                }
            }
            "arith.shli" => {
                let shift =
                    ir::constant_integer(operand(1)).filter(|shift| (1..=40).contains(shift))?;
                let row = operand(0);
                (!uniform(&self.expression(row, 0)))
                    .then(|| (row, IndexExpression::Constant(1 << shift)))
            }
            _ => None,
        }
    }
}

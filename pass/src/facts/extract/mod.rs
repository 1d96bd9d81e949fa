//! From MLIR to the analysis's plain data: one [`Access`] per memory op.
//!
//! The access model of design.md: each index `i_d` is an expression over
//! `tid.x/y/z`, `bid.x/y/z`, the induction variables of enclosing loops and
//! symbols (kernel arguments, unknown sizes). We follow SSA values through
//!
//! * `arith.constant`, `addi`, `subi`, `muli` (one side constant), `shli` by a
//!   constant, `index_cast(ui)`, `extsi/extui/trunci`;
//! * `divui` and `floordivsi` by a positive constant (floor division),
//!   `remui` by a positive constant (modulo), and `divsi`/`remsi` when the
//!   dividend is provably non-negative (ids, loops from 0): they stay
//!   quasi-affine and the analysis evaluates them per lane;
//! * `affine.apply` and the maps of `affine.load/store` (dims, symbols, `+`,
//!   `*`, `floordiv`, `ceildiv`, `mod`);
//! * `gpu.thread_id`, `gpu.block_id`, `gpu.block_dim` (a constant when the
//!   block size is known), `gpu.grid_dim` (a constant when every launch gives
//!   the same constant grid), `gpu.lane_id` (linear thread id mod 32), and the
//!   id arguments of a `gpu.launch` body.
//!
//! * `arith.minsi`/`maxsi` (and the unsigned ones of non-negative values), and
//!   an `arith.select` that is a clamp: its condition compares the two values it
//!   picks from (`N < lo ? lo : N`), a minimum or a maximum evaluated per lane.
//!
//! Everything else (values loaded from memory, `arith.divsi` of a value that
//! may be negative, whose rounding toward zero differs from floor division,
//! a `select` that is no clamp)
//! becomes `IndexExpression::Unknown` with the reason, never a guess.
//! Enclosing `scf.for`/`affine.for` loops give [`Loop`]s (constant bounds when
//! the IR has them; a loop that starts at a thread-dependent index, a
//! grid-stride loop, stands for `start + c·j` with `j` uniform across lanes);
//! enclosing `scf.if` conditions built from `arith.cmpi`
//! (and `arith.andi` of them) become guards, the `else` branch negated; other
//! conditions become guards the analysis cannot evaluate, so metrics turn
//! unknown with the reason instead of counting lanes that may be inactive.

mod delinearize;
mod enclosing;

use analysis::{
    expression::{IndexExpression, Loop, LoopId, Variable},
    matrix::{Access, AccessKind, MemorySpace, MemrefLayout, Relation},
    target::WARP_SIZE,
};
use mlir_sys::*;

use crate::{
    facts::accesses::MemoryAccess,
    facts::kernels::{Kernel, KernelKind},
    ir,
};
pub use delinearize::{
    flat_index, flat_indices, loop_context, while_rounds, FlatIndex, LoopContext,
};
pub use enclosing::{
    checked_branches, dimension_symbol, pointer_check, static_condition, CLAMP, IN_ARRAY, NONEMPTY,
    ROWS_VIEW,
};

/// Deepest SSA chain followed for one index before giving up.
const MAX_DEPTH: usize = 64;

/// The analysis's view of `memory`, an access of `kernel`.
pub fn access(kernel: &Kernel, memory: &MemoryAccess) -> Access {
    access_leaving(kernel, memory, &[])
}

/// [`access`] as it will be once the loops under the guards `left` (`scf.if`s) have left them
/// (`stage_shared::guard::leave_guard`): a load in such a loop is no longer guarded by it; a
/// store stays under the same condition, moved inside the loop, which is the same guard.
pub fn access_leaving(kernel: &Kernel, memory: &MemoryAccess, left: &[MlirOperation]) -> Access {
    let mut scope = Scope {
        kernel,
        loops: Vec::new(),
    };
    let mut guard = Vec::new();
    for (ancestor, region) in ancestors(kernel, memory.operation) {
        let leaves =
            memory.kind == AccessKind::Load && left.iter().any(|moved| moved.ptr == ancestor.ptr);
        if !leaves {
            scope.enter(ancestor, region, &mut guard);
        }
    }
    let memref_type = unsafe { mlirValueGetType(memory.memref) };
    let rank = unsafe { mlirShapedTypeGetRank(memref_type) }.max(0) as usize;
    if let Some(reason) = transfer_limitation(memory) {
        let mut access = Access::new(
            memory.kind,
            layout(memref_type, memory.element_bytes.unwrap_or(0), memory.space),
            vec![IndexExpression::Unknown(reason); rank],
        );
        access.vector_width = memory.vector_width.max(1);
        return access;
    }
    let operands = index_operands(memory);
    let indices = match ir::attribute(memory.operation, "map") {
        Some(map) if memory.name.starts_with("affine.") => {
            let map = unsafe { mlirAffineMapAttrGetValue(map) };
            (0..unsafe { mlirAffineMapGetNumResults(map) })
                .map(|result| {
                    scope.affine(
                        unsafe { mlirAffineMapGetResult(map, result) },
                        map,
                        &operands,
                        0,
                    )
                })
                .collect()
        }
        _ => operands
            .iter()
            .take(rank)
            .map(|&value| scope.expression(value, 0))
            .collect(),
    };
    let mut layout = layout(memref_type, memory.element_bytes.unwrap_or(0), memory.space);
    if let Some(width) = rows_view_width(&scope, memory.memref) {
        layout.strides[0] = Some(width);
    }
    Access {
        kind: memory.kind,
        layout,
        indices,
        vector_width: memory.vector_width.max(1),
        guard,
        loops: scope
            .loops
            .iter()
            .map(|enclosing| enclosing.range)
            .collect(),
    }
}

/// The row stride of `delinearize`'s view of rows of a width the module fixes (an argument
/// every launch passes as one constant), which its type leaves dynamic (`strided<[?, 1]>`):
/// the view's last operand, its dynamic stride.
fn rows_view_width(scope: &Scope, memref: MlirValue) -> Option<i64> {
    let view = ir::defining_operation(memref).filter(|&view| {
        ir::is_named(view, "memref.reinterpret_cast") && ir::attribute(view, ROWS_VIEW).is_some()
    })?;
    let operands = unsafe { mlirOperationGetNumOperands(view) };
    (operands > 1)
        .then(|| scope.fixed(unsafe { mlirOperationGetOperand(view, operands - 1) }, 0))
        .flatten()
        .filter(|&width| width > 0)
}

/// The layout of a memref type: shape, strides, offset (elements), space.
pub fn layout(memref_type: MlirType, element_bytes: u32, space: MemorySpace) -> MemrefLayout {
    let rank = unsafe { mlirShapedTypeGetRank(memref_type) }.max(0) as usize;
    let shape = (0..rank)
        .map(|dimension| unsafe {
            (!mlirShapedTypeIsDynamicDim(memref_type, dimension as isize))
                .then(|| mlirShapedTypeGetDimSize(memref_type, dimension as isize))
        })
        .collect();
    let mut strides = vec![0i64; rank];
    let mut offset = 0i64;
    let known = unsafe {
        mlirMemRefTypeGetStridesAndOffset(memref_type, strides.as_mut_ptr(), &mut offset).value != 0
    };
    let dynamic = |value: i64| unsafe { mlirShapedTypeIsDynamicStrideOrOffset(value) };
    MemrefLayout {
        shape,
        strides: strides
            .iter()
            .map(|&stride| (known && !dynamic(stride)).then_some(stride))
            .collect(),
        offset: (known && !dynamic(offset)).then_some(offset),
        element_bytes,
        space,
    }
}

/// Why a `vector.transfer_read/write` is not one contiguous vector per
/// lane, if it is not: a permutation map other than the minor identity reads
/// along another dimension; a mask or an `in_bounds` entry that is false lets
/// lanes skip elements (those past the end of the dimension). The metrics of
/// such transfers are unknown rather than modelled as a full vector.
fn transfer_limitation(memory: &MemoryAccess) -> Option<String> {
    if !memory.name.starts_with("vector.transfer_") {
        return None;
    }
    let operation = memory.operation;
    if let Some(map) = ir::attribute(operation, "permutation_map") {
        if unsafe { !mlirAffineMapIsMinorIdentity(mlirAffineMapAttrGetValue(map)) } {
            return Some(format!(
                "{} with permutation map {} reads along a non-innermost dimension; not modelled",
                memory.name,
                ir::attribute_text(map)
            ));
        }
    }
    let segments = ir::attribute(operation, "operandSegmentSizes").and_then(ir::dense_i32_array);
    if segments.is_some_and(|segments| segments.last().is_some_and(|&mask| mask > 0)) {
        return Some(format!("{} is masked; not modelled", memory.name));
    }
    let all_in_bounds = ir::attribute(operation, "in_bounds").is_some_and(|array| unsafe {
        (0..mlirArrayAttrGetNumElements(array)).all(|index| {
            let element = mlirArrayAttrGetElement(array, index);
            mlirAttributeIsABool(element) && mlirBoolAttrGetValue(element)
        })
    });
    (!all_in_bounds).then(|| {
        format!(
            "{} is not marked in_bounds, so lanes past the end of the memref skip elements; not modelled (mark it in_bounds = [true] when it is)",
            memory.name
        )
    })
}

/// The operands after the memref (and the stored value): indices, then
/// whatever the op takes after them (padding, masks), or an affine map's operands.
pub fn index_operands(memory: &MemoryAccess) -> Vec<MlirValue> {
    let operation = memory.operation;
    let first = match memory.name.as_str() {
        "memref.store" | "vector.store" | "affine.store" | "vector.transfer_write" => 2,
        _ => 1,
    };
    (first..unsafe { mlirOperationGetNumOperands(operation) } as usize)
        .map(|index| unsafe { mlirOperationGetOperand(operation, index as isize) })
        .collect()
}

/// `(operation, index of the region the access is in)` for every ancestor of
/// `operation` inside `kernel`, outermost first.
fn ancestors(kernel: &Kernel, operation: MlirOperation) -> Vec<(MlirOperation, usize)> {
    let mut chain = Vec::new();
    let mut current = operation;
    loop {
        let parent = unsafe { mlirOperationGetParentOperation(current) };
        if parent.ptr.is_null() || parent.ptr == kernel.operation.ptr {
            break;
        }
        let region = unsafe { mlirBlockGetParentRegion(mlirOperationGetBlock(current)) };
        let count = unsafe { mlirOperationGetNumRegions(parent) } as usize;
        let index = (0..count)
            .find(|&index| unsafe { mlirOperationGetRegion(parent, index as isize) }.ptr == region.ptr)
            .unwrap_or(0);
        chain.push((parent, index));
        current = parent;
    }
    chain.reverse();
    chain
}

/// What is known while walking into a kernel: the kernel and the enclosing loops.
struct Scope<'k> {
    kernel: &'k Kernel,
    /// Each enclosing loop, outermost first.
    loops: Vec<EnclosingLoop>,
}

/// An enclosing loop: its induction variable and the range of its [`Variable::Loop`].
struct EnclosingLoop {
    /// The induction variable.
    induction: MlirValue,
    /// The range of the loop's variable.
    range: Loop,
    /// For a loop that starts at a thread-dependent index (a grid-stride loop), the start and
    /// the unit `c`: the induction variable is `start + c·j`, `j` the loop's variable.
    start: Option<(IndexExpression, i64)>,
    /// Whether its start may differ between lanes (then so does its induction variable).
    lane_dependent: bool,
    /// For an `scf.while` that doubles or halves its value (`for (s = 1; s < n; s *= 2)`), the
    /// first value and the direction: the value is `first << j` or `first >> j`, `j` the loop's
    /// variable, the round.
    geometric: Option<(i64, Geometric)>,
}

/// An `scf.for` iteration argument `x` that each trip adds `increment` to: `x = initial +
/// increment·(i − lower) / step` of the loop's variable `i`.
struct Recurrence {
    /// The `scf.for`.
    the_loop: MlirOperation,
    /// Its position among the enclosing loops.
    position: usize,
    /// The initial value.
    initial: MlirValue,
    /// What each trip adds.
    increment: i64,
    /// The first value of the loop's variable.
    lower: i64,
    /// The loop's step.
    step: i64,
}

/// Which way a doubling or halving loop goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Geometric {
    /// `s *= 2`, `s <<= 1`.
    Doubling,
    /// `s /= 2`, `s >>= 1` (of a non-negative value).
    Halving,
}

impl Scope<'_> {
    /// An `scf.for` iteration argument that each trip adds the same constant to (LU's
    /// `array_offset += matrix_dim`, an offset bumped by a row): `init + c·k` in trip `k`,
    /// `k = (i − lower) / step` of the loop's variable `i`. `None` for anything else.
    fn recurrence(
        &self,
        value: MlirValue,
        (block, number): (MlirBlock, usize),
        depth: usize,
    ) -> Option<IndexExpression> {
        let recurrence = self.recurrence_of(value, (block, number), depth)?;
        let initial = self.expression(recurrence.initial, depth + 1);
        let variable = IndexExpression::Variable(Variable::Loop(LoopId(recurrence.position)));
        let moved = match recurrence.lower {
            0 => variable,
            _ => add(
                variable,
                IndexExpression::Constant(recurrence.lower.checked_neg()?),
            ),
        };
        // `c·(i − lower) / step`, affine where the step divides the increment.
        let (increment, step) = (recurrence.increment, recurrence.step);
        let sum = match increment % step {
            0 => times(moved, increment / step),
            _ => times(moved.floor_divide(step), increment),
        };
        Some(add(initial, sum))
    }

    /// The parts of [`Scope::recurrence`]: the loop, the initial value and the constant added
    /// each trip.
    fn recurrence_of(
        &self,
        value: MlirValue,
        (block, number): (MlirBlock, usize),
        depth: usize,
    ) -> Option<Recurrence> {
        let the_loop = unsafe { mlirBlockGetParentOperation(block) };
        if number == 0 || !ir::is_named(the_loop, "scf.for") {
            return None;
        }
        let induction = unsafe { mlirBlockGetArgument(block, 0) };
        let position = self
            .loops
            .iter()
            .position(|enclosing| unsafe { mlirValueEqual(enclosing.induction, induction) })?;
        let enclosing = &self.loops[position];
        // A start the same for every lane (a tile's loop from `aBegin`) leaves the trips
        // counted from the loop's variable's own lower bound.
        let varying_start = enclosing.lane_dependent
            || enclosing.start.as_ref().is_some_and(|(_, unit)| *unit != 1);
        if varying_start || enclosing.geometric.is_some() {
            return None;
        }
        let lower = enclosing.range.lower?;
        let step = enclosing.range.step.filter(|&step| step > 0)?;
        let operand = |operation, index| unsafe { mlirOperationGetOperand(operation, index) };
        // `x += c` ([`ir::loop_increment`]), or `x -= c`.
        let subtracted = || {
            let yielded = operand(
                unsafe { mlirBlockGetTerminator(block) },
                number as isize - 1,
            );
            let update = ir::defining_operation(yielded)
                .filter(|&update| ir::is_named(update, "arith.subi"))?;
            unsafe { mlirValueEqual(operand(update, 0), value) }.then(|| operand(update, 1))
        };
        let (increment, sign) = match ir::loop_increment(the_loop, number - 1) {
            Some(increment) => (increment, 1),
            None => (subtracted()?, -1),
        };
        let increment = self
            .expression(increment, depth + 1)
            .evaluate(&|_| None)
            .ok()?
            .checked_mul(sign)?;
        Some(Recurrence {
            the_loop,
            position,
            // The loop's operands are its bounds and step, then the initial values.
            initial: operand(the_loop, 2 + number as isize),
            increment,
            lower,
            step,
        })
    }

    /// The index expression `value` computes.
    fn expression(&self, value: MlirValue, depth: usize) -> IndexExpression {
        if depth > MAX_DEPTH {
            return IndexExpression::Unknown(format!("index chain deeper than {MAX_DEPTH} ops"));
        }
        match ir::defining_operation(value) {
            Some(owner) if ir::is_named(owner, "scf.for") => {
                self.loop_result(owner, value, depth).unwrap_or_else(|| {
                    not_modelled(
                        owner,
                        "a value a loop leaves that is no start plus a constant each trip \
                         over a trip count the module fixes",
                    )
                })
            }
            Some(owner) => self.result(owner, depth),
            None => self.argument(value, depth),
        }
    }

    /// The enclosing loops' ranges, outermost first.
    fn loop_ranges(&self) -> Vec<Loop> {
        self.loops.iter().map(|enclosing| enclosing.range).collect()
    }

    /// The integer `value` holds wherever the module fixes it: a constant, or what its
    /// expression folds to (a launch's constant argument, `gpu.block_dim` of a known block).
    fn fixed(&self, value: MlirValue, depth: usize) -> Option<i64> {
        ir::static_integer(value).or_else(|| self.expression(value, depth).evaluate(&|_| None).ok())
    }

    /// A result of `the_loop` (an `scf.for`) whose iteration argument each trip adds the same
    /// constant to (HotSpot3D's `c += xy` after its z loop): the initial value plus the trips
    /// times that constant, where the bounds fold. `None` for anything else.
    fn loop_result(
        &self,
        the_loop: MlirOperation,
        value: MlirValue,
        depth: usize,
    ) -> Option<IndexExpression> {
        let number = unsafe { mlirOpResultGetResultNumber(value) } as usize;
        let fold = |value: MlirValue| self.fixed(value, depth + 1);
        let (_, trips, _) = ir::loop_trips(the_loop, &fold)?;
        let increment = fold(ir::loop_increment(the_loop, number)?)?;
        let initial = unsafe { mlirOperationGetOperand(the_loop, 3 + number as isize) };
        Some(add(
            self.expression(initial, depth + 1),
            IndexExpression::Constant(trips.checked_mul(increment)?),
        ))
    }

    /// The expression a block argument stands for.
    fn argument(&self, value: MlirValue, depth: usize) -> IndexExpression {
        if let Some(position) = self
            .loops
            .iter()
            .position(|enclosing| unsafe { mlirValueEqual(enclosing.induction, value) })
        {
            let variable = IndexExpression::Variable(Variable::Loop(LoopId(position)));
            let enclosing = &self.loops[position];
            if let Some((first, direction)) = enclosing.geometric {
                let (first, round) = (
                    Box::new(IndexExpression::Constant(first)),
                    Box::new(variable),
                );
                return match direction {
                    Geometric::Doubling => IndexExpression::ShiftLeft(first, round),
                    Geometric::Halving => IndexExpression::ShiftRight(first, round),
                };
            }
            return match &enclosing.start {
                Some((start, unit)) => add(
                    start.clone(),
                    IndexExpression::Multiply(Box::new(variable), *unit),
                ),
                None => variable,
            };
        }
        let (block, number) = unsafe {
            (
                mlirBlockArgumentGetOwner(value),
                mlirBlockArgumentGetArgNumber(value) as usize,
            )
        };
        if let Some(recurrence) = self.recurrence(value, (block, number), depth) {
            return recurrence;
        }
        let entry = unsafe { mlirRegionGetFirstBlock(self.kernel.body()) };
        if block.ptr != entry.ptr {
            let parent = unsafe { mlirBlockGetParentOperation(block) };
            return IndexExpression::Unknown(format!(
                "argument {number} of a block of {} at {}",
                ir::operation_name(parent),
                location(parent)
            ));
        }
        match self.kernel.kind {
            // An argument every launch in the module passes as one constant is that constant.
            KernelKind::Function { .. } => match self.kernel.launches.constant(number) {
                Some(value) => IndexExpression::Constant(value),
                None => IndexExpression::Variable(Variable::Symbol(format!("arg{number}"))),
            },
            KernelKind::Launch { .. } => match number {
                0..=2 if self.single_block(number) => IndexExpression::Constant(0),
                0..=5 => IndexExpression::Variable(
                    [
                        Variable::BlockX,
                        Variable::BlockY,
                        Variable::BlockZ,
                        Variable::ThreadX,
                        Variable::ThreadY,
                        Variable::ThreadZ,
                    ][number]
                        .clone(),
                ),
                6..=8 => self.grid_dimension(number - 6),
                9..=11 => self.block_dimension(number - 9),
                _ => IndexExpression::Unknown(format!("attribution {number} used as an index")),
            },
        }
    }

    /// The expression an operation result stands for.
    fn result(&self, owner: MlirOperation, depth: usize) -> IndexExpression {
        let name = ir::operation_name(owner);
        let operand = |index: isize| unsafe { mlirOperationGetOperand(owner, index) };
        let sub = |index: isize| self.expression(operand(index), depth + 1);
        // A constant operand, also one the module fixes (`16 - 2*iteration`, `iteration` a
        // launch's constant argument).
        let constant = |index: isize| {
            ir::constant_integer(operand(index)).or_else(|| sub(index).evaluate(&|_| None).ok())
        };
        if ir::attribute(owner, CLAMP).is_some() {
            return sub(0);
        }
        // A kernel argument's size is a constant, or a symbol as fixed for the launch as an
        // index argument.
        if name == "memref.dim" {
            if let Some(size) = ir::static_integer(unsafe { mlirOperationGetResult(owner, 0) }) {
                return IndexExpression::Constant(size);
            }
            if let Some(dimension) = dimension_symbol(owner) {
                return symbol(&dimension);
            }
            if let Some(size) = reinterpreted_size(owner) {
                return self.expression(size, depth + 1);
            }
        }
        match name.as_str() {
            "arith.constant" => ir::attribute(owner, "value")
                .and_then(ir::integer)
                .map_or_else(
                    || {
                        IndexExpression::Unknown(format!(
                            "non-integer constant at {}",
                            location(owner)
                        ))
                    },
                    IndexExpression::Constant,
                ),
            "arith.addi" => add(sub(0), sub(1)),
            "arith.subi" => add(sub(0), IndexExpression::Multiply(Box::new(sub(1)), -1)),
            // A factor that folds to a constant: `gpu.block_dim` of a known block
            // (`bid.x * block_dim.x + tid.x`), an argument every launch fixes.
            // A product with a power of two of a variable (a tree reduction's stride
            // `2 * (1 << level) * tid`) is that shift of the other factor.
            "arith.muli" => {
                let (left, right) = (sub(0), sub(1));
                let folded = |side: &IndexExpression| side.evaluate(&|_| None).ok();
                match (folded(&left), folded(&right)) {
                    (_, Some(factor)) => times(left, factor),
                    (Some(factor), _) => times(right, factor),
                    _ => match (shift_of_constant(&left), shift_of_constant(&right)) {
                        (Some((factor, amount)), _) => IndexExpression::ShiftLeft(
                            Box::new(times(right, factor)),
                            Box::new(amount),
                        ),
                        (_, Some((factor, amount))) => IndexExpression::ShiftLeft(
                            Box::new(times(left, factor)),
                            Box::new(amount),
                        ),
                        _ => self.block_product(&left, &right).unwrap_or_else(|| {
                            not_modelled(owner, "a product of two non-constant values")
                        }),
                    },
                }
            }
            "arith.shli" => {
                let amount = sub(1);
                match amount.evaluate(&|_| None) {
                    Ok(shift @ 0..=62) => times(sub(0), 1 << shift),
                    _ => IndexExpression::ShiftLeft(Box::new(sub(0)), Box::new(amount)),
                }
            }
            // An arithmetic shift by a constant is a floor division by a power of two, of any
            // value; a logical one only of a non-negative value, which any shift amount keeps
            // exact (`ShiftRight`, e.g. a tree reduction's `128 >> level`).
            "arith.shrsi" | "arith.shrui" => {
                let value = sub(0);
                match constant(1) {
                    Some(shift @ 0..=62) if name == "arith.shrsi" || self.non_negative(&value) => {
                        IndexExpression::FloorDivide(Box::new(value), 1 << shift)
                    }
                    _ if self.non_negative(&value) => {
                        IndexExpression::ShiftRight(Box::new(value), Box::new(sub(1)))
                    }
                    _ => not_modelled(owner, "a right shift of a value that may be negative"),
                }
            }
            "arith.divui" | "arith.floordivsi" | "arith.divsi" => match constant(1) {
                Some(divisor) if divisor > 0 => {
                    let dividend = sub(0);
                    if name == "arith.divsi" && !self.non_negative(&dividend) {
                        return not_modelled(
                            owner,
                            "signed division of a value that may be negative rounds toward zero",
                        );
                    }
                    IndexExpression::FloorDivide(Box::new(dividend), divisor)
                }
                _ => not_modelled(owner, "a division by a non-constant or non-positive value"),
            },
            // A ceiling division of a non-negative value (a rows view's `ceildiv(n, W)`).
            "arith.ceildivui" | "arith.ceildivsi" => match constant(1) {
                Some(divisor) if divisor > 0 && self.non_negative(&sub(0)) => {
                    IndexExpression::FloorDivide(
                        Box::new(add(sub(0), IndexExpression::Constant(divisor - 1))),
                        divisor,
                    )
                }
                _ => not_modelled(
                    owner,
                    "a ceiling division by a non-constant value or of one that may be negative",
                ),
            },
            "arith.remui" | "arith.remsi" => match constant(1) {
                Some(modulus) if modulus > 0 => {
                    let dividend = sub(0);
                    if name == "arith.remsi" && !self.non_negative(&dividend) {
                        return not_modelled(
                            owner,
                            "signed remainder of a value that may be negative keeps its sign",
                        );
                    }
                    IndexExpression::Modulo(Box::new(dividend), modulus)
                }
                _ => not_modelled(owner, "a remainder by a non-constant or non-positive value"),
            },
            // A swizzle (`row ^ (column / 4) % 8`, the pass's own or a hand-written one):
            // evaluated per lane, as the bank-conflict model needs.
            "arith.xori" => IndexExpression::Xor(Box::new(sub(0)), Box::new(sub(1))),
            // A clamped stencil's neighbour (`min(x + 1, width - 1)`), evaluated per lane.
            "arith.minsi" => sub(0).minimum(sub(1)),
            "arith.maxsi" => sub(0).maximum(sub(1)),
            "arith.minui" | "arith.maxui" => {
                let (left, right) = (sub(0), sub(1));
                match (
                    self.non_negative(&left) && self.non_negative(&right),
                    name.as_str(),
                ) {
                    (true, "arith.minui") => left.minimum(right),
                    (true, _) => left.maximum(right),
                    (false, _) => not_modelled(
                        owner,
                        "an unsigned minimum or maximum of values that may be negative",
                    ),
                }
            }
            "arith.select" => self.clamp(owner, depth).unwrap_or_else(|| {
                not_modelled(
                    owner,
                    "a select that is no minimum or maximum of its two values (a clamp)",
                )
            }),
            "arith.index_cast" | "arith.index_castui" | "arith.extsi" | "arith.extui"
            | "arith.trunci" => sub(0),
            "affine.apply" => {
                let operands: Vec<MlirValue> = (0..unsafe { mlirOperationGetNumOperands(owner) })
                    .map(operand)
                    .collect();
                ir::attribute(owner, "map").map_or_else(
                    || not_modelled(owner, "an affine.apply without a map"),
                    |map| {
                        let map = unsafe { mlirAffineMapAttrGetValue(map) };
                        self.affine(
                            unsafe { mlirAffineMapGetResult(map, 0) },
                            map,
                            &operands,
                            depth,
                        )
                    },
                )
            }
            // A block id of a grid one block wide at every launch is 0 (PolyBench CORR's
            // corr_kernel, launched with one block).
            "gpu.block_id" if self.single_block(dimension(owner)) => IndexExpression::Constant(0),
            "gpu.thread_id" | "gpu.block_id" => {
                let dimension = dimension(owner);
                let variables = if name == "gpu.thread_id" {
                    [Variable::ThreadX, Variable::ThreadY, Variable::ThreadZ]
                } else {
                    [Variable::BlockX, Variable::BlockY, Variable::BlockZ]
                };
                IndexExpression::Variable(variables[dimension].clone())
            }
            "gpu.block_dim" => self.block_dimension(dimension(owner)),
            "gpu.grid_dim" => self.grid_dimension(dimension(owner)),
            "gpu.lane_id" => match self.kernel.block.sizes() {
                Some([x, y, _]) => IndexExpression::Modulo(
                    Box::new(add(
                        add(
                            IndexExpression::Variable(Variable::ThreadX),
                            IndexExpression::Multiply(
                                Box::new(IndexExpression::Variable(Variable::ThreadY)),
                                i64::from(x),
                            ),
                        ),
                        IndexExpression::Multiply(
                            Box::new(IndexExpression::Variable(Variable::ThreadZ)),
                            i64::from(x) * i64::from(y),
                        ),
                    )),
                    i64::from(WARP_SIZE),
                ),
                None => not_modelled(owner, "gpu.lane_id with an unknown block size"),
            },
            "memref.load" | "affine.load" | "vector.load" | "vector.extract" | "memref.dim" => {
                IndexExpression::Unknown(format!(
                    "data-dependent: the index comes from {name} at {}",
                    location(owner)
                ))
            }
            _ => not_modelled(owner, "an operation the access model does not follow"),
        }
    }

    /// The product of two values the same for every thread of a block (block ids, arguments:
    /// PathFinder's `small_block_cols * bx`, a lone kernel's `blockIdx.x * blockDim.x`) as a
    /// symbol of its own, named by the product and recorded with its factors
    /// ([`Kernel::block_products`], which bound it): every lane of a block reads one value,
    /// which is all a warp's coalescing and bank conflicts need; no step can rebuild it, so
    /// none moves it.
    fn block_product(
        &self,
        left: &IndexExpression,
        right: &IndexExpression,
    ) -> Option<IndexExpression> {
        let uniform = |side: &IndexExpression| {
            !side.has_unknown()
                && side
                    .variables()
                    .iter()
                    .all(|variable| variable.is_block() || matches!(variable, Variable::Symbol(_)))
        };
        if !uniform(left) || !uniform(right) {
            return None;
        }
        // Named the same whichever way round it is written (`bx * n`, `n * bx`).
        let factor = |side: &IndexExpression| {
            analysis::delinearize::describe_expression(side).map(|text| {
                if text.contains(' ') {
                    format!("({text})")
                } else {
                    text
                }
            })
        };
        let mut factors = [(factor(left)?, left), (factor(right)?, right)];
        factors.sort_by(|a, b| a.0.cmp(&b.0));
        let name = format!("{}*{}", factors[0].0, factors[1].0);
        self.kernel
            .block_products
            .borrow_mut()
            .entry(name.clone())
            .or_insert_with(|| [factors[0].1.clone(), factors[1].1.clone()]);
        Some(symbol(&name))
    }

    /// Whether `expression` is non-negative for every thread, block and
    /// iteration (ids are; loops from a non-negative start with a positive
    /// step are; sums, products by non-negative constants, divisions,
    /// remainders and XORs of such values are). Then signed division and
    /// remainder equal floor division and modulo, as MLIR's own GPU lowerings
    /// assume when they use `arith.divsi` on lane ids.
    fn non_negative(&self, expression: &IndexExpression) -> bool {
        match expression {
            IndexExpression::Constant(value) => *value >= 0,
            IndexExpression::Variable(Variable::Loop(LoopId(position))) => {
                self.loops.get(*position).is_some_and(|enclosing| {
                    let range = enclosing.range;
                    range.lower.is_some_and(|lower| lower >= 0)
                        && range.step.is_some_and(|step| step > 0)
                })
            }
            // Sizes are (`dim(arg0, 1)`, `grid_dim.x`, `block_dim.y`), and a block's product of
            // non-negative values ([`Kernel::block_products`]); other symbols may not be.
            IndexExpression::Variable(Variable::Symbol(name)) => {
                let factors = self.kernel.block_products.borrow().get(name).cloned();
                ["dim(", "grid_dim.", "block_dim."]
                    .iter()
                    .any(|size| name.starts_with(size))
                    || factors.is_some_and(|factors| {
                        factors.iter().all(|factor| self.non_negative(factor))
                    })
            }
            IndexExpression::Unknown(_) => false,
            IndexExpression::Variable(_) => true,
            IndexExpression::Multiply(inner, factor) => *factor >= 0 && self.non_negative(inner),
            IndexExpression::FloorDivide(inner, _) | IndexExpression::Modulo(inner, _) => {
                self.non_negative(inner)
            }
            IndexExpression::Add(left, right)
            | IndexExpression::Xor(left, right)
            | IndexExpression::Minimum(left, right) => {
                self.non_negative(left) && self.non_negative(right)
            }
            IndexExpression::Maximum(left, right) => {
                self.non_negative(left) || self.non_negative(right)
            }
            IndexExpression::ShiftRight(left, _) | IndexExpression::ShiftLeft(left, _) => {
                self.non_negative(left)
            }
        }
    }

    /// `c ? a : b` as a minimum or maximum where `c` compares the two values it picks from
    /// (`N < lo ? lo : N` is `max(lo, N)`, `S > hi ? hi : S` is `min(hi, S)`; Rodinia hotspot's
    /// clamps): `c` is `arith.cmpi` of `l` and `r` (signed, or unsigned of non-negative values),
    /// and `b − a` or `a − b` equals `l − r`.
    fn clamp(&self, select: MlirOperation, depth: usize) -> Option<IndexExpression> {
        let operand = |owner: MlirOperation, index: isize| {
            self.expression(unsafe { mlirOperationGetOperand(owner, index) }, depth + 1)
        };
        let condition = ir::defining_operation(unsafe { mlirOperationGetOperand(select, 0) })
            .filter(|&condition| ir::is_named(condition, "arith.cmpi"))?;
        let predicate = ir::attribute(condition, "predicate").and_then(ir::integer)?;
        let (left, right) = (operand(condition, 0), operand(condition, 1));
        let unsigned = (6..=9).contains(&predicate);
        if unsigned && !(self.non_negative(&left) && self.non_negative(&right)) {
            return None;
        }
        // Whether the select picks `a` where `l − r` is positive (or where it is negative).
        let greater = match enclosing::relation(predicate)? {
            Relation::Greater | Relation::GreaterEqual => true,
            Relation::Less | Relation::LessEqual => false,
            Relation::Equal => {
                return self.edge(operand(select, 1), operand(select, 2), left - right)
            }
            Relation::NotEqual => {
                return self.edge(operand(select, 2), operand(select, 1), left - right)
            }
        };
        let (picked, other) = (operand(select, 1), operand(select, 2));
        let difference = left - right;
        let equal = |x: IndexExpression, y: &IndexExpression| equal_values(&x, y);
        if equal(other.clone() - picked.clone(), &difference) {
            // `other > picked` picks `picked`: the smaller; `other < picked`: the larger.
            return Some(match greater {
                true => picked.minimum(other),
                false => picked.maximum(other),
            });
        }
        equal(picked.clone() - other.clone(), &difference).then(|| match greater {
            true => picked.maximum(other),
            false => picked.minimum(other),
        })
    }

    /// `x == e ? a : b` where the ids and loop ranges keep `x` on one side of `e` and `a − b`
    /// is a constant `d ≠ 0`: a stencil's edge case (HotSpot3D's `W = (i == 0) ? c : c - 1`),
    /// which is `max(b, a − d·|x − e|)` for `d > 0` and the `min` for `d < 0`: `a` at the edge,
    /// `b` a step in and beyond. `gap` is `x − e`.
    fn edge(
        &self,
        at_edge: IndexExpression,
        elsewhere: IndexExpression,
        gap: IndexExpression,
    ) -> Option<IndexExpression> {
        let loops = self.loop_ranges();
        let distance = match analysis::delinearize::bounds(&gap, &|variable| {
            self.kernel.range(&loops, variable)
        }) {
            (Some(least), _) if least >= 0 => gap,
            (_, Some(greatest)) if greatest <= 0 => IndexExpression::Multiply(Box::new(gap), -1),
            _ => return None,
        };
        let step = constant_difference(&at_edge, &elsewhere).filter(|&step| step != 0)?;
        let inside = add(
            at_edge,
            IndexExpression::Multiply(Box::new(distance), step.checked_neg()?),
        );
        Some(match step > 0 {
            true => elsewhere.maximum(inside),
            false => elsewhere.minimum(inside),
        })
    }

    /// `gpu.grid_dim` in `dimension`: a constant where every launch gives the same one.
    fn grid_dimension(&self, dimension: usize) -> IndexExpression {
        match self.kernel.grid_size(dimension) {
            Some(size) => IndexExpression::Constant(size),
            None => symbol(&format!("grid_dim.{}", ["x", "y", "z"][dimension])),
        }
    }

    /// Whether every launch's grid is one block wide in `dimension` ([`Kernel::grid`]).
    fn single_block(&self, dimension: usize) -> bool {
        let divisor = self.kernel.grid_divisors[dimension].max(1);
        self.kernel
            .grid()
            .is_some_and(|grid| grid[dimension] / divisor == 1)
    }

    /// `gpu.block_dim` in `dimension`: a constant when the block is known.
    fn block_dimension(&self, dimension: usize) -> IndexExpression {
        match self.kernel.block.sizes() {
            Some(sizes) => IndexExpression::Constant(i64::from(sizes[dimension])),
            None => symbol(&format!("block_dim.{}", ["x", "y", "z"][dimension])),
        }
    }

    /// The expression of one affine map result over `operands` (dims, then symbols).
    fn affine(
        &self,
        expression: MlirAffineExpr,
        map: MlirAffineMap,
        operands: &[MlirValue],
        depth: usize,
    ) -> IndexExpression {
        unsafe {
            if mlirAffineExprIsAConstant(expression) {
                return IndexExpression::Constant(mlirAffineConstantExprGetValue(expression));
            }
            if mlirAffineExprIsADim(expression) || mlirAffineExprIsASymbol(expression) {
                let position = if mlirAffineExprIsADim(expression) {
                    mlirAffineDimExprGetPosition(expression)
                } else {
                    mlirAffineMapGetNumDims(map) + mlirAffineSymbolExprGetPosition(expression)
                };
                return match operands.get(position as usize) {
                    Some(&value) => self.expression(value, depth + 1),
                    None => IndexExpression::Unknown("affine map operand out of range".into()),
                };
            }
            let left = || {
                self.affine(
                    mlirAffineBinaryOpExprGetLHS(expression),
                    map,
                    operands,
                    depth,
                )
            };
            let right_expression = mlirAffineBinaryOpExprGetRHS(expression);
            let right_constant = mlirAffineExprIsAConstant(right_expression)
                .then(|| mlirAffineConstantExprGetValue(right_expression));
            let right = || self.affine(right_expression, map, operands, depth);
            if mlirAffineExprIsAAdd(expression) {
                return add(left(), right());
            }
            match right_constant {
                Some(factor) if mlirAffineExprIsAMul(expression) => {
                    IndexExpression::Multiply(Box::new(left()), factor)
                }
                Some(divisor) if divisor > 0 && mlirAffineExprIsAFloorDiv(expression) => {
                    IndexExpression::FloorDivide(Box::new(left()), divisor)
                }
                Some(divisor) if divisor > 0 && mlirAffineExprIsACeilDiv(expression) => {
                    IndexExpression::FloorDivide(
                        Box::new(add(left(), IndexExpression::Constant(divisor - 1))),
                        divisor,
                    )
                }
                Some(modulus) if modulus > 0 && mlirAffineExprIsAMod(expression) => {
                    IndexExpression::Modulo(Box::new(left()), modulus)
                }
                _ => IndexExpression::Unknown(
                    "an affine expression with a non-constant right-hand side".into(),
                ),
            }
        }
    }
}

/// `left + right`.
/// `expression · factor`, the factor moved inside a left shift (`c · (a << k)` is
/// `(c · a) << k`, so a shift of a constant stays recognizable).
fn times(expression: IndexExpression, factor: i64) -> IndexExpression {
    match expression {
        IndexExpression::ShiftLeft(shifted, amount) => {
            IndexExpression::ShiftLeft(Box::new(times(*shifted, factor)), amount)
        }
        other => IndexExpression::Multiply(Box::new(other), factor),
    }
}

/// `(c, k)` when `expression` is `c << k`, `c` a constant.
fn shift_of_constant(expression: &IndexExpression) -> Option<(i64, IndexExpression)> {
    let IndexExpression::ShiftLeft(shifted, amount) = expression else {
        return None;
    };
    Some((shifted.evaluate(&|_| None).ok()?, (**amount).clone()))
}

fn add(left: IndexExpression, right: IndexExpression) -> IndexExpression {
    IndexExpression::Add(Box::new(left), Box::new(right))
}

/// A launch-wide unknown value.
fn symbol(name: &str) -> IndexExpression {
    IndexExpression::Variable(Variable::Symbol(name.into()))
}

/// The dynamic size operand a `memref.dim` reads from a `memref.reinterpret_cast` (a rows
/// view's `ceildiv(n, W)` rows), if its dimension is a constant and dynamic there.
fn reinterpreted_size(dim: MlirOperation) -> Option<MlirValue> {
    let view = ir::defining_operation(unsafe { mlirOperationGetOperand(dim, 0) })?;
    if !ir::is_named(view, "memref.reinterpret_cast") {
        return None;
    }
    let dimension = usize::try_from(ir::constant_integer(unsafe {
        mlirOperationGetOperand(dim, 1)
    })?)
    .ok()?;
    let static_part = |name: &str| ir::attribute(view, name).and_then(ir::dense_i64_array);
    let (offsets, sizes) = (static_part("static_offsets")?, static_part("static_sizes")?);
    let dynamic_size = |size: &&i64| unsafe { mlirShapedTypeIsDynamicSize(**size) };
    if !dynamic_size(&sizes.get(dimension)?) {
        return None;
    }
    // Operands: the source, the dynamic offsets, then the dynamic sizes.
    let dynamic_offsets = offsets
        .iter()
        .filter(|&&offset| unsafe { mlirShapedTypeIsDynamicStrideOrOffset(offset) })
        .count();
    let position = 1 + dynamic_offsets + sizes[..dimension].iter().filter(dynamic_size).count();
    Some(unsafe { mlirOperationGetOperand(view, position as isize) })
}

/// An index the model does not follow, with the op, its location and why.
fn not_modelled(owner: MlirOperation, why: &str) -> IndexExpression {
    IndexExpression::Unknown(format!(
        "{} at {}: {why}",
        ir::operation_name(owner),
        location(owner)
    ))
}

/// The `dimension` attribute of a `gpu.thread_id`-like op: 0, 1 or 2. The C API has no
/// accessor for `#gpu<dim x>`; attributes are uniqued per context, so the attribute is
/// compared with the three parsed once per context (printing it each time, as before, built
/// an `AsmState` per id op: a fifth of the pass's time on 1,000 naive transposes).
pub(crate) fn dimension(operation: MlirOperation) -> usize {
    thread_local! {
        /// The context last seen and its `#gpu<dim x>`, `#gpu<dim y>`, `#gpu<dim z>`.
        static PARSED: std::cell::Cell<(usize, [usize; 3])> = const { std::cell::Cell::new((0, [0; 3])) };
    }
    let Some(attribute) = ir::attribute(operation, "dimension") else {
        return 0;
    };
    let context = unsafe { mlirOperationGetContext(operation) };
    let (seen, mut dimensions) = PARSED.get();
    if seen != context.ptr as usize {
        for (slot, axis) in dimensions.iter_mut().zip(["x", "y", "z"]) {
            let text = format!("#gpu<dim {axis}>");
            *slot =
                unsafe { mlirAttributeParseGet(context, ir::string_ref_of(&text)) }.ptr as usize;
        }
        PARSED.set((context.ptr as usize, dimensions));
    }
    dimensions
        .iter()
        .position(|&parsed| parsed == attribute.ptr as usize)
        .unwrap_or_else(|| {
            // A dimension written some other way: read its text.
            let text = ir::attribute_text(attribute);
            usize::from(text.contains('y')) + 2 * usize::from(text.contains('z'))
        })
}

/// `file:line:col` of an operation.
fn location(operation: MlirOperation) -> String {
    ir::location_text(unsafe { mlirOperationGetLocation(operation) })
}

/// Whether `x` and `y` have the same value for every value of their variables, as far as their
/// linear forms show: the same coefficients and constant, equal quasi-affine parts (a clamp's
/// bound that is itself a clamp) counted together.
fn equal_values(x: &IndexExpression, y: &IndexExpression) -> bool {
    constant_difference(x, y) == Some(0)
}

/// `x − y` where it is a constant (the same variables and parts cancel).
fn constant_difference(x: &IndexExpression, y: &IndexExpression) -> Option<i64> {
    let difference = x.clone() - y.clone();
    let form = difference.linear().ok()?;
    let mut parts: Vec<(&IndexExpression, i64)> = Vec::new();
    for (part, coefficient) in form.quasi_affine {
        match parts.iter_mut().find(|(seen, _)| *seen == part) {
            Some((_, total)) => *total += coefficient,
            None => parts.push((part, coefficient)),
        }
    }
    (form.variables.is_empty() && parts.iter().all(|(_, total)| *total == 0))
        .then_some(form.constant)
}

//! Index expressions: the per-dimension subscripts of an access (design.md "access model").
//!
//! An index is a small tree over [`Variable`]s: thread ids `tid.x/y/z`, block ids
//! `bid.x/y/z`, the induction variables of the enclosing loops and symbols (kernel arguments,
//! `gpu.block_dim`, …). The pass builds it from `affine.apply`, `arith.addi/subi/muli` by
//! constants, `index_cast` and loop bounds. Besides the affine forms
//! `Σ c·v + o` (Jang's `m = M·i + o`, seed-000 §1.1) the tree keeps the quasi-affine parts
//! that MLIR's affine maps allow, floor division and modulo by positive constants, and the
//! bitwise XOR of two subscripts that shared-memory swizzles use (`arith.xori`): they are
//! evaluated per lane, never dropped. A data-dependent index (`A[idx[i]]`) is
//! [`IndexExpression::Unknown`] with the reason, never guessed.
//!
//! Notation: `⌊e / d⌋` is floor division and `e mod d` the non-negative remainder, as in
//! `affine` maps (`floordiv`, `mod`); both need `d > 0`, otherwise the expression is unknown.
//!
//! [`IndexExpression::linear`] flattens a tree into `Σ c·v + Σ c·q + o`, where each `q` is a
//! floor-division, modulo or XOR subtree left for per-lane evaluation. Arithmetic is checked: an
//! overflow makes the value unknown rather than wrong.
//!
//! Cost: linear in the size of the tree for both evaluation and flattening.

use num_integer::Integer;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

use serde::{Serialize, Serializer};

/// Why a value cannot be known statically.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct Unknown {
    /// Human-readable reason, suitable for a remark.
    pub reason: String,
    /// What kind of unknown it is, for the callers that act on one kind (issue 15: reasons
    /// as data, not prose to match).
    pub cause: Cause,
}

/// The kinds of [`Unknown`] a caller acts on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cause {
    /// Anything else.
    #[default]
    Other,
    /// A lane-uniform guard or trip count over an unknown value keeps or drops whole
    /// requests: which requests run is unknown, but each request's own metrics are known.
    WhichRequestsRun,
}

impl Unknown {
    /// An unknown with `reason`.
    pub fn new(reason: impl Into<String>) -> Unknown {
        Unknown {
            reason: reason.into(),
            cause: Cause::Other,
        }
    }

    /// An unknown of `cause`, with `reason`.
    pub fn of(cause: Cause, reason: impl Into<String>) -> Unknown {
        Unknown {
            reason: reason.into(),
            cause,
        }
    }
}

/// Position of a loop in the access's enclosing loops, outermost first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LoopId(pub usize);

/// A variable an index may depend on; the order is the canonical column order of matrices.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variable {
    /// `threadIdx.x`.
    ThreadX,
    /// `threadIdx.y`.
    ThreadY,
    /// `threadIdx.z`.
    ThreadZ,
    /// `blockIdx.x`.
    BlockX,
    /// `blockIdx.y`.
    BlockY,
    /// `blockIdx.z`.
    BlockZ,
    /// Induction variable of an enclosing loop.
    Loop(LoopId),
    /// A value fixed for the whole launch but unknown here (kernel argument, dynamic size), or
    /// for a block (a product of block ids and arguments, named by it).
    Symbol(String),
}

impl Variable {
    /// Whether the variable is a thread id, the only kind that differs between lanes.
    pub fn is_thread(&self) -> bool {
        matches!(
            self,
            Variable::ThreadX | Variable::ThreadY | Variable::ThreadZ
        )
    }

    /// Whether the variable is a block id, the same for every thread of a block.
    pub fn is_block(&self) -> bool {
        matches!(self, Variable::BlockX | Variable::BlockY | Variable::BlockZ)
    }
}

impl fmt::Display for Variable {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Variable::ThreadX => formatter.write_str("tid.x"),
            Variable::ThreadY => formatter.write_str("tid.y"),
            Variable::ThreadZ => formatter.write_str("tid.z"),
            Variable::BlockX => formatter.write_str("bid.x"),
            Variable::BlockY => formatter.write_str("bid.y"),
            Variable::BlockZ => formatter.write_str("bid.z"),
            Variable::Loop(LoopId(depth)) => write!(formatter, "loop{depth}"),
            Variable::Symbol(name) => formatter.write_str(name),
        }
    }
}

impl Serialize for Variable {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// An enclosing `scf.for`/`affine.for`: `for iv = lower; iv < upper; iv += step`, each bound constant or unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Loop {
    /// First value, if constant.
    pub lower: Option<i64>,
    /// Exclusive upper bound, if constant.
    pub upper: Option<i64>,
    /// Positive increment, if constant.
    pub step: Option<i64>,
}

impl Loop {
    /// A loop with constant bounds.
    pub fn constant(lower: i64, upper: i64, step: i64) -> Loop {
        Loop {
            lower: Some(lower),
            upper: Some(upper),
            step: Some(step),
        }
    }

    /// Number of iterations, when the bounds are constant and the step positive.
    pub fn trip_count(&self) -> Option<u64> {
        let (lower, upper, step) = (self.lower?, self.upper?, self.step?);
        if step <= 0 {
            return None;
        }
        let span = i128::from(upper) - i128::from(lower);
        u64::try_from((span.max(0) + i128::from(step) - 1) / i128::from(step)).ok()
    }

    /// Value of the induction variable in iteration `iteration` (lower + iteration·step).
    pub fn value(&self, iteration: u64) -> Option<i64> {
        let iteration = i64::try_from(iteration).ok()?;
        self.lower?.checked_add(iteration.checked_mul(self.step?)?)
    }
}

/// One subscript: constants, variables, sums, products, floor divisions and remainders by
/// constants, XORs, shifts, minima and maxima.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IndexExpression {
    /// An integer constant.
    Constant(i64),
    /// A variable.
    Variable(Variable),
    /// The sum of two expressions.
    Add(Box<IndexExpression>, Box<IndexExpression>),
    /// An expression times a constant.
    Multiply(Box<IndexExpression>, i64),
    /// Floor division by a positive constant.
    FloorDivide(Box<IndexExpression>, i64),
    /// Non-negative remainder by a positive constant.
    Modulo(Box<IndexExpression>, i64),
    /// Bitwise exclusive or of two expressions (two's complement), as `arith.xori` on `index`.
    Xor(Box<IndexExpression>, Box<IndexExpression>),
    /// A non-negative expression shifted right by another (`arith.shrui` by a non-constant
    /// amount, e.g. a tree reduction's `128 >> level`): `⌊left / 2^right⌋`, unknown when
    /// `left` is negative or `right` is outside `0..64`.
    ShiftRight(Box<IndexExpression>, Box<IndexExpression>),
    /// An expression shifted left by another (`arith.shli` by a non-constant amount, e.g. a
    /// tree reduction's stride `1 << level`): `left · 2^right`, unknown when `right` is outside
    /// `0..64` or the product overflows.
    ShiftLeft(Box<IndexExpression>, Box<IndexExpression>),
    /// The smaller of two expressions (`arith.minsi`, or a clamp written with `arith.select`:
    /// `S > hi ? hi : S`).
    Minimum(Box<IndexExpression>, Box<IndexExpression>),
    /// The larger of two expressions (`arith.maxsi`, or `N < lo ? lo : N`).
    Maximum(Box<IndexExpression>, Box<IndexExpression>),
    /// A value the analysis cannot model (data-dependent, non-affine), with the reason.
    Unknown(String),
}

/// One instruction of a [`Compiled`] expression, on a stack of values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Push a constant.
    Constant(i64),
    /// Push a variable's value from its slot.
    Slot(usize),
    /// Pop two, push their sum.
    Add,
    /// Pop one, push it times the constant.
    Multiply(i64),
    /// Pop one, push its floor division by the constant.
    FloorDivide(i64),
    /// Pop one, push its non-negative remainder by the constant.
    Modulo(i64),
    /// Pop one, push its floor division by `2^k` (an arithmetic shift: floor for negatives).
    ShiftDown(u32),
    /// Pop one, push it AND the mask `2^k − 1` (the non-negative remainder by `2^k`).
    Mask(i64),
    /// Pop two, push their bitwise exclusive or.
    Xor,
    /// Pop two, push the first shifted right by the second.
    ShiftRight,
    /// Pop two, push the first times two to the second.
    ShiftLeft,
    /// Pop two, push the smaller.
    Minimum,
    /// Pop two, push the larger.
    Maximum,
}

/// `value · 2^amount`, `None` for a negative amount or an overflow.
fn shifted_left(value: i64, amount: i64) -> Option<i64> {
    let factor = 1i64.checked_shl(u32::try_from(amount).ok().filter(|&bits| bits < 63)?)?;
    value.checked_mul(factor)
}

/// `k` where `value = 2^k` (and positive).
fn power_of_two(value: i64) -> Option<u32> {
    (value > 0 && value.count_ones() == 1).then(|| value.trailing_zeros())
}

/// Deepest stack a [`Compiled`] expression evaluates on without allocating.
const COMPILED_STACK: usize = 16;

/// An [`IndexExpression`] as a flat program over variable slots ([`IndexExpression::compile`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compiled {
    steps: Vec<Step>,
}

impl Compiled {
    /// The value with the variables' values in `slots`; `None` wherever
    /// [`IndexExpression::evaluate`] would be unknown (overflow, a non-positive divisor, a
    /// negative shift) or the stack runs deeper than `COMPILED_STACK`: evaluate the
    /// expression itself there for the reason.
    pub fn evaluate(&self, slots: &[i64]) -> Option<i64> {
        let mut stack = [0i64; COMPILED_STACK];
        let mut depth = 0usize;
        for step in &self.steps {
            let top = match *step {
                Step::Constant(constant) => constant,
                Step::Slot(slot) => *slots.get(slot)?,
                Step::Multiply(factor) => stack[depth.checked_sub(1)?].checked_mul(factor)?,
                Step::FloorDivide(divisor) if divisor > 0 => {
                    stack[depth.checked_sub(1)?].div_euclid(divisor)
                }
                Step::Modulo(modulus) if modulus > 0 => {
                    stack[depth.checked_sub(1)?].rem_euclid(modulus)
                }
                Step::FloorDivide(_) | Step::Modulo(_) => return None,
                Step::ShiftDown(bits) => stack[depth.checked_sub(1)?] >> bits,
                Step::Mask(mask) => stack[depth.checked_sub(1)?] & mask,
                Step::Add
                | Step::Xor
                | Step::ShiftRight
                | Step::ShiftLeft
                | Step::Minimum
                | Step::Maximum => {
                    let (left, right) = (stack[depth.checked_sub(2)?], stack[depth - 1]);
                    depth -= 1;
                    match *step {
                        Step::Add => left.checked_add(right)?,
                        Step::Xor => left ^ right,
                        Step::Minimum => left.min(right),
                        Step::Maximum => left.max(right),
                        Step::ShiftLeft => shifted_left(left, right)?,
                        _ if left >= 0 && (0..=63).contains(&right) => left >> right,
                        _ => return None,
                    }
                }
            };
            match step {
                Step::Constant(_) | Step::Slot(_) => {
                    *stack.get_mut(depth)? = top;
                    depth += 1;
                }
                _ => stack[depth - 1] = top,
            }
        }
        (depth == 1).then_some(stack[0])
    }
}

/// `Σ c·v + Σ c·q + constant`: a flattened index with its quasi-affine subterms `q` kept whole.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LinearForm<'a> {
    /// Non-zero coefficient of each variable outside floor divisions and remainders.
    pub variables: BTreeMap<Variable, i64>,
    /// Floor-division, remainder and XOR subterms with their non-zero coefficients.
    pub quasi_affine: Vec<(&'a IndexExpression, i64)>,
    /// The constant part.
    pub constant: i64,
}

impl IndexExpression {
    /// `self` divided by `divisor`, rounding down.
    pub fn floor_divide(self, divisor: i64) -> IndexExpression {
        IndexExpression::FloorDivide(Box::new(self), divisor)
    }

    /// `self mod modulus`, non-negative.
    pub fn modulo(self, modulus: i64) -> IndexExpression {
        IndexExpression::Modulo(Box::new(self), modulus)
    }

    /// The smaller of `self` and `other`.
    pub fn minimum(self, other: impl Into<IndexExpression>) -> IndexExpression {
        IndexExpression::Minimum(Box::new(self), Box::new(other.into()))
    }

    /// The larger of `self` and `other`.
    pub fn maximum(self, other: impl Into<IndexExpression>) -> IndexExpression {
        IndexExpression::Maximum(Box::new(self), Box::new(other.into()))
    }

    /// `self XOR other`, bitwise.
    pub fn xor(self, other: impl Into<IndexExpression>) -> IndexExpression {
        IndexExpression::Xor(Box::new(self), Box::new(other.into()))
    }

    /// The expression as a flat program over variable slots (`slot` numbers the variables it
    /// may read), for evaluating it many times; `None` when it reads another variable or has
    /// an unknown part. [`Compiled::evaluate`] agrees with [`IndexExpression::evaluate`].
    pub fn compile(&self, slot: &dyn Fn(&Variable) -> Option<usize>) -> Option<Compiled> {
        let mut steps = Vec::new();
        self.compile_into(slot, &mut steps)?;
        Some(Compiled { steps })
    }

    fn compile_into(
        &self,
        slot: &dyn Fn(&Variable) -> Option<usize>,
        steps: &mut Vec<Step>,
    ) -> Option<()> {
        match self {
            IndexExpression::Constant(constant) => steps.push(Step::Constant(*constant)),
            IndexExpression::Variable(variable) => steps.push(Step::Slot(slot(variable)?)),
            IndexExpression::Add(left, right)
            | IndexExpression::Xor(left, right)
            | IndexExpression::ShiftRight(left, right)
            | IndexExpression::ShiftLeft(left, right)
            | IndexExpression::Minimum(left, right)
            | IndexExpression::Maximum(left, right) => {
                left.compile_into(slot, steps)?;
                right.compile_into(slot, steps)?;
                steps.push(match self {
                    IndexExpression::Add(..) => Step::Add,
                    IndexExpression::Xor(..) => Step::Xor,
                    IndexExpression::ShiftLeft(..) => Step::ShiftLeft,
                    IndexExpression::Minimum(..) => Step::Minimum,
                    IndexExpression::Maximum(..) => Step::Maximum,
                    _ => Step::ShiftRight,
                });
            }
            IndexExpression::Multiply(inner, factor) => {
                inner.compile_into(slot, steps)?;
                steps.push(Step::Multiply(*factor));
            }
            IndexExpression::FloorDivide(inner, divisor) => {
                inner.compile_into(slot, steps)?;
                // Powers of two (every swizzle's) by shifts: a division costs tens of cycles.
                steps.push(match power_of_two(*divisor) {
                    Some(bits) => Step::ShiftDown(bits),
                    None => Step::FloorDivide(*divisor),
                });
            }
            IndexExpression::Modulo(inner, modulus) => {
                inner.compile_into(slot, steps)?;
                steps.push(match power_of_two(*modulus) {
                    Some(_) => Step::Mask(*modulus - 1),
                    None => Step::Modulo(*modulus),
                });
            }
            IndexExpression::Unknown(_) => return None,
        }
        Some(())
    }

    /// The value for the variable values `value` gives (`None` = unknown variable).
    pub fn evaluate(&self, value: &dyn Fn(&Variable) -> Option<i64>) -> Result<i64, Unknown> {
        match self {
            IndexExpression::Constant(constant) => Ok(*constant),
            IndexExpression::Variable(variable) => value(variable)
                .ok_or_else(|| Unknown::new(format!("value of {variable} is unknown"))),
            IndexExpression::Add(left, right) => {
                checked(left.evaluate(value)?.checked_add(right.evaluate(value)?))
            }
            IndexExpression::Multiply(inner, factor) => {
                checked(inner.evaluate(value)?.checked_mul(*factor))
            }
            IndexExpression::FloorDivide(inner, divisor) => {
                let divisor = positive(*divisor)?;
                Ok(inner.evaluate(value)?.div_euclid(divisor))
            }
            IndexExpression::Modulo(inner, modulus) => {
                let modulus = positive(*modulus)?;
                Ok(inner.evaluate(value)?.rem_euclid(modulus))
            }
            IndexExpression::Xor(left, right) => Ok(left.evaluate(value)? ^ right.evaluate(value)?),
            IndexExpression::Minimum(left, right) => {
                Ok(left.evaluate(value)?.min(right.evaluate(value)?))
            }
            IndexExpression::Maximum(left, right) => {
                Ok(left.evaluate(value)?.max(right.evaluate(value)?))
            }
            IndexExpression::ShiftRight(left, right) => {
                match (left.evaluate(value)?, right.evaluate(value)?) {
                    (shifted @ 0.., amount @ 0..=63) => Ok(shifted >> amount),
                    (shifted, amount) => Err(Unknown::new(format!(
                        "{shifted} >> {amount}: a shift of a negative value or by 64 bits or more"
                    ))),
                }
            }
            IndexExpression::ShiftLeft(left, right) => {
                let (shifted, amount) = (left.evaluate(value)?, right.evaluate(value)?);
                shifted_left(shifted, amount).ok_or_else(|| {
                    Unknown::new(format!(
                        "{shifted} << {amount}: a shift by a negative amount or one that overflows"
                    ))
                })
            }
            IndexExpression::Unknown(reason) => Err(Unknown::new(reason.clone())),
        }
    }

    /// The operands of a binary form (a sum, an XOR, a shift, a minimum or a maximum).
    pub fn binary(&self) -> Option<(&IndexExpression, &IndexExpression)> {
        match self {
            IndexExpression::Add(left, right)
            | IndexExpression::Xor(left, right)
            | IndexExpression::ShiftRight(left, right)
            | IndexExpression::ShiftLeft(left, right)
            | IndexExpression::Minimum(left, right)
            | IndexExpression::Maximum(left, right) => Some((left, right)),
            _ => None,
        }
    }

    /// Its direct subexpressions: a binary form's two, a product's, division's or remainder's
    /// one, none for a constant, a variable or an unknown.
    pub fn operands(&self) -> Vec<&IndexExpression> {
        match self {
            IndexExpression::Multiply(inner, _)
            | IndexExpression::FloorDivide(inner, _)
            | IndexExpression::Modulo(inner, _) => vec![inner],
            _ => self
                .binary()
                .map_or_else(Vec::new, |(left, right)| vec![left, right]),
        }
    }

    /// The expression with each variable `value` gives a value for replaced by that constant
    /// (a block's ids fixed, to analyse one block of the grid).
    pub fn bind(&self, value: &dyn Fn(&Variable) -> Option<i64>) -> IndexExpression {
        let bound = |inner: &IndexExpression| Box::new(inner.bind(value));
        match self {
            IndexExpression::Variable(variable) => {
                value(variable).map_or_else(|| self.clone(), IndexExpression::Constant)
            }
            IndexExpression::Constant(_) | IndexExpression::Unknown(_) => self.clone(),
            IndexExpression::Multiply(inner, factor) => {
                IndexExpression::Multiply(bound(inner), *factor)
            }
            IndexExpression::FloorDivide(inner, divisor) => {
                IndexExpression::FloorDivide(bound(inner), *divisor)
            }
            IndexExpression::Modulo(inner, modulus) => {
                IndexExpression::Modulo(bound(inner), *modulus)
            }
            IndexExpression::Add(left, right) => IndexExpression::Add(bound(left), bound(right)),
            IndexExpression::Xor(left, right) => IndexExpression::Xor(bound(left), bound(right)),
            IndexExpression::ShiftRight(left, right) => {
                IndexExpression::ShiftRight(bound(left), bound(right))
            }
            IndexExpression::ShiftLeft(left, right) => {
                IndexExpression::ShiftLeft(bound(left), bound(right))
            }
            IndexExpression::Minimum(left, right) => {
                IndexExpression::Minimum(bound(left), bound(right))
            }
            IndexExpression::Maximum(left, right) => {
                IndexExpression::Maximum(bound(left), bound(right))
            }
        }
    }

    /// Whether a part of it is a value the analysis cannot model (two such expressions may be
    /// equal and still name different values).
    pub fn has_unknown(&self) -> bool {
        matches!(self, IndexExpression::Unknown(_))
            || self
                .operands()
                .into_iter()
                .any(IndexExpression::has_unknown)
    }

    /// Every variable the expression mentions, quasi-affine parts included.
    pub fn variables(&self) -> BTreeSet<Variable> {
        let mut found = BTreeSet::new();
        self.collect_variables(&mut found);
        found
    }

    fn collect_variables(&self, found: &mut BTreeSet<Variable>) {
        if let IndexExpression::Variable(variable) = self {
            found.insert(variable.clone());
        }
        for operand in self.operands() {
            operand.collect_variables(found);
        }
    }

    /// `self − other` where the two differ by a constant (`k + 32` and `k`: 32).
    pub fn constant_difference(&self, other: &IndexExpression) -> Option<i64> {
        let difference = self
            .linear()
            .ok()?
            .plus(other.linear().ok()?.times(-1).ok()?)
            .ok()?;
        (difference.variables.is_empty() && difference.is_affine()).then_some(difference.constant)
    }

    /// Flattens into `Σ c·v + Σ c·q + constant`; constant quasi-affine parts are folded.
    pub fn linear(&self) -> Result<LinearForm<'_>, Unknown> {
        match self {
            IndexExpression::Constant(constant) => Ok(LinearForm {
                constant: *constant,
                ..LinearForm::default()
            }),
            IndexExpression::Variable(variable) => Ok(LinearForm {
                variables: BTreeMap::from([(variable.clone(), 1)]),
                ..LinearForm::default()
            }),
            IndexExpression::Add(left, right) => left.linear()?.plus(right.linear()?),
            IndexExpression::Multiply(inner, factor) => inner.linear()?.times(*factor),
            IndexExpression::FloorDivide(_, divisor) | IndexExpression::Modulo(_, divisor) => {
                positive(*divisor)?;
                self.quasi_affine_part()
            }
            IndexExpression::Xor(..)
            | IndexExpression::ShiftRight(..)
            | IndexExpression::ShiftLeft(..)
            | IndexExpression::Minimum(..)
            | IndexExpression::Maximum(..) => self.quasi_affine_part(),
            IndexExpression::Unknown(reason) => Err(Unknown::new(reason.clone())),
        }
    }

    /// What a quasi-affine part is, for messages: `an XOR`, `a right shift`, or `a floor
    /// division or remainder`.
    pub fn quasi_affine_kind(&self) -> &'static str {
        match self {
            IndexExpression::Xor(..) => "an XOR",
            IndexExpression::ShiftRight(..) => "a right shift",
            IndexExpression::ShiftLeft(..) => "a left shift",
            IndexExpression::Minimum(..) => "a minimum",
            IndexExpression::Maximum(..) => "a maximum",
            _ => "a floor division or remainder",
        }
    }

    /// `self` as one quasi-affine term, or its value when it has no variables.
    fn quasi_affine_part(&self) -> Result<LinearForm<'_>, Unknown> {
        if self.variables().is_empty() {
            return Ok(LinearForm {
                constant: self.evaluate(&|_| None)?,
                ..LinearForm::default()
            });
        }
        Ok(LinearForm {
            quasi_affine: vec![(self, 1)],
            ..LinearForm::default()
        })
    }
}

impl<'a> LinearForm<'a> {
    /// Whether there is no quasi-affine part.
    pub fn is_affine(&self) -> bool {
        self.quasi_affine.is_empty()
    }

    /// The largest `c` dividing every value of an affine form (the gcd of its coefficients
    /// and constant; 0 for the zero form), `None` with a quasi-affine part.
    pub fn content(&self) -> Option<i64> {
        self.is_affine().then(|| {
            self.variables
                .values()
                .chain([&self.constant])
                .fold(0i64, |common, value| common.gcd(value))
        })
    }

    /// Coefficient of `variable` outside quasi-affine parts.
    pub fn coefficient(&self, variable: &Variable) -> i64 {
        self.variables.get(variable).copied().unwrap_or(0)
    }

    /// The sum of two forms.
    pub fn plus(mut self, other: LinearForm<'a>) -> Result<LinearForm<'a>, Unknown> {
        for (variable, coefficient) in other.variables {
            let total = checked(self.coefficient(&variable).checked_add(coefficient))?;
            if total == 0 {
                self.variables.remove(&variable);
            } else {
                self.variables.insert(variable, total);
            }
        }
        self.quasi_affine.extend(other.quasi_affine);
        self.constant = checked(self.constant.checked_add(other.constant))?;
        Ok(self)
    }

    /// The form times `factor`.
    pub fn times(mut self, factor: i64) -> Result<LinearForm<'a>, Unknown> {
        if factor == 0 {
            return Ok(LinearForm::default());
        }
        for coefficient in self.variables.values_mut() {
            *coefficient = checked(coefficient.checked_mul(factor))?;
        }
        for (_, coefficient) in &mut self.quasi_affine {
            *coefficient = checked(coefficient.checked_mul(factor))?;
        }
        self.constant = checked(self.constant.checked_mul(factor))?;
        Ok(self)
    }
}

/// The value of a checked operation, unknown on overflow.
pub(crate) fn checked(value: Option<i64>) -> Result<i64, Unknown> {
    value.ok_or_else(|| Unknown::new("index arithmetic overflows 64 bits"))
}

/// `divisor` when positive, unknown otherwise.
fn positive(divisor: i64) -> Result<i64, Unknown> {
    if divisor > 0 {
        Ok(divisor)
    } else {
        Err(Unknown::new(format!(
            "floor division or remainder by non-positive constant {divisor}"
        )))
    }
}

impl From<i64> for IndexExpression {
    fn from(constant: i64) -> IndexExpression {
        IndexExpression::Constant(constant)
    }
}

impl From<Variable> for IndexExpression {
    fn from(variable: Variable) -> IndexExpression {
        IndexExpression::Variable(variable)
    }
}

impl<T: Into<IndexExpression>> Add<T> for IndexExpression {
    type Output = IndexExpression;
    fn add(self, other: T) -> IndexExpression {
        IndexExpression::Add(Box::new(self), Box::new(other.into()))
    }
}

impl<T: Into<IndexExpression>> Sub<T> for IndexExpression {
    type Output = IndexExpression;
    fn sub(self, other: T) -> IndexExpression {
        self + -other.into()
    }
}

impl Mul<i64> for IndexExpression {
    type Output = IndexExpression;
    fn mul(self, factor: i64) -> IndexExpression {
        IndexExpression::Multiply(Box::new(self), factor)
    }
}

impl Neg for IndexExpression {
    type Output = IndexExpression;
    fn neg(self) -> IndexExpression {
        self * -1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn thread_x() -> IndexExpression {
        Variable::ThreadX.into()
    }

    /// Hotspot's clamp `max(12·bid.x − 2 + tid.x, 0)` with the block fixed at 5: a thread-only
    /// expression with the same values, and bid.x gone from its variables.
    #[test]
    fn binding_a_block_id_keeps_the_values() {
        let block = IndexExpression::from(Variable::BlockX);
        let clamped = (block * 12 + thread_x() + (-2)).maximum(IndexExpression::Constant(0));
        let bound = clamped.bind(&|variable| (*variable == Variable::BlockX).then_some(5));
        assert!(!bound.variables().contains(&Variable::BlockX));
        for lane in 0..32 {
            let at = |variable: &Variable| match variable {
                Variable::BlockX => Some(5),
                _ => Some(lane),
            };
            assert_eq!(bound.evaluate(&at).unwrap(), clamped.evaluate(&at).unwrap());
        }
    }

    #[test]
    fn affine_parts_flatten_and_cancel() {
        let symbol = IndexExpression::from(Variable::Symbol("n".into()));
        let index = (thread_x() * 3 + symbol.clone() + 5) * 2 - symbol;
        let form = index.linear().unwrap();
        assert!(form.is_affine());
        assert_eq!(form.coefficient(&Variable::ThreadX), 6);
        assert_eq!(form.coefficient(&Variable::Symbol("n".into())), 1);
        assert_eq!(form.constant, 10);
    }

    #[test]
    fn quasi_affine_parts_are_kept_and_evaluated_per_lane() {
        let index = thread_x().floor_divide(8) * 9 + thread_x().modulo(8);
        let form = index.linear().unwrap();
        assert_eq!(form.quasi_affine.len(), 2);
        let value = index.evaluate(&|variable| (*variable == Variable::ThreadX).then_some(-3));
        assert_eq!(value, Ok(-9 + 5));
    }

    #[test]
    fn xor_is_quasi_affine_and_evaluated_per_lane() {
        let index = thread_x().xor(thread_x().floor_divide(4).modulo(8) * 2) + 1;
        let form = index.linear().unwrap();
        assert_eq!(form.quasi_affine.len(), 1);
        assert_eq!(form.constant, 1);
        let value = index.evaluate(&|_| Some(13));
        assert_eq!(value, Ok((13 ^ 6) + 1));
        assert_eq!(
            IndexExpression::from(5).xor(3).linear().unwrap().constant,
            6
        );
        assert_eq!(index.variables().len(), 1);
    }

    #[test]
    fn a_right_shift_by_a_variable_is_quasi_affine_and_exact() {
        let level = IndexExpression::from(Variable::Loop(LoopId(0)));
        let half = IndexExpression::ShiftRight(Box::new(128.into()), Box::new(level));
        let index = thread_x() + half.clone();
        let form = index.linear().unwrap();
        assert_eq!(form.quasi_affine.len(), 1);
        assert_eq!(form.quasi_affine[0].0.quasi_affine_kind(), "a right shift");
        for level in 0..8 {
            let value = |variable: &Variable| match variable {
                Variable::Loop(_) => Some(level),
                _ => Some(3),
            };
            assert_eq!(index.evaluate(&value), Ok(3 + (128 >> level)));
        }
        let too_far = |_: &Variable| Some(64);
        assert!(half.evaluate(&too_far).is_err());
        let negative = IndexExpression::ShiftRight(Box::new((-8).into()), Box::new(1.into()));
        assert!(negative.evaluate(&|_| None).is_err());
        assert_eq!(index.variables().len(), 2);
    }

    /// A reduction's stride `2 * (1 << level) * tid` is `(2 * tid) << level`: exact per lane,
    /// unknown for a negative amount or an overflow, never wrapped.
    #[test]
    fn a_left_shift_by_a_variable_is_quasi_affine_and_checked() {
        let level = IndexExpression::from(Variable::Loop(LoopId(0)));
        let index = IndexExpression::ShiftLeft(Box::new(thread_x() * 2), Box::new(level));
        let form = index.linear().unwrap();
        assert_eq!(form.quasi_affine[0].0.quasi_affine_kind(), "a left shift");
        let at = |tid: i64, level: i64| {
            index.evaluate(&move |variable: &Variable| match variable {
                Variable::Loop(_) => Some(level),
                _ => Some(tid),
            })
        };
        assert_eq!(at(5, 3), Ok(80));
        assert!(at(5, -1).is_err());
        assert!(at(1 << 40, 30).is_err());
    }

    #[test]
    fn the_content_divides_every_value_of_an_affine_form() {
        let grid = IndexExpression::from(Variable::Symbol("grid_dim.x".into()));
        assert_eq!((grid.clone() * 256).linear().unwrap().content(), Some(256));
        assert_eq!(
            (grid.clone() * 96 + 64).linear().unwrap().content(),
            Some(32)
        );
        assert_eq!(
            IndexExpression::from(48).linear().unwrap().content(),
            Some(48)
        );
        assert_eq!(thread_x().modulo(8).linear().unwrap().content(), None);
    }

    #[test]
    fn constant_quasi_affine_parts_fold() {
        let index = IndexExpression::from(17).modulo(5) + thread_x();
        assert!(index.linear().unwrap().is_affine());
        assert_eq!(index.linear().unwrap().constant, 2);
    }

    #[test]
    fn unknowns_and_bad_divisors_carry_reasons() {
        let data_dependent = IndexExpression::Unknown("loaded from idx".into());
        assert_eq!(
            data_dependent.linear().unwrap_err().reason,
            "loaded from idx"
        );
        assert!(thread_x().floor_divide(0).linear().is_err());
        assert!(IndexExpression::from(i64::MAX).evaluate(&|_| None).is_ok());
        assert!((IndexExpression::from(i64::MAX) + 1)
            .evaluate(&|_| None)
            .is_err());
    }

    #[test]
    fn loop_trip_counts_round_up_and_clamp_at_zero() {
        assert_eq!(Loop::constant(0, 32, 8).trip_count(), Some(4));
        assert_eq!(Loop::constant(0, 33, 8).trip_count(), Some(5));
        assert_eq!(Loop::constant(5, 0, 1).trip_count(), Some(0));
        assert_eq!(Loop::constant(0, 4, 0).trip_count(), None);
        assert_eq!(Loop::constant(3, 10, 2).value(2), Some(7));
    }
}

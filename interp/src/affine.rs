//! Affine maps and integer sets as small expression trees, evaluated on 64-bit integers.
//!
//! Model. An [`AffineExpr`] is MLIR's affine expression: dimensions `d_i`, symbols `s_j`,
//! constants, `+`, `*`, `mod`, `floordiv` and `ceildiv`. An [`AffineMap`]
//! `(d_0..d_{n-1})[s_0..s_{m-1}] -> (e_0, ...)` takes its operands dimensions first, then
//! symbols, as every affine op does. An [`IntegerSet`] is a conjunction of `e >= 0` and
//! `e == 0` constraints over the same operand convention.
//!
//! Notation. `mod` is the non-negative remainder for a positive divisor, `floordiv` and
//! `ceildiv` round toward minus and plus infinity: MLIR's definitions. Arithmetic wraps on
//! overflow as `index` arithmetic does.
//!
//! Assumptions. A zero divisor is an error (the caller names the op and thread).
//!
//! Cost. Evaluation walks the tree once: linear in the expression's size.

use std::ops::{Add, Mul};

/// An affine expression over dimensions and symbols.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AffineExpr {
    /// Dimension `d_i`.
    Dimension(usize),
    /// Symbol `s_j`.
    Symbol(usize),
    /// An integer constant.
    Constant(i64),
    /// Sum.
    Add(Box<AffineExpr>, Box<AffineExpr>),
    /// Product.
    Mul(Box<AffineExpr>, Box<AffineExpr>),
    /// Non-negative remainder.
    Mod(Box<AffineExpr>, Box<AffineExpr>),
    /// Division rounding toward minus infinity.
    FloorDiv(Box<AffineExpr>, Box<AffineExpr>),
    /// Division rounding toward plus infinity.
    CeilDiv(Box<AffineExpr>, Box<AffineExpr>),
}

/// The error of evaluating `x mod 0`, `x floordiv 0` or `x ceildiv 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DivisionByZero;

impl AffineExpr {
    /// `self mod divisor`.
    pub fn modulo(self, divisor: AffineExpr) -> AffineExpr {
        AffineExpr::Mod(Box::new(self), Box::new(divisor))
    }

    /// `self floordiv divisor`.
    pub fn floor_div(self, divisor: AffineExpr) -> AffineExpr {
        AffineExpr::FloorDiv(Box::new(self), Box::new(divisor))
    }

    /// `self ceildiv divisor`.
    pub fn ceil_div(self, divisor: AffineExpr) -> AffineExpr {
        AffineExpr::CeilDiv(Box::new(self), Box::new(divisor))
    }

    /// The value for the given dimension and symbol values.
    pub fn evaluate(&self, dimensions: &[i64], symbols: &[i64]) -> Result<i64, DivisionByZero> {
        let pair = |left: &AffineExpr, right: &AffineExpr| {
            Ok::<_, DivisionByZero>((
                left.evaluate(dimensions, symbols)?,
                right.evaluate(dimensions, symbols)?,
            ))
        };
        let nonzero = |divisor: i64| {
            if divisor == 0 {
                Err(DivisionByZero)
            } else {
                Ok(divisor)
            }
        };
        Ok(match self {
            AffineExpr::Dimension(position) => dimensions[*position],
            AffineExpr::Symbol(position) => symbols[*position],
            AffineExpr::Constant(value) => *value,
            AffineExpr::Add(left, right) => {
                let (a, b) = pair(left, right)?;
                a.wrapping_add(b)
            }
            AffineExpr::Mul(left, right) => {
                let (a, b) = pair(left, right)?;
                a.wrapping_mul(b)
            }
            AffineExpr::Mod(left, right) => {
                let (a, b) = pair(left, right)?;
                a.wrapping_rem_euclid(nonzero(b)?)
            }
            AffineExpr::FloorDiv(left, right) => {
                let (a, b) = pair(left, right)?;
                crate::integer::floor_div(a, nonzero(b)?)
            }
            AffineExpr::CeilDiv(left, right) => {
                let (a, b) = pair(left, right)?;
                crate::integer::ceil_div(a, nonzero(b)?)
            }
        })
    }
}

impl Add for AffineExpr {
    type Output = AffineExpr;
    fn add(self, other: AffineExpr) -> AffineExpr {
        AffineExpr::Add(Box::new(self), Box::new(other))
    }
}

impl Mul for AffineExpr {
    type Output = AffineExpr;
    fn mul(self, other: AffineExpr) -> AffineExpr {
        AffineExpr::Mul(Box::new(self), Box::new(other))
    }
}

/// An affine map `(dimensions)[symbols] -> (results)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffineMap {
    /// Number of dimension operands (they come first).
    pub dimensions: usize,
    /// Number of symbol operands (they follow the dimensions).
    pub symbols: usize,
    /// Result expressions.
    pub results: Vec<AffineExpr>,
}

impl AffineMap {
    /// Number of operands the map consumes.
    pub fn inputs(&self) -> usize {
        self.dimensions + self.symbols
    }

    /// Evaluates every result on `inputs` (dimensions, then symbols) into `out`.
    pub fn evaluate(&self, inputs: &[i64], out: &mut Vec<i64>) -> Result<(), DivisionByZero> {
        let (dimensions, symbols) = inputs.split_at(self.dimensions);
        out.clear();
        for result in &self.results {
            out.push(result.evaluate(dimensions, symbols)?);
        }
        Ok(())
    }
}

/// One constraint of an integer set: `expr == 0` or `expr >= 0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Constraint {
    /// The constrained expression.
    pub expr: AffineExpr,
    /// `true` for `== 0`, `false` for `>= 0`.
    pub equality: bool,
}

/// An integer set: the conjunction of its constraints.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntegerSet {
    /// Number of dimension operands.
    pub dimensions: usize,
    /// Number of symbol operands.
    pub symbols: usize,
    /// Constraints, all of which must hold.
    pub constraints: Vec<Constraint>,
}

impl IntegerSet {
    /// Whether the point given by `inputs` (dimensions, then symbols) lies in the set.
    pub fn contains(&self, inputs: &[i64]) -> Result<bool, DivisionByZero> {
        let (dimensions, symbols) = inputs.split_at(self.dimensions);
        for constraint in &self.constraints {
            let value = constraint.expr.evaluate(dimensions, symbols)?;
            let holds = if constraint.equality {
                value == 0
            } else {
                value >= 0
            };
            if !holds {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

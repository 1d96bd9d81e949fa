//! Accesses, memref layouts and access matrices (design.md "access model"; seed-000 §1.1).
//!
//! An [`Access`] is one memory operation as the pass sees it: its memref layout (shape,
//! strides and offset in elements, element size, memory space), one [`IndexExpression`] per
//! dimension, the vector width, the guard (conditions from enclosing `scf.if`s, a conjunction)
//! and the enclosing loops, outermost first, which [`crate::LoopId`]s index.
//!
//! The byte address of a lane is `base + (offset + Σ_d stride_d·i_d)·element_bytes`, with the
//! buffer base taken as 0. Global buffers from `cudaMalloc` are 256-byte aligned and shared
//! buffers start the block's window, so 0 is exact modulo every period the metrics use;
//! where a buffer really starts elsewhere, the layout's `offset` says so (that is how
//! inter-array padding is expressed).
//!
//! When every index is affine the access has an [`AccessMatrix`] `M·v + o` (Jang's `m = M·i +
//! o`): one row per dimension, one column per variable that occurs, constant offsets. Symbols
//! are columns too, so offsets are plain integers, as in the JSON report.
//!
//! Cost: evaluation and extraction are linear in the size of the index trees.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::expression::{checked, IndexExpression, Loop, LoopId, Unknown, Variable};

/// Memory space of a memref (NVVM address spaces 1, 3, 4 and 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MemorySpace {
    /// Device memory, address space 1.
    Global,
    /// Per-block shared memory, address space 3.
    Shared,
    /// Constant memory, address space 4.
    Constant,
    /// Per-thread local memory, address space 5.
    Local,
}

/// Shape, strides and offset (in elements) of a memref, its element size and memory space.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemrefLayout {
    /// Size of each dimension, `None` when dynamic.
    pub shape: Vec<Option<i64>>,
    /// Stride of each dimension in elements, `None` when dynamic.
    pub strides: Vec<Option<i64>>,
    /// Offset of element zero in elements, `None` when dynamic.
    pub offset: Option<i64>,
    /// Bytes per element.
    pub element_bytes: u32,
    /// Where the memref lives.
    pub space: MemorySpace,
}

impl MemrefLayout {
    /// A static row-major (identity layout) memref.
    pub fn row_major(shape: &[i64], element_bytes: u32, space: MemorySpace) -> MemrefLayout {
        let mut strides: Vec<Option<i64>> = vec![Some(1); shape.len()];
        for dimension in (0..shape.len().saturating_sub(1)).rev() {
            strides[dimension] = strides[dimension + 1]
                .zip(Some(shape[dimension + 1]))
                .and_then(|(inner, size)| inner.checked_mul(size));
        }
        MemrefLayout {
            shape: shape.iter().copied().map(Some).collect(),
            strides,
            offset: Some(0),
            element_bytes,
            space,
        }
    }

    /// The bytes `[start, end)` its elements span from the aligned pointer:
    /// `[offset·e, (offset + Σ (size−1)·stride + 1)·e)`, `(0, 0)` when it has no element; why
    /// not where a size, stride or the offset is dynamic or negative, or the span overflows.
    pub fn byte_span(&self) -> Result<(i64, i64), String> {
        let offset = self.offset.ok_or("the offset is dynamic")?;
        let mut last = offset;
        let mut empty = false;
        for (size, stride) in self.shape.iter().zip(&self.strides) {
            let size = size.ok_or("a size is dynamic")?;
            let stride = stride.ok_or("a stride is dynamic")?;
            if stride < 0 || size < 0 {
                return Err("a stride is negative".into());
            }
            empty |= size == 0;
            let reach = (size.max(1) - 1).checked_mul(stride);
            last = reach
                .and_then(|reach| last.checked_add(reach))
                .ok_or("the span overflows 64 bits")?;
        }
        if offset < 0 {
            return Err("the offset is negative".into());
        }
        if empty {
            return Ok((0, 0));
        }
        let bytes = |elements: i64| elements.checked_mul(i64::from(self.element_bytes));
        let start = bytes(offset).ok_or("the span overflows 64 bits")?;
        let end = last
            .checked_add(1)
            .and_then(bytes)
            .ok_or("the span overflows 64 bits")?;
        Ok((start, end))
    }
}

/// Whether an access reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AccessKind {
    /// A read.
    Load,
    /// A write.
    Store,
}

/// Comparison of a [`Condition`], as `arith.cmpi` predicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// `left < right`.
    Less,
    /// `left <= right`.
    LessEqual,
    /// `left > right`.
    Greater,
    /// `left >= right`.
    GreaterEqual,
    /// `left == right`.
    Equal,
    /// `left != right`.
    NotEqual,
}

impl Relation {
    /// Whether `left relation right`.
    pub fn compare(self, left: i64, right: i64) -> bool {
        match self {
            Relation::Less => left < right,
            Relation::LessEqual => left <= right,
            Relation::Greater => left > right,
            Relation::GreaterEqual => left >= right,
            Relation::Equal => left == right,
            Relation::NotEqual => left != right,
        }
    }
}

/// One guard condition `left relation right`, e.g. `tid.x < 16` from an `scf.if`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Condition {
    /// Left operand.
    pub left: IndexExpression,
    /// The comparison.
    pub relation: Relation,
    /// Right operand.
    pub right: IndexExpression,
}

impl Condition {
    /// `left relation right`.
    pub fn new(
        left: impl Into<IndexExpression>,
        relation: Relation,
        right: impl Into<IndexExpression>,
    ) -> Condition {
        Condition {
            left: left.into(),
            relation,
            right: right.into(),
        }
    }

    /// The condition that holds where one of `alternatives` does, each a conjunction (the
    /// `else` branch of `a && b` is `!a || !b`): `max_k min_j slack(c_kj) ≥ 0`, a comparison's
    /// slack being `≥ 0` exactly where it holds. No alternative is `false`, an empty one `true`.
    pub fn any(alternatives: Vec<Vec<Condition>>) -> Condition {
        let all = |conjunction: Vec<Condition>| {
            conjunction
                .into_iter()
                .map(Condition::slack)
                .reduce(IndexExpression::minimum)
                .unwrap_or(IndexExpression::Constant(0))
        };
        let either = alternatives
            .into_iter()
            .map(all)
            .reduce(IndexExpression::maximum)
            .unwrap_or(IndexExpression::Constant(-1));
        Condition::new(either, Relation::GreaterEqual, 0)
    }

    /// Whether the condition is `max(a, b) ≥ 0`, which holds where `a ≥ 0` or `b ≥ 0` does,
    /// as [`Condition::any`] writes a disjunction (or a `≠` within one).
    pub fn is_disjunction(&self) -> bool {
        matches!(self.left, IndexExpression::Maximum(..))
            && self.relation == Relation::GreaterEqual
            && self.right == IndexExpression::Constant(0)
    }

    /// An expression `≥ 0` exactly where the condition holds (`right − left − 1` for `<`).
    fn slack(self) -> IndexExpression {
        let (left, right) = (self.left, self.right);
        match self.relation {
            Relation::Less => right - left - 1,
            Relation::LessEqual => right - left,
            Relation::Greater => left - right - 1,
            Relation::GreaterEqual => left - right,
            Relation::Equal => (left.clone() - right.clone()).minimum(right - left),
            Relation::NotEqual => (left.clone() - right.clone() - 1).maximum(right - left - 1),
        }
    }

    /// Whether the condition holds for the variable values `value` gives.
    pub fn holds(&self, value: &dyn Fn(&Variable) -> Option<i64>) -> Result<bool, Unknown> {
        let (left, right) = (self.left.evaluate(value)?, self.right.evaluate(value)?);
        Ok(self.relation.compare(left, right))
    }

    /// Variables of both operands.
    pub fn variables(&self) -> BTreeSet<Variable> {
        let mut found = self.left.variables();
        found.extend(self.right.variables());
        found
    }
}

/// One memory operation in a kernel.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Access {
    /// Load or store.
    pub kind: AccessKind,
    /// The memref accessed.
    pub layout: MemrefLayout,
    /// One index per dimension of `layout`.
    pub indices: Vec<IndexExpression>,
    /// Consecutive elements of the innermost dimension each lane accesses (1 for scalars).
    pub vector_width: u32,
    /// Conditions that must all hold for a lane to be active.
    pub guard: Vec<Condition>,
    /// Enclosing loops, outermost first; `LoopId(k)` is `loops[k]`.
    pub loops: Vec<Loop>,
}

impl Access {
    /// An unguarded scalar access outside any loop.
    pub fn new(kind: AccessKind, layout: MemrefLayout, indices: Vec<IndexExpression>) -> Access {
        Access {
            kind,
            layout,
            indices,
            vector_width: 1,
            guard: Vec::new(),
            loops: Vec::new(),
        }
    }

    /// Bytes each lane accesses.
    pub fn access_bytes(&self) -> u32 {
        self.layout.element_bytes.saturating_mul(self.vector_width)
    }

    /// Element offset `offset + Σ stride_d·i_d` for the variable values `value` gives.
    pub fn element_offset(&self, value: &dyn Fn(&Variable) -> Option<i64>) -> Result<i64, Unknown> {
        self.check_rank()?;
        let mut total = self
            .layout
            .offset
            .ok_or_else(|| Unknown::new("the memref offset is dynamic"))?;
        for (dimension, (index, stride)) in
            self.indices.iter().zip(&self.layout.strides).enumerate()
        {
            let stride = stride.ok_or_else(|| {
                Unknown::new(format!("stride of dimension {dimension} is dynamic"))
            })?;
            let term = checked(index.evaluate(value)?.checked_mul(stride))?;
            total = checked(total.checked_add(term))?;
        }
        Ok(total)
    }

    /// Byte address relative to the buffer base for the variable values `value` gives.
    pub fn byte_address(&self, value: &dyn Fn(&Variable) -> Option<i64>) -> Result<i64, Unknown> {
        checked(
            self.element_offset(value)?
                .checked_mul(i64::from(self.layout.element_bytes)),
        )
    }

    /// Whether lane-by-lane metrics know `variable`'s values: a thread id, or the variable of
    /// an enclosing loop with a known trip count.
    pub fn enumerable(&self, variable: &Variable) -> bool {
        match variable {
            Variable::Loop(LoopId(depth)) => self
                .loops
                .get(*depth)
                .is_some_and(|enclosing| enclosing.trip_count().is_some()),
            other => other.is_thread(),
        }
    }

    /// Whether every guard condition holds for the variable values `value` gives.
    pub fn is_active(&self, value: &dyn Fn(&Variable) -> Option<i64>) -> Result<bool, Unknown> {
        for condition in &self.guard {
            if !condition.holds(value)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The access with each variable `value` gives a value for fixed to it, in its indices and
    /// its guard (one block of the grid: its ids bound).
    pub fn bind(&self, value: &dyn Fn(&Variable) -> Option<i64>) -> Access {
        Access {
            indices: self.indices.iter().map(|index| index.bind(value)).collect(),
            guard: self
                .guard
                .iter()
                .map(|condition| Condition {
                    left: condition.left.bind(value),
                    relation: condition.relation,
                    right: condition.right.bind(value),
                })
                .collect(),
            ..self.clone()
        }
    }

    /// The access matrix, or why the indices are not all affine.
    pub fn matrix(&self) -> Result<AccessMatrix, Unknown> {
        self.check_rank()?;
        let forms = self
            .indices
            .iter()
            .map(IndexExpression::linear)
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(dimension) = forms.iter().position(|form| !form.is_affine()) {
            let kinds: Vec<&str> = forms[dimension]
                .quasi_affine
                .iter()
                .map(|(part, _)| part.quasi_affine_kind())
                .collect();
            let what = if kinds.iter().all(|kind| *kind == kinds[0]) {
                kinds[0]
            } else {
                "quasi-affine parts"
            };
            return Err(Unknown::new(format!(
                "index {dimension} has {what} (quasi-affine)"
            )));
        }
        let variables: Vec<Variable> = forms
            .iter()
            .flat_map(|form| form.variables.keys().cloned())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let rows = forms
            .iter()
            .map(|form| {
                variables
                    .iter()
                    .map(|variable| form.coefficient(variable))
                    .collect()
            })
            .collect();
        let offsets = forms.iter().map(|form| form.constant).collect();
        Ok(AccessMatrix {
            variables,
            rows,
            offsets,
        })
    }

    /// Unknown unless there is one index per dimension.
    pub(crate) fn check_rank(&self) -> Result<(), Unknown> {
        let rank = self.layout.strides.len();
        if self.indices.len() == rank && self.layout.shape.len() == rank {
            Ok(())
        } else {
            Err(Unknown::new(format!(
                "{} indices for a memref of rank {rank}",
                self.indices.len()
            )))
        }
    }
}

/// Affine indices `M·v + o`: one row per dimension, one column per variable.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct AccessMatrix {
    /// Column variables in canonical order (threads, blocks, loops, symbols).
    #[serde(rename = "vars")]
    pub variables: Vec<Variable>,
    /// Coefficients, `rows[dimension][column]`.
    pub rows: Vec<Vec<i64>>,
    /// Constant part of each index.
    #[serde(rename = "offset")]
    pub offsets: Vec<i64>,
}

impl AccessMatrix {
    /// Whether some index reads `variable` (a non-zero coefficient).
    pub fn reads(&self, variable: &Variable) -> bool {
        (0..self.rows.len()).any(|dimension| self.coefficient(dimension, variable) != 0)
    }

    /// Coefficient of `variable` in the index of `dimension` (0 when absent).
    pub fn coefficient(&self, dimension: usize, variable: &Variable) -> i64 {
        self.variables
            .iter()
            .position(|column| column == variable)
            .map_or(0, |column| self.rows[dimension][column])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variable(variable: Variable) -> IndexExpression {
        variable.into()
    }

    /// Seed-000 §1.2: matmul `A[i1][i3]` with i1 = tid.y, i2 = tid.x, i3 = loop 0.
    #[test]
    fn matmul_a_matrix_has_thread_and_loop_columns() {
        let layout = MemrefLayout::row_major(&[64, 64], 4, MemorySpace::Global);
        let access = Access::new(
            AccessKind::Load,
            layout,
            vec![
                variable(Variable::ThreadY),
                variable(Variable::Loop(LoopId(0))),
            ],
        );
        let matrix = access.matrix().unwrap();
        assert_eq!(
            matrix.variables,
            [Variable::ThreadY, Variable::Loop(LoopId(0))]
        );
        assert_eq!(matrix.rows, [[1, 0], [0, 1]]);
        assert_eq!(matrix.offsets, [0, 0]);
    }

    #[test]
    fn byte_address_uses_strides_offset_and_element_size() {
        let mut layout = MemrefLayout::row_major(&[4, 33], 8, MemorySpace::Shared);
        layout.offset = Some(3);
        let access = Access::new(
            AccessKind::Store,
            layout,
            vec![variable(Variable::ThreadY), variable(Variable::ThreadX) + 1],
        );
        let value = |variable: &Variable| match variable {
            Variable::ThreadX => Some(2),
            Variable::ThreadY => Some(1),
            _ => None,
        };
        assert_eq!(access.byte_address(&value), Ok((3 + 33 + 3) * 8));
    }

    #[test]
    fn quasi_affine_and_rank_mismatch_have_no_matrix() {
        let layout = MemrefLayout::row_major(&[32], 4, MemorySpace::Shared);
        let quasi = Access::new(
            AccessKind::Load,
            layout.clone(),
            vec![variable(Variable::ThreadX).modulo(8)],
        );
        assert!(quasi.matrix().unwrap_err().reason.contains("quasi-affine"));
        let wrong_rank = Access::new(AccessKind::Load, layout, vec![]);
        assert!(wrong_rank.matrix().is_err());
    }

    #[test]
    fn guard_is_a_conjunction() {
        let layout = MemrefLayout::row_major(&[32], 4, MemorySpace::Shared);
        let mut access = Access::new(AccessKind::Load, layout, vec![variable(Variable::ThreadX)]);
        access.guard = vec![
            Condition::new(Variable::ThreadX, Relation::GreaterEqual, 4),
            Condition::new(Variable::ThreadX, Relation::Less, 8),
        ];
        let active: Vec<i64> = (0..16)
            .filter(|&lane| access.is_active(&|_| Some(lane)).unwrap())
            .collect();
        assert_eq!(active, [4, 5, 6, 7]);
    }

    const RELATIONS: [Relation; 6] = [
        Relation::Less,
        Relation::LessEqual,
        Relation::Greater,
        Relation::GreaterEqual,
        Relation::Equal,
        Relation::NotEqual,
    ];

    /// A comparison of `a·tid.x + b` with `c·tid.y + d`.
    fn comparison() -> impl proptest::strategy::Strategy<Value = Condition> {
        use proptest::prelude::*;
        (-3i64..4, -4i64..5, 0..RELATIONS.len(), -3i64..4, -4i64..5).prop_map(
            |(a, b, relation, c, d)| {
                Condition::new(
                    variable(Variable::ThreadX) * a + b,
                    RELATIONS[relation],
                    variable(Variable::ThreadY) * c + d,
                )
            },
        )
    }

    proptest::proptest! {
        /// `Condition::any` holds exactly where one of its conjunctions holds entirely, at
        /// every point of an 8x8 grid (brute force), and is a disjunction where it has two or
        /// more.
        #[test]
        fn any_is_a_disjunction_of_conjunctions(
            alternatives in proptest::collection::vec(
                proptest::collection::vec(comparison(), 0..4), 0..4),
        ) {
            let either = Condition::any(alternatives.clone());
            for (x, y) in (-4..4).flat_map(|x| (-4..4).map(move |y| (x, y))) {
                let value = |variable: &Variable| match variable {
                    Variable::ThreadX => Some(x),
                    _ => Some(y),
                };
                let expected = alternatives.iter().any(|conjunction| {
                    conjunction.iter().all(|condition| condition.holds(&value).unwrap())
                });
                proptest::prop_assert_eq!(either.holds(&value).unwrap(), expected);
            }
            proptest::prop_assert!(either.is_disjunction() || alternatives.len() < 2);
        }
    }
}

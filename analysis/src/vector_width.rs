//! Vector width: how many consecutive elements one thread may move with one instruction
//! (design.md "transforms: vector width"; seed-002 G_2; anchors-mission §3.1–3.2).
//!
//! Model. A thread's accesses to one buffer at element offsets `f + k`, `k = 0 … n−1`, where
//! `f` is the same affine form for all of them (accesses unrolled by hand, `A[4t+k]`, or the
//! iterations of a small loop), can become one vector access of `w` elements when
//!
//! ```text
//! w = largest power of two with  w ≤ n,   w·e ≤ align(f),   w·e ≤ 16 B
//! ```
//!
//! which is Triton's rule (`min(contiguity, divisibility / element size, 128 bits)`,
//! `Coalesce.cpp`) with the divisibility proven instead of assumed. `e` is the element size
//! and `align(f)` the alignment of the byte address of the first element:
//!
//! ```text
//! address  = base + e·f,   f = o + Σ c·v + Σ c·q      (v variables, q quasi-affine parts)
//! align(f) = largest power of two dividing both  A_base  and  e·D,   D = gcd(o, c, …)
//! ```
//!
//! Every variable and every quasi-affine part takes integer values, so `D` divides `f` for
//! every lane, block and iteration; `D = 0` means `f` is always 0 and the alignment is
//! `A_base`'s. `A_base` is what is known about the buffer's aligned pointer (the element size
//! when nothing more is known; see [`BaseAlignment`]). A run longer than one instruction is
//! cut greedily into [`chunks`], each as wide as the alignment at its own start allows.
//!
//! Assumptions. Elements are a power of two bytes (1, 2, 4, 8); 16 bytes is the widest access
//! of one thread ([`MAX_ACCESS_BYTES`], PTX `ld.v4.b32`). Whether the accesses may be merged
//! at all (nothing between them may write the buffer, the innermost stride is 1) is decided by
//! the pass, which reports it as a [`Blocker`] with the remedy.
//!
//! Cost. Linear in the size of the index forms; [`chunks`] is linear in the run length.

use std::collections::BTreeMap;

use num_integer::Integer;

use crate::expression::{checked, IndexExpression, LinearForm, Loop, LoopId, Unknown, Variable};
use crate::matrix::Access;
use crate::misalignment::{Misalignment, Owner};
use crate::target::MAX_ACCESS_BYTES;

/// What is known about the alignment of a buffer's aligned pointer, and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaseAlignment {
    /// A power of two number of bytes the pointer is a multiple of.
    pub bytes: u64,
    /// Where the fact comes from (`memref.assume_alignment`, `option assume-alignment`, …).
    pub source: String,
}

impl BaseAlignment {
    /// Only the natural alignment of the element: nothing else is known.
    pub fn element(element_bytes: u32) -> BaseAlignment {
        BaseAlignment {
            bytes: u64::from(element_bytes.max(1)),
            source: "the element size only".into(),
        }
    }

    /// The better of two facts (the larger alignment).
    pub fn best(self, other: BaseAlignment) -> BaseAlignment {
        if other.bytes > self.bytes {
            other
        } else {
            self
        }
    }
}

/// The element offset `offset + Σ stride_d·i_d` of `access` as one linear form.
pub fn offset_form(access: &Access) -> Result<LinearForm<'_>, Unknown> {
    access.check_rank()?;
    let offset = access
        .layout
        .offset
        .ok_or_else(|| Unknown::new("the memref offset is dynamic"))?;
    let mut total = LinearForm {
        constant: offset,
        ..LinearForm::default()
    };
    for (dimension, (index, stride)) in access
        .indices
        .iter()
        .zip(&access.layout.strides)
        .enumerate()
    {
        let stride = stride
            .ok_or_else(|| Unknown::new(format!("stride of dimension {dimension} is dynamic")))?;
        total = total.plus(index.linear()?.times(stride)?)?;
    }
    Ok(total)
}

/// The form with some variables fixed to values (a hoisted loop's first iteration).
pub fn fix<'a>(
    form: LinearForm<'a>,
    fixed: &BTreeMap<Variable, i64>,
) -> Result<LinearForm<'a>, Unknown> {
    let mut result = form;
    for (variable, value) in fixed {
        let coefficient = result.variables.remove(variable).unwrap_or(0);
        result.constant = checked(
            coefficient
                .checked_mul(*value)
                .and_then(|term| result.constant.checked_add(term)),
        )?;
    }
    Ok(result)
}

/// The form over loop iterations instead of induction variables: `c·iv` with `iv = lower +
/// step·j` becomes `c·lower + (c·step)·j` for every loop with a constant lower bound and
/// step (the variable then stands for `j`), so `for k in 0..n step 8: A[k]` is known to be
/// a multiple of 8 elements.
pub fn over_iterations<'a>(
    form: LinearForm<'a>,
    loops: &[Loop],
) -> Result<LinearForm<'a>, Unknown> {
    let mut result = form;
    for (position, range) in loops.iter().enumerate() {
        let variable = Variable::Loop(LoopId(position));
        let (Some(lower), Some(step)) = (range.lower, range.step) else {
            continue;
        };
        let Some(coefficient) = result.variables.get(&variable).copied() else {
            continue;
        };
        result.constant = checked(
            coefficient
                .checked_mul(lower)
                .and_then(|term| result.constant.checked_add(term)),
        )?;
        result
            .variables
            .insert(variable, checked(coefficient.checked_mul(step))?);
    }
    Ok(result)
}

/// The largest `D ≥ 0` dividing the form for every value of its variables (`gcd` of the
/// constant and all coefficients; 0 when the form is identically 0).
pub fn divisibility(form: &LinearForm) -> u64 {
    form.variables
        .values()
        .chain(form.quasi_affine.iter().map(|(_, coefficient)| coefficient))
        .fold(form.constant.unsigned_abs(), |gcd, coefficient| {
            gcd.gcd(&coefficient.unsigned_abs())
        })
}

/// `(o, D)` for an index the access model does not follow as a whole (a lone kernel's
/// `2 * (blockDim.x * blockIdx.x + threadIdx.x) + 1`, whose product of two unknowns has no
/// form): the index is `o` plus a multiple of `D` for every thread, where its outer terms are
/// sums, constant multiples and constant shifts; any other term, an unknown one included, is
/// some integer (a multiple of 1). `D = 0`: the index is `o`. `(0, 1)` on overflow.
pub fn opaque_offset(expression: &IndexExpression) -> (i64, u64) {
    let scaled = |(constant, divisor): (i64, u64), factor: i64| {
        Some((
            constant.checked_mul(factor)?,
            divisor.checked_mul(factor.unsigned_abs())?,
        ))
    };
    let found = match expression {
        IndexExpression::Constant(value) => Some((*value, 0)),
        IndexExpression::Add(left, right) => {
            let ((a, d), (b, e)) = (opaque_offset(left), opaque_offset(right));
            a.checked_add(b).map(|sum| (sum, d.gcd(&e)))
        }
        IndexExpression::Multiply(inner, factor) => scaled(opaque_offset(inner), *factor),
        IndexExpression::ShiftLeft(inner, amount) => match **amount {
            IndexExpression::Constant(shift @ 0..=62) => {
                scaled(opaque_offset(inner), 1i64 << shift)
            }
            _ => None,
        },
        _ => None,
    };
    found.unwrap_or((0, 1))
}

/// The largest power of two dividing `value` (`u64::MAX` for 0, which every power divides).
pub fn power_of_two_divisor(value: u64) -> u64 {
    if value == 0 {
        u64::MAX
    } else {
        1 << value.trailing_zeros()
    }
}

/// Alignment in bytes of `base + e·f` when the base is `base_bytes`-aligned and `D` divides `f`.
pub fn address_alignment(base_bytes: u64, element_bytes: u32, divisibility: u64) -> u64 {
    let offset_bytes = divisibility.saturating_mul(u64::from(element_bytes));
    power_of_two_divisor(base_bytes).min(power_of_two_divisor(offset_bytes))
}

/// What bounds a width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The run has no more consecutive elements.
    Contiguity,
    /// The proven alignment of the address.
    Alignment,
    /// One thread moves at most 16 bytes per instruction.
    Hardware,
}

/// A width in elements and what bounds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Width {
    /// Elements per instruction, a power of two.
    pub elements: u32,
    /// What stops it from being wider.
    pub limit: Limit,
}

/// The widest power-of-two access of at most `available` elements that `alignment` allows.
pub fn width(available: u32, element_bytes: u32, alignment: u64) -> Width {
    let element_bytes = element_bytes.max(1);
    let by_hardware = (MAX_ACCESS_BYTES / element_bytes).max(1);
    let by_alignment =
        u32::try_from((alignment / u64::from(element_bytes)).max(1)).unwrap_or(u32::MAX);
    let by_contiguity = available.max(1);
    let bound = by_hardware.min(by_alignment).min(by_contiguity);
    let elements = 1 << (31 - bound.leading_zeros());
    let wider = u64::from(elements) * 2;
    let limit = if wider > u64::from(by_contiguity) {
        Limit::Contiguity
    } else if wider * u64::from(element_bytes) > alignment {
        Limit::Alignment
    } else {
        Limit::Hardware
    };
    Width { elements, limit }
}

/// One instruction of a run: elements `start … start + elements − 1` of the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// First element, counted from the run's start.
    pub start: u32,
    /// Elements in the instruction (1: stays scalar).
    pub elements: u32,
    /// Alignment in bytes proven for the chunk's address (at most its size).
    pub alignment: u64,
}

/// Cuts a run of `length` consecutive elements into the widest instructions the alignment at
/// each start allows. Element `p` of the run is at `base + e·(f + c + p)`, where `invariant`
/// is the alignment of `base + e·f` (the base's and the variable part's) and `c` the constant
/// part of the first element's offset: its alignment is `min(invariant, 2^v(e·(c + p)))`, so
/// a run that starts misaligned can still hold aligned chunks further on.
pub fn chunks(length: u32, element_bytes: u32, invariant: u64, constant: i64) -> Vec<Chunk> {
    let mut result = Vec::new();
    let mut start = 0;
    while start < length {
        let offset = (i128::from(constant) + i128::from(start)) * i128::from(element_bytes);
        let at = invariant.min(power_of_two_divisor(
            u64::try_from(offset.unsigned_abs()).unwrap_or(0),
        ));
        let Width { elements, .. } = width(length - start, element_bytes, at);
        result.push(Chunk {
            start,
            elements,
            alignment: at.min(u64::from(elements * element_bytes)),
        });
        start += elements;
    }
    result
}

/// The largest `D ≥ 0` dividing the variable part of the form (its coefficients, without
/// the constant) for every value of its variables; 0 when there is no variable part.
pub fn variable_divisibility(form: &LinearForm) -> u64 {
    let without_constant = LinearForm {
        constant: 0,
        variables: form.variables.clone(),
        quasi_affine: form.quasi_affine.clone(),
    };
    divisibility(&without_constant)
}

/// Maximal chains of adjacent pieces: a piece `(offset, width)` covers elements `offset …
/// offset + width − 1`, and a chain is pieces each starting where the one before ends
/// (`A[4t]` then `A[4t+1]`, or `vector<2>` at `4t` then at `4t+2`). Indices into `pieces`,
/// ascending by offset; a piece overlapping one already chained (a repeated element) joins
/// no chain.
pub fn chains(pieces: &[(i64, u32)]) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    order.sort_by_key(|&index| (pieces[index].0, index));
    let mut result: Vec<Vec<usize>> = Vec::new();
    let mut end = i64::MIN;
    for index in order {
        let (offset, width) = pieces[index];
        if offset < end {
            continue;
        }
        match result.last_mut() {
            Some(chain) if offset == end => chain.push(index),
            _ => result.push(vec![index]),
        }
        end = offset + i64::from(width.max(1));
    }
    result
}

/// Which chunk each piece of a chain of `widths` falls in, or `None` when a chunk boundary
/// cuts a piece (a `vector<4>` member would need splitting).
pub fn chunk_of_pieces(chunks: &[Chunk], widths: &[u32]) -> Option<Vec<usize>> {
    let mut start = 0;
    let mut result = Vec::with_capacity(widths.len());
    for &width in widths {
        let chunk = chunks
            .iter()
            .position(|chunk| chunk.start <= start && start < chunk.start + chunk.elements)?;
        if start + width > chunks[chunk].start + chunks[chunk].elements {
            return None;
        }
        result.push(chunk);
        start += width;
    }
    Some(result)
}

/// Why an operation between a group's accesses blocks the merge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// It accesses a buffer that may be the group's (aliasing facts could separate them).
    MayAlias,
    /// It accesses the group's own buffer.
    SameBuffer,
    /// A barrier, a fence or an operation with unknown effects.
    Ordering,
}

/// Why accesses that could form a wider access do not, and what would let them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Blocker {
    /// The buffer's aligned pointer is not known to be aligned enough.
    BaseAlignment {
        /// Bytes the wider access needs.
        needed: u64,
        /// What is known.
        base: BaseAlignment,
        /// Who lays the buffer out (where an alignment can be declared).
        owner: Owner,
    },
    /// The offset of the first element is not a multiple of the width.
    Offset {
        /// Bytes the wider access needs.
        needed: u64,
        /// The largest power of two the offset is known to be a multiple of, in bytes.
        offset_bytes: u64,
        /// The offset, rendered.
        offset: String,
        /// Who lays the buffer out.
        owner: Owner,
        /// What in the offset is misaligned, and whether a layout change helps.
        misalignment: Misalignment,
    },
    /// Consecutive elements are not adjacent in memory.
    Stride {
        /// The innermost stride in elements, `None` when dynamic.
        stride: Option<i64>,
    },
    /// The index is not affine, so neither contiguity nor alignment is known.
    NotAffine(String),
    /// Something between the accesses may touch the same memory.
    Intervening {
        /// The operation, with its location.
        what: String,
        /// Why it conflicts, which decides what can unblock it.
        conflict: Conflict,
    },
    /// The accesses are stores spread over loop iterations.
    LoopStores,
    /// A loop's elements do not fit one instruction.
    LoopTooWide {
        /// Bytes all iterations move.
        bytes: u64,
        /// Bytes per unrolled group that the first element's offset allows.
        unroll: u64,
        /// Bytes one iteration moves.
        element_bytes: u64,
        /// The base alignment known, when it is below `unroll`, and who could declare more.
        base: Option<(BaseAlignment, Owner)>,
    },
}

impl Blocker {
    /// What blocks the wider access, then what would unblock it ([`crate::advised`]).
    pub fn explain(&self) -> String {
        crate::advised(&self.finding(), self.advice().as_deref())
    }

    /// What blocks the wider access.
    pub fn finding(&self) -> String {
        match self {
            Blocker::BaseAlignment { needed, base, .. } => format!(
                "the buffer is known to be {}-byte aligned ({}), a {needed}-byte access needs {needed}",
                base.bytes, base.source,
            ),
            Blocker::Offset {
                needed,
                offset_bytes,
                offset,
                misalignment,
                ..
            } => format!(
                "the first element's offset ({offset}) is a multiple of {offset_bytes} B only, a {needed}-byte \
                 access needs {needed}{}",
                misalignment.cause(),
            ),
            Blocker::Stride { stride: Some(stride) } => format!(
                "consecutive indices are {stride} elements apart (innermost stride {stride})"
            ),
            Blocker::Stride { stride: None } => "the innermost stride is dynamic".into(),
            Blocker::NotAffine(reason) => {
                format!("the index is not affine ({reason}), so contiguity and alignment are unknown")
            }
            Blocker::Intervening { what, conflict } => match conflict {
                Conflict::MayAlias => {
                    format!("{what} lies between the accesses and may touch the same memory")
                }
                Conflict::SameBuffer => format!(
                    "{what} lies between the accesses and touches the same buffer (no aliasing \
                     fact can separate them)"
                ),
                Conflict::Ordering => format!(
                    "{what} lies between the accesses and orders or may touch any memory"
                ),
            },
            Blocker::LoopStores => "stores in different loop iterations are not merged".into(),
            Blocker::LoopTooWide { bytes, .. } => {
                format!("the loop's {bytes} B exceed one {MAX_ACCESS_BYTES}-byte access")
            }
        }
    }

    /// Whether neighbouring threads' windows overlap (a stencil's shifted rows): no layout can
    /// align them, only giving each thread more elements would, so a remark would be noise
    /// (issue 34); the report still says it.
    pub fn overlapping(&self) -> bool {
        matches!(
            self,
            Blocker::Offset {
                misalignment: Misalignment::Overlapping { .. },
                ..
            }
        )
    }

    /// What would unblock it, where something would.
    pub fn advice(&self) -> Option<String> {
        Some(match self {
            Blocker::BaseAlignment { needed, owner, .. } => owner.declare(*needed),
            Blocker::Offset {
                needed,
                owner,
                misalignment,
                ..
            } => misalignment.remedy(owner, *needed),
            Blocker::Stride { stride: Some(_) } => {
                "make the dimension contiguous (transpose the layout)".into()
            }
            Blocker::Stride { stride: None } => "a static stride-1 layout".into(),
            Blocker::NotAffine(_) => return None,
            Blocker::Intervening { conflict, .. } => match conflict {
                Conflict::MayAlias => {
                    "{llvm.noalias} on the arguments or option assume-noalias, or move it".into()
                }
                Conflict::SameBuffer | Conflict::Ordering => {
                    "move it before or after the group".into()
                }
            },
            Blocker::LoopStores => "unroll the loop".into(),
            Blocker::LoopTooWide {
                unroll,
                element_bytes,
                base,
                ..
            } => {
                let declare = base.as_ref().map_or_else(String::new, |(base, owner)| {
                    format!(
                        ", and declare the buffer {unroll}-byte aligned ({}; it is known to be \
                         {}-byte aligned: {})",
                        owner.declare(*unroll),
                        base.bytes,
                        base.source
                    )
                });
                let iterations = unroll / (*element_bytes).max(1);
                format!("unroll it by {iterations} iterations ({unroll} B){declare}")
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn opaque() -> impl Strategy<Value = IndexExpression> {
        let leaf = prop_oneof![
            (-8i64..8).prop_map(IndexExpression::Constant),
            Just(IndexExpression::from(Variable::ThreadX)),
            Just(IndexExpression::Unknown("a product of two unknowns".into())),
        ];
        leaf.prop_recursive(4, 24, 2, |inner| {
            prop_oneof![
                (inner.clone(), inner.clone()).prop_map(|(a, b)| a + b),
                (inner.clone(), -4i64..5).prop_map(|(a, factor)| a * factor),
                (inner.clone(), 0i64..4).prop_map(|(a, shift)| IndexExpression::ShiftLeft(
                    Box::new(a),
                    Box::new(IndexExpression::Constant(shift))
                )),
                inner.prop_map(|a| a.floor_divide(3)),
            ]
        })
    }

    /// Evaluates `expression` with the thread id and every unknown term given values.
    fn value(expression: &IndexExpression, thread: i64, unknown: i64) -> i64 {
        match expression {
            IndexExpression::Constant(constant) => *constant,
            IndexExpression::Unknown(_) => unknown,
            IndexExpression::Variable(_) => thread,
            IndexExpression::Add(a, b) => value(a, thread, unknown) + value(b, thread, unknown),
            IndexExpression::Multiply(a, factor) => value(a, thread, unknown) * factor,
            IndexExpression::ShiftLeft(a, shift) => {
                value(a, thread, unknown) << value(shift, thread, unknown)
            }
            IndexExpression::FloorDivide(a, divisor) => {
                value(a, thread, unknown).div_euclid(*divisor)
            }
            _ => unreachable!(),
        }
    }

    proptest! {
        /// An index is its opaque offset plus a multiple of its divisor for any value of the
        /// thread id and of the unknown terms (brute force).
        #[test]
        fn an_opaque_index_is_its_offset_plus_a_multiple(expression in opaque()) {
            let (offset, divisor) = opaque_offset(&expression);
            for thread in 0..8 {
                for unknown in -5..6 {
                    let rest = value(&expression, thread, unknown) - offset;
                    match divisor {
                        0 => prop_assert_eq!(rest, 0),
                        _ => prop_assert_eq!(rest % divisor as i64, 0),
                    }
                }
            }
        }
    }

    #[test]
    fn width_is_bounded_by_contiguity_alignment_and_hardware() {
        assert_eq!(
            width(4, 4, 16),
            Width {
                elements: 4,
                limit: Limit::Contiguity
            }
        );
        assert_eq!(
            width(4, 4, 4),
            Width {
                elements: 1,
                limit: Limit::Alignment
            }
        );
        assert_eq!(
            width(8, 4, 64),
            Width {
                elements: 4,
                limit: Limit::Hardware
            }
        );
        assert_eq!(
            width(3, 4, 16),
            Width {
                elements: 2,
                limit: Limit::Contiguity
            }
        );
        assert_eq!(width(8, 2, 16).elements, 8);
    }

    #[test]
    fn alignment_combines_base_and_offset() {
        assert_eq!(address_alignment(16, 4, 4), 16);
        assert_eq!(address_alignment(16, 4, 1), 4);
        assert_eq!(address_alignment(4, 4, 4), 4);
        assert_eq!(address_alignment(256, 4, 0), 256);
        assert_eq!(address_alignment(16, 2, 12), 8);
    }

    #[test]
    fn loops_count_in_steps() {
        let form = LinearForm {
            variables: BTreeMap::from([(Variable::Loop(LoopId(0)), 1), (Variable::ThreadX, 64)]),
            ..LinearForm::default()
        };
        let stepped = over_iterations(form, &[Loop::constant(0, 64, 8)]).unwrap();
        assert_eq!(divisibility(&stepped), 8);
        let shifted = LinearForm {
            variables: BTreeMap::from([(Variable::Loop(LoopId(0)), 2)]),
            ..LinearForm::default()
        };
        let from_one = over_iterations(shifted, &[Loop::constant(1, 9, 4)]).unwrap();
        assert_eq!((from_one.constant, divisibility(&from_one)), (2, 2));
    }

    #[test]
    fn runs_and_chunks() {
        let ones: Vec<(i64, u32)> = [3, 1, 2, 0, 7, 8].iter().map(|&o| (o, 1)).collect();
        assert_eq!(chains(&ones), [vec![3, 1, 2, 0], vec![4, 5]]);
        // vector<2> at 4t+2 and 4t, a repeated 4t, then vector<4> at 4t+4.
        assert_eq!(chains(&[(2, 2), (0, 2), (0, 2), (4, 4)]), [vec![1, 0, 3]]);
        let pieces = chunks(8, 4, 16, 0);
        assert_eq!(chunk_of_pieces(&pieces, &[2, 2, 4]), Some(vec![0, 0, 1]));
        assert_eq!(chunk_of_pieces(&chunks(4, 4, 16, 1), &[2, 2]), None);
        let widths = |length, invariant, constant| -> Vec<u32> {
            chunks(length, 4, invariant, constant)
                .iter()
                .map(|chunk| chunk.elements)
                .collect()
        };
        assert_eq!(widths(7, 16, 0), [4, 2, 1]);
        assert_eq!(widths(4, 8, 0), [2, 2]);
        // A[4t+1 … 4t+4] with a 16-byte base: 4-, 8-, 4-byte aligned, then a new record.
        assert_eq!(widths(4, 16, 1), [1, 2, 1]);
        assert_eq!(widths(2, 16, 1), [1, 1]);
    }
}

//! Why the first element of a vector group is not aligned enough, and what would align it:
//! the `unblock:` advice of [`crate::vector_width::Blocker`] (design.md "transforms: vector
//! width").
//!
//! Model. The group's first element is at `base + e·f`, `f = c + Σ k_t·t` over the terms `t`
//! of its offset (thread and block ids, loop iterations, quasi-affine parts), `e` bytes per
//! element. A `w`-byte access needs `w | base`, `w | e·k_t` for every term and `w | e·c`. The
//! advice follows from the first of these that fails, and from who lays the buffer out
//! ([`Owner`]):
//!
//! * **overlapping windows**: a term's step `s = |e·k_t|` is not a multiple of `w` and is
//!   smaller than the group's `n·e` bytes, so the windows of neighbouring values overlap (a
//!   stencil's `x−1, x, x+1`, a convolution's taps): no padding or alignment fact aligns them
//!   all, only a different assignment of elements to threads or iterations would;
//! * **records or rows apart**: a term's step is not a multiple of `w` but windows are
//!   disjoint, so the step is a record or a row. A kernel argument is laid out by the host: pad
//!   its record or row. A buffer the kernel declares (workgroup attribution, alloc, global) can
//!   pad its rows: [`row_pad`] finds the smallest pad `p < w/e` of the innermost dimension after
//!   which every term's step is a multiple of `w`, or proves there is none (Needleman-Wunsch's
//!   anti-diagonal `tile[m−tx][tx]` in 17-wide rows needs an even row length for `m` and an odd
//!   one for `tx`);
//! * **only the constant**: shift the group's start: a field's offset in a record, or, for a
//!   buffer the kernel declares, its data by `k` elements.
//!
//! Where the base alignment is declared depends on the owner too ([`Owner::declare`]): option
//! `assume-alignment` only speaks about kernel arguments, `{llvm.align}` on a workgroup
//! attribution aligns the global it lowers to, an alloc or a global has an `alignment`.
//!
//! Cost. Linear in the terms of the offset; [`row_pad`] tries at most `16/e − 1` pads.

use std::collections::BTreeMap;

use crate::expression::{LinearForm, Unknown, Variable};
use crate::matrix::{Access, MemrefLayout};
use crate::vector_width::{fix, offset_form, over_iterations, power_of_two_divisor};

/// Who lays a buffer out, which decides what can align it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    /// Kernel argument `index`: the host allocates and lays it out.
    Argument(usize),
    /// Workgroup attribution `index` of the kernel.
    Attribution(usize),
    /// A `memref.alloc` or `memref.alloca` in the kernel.
    Allocation,
    /// A `memref.global`, by symbol name.
    Global(String),
    /// A buffer reached some other way (a captured value, a cast).
    Unknown,
}

impl Owner {
    /// Whether the kernel declares the buffer, so that it may change its layout.
    pub fn declared_by_kernel(&self) -> bool {
        matches!(
            self,
            Owner::Attribution(_) | Owner::Allocation | Owner::Global(_)
        )
    }

    /// How to declare the buffer's base `needed`-byte aligned.
    pub fn declare(&self, needed: u64) -> String {
        match self {
            Owner::Argument(index) => format!(
                "{{llvm.align = {needed}}} on arg {index}, memref.assume_alignment, or option \
                 assume-alignment={needed}"
            ),
            Owner::Attribution(index) => {
                format!("{{llvm.align = {needed}}} on workgroup attribution {index}")
            }
            Owner::Allocation => format!("alignment = {needed} on the memref.alloc"),
            Owner::Global(name) => format!("alignment = {needed} on memref.global @{name}"),
            Owner::Unknown => format!("memref.assume_alignment {needed} on the memref"),
        }
    }
}

/// One term of the offset: how it is written and how far one step of it moves the address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// `tid.x`, `loop0`, `(…)` for a quasi-affine part.
    pub name: String,
    /// Bytes between the starts of neighbouring values, `|e·k_t|`.
    pub step: u64,
}

/// Whether padding the rows of a buffer the kernel declares aligns every start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rows {
    /// The host lays the buffer out, or it is not a static row-major buffer of rank ≥ 2.
    NotPaddable,
    /// Padding each row by this many elements aligns every term.
    Pad(u32),
    /// No pad of fewer than `w/e` elements does.
    NoPad,
}

/// What makes the first element's offset misaligned for a `needed`-byte access.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Misalignment {
    /// Only the constant part: every start is off by the same amount; shifting the data by
    /// `shift` elements aligns it.
    Constant {
        /// Elements to add to the offset.
        shift: u64,
    },
    /// `term` moves the start by less than the group's `window` bytes: neighbouring windows
    /// overlap.
    Overlapping {
        /// The term.
        term: Term,
        /// Bytes the group spans.
        window: u64,
    },
    /// `term` moves the start by a record or a row that is not a multiple of the width.
    Apart {
        /// The term.
        term: Term,
        /// Whether padding the buffer's rows helps.
        rows: Rows,
    },
}

/// Why the group of `elements` starting at `access` (with `fixed` variables fixed, a hoisted
/// loop's first iteration) is not `needed`-byte aligned by its offset; `owner` says whether
/// the buffer's rows may be padded.
pub fn diagnose(
    access: &Access,
    fixed: &BTreeMap<Variable, i64>,
    elements: u32,
    needed: u64,
    owner: &Owner,
) -> Result<Misalignment, Unknown> {
    let form = over_iterations(fix(offset_form(access)?, fixed)?, &access.loops)?;
    Ok(diagnose_form(access, &form, fixed, elements, needed, owner))
}

/// [`diagnose`] for the first element's offset `form` (of `access`, with `fixed` variables
/// fixed), however it was found.
pub fn diagnose_form(
    access: &Access,
    form: &LinearForm,
    fixed: &BTreeMap<Variable, i64>,
    elements: u32,
    needed: u64,
    owner: &Owner,
) -> Misalignment {
    let element_bytes = u64::from(access.layout.element_bytes.max(1));
    let misfit = |coefficient: i64| {
        let step = coefficient.unsigned_abs().saturating_mul(element_bytes);
        (power_of_two_divisor(step) < needed).then_some(step)
    };
    let mut terms: Vec<Term> = form
        .variables
        .iter()
        .filter_map(|(variable, &coefficient)| {
            misfit(coefficient).map(|step| Term {
                name: variable.to_string(),
                step,
            })
        })
        .chain(form.quasi_affine.iter().filter_map(|(part, coefficient)| {
            misfit(*coefficient).map(|step| Term {
                name: format!("({part:?})"),
                step,
            })
        }))
        .collect();
    terms.sort_by_key(|term| term.step);
    let Some(term) = terms.into_iter().next() else {
        let needed_elements = (needed / element_bytes).max(1) as i64;
        let shift = (-form.constant).rem_euclid(needed_elements) as u64;
        return Misalignment::Constant { shift };
    };
    let window = u64::from(elements) * element_bytes;
    if term.step < window {
        return Misalignment::Overlapping { term, window };
    }
    let rows = if owner.declared_by_kernel() {
        row_pad(access, fixed, needed)
    } else {
        Rows::NotPaddable
    };
    Misalignment::Apart { term, rows }
}

/// The smallest pad of the innermost dimension of `access`'s static row-major buffer after
/// which every term of the first element's offset steps a multiple of `needed` bytes.
pub fn row_pad(access: &Access, fixed: &BTreeMap<Variable, i64>, needed: u64) -> Rows {
    let layout = &access.layout;
    let Some(shape) = layout.shape.iter().copied().collect::<Option<Vec<i64>>>() else {
        return Rows::NotPaddable;
    };
    let row_major = MemrefLayout::row_major(&shape, layout.element_bytes, layout.space);
    if shape.len() < 2 || layout.strides != row_major.strides || layout.offset != Some(0) {
        return Rows::NotPaddable;
    }
    let element_bytes = u64::from(layout.element_bytes.max(1));
    let aligned = |pad: i64| {
        let mut padded_shape = shape.clone();
        if let Some(last) = padded_shape.last_mut() {
            *last += pad;
        }
        let padded = Access {
            layout: MemrefLayout {
                strides: MemrefLayout::row_major(&padded_shape, layout.element_bytes, layout.space)
                    .strides,
                ..layout.clone()
            },
            ..access.clone()
        };
        offset_form(&padded)
            .and_then(|form| fix(form, fixed))
            .and_then(|form| over_iterations(form, &padded.loops))
            .is_ok_and(|form| {
                form.variables
                    .values()
                    .chain(form.quasi_affine.iter().map(|(_, coefficient)| coefficient))
                    .all(|coefficient| {
                        power_of_two_divisor(coefficient.unsigned_abs() * element_bytes) >= needed
                    })
            })
    };
    let limit = (needed / element_bytes) as i64;
    (1..limit)
        .find(|&pad| aligned(pad))
        .map_or(Rows::NoPad, |pad| Rows::Pad(pad as u32))
}

impl Misalignment {
    /// What moves the start, appended to "the offset is a multiple of … only".
    pub fn cause(&self) -> String {
        match self {
            Misalignment::Constant { .. } => String::new(),
            Misalignment::Overlapping { term, window } => format!(
                ": {} moves the start by {} B, less than the group's {window} B, so the windows \
                 of neighbouring {} overlap",
                term.name, term.step, term.name
            ),
            Misalignment::Apart { term, .. } => {
                format!(": {} moves the start by {} B", term.name, term.step)
            }
        }
    }

    /// What would align it, for a buffer laid out by `owner`.
    pub fn remedy(&self, owner: &Owner, needed: u64) -> String {
        match self {
            Misalignment::Constant { shift } if owner.declared_by_kernel() => format!(
                "start the group at a multiple of {needed} B (shift the buffer's data by {shift} \
                 element{})",
                if *shift == 1 { "" } else { "s" }
            ),
            Misalignment::Constant { .. } => {
                format!("start the group at a multiple of {needed} B (pad the record)")
            }
            Misalignment::Overlapping { term, .. } => format!(
                "none by layout (no pad or alignment fact aligns overlapping windows; only \
                 assigning elements to threads or iterations so that each step of {} moves a \
                 multiple of {needed} B would)",
                term.name
            ),
            // Records a lane apart in an argument: the relayout step's structure of arrays
            // serves them without padding (its own remark says what it would do).
            Misalignment::Apart {
                term,
                rows: Rows::NotPaddable,
            } if matches!(owner, Owner::Argument(_)) && term.name.starts_with("tid") => format!(
                "pad the {}-byte record or row to {} B, or store the records as a structure of \
                 arrays (relayout)",
                term.step,
                term.step.next_multiple_of(needed)
            ),
            Misalignment::Apart {
                term,
                rows: Rows::NotPaddable,
            } => format!(
                "pad the {}-byte record or row to {} B",
                term.step,
                term.step.next_multiple_of(needed)
            ),
            Misalignment::Apart {
                term,
                rows: Rows::Pad(pad),
            } => format!(
                "pad each row of the buffer by {pad} element{}, so that {} moves a multiple of \
                 {needed} B",
                if *pad == 1 { "" } else { "s" },
                term.name
            ),
            Misalignment::Apart {
                rows: Rows::NoPad, ..
            } => format!(
                "none by row padding: no pad of the innermost dimension below {needed} B makes \
                 every term a multiple of {needed} B"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expression::{IndexExpression, Loop, LoopId};
    use crate::matrix::{AccessKind, MemorySpace};

    fn access(shape: &[i64], indices: Vec<IndexExpression>, loops: Vec<Loop>) -> Access {
        Access {
            loops,
            ..Access::new(
                AccessKind::Load,
                MemrefLayout::row_major(shape, 4, MemorySpace::Shared),
                indices,
            )
        }
    }

    fn variable(variable: Variable) -> IndexExpression {
        IndexExpression::Variable(variable)
    }

    fn plus(left: IndexExpression, right: IndexExpression) -> IndexExpression {
        IndexExpression::Add(Box::new(left), Box::new(right))
    }

    fn constant(value: i64) -> IndexExpression {
        IndexExpression::Constant(value)
    }

    #[test]
    fn a_stencil_window_overlaps_its_neighbour() {
        // tile[ty][tx + 1]: tid.x moves the start by 4 B, the 3-element window spans 12 B.
        let stencil = access(
            &[24, 24],
            vec![
                variable(Variable::ThreadY),
                plus(variable(Variable::ThreadX), constant(1)),
            ],
            Vec::new(),
        );
        let found = diagnose(&stencil, &BTreeMap::new(), 3, 8, &Owner::Attribution(0)).unwrap();
        assert_eq!(
            found,
            Misalignment::Overlapping {
                term: Term {
                    name: "tid.x".into(),
                    step: 4
                },
                window: 12
            }
        );
        assert!(found
            .remedy(&Owner::Attribution(0), 8)
            .starts_with("none by layout"));
    }

    #[test]
    fn odd_rows_are_padded_to_even_ones() {
        // tile[tx][0..2] in rows of 17 f32: tid.x moves 68 B; a pad of 1 makes it 72 B.
        let rows = access(
            &[32, 17],
            vec![variable(Variable::ThreadX), constant(0)],
            Vec::new(),
        );
        let found = diagnose(&rows, &BTreeMap::new(), 2, 8, &Owner::Attribution(0)).unwrap();
        assert_eq!(
            found,
            Misalignment::Apart {
                term: Term {
                    name: "tid.x".into(),
                    step: 68
                },
                rows: Rows::Pad(1)
            }
        );
        // The same rows in a kernel argument: the host must pad the row.
        let argument = diagnose(&rows, &BTreeMap::new(), 2, 8, &Owner::Argument(0)).unwrap();
        assert_eq!(
            argument.remedy(&Owner::Argument(0), 8),
            "pad the 68-byte record or row to 72 B, or store the records as a structure of \
             arrays (relayout)"
        );
    }

    #[test]
    fn an_anti_diagonal_has_no_aligning_pad() {
        // tile[m - tx][tx] in rows of 17: m needs an even row, tx an odd one.
        let diagonal = access(
            &[17, 17],
            vec![
                IndexExpression::Add(
                    Box::new(variable(Variable::Loop(LoopId(0)))),
                    Box::new(IndexExpression::Multiply(
                        Box::new(variable(Variable::ThreadX)),
                        -1,
                    )),
                ),
                variable(Variable::ThreadX),
            ],
            vec![Loop::constant(0, 16, 1)],
        );
        let found = diagnose(&diagonal, &BTreeMap::new(), 2, 8, &Owner::Attribution(0)).unwrap();
        assert!(
            matches!(
                &found,
                Misalignment::Apart {
                    rows: Rows::NoPad,
                    ..
                }
            ),
            "{found:?}"
        );
    }

    #[test]
    fn a_constant_offset_is_shifted() {
        // tile[tx][4*0 + 1] in rows of 16: only the constant 1 is off, shift by 1.
        let shifted = access(
            &[32, 16],
            vec![variable(Variable::ThreadX), constant(1)],
            Vec::new(),
        );
        let found = diagnose(&shifted, &BTreeMap::new(), 2, 8, &Owner::Attribution(0)).unwrap();
        assert_eq!(found, Misalignment::Constant { shift: 1 });
    }
}

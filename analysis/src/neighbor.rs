//! Neighbor and window references: stencils and convolution windows written
//! as several loads (Fang & Varbanescu, seed-003 §1.4 and §5.1.2).
//!
//! **Grouping.** Loads of one memref whose access matrices have the same
//! coefficients (the same thread, block and loop part `M`) differ only in
//! their constant offsets `O`; seed-003 §5.1.2 merges them into one
//! reference. The group is a *Neighbor* reference when `O` is exactly the
//! von-Neumann cross of radius 1 around one centre `c`: `{c} ∪ {c ± e_d}` for
//! every dimension `d`, i.e. `2·rank + 1` points (the 2-D 5-point stencil,
//! MAP-5xx with the centre's eMAP; the 3-D 7-point stencil, rank 3, has no MAP
//! id). Loads with the same offset count once. When `O` is instead a full
//! rectangle of offsets (every point of `[low_d, high_d]` in every dimension,
//! at least 3 wide in each of at least 2 dimensions, so that a thread's
//! vectorizable neighbours `a[2i]`, `a[2i + 1]` are no window), the group is a *window*: Fang's Block iMAP over
//! unrolled loads (MAP-4xx; seed-003 §5.1.4, "7×7 unrolled loads").
//!
//! When `O` instead runs along the innermost dimension only, over consecutive
//! offsets, at least 3 of them and more bytes than one 16-byte access holds,
//! the group is a *record*: the fields of an array of structures that every
//! thread reads (a 9-field lattice cell, `cell[x][0..9]`). Together they fill
//! one contiguous box, which one coalesced copy moves (issue 17); a record
//! that fits one 16-byte access is `vectorize`'s.
//!
//! **Facts for the decision** (`staging::decide_neighbor`): the halo box is
//! the centre's per-block footprint widened by the span of the offsets in
//! every dimension (2 for the cross); its reuse is
//! `threads · iterations · points / cells`.
//!
//! Cost: linear in the number of loads times the rank.

use crate::matrix::{Access, AccessMatrix};

/// A Neighbor or window reference: the group's loads around one centre.
#[derive(Clone, Debug, PartialEq)]
pub struct Neighbor {
    /// Index, in the group given, of the load at the centre (the smallest
    /// offset for a window without a middle load).
    pub centre: usize,
    /// Distinct points of the stencil (`2·rank + 1` for the cross).
    pub points: usize,
    /// `max − min` of the offsets in each dimension.
    pub spans: Vec<i64>,
    /// What the offsets form.
    pub form: Form,
}

/// What the offsets of a group form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The von-Neumann cross of radius 1 (a stencil).
    Cross,
    /// A full rectangle (a window, iMAP Block).
    Window,
    /// Consecutive offsets along the innermost dimension (the fields of a record).
    Record,
}

/// Whether `group` (loads of one memref) is a Neighbor reference (see the
/// module essay); `None` when the coefficients differ, an index is not
/// affine, or the offsets are not the radius-1 cross.
pub fn neighbor(group: &[&Access]) -> Option<Neighbor> {
    let matrices: Vec<AccessMatrix> = group
        .iter()
        .map(|access| access.matrix().ok())
        .collect::<Option<_>>()?;
    let first = matrices.first()?;
    if matrices
        .iter()
        .any(|matrix| matrix.variables != first.variables || matrix.rows != first.rows)
    {
        return None;
    }
    let mut offsets: Vec<&Vec<i64>> = matrices.iter().map(|matrix| &matrix.offsets).collect();
    offsets.sort();
    offsets.dedup();
    let rank = first.offsets.len();
    let low: Vec<i64> = (0..rank)
        .map(|dimension| {
            offsets
                .iter()
                .map(|offset| offset[dimension])
                .min()
                .unwrap_or(0)
        })
        .collect();
    let spans: Vec<i64> = (0..rank)
        .map(|dimension| {
            offsets
                .iter()
                .map(|offset| offset[dimension])
                .max()
                .unwrap_or(0)
                - low[dimension]
        })
        .collect();
    let rectangle: i64 = spans.iter().map(|span| span + 1).product();
    let window =
        rank >= 2 && spans.iter().all(|&span| span >= 2) && rectangle == offsets.len() as i64;
    let cross = rank > 0 && offsets.len() == 2 * rank + 1;
    let middle = |candidate: &AccessMatrix| {
        (0..rank).all(|dimension| {
            2 * (candidate.offsets[dimension] - low[dimension]) == spans[dimension]
        })
    };
    let within_one = |candidate: &AccessMatrix| {
        offsets.iter().all(|offset| {
            offset
                .iter()
                .zip(&candidate.offsets)
                .map(|(point, centre)| (point - centre).abs())
                .sum::<i64>()
                <= 1
        })
    };
    // Along the innermost dimension only, consecutive, and more than a 16-byte access holds.
    let innermost = rank.saturating_sub(1);
    let record_bytes = offsets.len() as u64 * u64::from(group[0].access_bytes());
    let record = rank > 0
        && offsets.len() >= 3
        && (0..innermost).all(|dimension| spans[dimension] == 0)
        && spans[innermost] + 1 == offsets.len() as i64
        && record_bytes > u64::from(crate::target::MAX_ACCESS_BYTES);
    let first = |candidate: &AccessMatrix| &candidate.offsets == offsets[0];
    let (centre, form) = if window {
        let centre = matrices.iter().position(middle);
        (
            centre.or_else(|| matrices.iter().position(first))?,
            Form::Window,
        )
    } else if cross {
        (matrices.iter().position(within_one)?, Form::Cross)
    } else if record {
        (matrices.iter().position(first)?, Form::Record)
    } else {
        return None;
    };
    Some(Neighbor {
        centre,
        points: offsets.len(),
        spans,
        form,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        expression::{IndexExpression, Variable},
        matrix::{AccessKind, MemorySpace, MemrefLayout},
    };

    fn load(row: i64, column: i64) -> Access {
        let layout = MemrefLayout::row_major(&[1024, 1024], 4, MemorySpace::Global);
        Access::new(
            AccessKind::Load,
            layout,
            vec![
                IndexExpression::from(Variable::ThreadY) + row,
                IndexExpression::from(Variable::ThreadX) + column,
            ],
        )
    }

    /// The five loads of a 2-D Jacobi stencil, centre last, one repeated.
    #[test]
    fn five_point_cross_is_a_neighbor() {
        let loads = [
            load(0, 1),
            load(-1, 0),
            load(1, 0),
            load(0, -1),
            load(0, 1),
            load(0, 0),
        ];
        let group: Vec<&Access> = loads.iter().collect();
        assert_eq!(
            neighbor(&group),
            Some(Neighbor {
                centre: 5,
                points: 5,
                spans: vec![2, 2],
                form: Form::Cross,
            })
        );
    }

    /// The 9 fields of a 36-byte record, `cell[y][x·9 + f]`: a record centred on field 0; 4
    /// fields of 4 bytes fit one 16-byte access (vectorize's), and fields with a gap are no record.
    #[test]
    fn consecutive_fields_over_16_bytes_are_a_record() {
        let fields = |count: i64, gap: i64| -> Vec<Access> {
            (0..count).map(|field| load(0, field * gap)).collect()
        };
        let nine = fields(9, 1);
        let group: Vec<&Access> = nine.iter().collect();
        assert_eq!(
            neighbor(&group),
            Some(Neighbor {
                centre: 0,
                points: 9,
                spans: vec![0, 8],
                form: Form::Record,
            })
        );
        let four = fields(4, 1);
        let group: Vec<&Access> = four.iter().collect();
        assert_eq!(neighbor(&group), None);
        let gaps = fields(9, 2);
        let group: Vec<&Access> = gaps.iter().collect();
        assert_eq!(neighbor(&group), None);
    }

    #[test]
    fn other_shapes_are_not() {
        let diagonal = [
            load(0, 0),
            load(1, 1),
            load(-1, -1),
            load(1, -1),
            load(-1, 1),
        ];
        let group: Vec<&Access> = diagonal.iter().collect();
        assert_eq!(neighbor(&group), None);
        let partial = [load(0, 0), load(0, 1), load(1, 0)];
        let group: Vec<&Access> = partial.iter().collect();
        assert_eq!(neighbor(&group), None);
    }
}

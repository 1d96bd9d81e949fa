//! Neighbor references: stencils written as several loads (Fang & Varbanescu,
//! seed-003 §1.4 and §5.1.2).
//!
//! **Grouping.** Loads of one memref whose access matrices have the same
//! coefficients (the same thread, block and loop part `M`) differ only in
//! their constant offsets `O`; seed-003 §5.1.2 merges them into one
//! reference. The group is a *Neighbor* reference when `O` is exactly the
//! von-Neumann cross of radius 1 around one centre `c`: `{c} ∪ {c ± e_d}` for
//! every dimension `d`, i.e. `2·rank + 1` points (the 2-D 5-point stencil,
//! MAP-5xx with the centre's eMAP; the 3-D 7-point stencil, rank 3, has no MAP
//! id). Loads with the same offset count once.
//!
//! **Facts for the decision** (`staging::decide_neighbor`): the halo box is
//! the centre's per-block footprint widened by 2 in every dimension; its
//! reuse is `threads · iterations · points / cells`.
//!
//! Cost: linear in the number of loads times the rank.

use crate::matrix::{Access, AccessMatrix};

/// A Neighbor reference: the group's loads around one centre.
#[derive(Clone, Debug, PartialEq)]
pub struct Neighbor {
    /// Index, in the group given, of the load at the centre.
    pub centre: usize,
    /// Distinct points of the stencil (`2·rank + 1`).
    pub points: usize,
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
    if rank == 0 || offsets.len() != 2 * rank + 1 {
        return None;
    }
    let centre = matrices.iter().position(|candidate| {
        offsets.iter().all(|offset| {
            let distance: Vec<i64> = offset
                .iter()
                .zip(&candidate.offsets)
                .map(|(point, centre)| point - centre)
                .collect();
            distance.iter().map(|step| step.abs()).sum::<i64>() <= 1
        })
    })?;
    Some(Neighbor {
        centre,
        points: offsets.len(),
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
                points: 5
            })
        );
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
        let partial = [load(0, 0), load(0, 1), load(0, -1)];
        let group: Vec<&Access> = partial.iter().collect();
        assert_eq!(neighbor(&group), None);
    }
}

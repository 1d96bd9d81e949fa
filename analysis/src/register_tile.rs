//! Register tiles (issue 33, item 2): each thread computes a `Fy × Fx` tile of the outputs
//! it computed one of, the loads of its accumulation loop shared between them.
//!
//! Model. A kernel whose thread accumulates one output over a loop (matmul's `C[i][j] =
//! Σ_k A[i][k]·B[k][j]`, `i` from block y, `j` from block x) is given the work of `Fy × Fx`
//! blocks: copy `(r, c)` reads block ids `(Fy·by + r, Fx·bx + c)`, and the copies' loops run as
//! one loop carrying every copy's accumulators (unroll-and-jam). A load whose address does not
//! depend on block x is the same for the `Fx` copies of a row and is issued once for them;
//! likewise along y. With `L` loads per trip, `a` of them free of x, `b` free of y and `n` free
//! of both, the loop issues `(L − a − b + n)·Fx·Fy + (a − n)·Fy + (b − n)·Fx + n` loads per trip
//! where the copies issued `L·Fx·Fy`: matmul's two loads at 4 × 4 go from 32 to 8 a trip, for
//! 16 multiply-adds (two loads per multiply-add become one per two).
//!
//! Calibration. `Fx = Fy = 4` where the grid allows, since that is what was measured: on an
//! H200 (bench/results/2026-11-27-nvidia-h200-session20.md) matmul 2048³ ran 2.563 ms as
//! optimized with one output per thread, 1.331 ms with a 2 × 2 tile and 0.946 ms with a 4 × 4
//! tile (the CUDA reference, shared tiles only: 1.559 ms). Larger tiles are not measured, so a
//! tile holds at most [`ACCUMULATOR_LIMIT`] accumulators.
//!
//! Cost. Constant per load.

/// The tile side tried first along each dimension, then halved (module docs: measured).
pub const TILE_SIDE: u32 = 4;

/// Accumulators a thread may carry through the jammed loop: the measured 4 × 4 tile's.
pub const ACCUMULATOR_LIMIT: u32 = 16;

/// Which block ids a load's address depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dependence {
    /// On block x.
    pub x: bool,
    /// On block y.
    pub y: bool,
}

/// Loads the jammed loop issues per trip for a `fy × fx` tile.
pub fn loads_per_trip(loads: &[Dependence], fx: u32, fy: u32) -> u64 {
    loads
        .iter()
        .map(|load| {
            let along_x = if load.x { u64::from(fx) } else { 1 };
            let along_y = if load.y { u64::from(fy) } else { 1 };
            along_x * along_y
        })
        .sum()
}

/// The side along one dimension: [`TILE_SIDE`], halved until it divides every known extent
/// of the grid along it (1 where none is a multiple of 2).
pub fn side(extents: &[i64]) -> u32 {
    let mut side = TILE_SIDE;
    while side > 1 && extents.iter().any(|&extent| extent % i64::from(side) != 0) {
        side /= 2;
    }
    side
}

/// The tile `(fx, fy)` for loads `loads` and `carried` accumulators per output, given each
/// dimension's side ([`side`]): shrunk (the larger side first) until the accumulators fit
/// [`ACCUMULATOR_LIMIT`]; `None` where no tile of two or more outputs saves a load.
pub fn choose(loads: &[Dependence], carried: u32, (fx, fy): (u32, u32)) -> Option<(u32, u32)> {
    let (mut fx, mut fy) = (fx.max(1), fy.max(1));
    while u64::from(fx) * u64::from(fy) * u64::from(carried.max(1)) > u64::from(ACCUMULATOR_LIMIT) {
        if fx >= fy && fx > 1 {
            fx /= 2;
        } else if fy > 1 {
            fy /= 2;
        } else {
            return None;
        }
    }
    let copies = u64::from(fx) * u64::from(fy);
    let shared = loads_per_trip(loads, fx, fy) < copies * loads.len() as u64;
    (copies >= 2 && shared).then_some((fx, fy))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    /// Brute force: the distinct (load, address) pairs over every copy, a load's address
    /// telling copies apart only along the ids it depends on.
    fn distinct(loads: &[Dependence], fx: u32, fy: u32) -> u64 {
        let mut seen = BTreeSet::new();
        for r in 0..fy {
            for c in 0..fx {
                for (position, load) in loads.iter().enumerate() {
                    seen.insert((position, load.x.then_some(c), load.y.then_some(r)));
                }
            }
        }
        seen.len() as u64
    }

    fn dependence() -> impl Strategy<Value = Dependence> {
        (any::<bool>(), any::<bool>()).prop_map(|(x, y)| Dependence { x, y })
    }

    proptest! {
        #[test]
        fn loads_per_trip_is_the_distinct_loads(
            loads in proptest::collection::vec(dependence(), 0..6),
            fx in 1u32..9,
            fy in 1u32..9,
        ) {
            prop_assert_eq!(loads_per_trip(&loads, fx, fy), distinct(&loads, fx, fy));
        }

        #[test]
        fn a_chosen_tile_fits_and_saves(
            loads in proptest::collection::vec(dependence(), 1..6),
            carried in 1u32..20,
            fx in 1u32..5,
            fy in 1u32..5,
        ) {
            if let Some((x, y)) = choose(&loads, carried, (fx, fy)) {
                prop_assert!(x * y * carried <= ACCUMULATOR_LIMIT);
                prop_assert!(x <= fx.max(1) && y <= fy.max(1));
                prop_assert!(distinct(&loads, x, y) < u64::from(x * y) * loads.len() as u64);
            }
        }
    }

    #[test]
    fn matmul_at_four_by_four_issues_a_quarter_of_the_loads() {
        let matmul = [
            Dependence { x: false, y: true },
            Dependence { x: true, y: false },
        ];
        assert_eq!(loads_per_trip(&matmul, 1, 1), 2);
        assert_eq!(loads_per_trip(&matmul, 4, 4), 8);
        assert_eq!(choose(&matmul, 1, (4, 4)), Some((4, 4)));
        // Two accumulators per output: the tile halves along x first.
        assert_eq!(choose(&matmul, 2, (4, 4)), Some((2, 4)));
    }

    #[test]
    fn loads_that_depend_on_both_ids_share_nothing() {
        let stencil = [Dependence { x: true, y: true }; 3];
        assert_eq!(choose(&stencil, 1, (4, 4)), None);
    }

    #[test]
    fn the_side_divides_every_grid() {
        assert_eq!(side(&[128, 64]), 4);
        assert_eq!(side(&[6]), 2);
        assert_eq!(side(&[3]), 1);
        assert_eq!(side(&[]), 4);
    }
}

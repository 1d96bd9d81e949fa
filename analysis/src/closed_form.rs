//! Gao's closed forms for bank-conflict degrees and periodicity (seed-004 §2–3, §9.3–9.4).
//!
//! Notation (seed-004 §1.1): `B = 32` banks, one lane per bank in a full warp; 4-byte elements;
//! strides `S` and offsets `o` in elements; `R` rows per layer (`W/N` for the row-major
//! mapping, `W/M` for the column-major one); `g = gcd(S, B)`, `D = lcm(S, B)`, `L = B·R`
//! elements per layer of all banks. A *degree* is the wavefront count of one request with
//! lanes at `o + c·S` (`c` = lane), what [`crate::request::wavefronts`] computes by
//! enumeration; these forms must agree with it (they are property-tested against it).
//!
//! * Conventional mapping (Gao case two, sm_90): `⌈t / (B/g)⌉` for `t` contiguous active
//!   lanes, offset-free (§2.1); `g` for a full warp. For 8- and 16-byte elements, each
//!   phase is the same problem over groups of banks (our derivation from §8's phase model).
//! * Row-major mapping (case one, Kepler 4-byte mode): Algorithm 4.1's offset-free base for
//!   power-of-two strides, and the exact form for any stride and offset that replaces its
//!   undefined `offset_impact` (§2.2, errata 3): `g` when `D ≥ L`, otherwise
//!   `max_{c < B/g} ⌊((o + c·S) mod L + (g−1)·D) / L⌋ + 1`.
//! * Column-major mapping (case four, Kepler 8-byte mode with 4-byte data): strides below `R`
//!   never conflict; with `S = σ·2^e`, `2^e ≥ R` reduces to the conventional stride `S/R`,
//!   and otherwise to an odd-stride problem with `R/2^e` rows (§2.3). The odd case has no
//!   closed form (Algorithm 4.3 is slower than enumeration), so [`column_major_degree`] says
//!   `None` there.
//! * Periodicity (§3): shifting every address by `Δ` per warp or iteration repeats after
//!   `P = L / gcd(Δ, L)` steps, so `n` steps fall into `P` classes whose sizes
//!   [`class_counts`] gives; `total = Σ_k degree_k · count_k`.
//!
//! Negative strides are mirrored: lanes `o + c·S` for `S < 0` are lanes `o' + c·|S|` with
//! `o' = o + (B−1)·S`. All forms cost O(B) at most.

use num_integer::Integer;

use crate::target::{BankGeometry, BANK_WORD_BYTES, SHARED_MEMORY_BANKS};

/// Banks, and lanes of a full request, as a signed number.
const BANKS: i64 = SHARED_MEMORY_BANKS as i64;

/// Degree of `active_lanes` contiguous lanes with stride `stride` words, conventional mapping.
pub fn conventional_degree(stride: i64, active_lanes: u32) -> u32 {
    rounds(stride, active_lanes, BANKS)
}

/// Wavefronts of `active_lanes` contiguous lanes from lane 0, stride `stride` elements of
/// `element_bytes` ∈ {4, 8, 16}, conventional mapping (`None` for other sizes).
///
/// An element spans `w = element_bytes/4` aligned words, so a phase of `32/w` lanes is a
/// conventional request over `32/w` groups of `w` banks: `Σ_phases ⌈k/((32/w)/gcd(S, 32/w))⌉`
/// for the `k` active lanes of each phase (seed-004 §8's phase model, derived here).
pub fn conventional_wavefronts(stride: i64, active_lanes: u32, element_bytes: u32) -> Option<u32> {
    if !matches!(element_bytes, 4 | 8 | 16) {
        return None;
    }
    let groups = BANKS / i64::from(element_bytes / BANK_WORD_BYTES);
    let lanes_per_phase = groups as u32;
    let phases = SHARED_MEMORY_BANKS / lanes_per_phase;
    let total = (0..phases)
        .map(|phase| {
            let active = active_lanes
                .saturating_sub(phase * lanes_per_phase)
                .min(lanes_per_phase);
            rounds(stride, active, groups)
        })
        .sum();
    Some(total)
}

/// `⌈lanes / (banks/gcd(stride, banks))⌉`, 1 for a broadcast, 0 without lanes.
fn rounds(stride: i64, lanes: u32, banks: i64) -> u32 {
    if lanes == 0 {
        return 0;
    }
    if stride == 0 {
        return 1;
    }
    let lanes_per_round = banks / stride.gcd(&banks);
    Integer::div_ceil(&i64::from(lanes), &lanes_per_round) as u32
}

/// Algorithm 4.1's degree at offset 0 for a power-of-two stride, row-major mapping (`None` otherwise).
pub fn row_major_base_degree(stride: i64, rows_per_layer: u32) -> Option<u32> {
    if stride <= 0 || !stride.unsigned_abs().is_power_of_two() {
        return None;
    }
    let rows = i64::from(rows_per_layer);
    let common = stride.gcd(&BANKS);
    let degree = if stride >= BANKS * rows {
        BANKS
    } else if stride % BANKS == 0 {
        Integer::div_ceil(&(common * (stride / BANKS)), &rows)
    } else {
        Integer::div_ceil(&common, &rows)
    };
    Some(degree as u32)
}

/// Exact degree of a full warp with stride `stride` and offset `offset`, row-major mapping.
pub fn row_major_degree(stride: i64, offset: i64, rows_per_layer: u32) -> u32 {
    if stride == 0 {
        return 1;
    }
    let (stride, offset) = mirrored(stride, offset);
    let common = stride.gcd(&i128::from(BANKS));
    let multiple = stride.lcm(&i128::from(BANKS));
    let layer = i128::from(BANKS) * i128::from(rows_per_layer);
    if multiple >= layer {
        return common as u32;
    }
    (0..i128::from(BANKS) / common)
        .map(|lane| {
            ((offset + lane * stride).rem_euclid(layer) + (common - 1) * multiple) / layer + 1
        })
        .max()
        .unwrap_or(1) as u32
}

/// What a column-major request reduces to (seed-004 §2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnMajorProblem {
    /// No two lanes conflict: degree 1.
    ConflictFree,
    /// A conventional request with this stride: degree `gcd(stride, B)`.
    Conventional {
        /// The reduced stride `S/R`.
        stride: i64,
    },
    /// An odd-stride column-major request with fewer rows.
    OddStride {
        /// The odd part `σ` of the stride.
        stride: i64,
        /// The reduced offset `⌊o/2^e⌋ mod R'`.
        offset: i64,
        /// The reduced rows per layer `R' = R/2^e`.
        rows_per_layer: u32,
    },
}

/// Reduces a full-warp column-major request with stride `stride`, offset `offset` and `R` rows.
pub fn column_major_problem(stride: i64, offset: i64, rows_per_layer: u32) -> ColumnMajorProblem {
    let rows = i64::from(rows_per_layer);
    if stride.abs() < rows {
        return ColumnMajorProblem::ConflictFree;
    }
    let (stride, offset) = mirrored(stride, offset);
    let (stride, offset) = (stride as i64, offset.rem_euclid(i128::from(rows)) as i64);
    let power = stride.trailing_zeros();
    let (odd, two_power) = (stride >> power, 1i64 << power);
    if two_power >= rows {
        ColumnMajorProblem::Conventional {
            stride: stride / rows,
        }
    } else {
        let reduced_rows = rows / two_power;
        ColumnMajorProblem::OddStride {
            stride: odd,
            offset: (offset / two_power) % reduced_rows,
            rows_per_layer: reduced_rows as u32,
        }
    }
}

/// Degree of a full column-major warp where a closed form exists (`None` for the odd-stride case).
pub fn column_major_degree(stride: i64, offset: i64, rows_per_layer: u32) -> Option<u32> {
    match column_major_problem(stride, offset, rows_per_layer) {
        ColumnMajorProblem::ConflictFree => Some(1),
        ColumnMajorProblem::Conventional { stride } => Some(conventional_degree(stride, 32)),
        ColumnMajorProblem::OddStride { .. } => None,
    }
}

/// Gao's case one with `R` rows per layer for 4-byte data: `W = 4R`, `N = 4`.
pub fn row_major_geometry(rows_per_layer: u32) -> BankGeometry {
    BankGeometry {
        banks: SHARED_MEMORY_BANKS,
        layer_bytes: BANK_WORD_BYTES * rows_per_layer,
        unit_bytes: BANK_WORD_BYTES,
    }
}

/// Gao's case four with `R` rows per layer for 4-byte data: `W = N = 4R`.
pub fn column_major_geometry(rows_per_layer: u32) -> BankGeometry {
    BankGeometry {
        banks: SHARED_MEMORY_BANKS,
        layer_bytes: BANK_WORD_BYTES * rows_per_layer,
        unit_bytes: BANK_WORD_BYTES * rows_per_layer,
    }
}

/// Offsets (in elements) after which every degree repeats: 1 conventional, `B·W/M` row-major, `R` column-major.
pub fn offset_period(geometry: BankGeometry, element_bytes: u32) -> u64 {
    (geometry.shift_period_bytes() / u64::from(element_bytes.max(1))).max(1)
}

/// Distinct classes `P = L / gcd(Δ, L)` of a shift by `increment` per step, modulo `length`.
pub fn period(increment: i64, length: u64) -> u64 {
    let length = i128::from(length);
    (length / i128::from(increment).gcd(&length).max(1)) as u64
}

/// How many of the steps `0 … iterations−1` fall in each class `k < period` (`i mod P = k`).
pub fn class_counts(iterations: u64, period: u64) -> Vec<u64> {
    let period = period.max(1);
    (0..period)
        .map(|class| iterations / period + u64::from(class < iterations % period))
        .collect()
}

/// A negative stride as the positive stride of the same lanes in reverse order.
fn mirrored(stride: i64, offset: i64) -> (i128, i128) {
    let (stride, offset) = (i128::from(stride), i128::from(offset));
    if stride < 0 {
        (-stride, offset + (i128::from(BANKS) - 1) * stride)
    } else {
        (stride, offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::BankModel;

    #[test]
    fn kepler_geometries_are_the_two_thesis_cases_with_two_rows() {
        assert_eq!(row_major_geometry(2), BankModel::Kepler4Byte.geometry());
        assert_eq!(column_major_geometry(2), BankModel::Kepler8Byte.geometry());
        assert_eq!(row_major_geometry(1), BankModel::Conventional.geometry());
    }

    #[test]
    fn offset_periods_match_the_three_mappings() {
        assert_eq!(offset_period(BankModel::Conventional.geometry(), 4), 1);
        assert_eq!(offset_period(BankModel::Kepler4Byte.geometry(), 4), 64);
        assert_eq!(offset_period(BankModel::Kepler8Byte.geometry(), 4), 2);
    }

    #[test]
    fn mirrored_negative_stride_keeps_the_lane_set() {
        assert_eq!(mirrored(-2, 62), (2, 0));
        assert_eq!(row_major_degree(-2, 64, 2), row_major_degree(2, 2, 2));
    }
}

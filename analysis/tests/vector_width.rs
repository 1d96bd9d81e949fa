//! The vector-width rule against brute force: every alignment the analysis proves holds for
//! random values of the variables and of the base, every chunk plan covers its run with
//! aligned instructions that are as wide as allowed, and the rule picks what the definition
//! says (seed-002 G_2; anchors-mission §3.2, Triton's `min(contiguity, divisibility, 16 B)`).

use std::collections::BTreeMap;

use analysis::target::MAX_ACCESS_BYTES;
use analysis::vector_width::{
    address_alignment, chains, chunks, divisibility, over_iterations, power_of_two_divisor,
    variable_divisibility, width, Limit,
};
use analysis::{LinearForm, Loop, LoopId, Variable};
use proptest::prelude::*;

/// A form `constant + a·tid.x + b·loop0` (coefficients may be zero).
fn form(constant: i64, a: i64, b: i64) -> LinearForm<'static> {
    let mut variables = BTreeMap::new();
    if a != 0 {
        variables.insert(Variable::ThreadX, a);
    }
    if b != 0 {
        variables.insert(Variable::Loop(LoopId(0)), b);
    }
    LinearForm {
        variables,
        constant,
        ..LinearForm::default()
    }
}

/// Element sizes of the types the pass vectorizes.
fn element_bytes() -> impl Strategy<Value = u32> {
    prop::sample::select(vec![1u32, 2, 4, 8])
}

/// Power-of-two base alignments up to the CUDA allocation alignment.
fn base_alignment() -> impl Strategy<Value = u64> {
    (0u32..=8).prop_map(|shift| 1u64 << shift)
}

proptest! {
    /// `align(f)` divides `base + e·f` for every base multiple of the base alignment and every
    /// value of the variables.
    #[test]
    fn proven_alignment_divides_every_address(
        constant in -200i64..200, a in -64i64..64, b in -64i64..64,
        e in element_bytes(), base in base_alignment(),
        tid in 0i64..1024, iv in -50i64..50, pointer in 0u64..1000,
    ) {
        let f = form(constant, a, b);
        let alignment = address_alignment(base, e, divisibility(&f));
        let offset = constant + a * tid + b * iv;
        let address = (pointer * base) as i128 + i128::from(e) * i128::from(offset);
        prop_assert_eq!(address.rem_euclid(i128::from(alignment.min(1 << 20))), 0);
    }

    /// Rewriting a loop variable over its iterations keeps every value: `c·iv` at
    /// `iv = lower + step·j` equals the rewritten form at `j`.
    #[test]
    fn iterations_keep_the_values(
        constant in -50i64..50, c in -16i64..16, lower in -8i64..8, step in 1i64..9, j in 0i64..20,
    ) {
        let f = form(constant, 0, c);
        let rewritten = over_iterations(f, &[Loop::constant(lower, lower + 100, step)]).unwrap();
        let value = constant + c * (lower + step * j);
        let coefficient = rewritten.coefficient(&Variable::Loop(LoopId(0)));
        prop_assert_eq!(rewritten.constant + coefficient * j, value);
    }

    /// Chunks tile the run in order; each is a power of two of at most 16 bytes, aligned for
    /// every address of its start, and as wide as the alignment and the rest of the run allow.
    #[test]
    fn chunks_tile_runs_with_aligned_instructions(
        length in 1u32..24, e in element_bytes(), base in base_alignment(),
        a in 0i64..64, constant in -40i64..40, tid in 0i64..512, pointer in 0u64..100,
    ) {
        let f = form(constant, a, 0);
        let invariant = base.min(power_of_two_divisor(
            variable_divisibility(&f).saturating_mul(u64::from(e)),
        ));
        let plan = chunks(length, e, invariant, constant);
        let mut next = 0;
        for chunk in &plan {
            prop_assert_eq!(chunk.start, next);
            prop_assert!(chunk.elements.is_power_of_two());
            prop_assert!(chunk.elements * e <= MAX_ACCESS_BYTES.max(e));
            let element = constant + a * tid + i64::from(chunk.start);
            let address = (pointer * base) as i128 + i128::from(e) * i128::from(element);
            prop_assert_eq!(address.rem_euclid(i128::from(chunk.alignment)), 0);
            if chunk.elements > 1 {
                prop_assert!(chunk.alignment >= u64::from(chunk.elements * e));
            }
            let offset = (i128::from(constant) + i128::from(chunk.start)) * i128::from(e);
            let at = invariant.min(power_of_two_divisor(offset.unsigned_abs() as u64));
            let wider = chunk.elements * 2;
            prop_assert!(
                wider > length - chunk.start
                    || u64::from(wider * e) > at
                    || wider * e > MAX_ACCESS_BYTES
            );
            next += chunk.elements;
        }
        prop_assert_eq!(next, length);
    }

    /// The width is the largest power of two within all three bounds, and names the bound
    /// that stops it from doubling.
    #[test]
    fn width_follows_the_definition(available in 1u32..40, e in element_bytes(), shift in 0u32..10) {
        let alignment = 1u64 << shift;
        let chosen = width(available, e, alignment);
        let fits = |w: u32| w <= available && w * e <= MAX_ACCESS_BYTES.max(e)
            && (w == 1 || u64::from(w * e) <= alignment);
        let best = (0..6).map(|k| 1u32 << k).filter(|&w| fits(w)).max().unwrap();
        prop_assert_eq!(chosen.elements, best);
        let wider = best * 2;
        let expected = if wider > available {
            Limit::Contiguity
        } else if u64::from(wider * e) > alignment {
            Limit::Alignment
        } else {
            Limit::Hardware
        };
        prop_assert_eq!(chosen.limit, expected);
    }

    /// Chains of single elements are the maximal sets of consecutive distinct offsets.
    #[test]
    fn chains_are_maximal(offsets in prop::collection::vec(-20i64..20, 0..30)) {
        let pieces: Vec<(i64, u32)> = offsets.iter().map(|&offset| (offset, 1)).collect();
        let found = chains(&pieces);
        let covered: Vec<i64> = found.iter().flatten().map(|&index| offsets[index]).collect();
        let mut distinct = offsets.clone();
        distinct.sort_unstable();
        distinct.dedup();
        prop_assert_eq!(&covered, &distinct);
        for pair in found.windows(2) {
            prop_assert!(offsets[*pair[0].last().unwrap()] + 1 < offsets[pair[1][0]]);
        }
    }

    /// Every chained piece starts where the one before it ends, and every piece left out
    /// overlaps a chained one.
    #[test]
    fn chains_are_adjacent(pieces in prop::collection::vec((-20i64..20, 1u32..5), 0..20)) {
        let found = chains(&pieces);
        let chained: Vec<usize> = found.iter().flatten().copied().collect();
        for chain in &found {
            for pair in chain.windows(2) {
                let (offset, width) = pieces[pair[0]];
                prop_assert_eq!(offset + i64::from(width), pieces[pair[1]].0);
            }
        }
        for (index, &(offset, width)) in pieces.iter().enumerate() {
            if !chained.contains(&index) {
                let overlaps = |&other: &usize| {
                    let (start, length) = pieces[other];
                    offset < start + i64::from(length) && start < offset + i64::from(width)
                };
                prop_assert!(chained.iter().any(overlaps));
            }
        }
    }
}

/// The kernels of test/Transforms/vectorize.mlir, by hand.
#[test]
fn array_of_structures_cases() {
    // A[4t+k], 16-byte base: one 16-byte access.
    let aos = form(0, 4, 0);
    assert_eq!(address_alignment(16, 4, divisibility(&aos)), 16);
    assert_eq!(chunks(4, 4, 16, 0).len(), 1);
    // A[4t+1+k]: 4-, 8-, 4-byte aligned starts.
    let widths: Vec<u32> = chunks(4, 4, 16, 1).iter().map(|c| c.elements).collect();
    assert_eq!(widths, [1, 2, 1]);
    // A[3t+k]: only 4 bytes, whatever the base.
    assert_eq!(address_alignment(256, 4, divisibility(&form(0, 3, 0))), 4);
    // f16 x 8 at 8t: 16 bytes.
    assert_eq!(address_alignment(16, 2, divisibility(&form(0, 8, 0))), 16);
}

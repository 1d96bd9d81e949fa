//! The window a loop carries in registers (`promote`'s streaming along a loop; issue 33 item 3,
//! Carr and Kennedy's scalar replacement of loop-carried reuse).
//!
//! Loads of one buffer in a loop `for k = lower; k < upper; k += s` whose indices differ only
//! in one dimension, there by `k + d` with constant offsets `d`, read in iteration `k + s` what
//! offset `d + s` read in iteration `k`: a 3-D stencil's `a[k-1][j][i]`, `a[k][j][i]`,
//! `a[k+1][j][i]` walking `k`. Where the offsets are `lowest, lowest + s, …, highest`, every
//! one present, the loop carries `n − 1` registers (`n` the offsets' count, the window's slots):
//! slot `t` holds the element at `k + lowest + t·s`. Each iteration loads the leading element
//! (`k + highest`) alone, takes the others from the slots, and passes slots `1 … n − 2` and
//! the leading one on as the next iteration's `0 … n − 2`. The first iteration loads every slot
//! (elements that iteration reads in the original too, so nothing is read that was not).
//!
//! A set with a gap (`k − 2`, `k + 2`) or an offset that is not a multiple of the step is not
//! a window: a slot would hold an element no iteration of the original reads at that time.
//! Cost: `n − 1` registers, a compare and a uniform branch per iteration; saves `m − 1` loads
//! an iteration, `m` the loads the offsets came from (offsets may repeat).

/// The most registers a window carries (NVIDIA's FDTD3d keeps radius 4 on each side: 8).
pub const MOST_CARRIED: usize = 16;

/// Registers carried along a loop for loads at `k + lowest`, `k + lowest + step`, … `k + highest`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The smallest offset.
    pub lowest: i64,
    /// The loop's step, the distance between slots.
    pub step: i64,
    /// Offsets in the window, the leading one included (registers carried: one fewer).
    pub slots: usize,
}

impl Window {
    /// The window of loads at `offsets` (each a loop counter's distance from it) in a loop of
    /// positive `step`, or why there is none.
    pub fn of(offsets: &[i64], step: i64) -> Result<Window, String> {
        if step <= 0 {
            return Err(format!("the loop's step {step} is not positive"));
        }
        let (Some(&lowest), Some(&highest)) = (offsets.iter().min(), offsets.iter().max()) else {
            return Err("no load to carry".into());
        };
        if lowest == highest {
            return Err("every load reads the same element of an iteration".into());
        }
        if let Some(odd) = offsets
            .iter()
            .find(|&&offset| (offset - lowest) % step != 0)
        {
            return Err(format!(
                "offsets {lowest} and {odd} are not a whole number of steps ({step}) apart"
            ));
        }
        let slots = usize::try_from((highest - lowest) / step + 1).unwrap_or(usize::MAX);
        if slots - 1 > MOST_CARRIED {
            return Err(format!(
                "its {} registers are more than {MOST_CARRIED}",
                slots - 1
            ));
        }
        let window = Window {
            lowest,
            step,
            slots,
        };
        if let Some(missing) = (0..slots)
            .map(|slot| window.offset(slot))
            .find(|offset| !offsets.contains(offset))
        {
            return Err(format!(
                "no load reads offset {missing}, between {lowest} and {highest}: a register \
                 would hold an element the loop does not read then"
            ));
        }
        Ok(window)
    }

    /// The offset slot `slot` holds.
    pub fn offset(&self, slot: usize) -> i64 {
        self.lowest + self.step * slot as i64
    }

    /// The slot that holds `offset` (the last one is the leading load), if any.
    pub fn slot(&self, offset: i64) -> Option<usize> {
        let distance = offset.checked_sub(self.lowest)?;
        (distance >= 0 && distance % self.step == 0)
            .then(|| usize::try_from(distance / self.step).ok())
            .flatten()
            .filter(|&slot| slot < self.slots)
    }

    /// Registers carried from one iteration to the next.
    pub fn carried(&self) -> usize {
        self.slots - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The element at `position` of a buffer whose every element differs.
    fn element(position: i64) -> i64 {
        position * 7 + 3
    }

    proptest! {
        /// The rotation the pass builds reads, in every iteration, what each offset read.
        #[test]
        fn rotation_reads_what_the_loads_read(
            lowest in -6i64..6,
            slots in 2usize..10,
            step in 1i64..4,
            lower in -20i64..20,
            trips in 1u64..12,
        ) {
            let offsets: Vec<i64> = (0..slots).map(|slot| lowest + step * slot as i64).collect();
            let window = Window::of(&offsets, step).unwrap();
            let mut carried: Vec<i64> = Vec::new();
            for trip in 0..trips {
                let counter = lower + step * trip as i64;
                if trip == 0 {
                    carried = (0..window.carried())
                        .map(|slot| element(counter + window.offset(slot)))
                        .collect();
                }
                let leading = element(counter + window.offset(window.carried()));
                for &offset in &offsets {
                    let slot = window.slot(offset).unwrap();
                    let value = if slot == window.carried() { leading } else { carried[slot] };
                    prop_assert_eq!(value, element(counter + offset));
                }
                carried = carried[1..].iter().copied().chain([leading]).collect();
            }
        }

        /// A set is a window exactly where its offsets are every step from lowest to highest.
        #[test]
        fn windows_are_the_full_runs(
            offsets in proptest::collection::vec(-8i64..8, 1..8),
            step in 1i64..4,
        ) {
            let lowest = *offsets.iter().min().unwrap();
            let highest = *offsets.iter().max().unwrap();
            let full = lowest < highest
                && offsets.iter().all(|offset| (offset - lowest) % step == 0)
                && (lowest..=highest).step_by(step as usize).all(|offset| offsets.contains(&offset));
            prop_assert_eq!(Window::of(&offsets, step).is_ok(), full);
        }
    }

    /// FDTD3d's radius-4 column: 9 offsets, 8 registers, the leading one at +4.
    #[test]
    fn a_radius_four_column() {
        let offsets: Vec<i64> = (-4..=4).collect();
        let window = Window::of(&offsets, 1).unwrap();
        assert_eq!(window.carried(), 8);
        assert_eq!(window.slot(4), Some(8));
        assert_eq!(window.slot(-4), Some(0));
        assert_eq!(window.slot(5), None);
    }

    /// A gap is refused with the offset no load reads.
    #[test]
    fn a_gap_is_named() {
        let why = Window::of(&[-2, 2], 1).unwrap_err();
        assert!(why.contains("offset -1"), "{why}");
    }
}

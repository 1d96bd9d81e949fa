//! A small deterministic pseudo-random generator for the fuzzer: SplitMix64
//! (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
//! OOPSLA 2014). One 64-bit state, one multiply-xorshift finaliser per draw;
//! statistically good enough to pick shapes and coefficients, and the same
//! sequence on every platform, so `--seed S` reproduces a campaign exactly.
//! Bounded draws use a modulo: the bias (bound / 2^64) is irrelevant here.

/// The SplitMix64 increment (the golden ratio in 64-bit fixed point).
const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// A SplitMix64 stream.
pub struct Random {
    state: u64,
}

impl Random {
    /// The stream of case `index` of the campaign with seed `seed`: cases are
    /// independent, so one case reproduces without generating the others.
    pub fn for_case(seed: u64, index: u64) -> Random {
        let mut mixer = Random {
            state: seed ^ index.wrapping_mul(GOLDEN_GAMMA),
        };
        Random {
            state: mixer.next(),
        }
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        let mut bits = self.state;
        bits = (bits ^ (bits >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        bits = (bits ^ (bits >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        bits ^ (bits >> 31)
    }

    /// A value in `low..=high`.
    pub fn range(&mut self, low: i64, high: i64) -> i64 {
        let span = (high - low) as u64 + 1;
        low + (self.next() % span) as i64
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    /// One of `items`, uniformly.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[(self.next() % items.len() as u64) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::Random;

    #[test]
    fn cases_are_reproducible_and_distinct() {
        let draws = |seed, index| {
            let mut random = Random::for_case(seed, index);
            (0..4).map(|_| random.next()).collect::<Vec<_>>()
        };
        assert_eq!(draws(7, 3), draws(7, 3));
        assert_ne!(draws(7, 3), draws(7, 4));
        assert_ne!(draws(7, 3), draws(8, 3));
    }

    #[test]
    fn bounded_draws_stay_in_bounds() {
        let mut random = Random::for_case(1, 0);
        for _ in 0..1000 {
            assert!((-3..=5).contains(&random.range(-3, 5)));
        }
    }
}

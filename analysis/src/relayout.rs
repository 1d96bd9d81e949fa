//! Global data layouts: which order of its dimensions a global buffer should have in memory
//! (issue 18; seed-001 Sung et al. §3–4, seed-000 Jang's data transformation).
//!
//! **Model.** A buffer of static shape `n_0 × … × n_{r-1}` stored row-major puts element
//! `(i_0, …, i_{r-1})` at `Σ i_d·s_d` with `s_{r-1} = 1`. A *relayout* keeps every index
//! expression as written and changes the strides: an order `π` (a permutation of the
//! dimensions, outermost in memory first) gives `s_{π(r-1)} = 1`, `s_{π(k)} = s_{π(k+1)}·n_{π(k+1)}`,
//! i.e. the row-major layout of the permuted shape. Sung's rule is the special case that
//! matters: the index that varies across a warp's lanes should own the unit stride, so an array
//! of structures `cells[j][i][f]` (lanes along `i`, 16 B apart) becomes a structure of arrays
//! `f·n_j·n_i + j·n_i + i` (lanes 4 B apart). MLIR says such a layout as
//! `strided<[s_0, …, s_{r-1}]>`, so a kernel parameter carries it in its type and nothing else
//! in the kernel changes.
//!
//! **Cost.** Every access of the buffer (all of a kernel's, and every kernel's that shares it)
//! is costed with [`warp_metrics`] under each order: 32-byte sectors per block, summed. The
//! order with the fewest sectors wins; ties go to the order closest to the one written (fewest
//! pairs of dimensions swapped: `cells[j][i][f]` becomes `[j][f][i]`, one swap, rather than
//! `[f][j][i]`), then to the earlier permutation. Accesses whose metrics the block model leaves unknown because of an edge guard
//! are costed for an interior block ([`crate::interior`]); any other unknown leaves the buffer
//! as it is, with the reason.
//!
//! **Conversion.** A new layout is paid once per conversion: a pack (read the buffer, write it
//! permuted) before the first launch and an unpack after the last, `4·B` bytes for a buffer of
//! `B` bytes. A launch saves `Δ = 32·(sectors before − sectors after)` bytes per block. Taking a
//! launch to touch every element of the buffer at least once (a structured-grid kernel does),
//! `B ≤ blocks·U` with `U` the bytes a block's accesses use, so the launches that amortize the
//! conversion are at most [`Choice::break_even_launches`] `= 4·U / Δ` (conservative: `U` counts
//! an element once per access that uses it).
//!
//! **Candidates.** Dimension permutations, at most [`MAX_RANK`] dimensions (120 orders); then
//! Sung's strip-mining of a record ([`record_split`]): where every access's innermost index
//! steps by the same `s > 1` from lane to lane (`cells[4·i + f]`, a flattened array of
//! structures), the innermost dimension is split into `n / s` records of `s` and the split
//! shape's orders are costed too (the accesses' index `e` becomes `(e floordiv s, e mod s)`,
//! [`split_index`]). Splits come after the plain orders, so a tie keeps the simpler layout.
//! A record that does not divide `n` would need padding, which is not built (`padding_bytes`
//! is 0). Tiled layouts of the lane dimension (AoSoA with tiles of 32) are not candidates:
//! in the sector model they never need fewer sectors than the order that gives the lane index
//! the unit stride; they win on DRAM page locality, which the model does not count.
//!
//! **Proof.** [`is_bijection`] checks, in closed form, that a strided layout maps the index
//! box one-to-one onto `[0, Π n_d)`: sorted by stride, each stride is the product of the sizes
//! inside it. It is property-tested against the enumeration of the box.

use crate::expression::{IndexExpression, Unknown, Variable};
use crate::interior::interior_access;
use crate::matrix::Access;
use crate::metrics::{warp_metrics, AccessMetrics, Block};
use crate::target::BankModel;

/// Most dimensions whose orders are enumerated (5! = 120 candidates).
pub const MAX_RANK: usize = 5;

/// The most fields of a record [`Choice::separates_records`] counts (a 4x4 matrix per cell).
pub const MAX_RECORD_FIELDS: i64 = 16;

/// Bytes in a global-memory sector (CUDA C++ Programming Guide, "Device Memory Accesses").
pub const SECTOR_BYTES: u64 = 32;

/// Bytes a conversion moves per buffer byte: the pack reads and writes the buffer once, the
/// unpack again.
pub const CONVERSION_PASSES: u64 = 4;

/// One access of the buffer with the block that issues it.
#[derive(Clone, Copy, Debug)]
pub struct Use<'a> {
    /// The access, on the buffer's layout as written.
    pub access: &'a Access,
    /// Its kernel's block.
    pub block: Block,
}

/// The traffic of the buffer's accesses under one layout, per block, summed over the uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traffic {
    /// Warp requests.
    pub requests: u64,
    /// 32-byte sectors.
    pub sectors: u64,
    /// Bytes the lanes use (distinct addresses per request × access bytes).
    pub useful_bytes: u64,
}

impl Traffic {
    /// Average sectors per request (0 without requests).
    pub fn sectors_per_request(&self) -> f64 {
        if self.requests == 0 {
            return 0.0;
        }
        self.sectors as f64 / self.requests as f64
    }
}

/// The layout chosen for a buffer and its numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The record size the innermost dimension is split by (`Some(4)`: index `e` becomes
    /// `(e floordiv 4, e mod 4)`), or `None`.
    pub split: Option<i64>,
    /// The shape the order and strides are of: as written, or with the innermost dimension
    /// `n` split into `n / s` and `s`.
    pub shape: Vec<i64>,
    /// Memory order of the dimensions of `shape`, outermost first (`[0, 1, …]`: as written).
    pub order: Vec<usize>,
    /// The strides, in elements, of each dimension of `shape`.
    pub strides: Vec<i64>,
    /// Traffic as written.
    pub before: Traffic,
    /// Traffic under `order`.
    pub after: Traffic,
    /// Orders costed.
    pub candidates: usize,
}

impl Choice {
    /// Whether the layout differs from the one written.
    pub fn changes(&self) -> bool {
        self.split.is_some()
            || self
                .order
                .iter()
                .enumerate()
                .any(|(position, &d)| position != d)
    }

    /// Whether it turns records into fields: the innermost dimension as written (or the split
    /// record) is at most [`MAX_RECORD_FIELDS`] elements and no longer innermost. An array of
    /// structures becomes a structure of arrays; a square matrix's transpose does not count.
    pub fn separates_records(&self) -> bool {
        let record = self.shape.len() - 1;
        let innermost = self.order.last() != Some(&record);
        innermost && self.shape[record] <= MAX_RECORD_FIELDS
    }

    /// Bytes a launch saves per block.
    pub fn saved_bytes_per_block(&self) -> u64 {
        self.before.sectors.saturating_sub(self.after.sectors) * SECTOR_BYTES
    }

    /// Launches that amortize a pack and an unpack (module essay), `None` when nothing is saved.
    pub fn break_even_launches(&self) -> Option<f64> {
        let saved = self.saved_bytes_per_block();
        (saved > 0).then(|| (CONVERSION_PASSES * self.before.useful_bytes) as f64 / saved as f64)
    }

    /// The flattening function over the indices `d0, d1, …` as written: `d0·8192 + d2·2048 +
    /// d1`, or `(d0 mod 4)·4096 + (d0 floordiv 4)` for a split record.
    pub fn formula(&self) -> String {
        let written = self.shape.len() - usize::from(self.split.is_some());
        let mut names: Vec<String> = (0..written).map(|d| format!("d{d}")).collect();
        if let Some(size) = self.split {
            let last = format!("d{}", written - 1);
            names.pop();
            names.push(format!("({last} floordiv {size})"));
            names.push(format!("({last} mod {size})"));
        }
        self.order
            .iter()
            .map(|&dimension| match self.strides[dimension] {
                1 => names[dimension].clone(),
                stride => format!("{}·{stride}", names[dimension]),
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

/// Whether a request of `distinct_addresses` lanes moving `access_bytes` each, touching
/// `sectors_per_request` sectors, is within one sector of the fewest it could touch
/// (`⌈distinct·bytes / 32⌉`): no order of the dimensions saves more than that one sector (a
/// misaligned start), so the orders need not be costed.
pub fn near_ideal(sectors_per_request: f64, distinct_addresses: f64, access_bytes: u32) -> bool {
    let ideal = (distinct_addresses * f64::from(access_bytes) / SECTOR_BYTES as f64).ceil();
    sectors_per_request <= ideal + 1.0
}

/// The record size to split the innermost dimension of `shape` by: the stride `s > 1` every
/// access's innermost index moves by from one lane to the next (`4·tid.x + f`), when `s`
/// divides the dimension and the split shape has at most [`MAX_RANK`] dimensions. A size that
/// does not divide would need padding, which is not built.
pub fn record_split(shape: &[i64], uses: &[Use]) -> Option<i64> {
    let innermost = *shape.last()?;
    lane_stride(uses)
        .filter(|&size| innermost % size == 0 && innermost > size && shape.len() < MAX_RANK)
}

/// The stride `s > 1` every access's innermost index moves by from one lane to the next
/// (`4·tid.x + f`: 4), when they agree: the size of the record a lane reads.
pub fn lane_stride(uses: &[Use]) -> Option<i64> {
    let mut found: Option<i64> = None;
    for used in uses {
        let form = used.access.indices.last()?.linear().ok()?;
        let stride = form
            .variables
            .get(&Variable::ThreadX)
            .copied()
            .unwrap_or(0)
            .abs();
        if stride > 1 && found.is_some_and(|other| other != stride) {
            return None;
        }
        if stride > 1 {
            found = Some(stride);
        }
    }
    found
}

/// `shape` with its innermost dimension `n` split into `n / size` records of `size`.
fn split_shape(shape: &[i64], size: i64) -> Vec<i64> {
    let (innermost, outer) = shape.split_last().expect("a buffer has a dimension");
    outer
        .iter()
        .copied()
        .chain([innermost / size, size])
        .collect()
}

/// `uses`' accesses on the split shape `split` (innermost dimension split by `size`): the
/// index `e` becomes `(e floordiv size, e mod size)`.
fn split_accesses(uses: &[Use], split: &[i64], size: i64) -> Vec<Access> {
    uses.iter()
        .map(|used| {
            let mut access = used.access.clone();
            if let Some(last) = access.indices.pop() {
                let (record, field) = split_index(&last, size);
                access.indices.push(record);
                access.indices.push(field);
            }
            access.layout.shape = split.iter().copied().map(Some).collect();
            access
        })
        .collect()
}

/// `(e floordiv size, e mod size)`, exact and simplified: with `e = size·q + r`, where `q`
/// gathers the terms whose coefficient `size` divides, `e floordiv size = q + r floordiv size`
/// and `e mod size = r mod size` (folded where `r` is a constant), so `4·tid.x + 512·bid.x + 2`
/// splits into `tid.x + 128·bid.x` and `2` without a division over the unknown `bid.x`.
pub fn split_index(index: &IndexExpression, size: i64) -> (IndexExpression, IndexExpression) {
    let Ok(form) = index.linear() else {
        return (index.clone().floor_divide(size), index.clone().modulo(size));
    };
    let mut quotient = IndexExpression::from(0);
    let mut rest: Option<IndexExpression> = None;
    let mut add_rest = |term: IndexExpression| {
        rest = Some(match rest.take() {
            Some(sum) => sum + term,
            None => term,
        });
    };
    for (variable, &coefficient) in &form.variables {
        let term = IndexExpression::from(variable.clone());
        if coefficient % size == 0 {
            quotient = quotient + term * (coefficient / size);
        } else {
            add_rest(term * coefficient);
        }
    }
    for &(part, coefficient) in &form.quasi_affine {
        if coefficient % size == 0 {
            quotient = quotient + part.clone() * (coefficient / size);
        } else {
            add_rest(part.clone() * coefficient);
        }
    }
    match rest {
        None => (
            quotient + form.constant.div_euclid(size),
            IndexExpression::from(form.constant.rem_euclid(size)),
        ),
        Some(rest) => {
            let rest = rest + form.constant;
            (
                quotient + rest.clone().floor_divide(size),
                rest.modulo(size),
            )
        }
    }
}

/// Strides of the row-major layout of `shape` permuted by `order`, `None` on overflow.
pub fn strides_for(shape: &[i64], order: &[usize]) -> Option<Vec<i64>> {
    let mut strides = vec![0; shape.len()];
    let mut inner: i64 = 1;
    for &dimension in order.iter().rev() {
        strides[dimension] = inner;
        inner = inner.checked_mul(shape[dimension])?;
    }
    Some(strides)
}

/// Whether `strides` map the box `shape` one-to-one onto `[0, Π shape)` (closed form).
pub fn is_bijection(shape: &[i64], strides: &[i64]) -> bool {
    if shape.len() != strides.len() || shape.iter().any(|&size| size < 1) {
        return false;
    }
    // Size-1 dimensions never move an address; the others, by stride, must tile exactly.
    let mut dimensions: Vec<(i64, i64)> = strides
        .iter()
        .zip(shape)
        .filter(|(_, &size)| size > 1)
        .map(|(&stride, &size)| (stride, size))
        .collect();
    dimensions.sort_unstable();
    let mut expected: i64 = 1;
    for (stride, size) in dimensions {
        if stride != expected {
            return false;
        }
        let Some(next) = expected.checked_mul(size) else {
            return false;
        };
        expected = next;
    }
    true
}

/// Every order of `rank` dimensions, by pairs swapped from the identity (which comes first).
fn orders(rank: usize) -> Vec<Vec<usize>> {
    let mut found = permutations(rank);
    found.sort_by_key(|order| inversions(order));
    found
}

/// Pairs of dimensions `order` puts the other way round.
fn inversions(order: &[usize]) -> usize {
    (0..order.len())
        .flat_map(|a| (a + 1..order.len()).map(move |b| (a, b)))
        .filter(|&(a, b)| order[a] > order[b])
        .count()
}

/// Every permutation of `0..rank`.
fn permutations(rank: usize) -> Vec<Vec<usize>> {
    let mut found = vec![Vec::new()];
    for dimension in 0..rank {
        found = found
            .into_iter()
            .flat_map(|order: Vec<usize>| {
                (0..=order.len()).rev().map(move |at| {
                    let mut longer = order.clone();
                    longer.insert(at, dimension);
                    longer
                })
            })
            .collect();
    }
    found
}

/// The traffic of `uses` with the buffer's strides replaced by `strides`.
pub fn traffic(uses: &[Use], strides: &[i64], model: BankModel) -> Result<Traffic, Unknown> {
    let mut total = Traffic::default();
    for used in uses {
        let mut access = used.access.clone();
        access.layout.strides = strides.iter().copied().map(Some).collect();
        let metrics = warp_metrics(&access, used.block, model);
        let complete = |metrics: &AccessMetrics| {
            metrics.requests.is_ok()
                && metrics.sectors_per_request.is_ok()
                && metrics.distinct_addresses.is_ok()
        };
        let metrics = match (metrics, interior_access(&access)) {
            (Ok(metrics), _) if complete(&metrics) => metrics,
            (_, Some(interior)) => warp_metrics(&interior.access, used.block, model)?,
            (metrics, None) => metrics?,
        };
        let requests = metrics.requests.clone()?;
        let sectors = (metrics.sectors_per_request.clone()? * requests as f64).round() as u64;
        let addresses = (metrics.distinct_addresses.clone()? * requests as f64).round() as u64;
        total.requests = total.requests.saturating_add(requests);
        total.sectors = total.sectors.saturating_add(sectors);
        total.useful_bytes = total
            .useful_bytes
            .saturating_add(addresses.saturating_mul(u64::from(access.access_bytes())));
    }
    Ok(total)
}

/// Costs each of `orders` of `shape` (its innermost dimension split by `split`, if any) for
/// `uses`, counting them in `best.candidates`; one with fewer sectors than `best` replaces it.
fn improve(
    best: &mut Choice,
    (shape, split): (&[i64], Option<i64>),
    uses: &[Use],
    orders: impl IntoIterator<Item = Vec<usize>>,
    model: BankModel,
) -> Result<(), Unknown> {
    for order in orders {
        let strides = strides_for(shape, &order).ok_or_else(overflow)?;
        let after = traffic(uses, &strides, model)?;
        best.candidates += 1;
        if after.sectors < best.after.sectors {
            best.split = split;
            best.shape = shape.to_vec();
            best.order = order;
            best.strides = strides;
            best.after = after;
        }
    }
    Ok(())
}

/// Why a layout has no strides: its size overflows 64 bits.
fn overflow() -> Unknown {
    Unknown::new("the buffer's size overflows 64 bits")
}

/// Chooses the order of a buffer of static `shape` from every use of it (module essay).
pub fn choose(shape: &[i64], uses: &[Use], model: BankModel) -> Result<Choice, Unknown> {
    if shape.len() > MAX_RANK {
        return Err(Unknown::new(format!(
            "rank {} is over the {MAX_RANK} dimensions whose orders are tried",
            shape.len()
        )));
    }
    let identity: Vec<usize> = (0..shape.len()).collect();
    let written = strides_for(shape, &identity).ok_or_else(overflow)?;
    let before = traffic(uses, &written, model)?;
    let mut best = Choice {
        split: None,
        shape: shape.to_vec(),
        order: identity,
        strides: written,
        before,
        after: before,
        candidates: 1,
    };
    improve(
        &mut best,
        (shape, None),
        uses,
        orders(shape.len()).into_iter().skip(1),
        model,
    )?;
    // Sung's strip-mining of a record: after every plain order, so a tie keeps the simpler.
    if let Some(size) = record_split(shape, uses) {
        let split = split_shape(shape, size);
        let accesses = split_accesses(uses, &split, size);
        let split_uses: Vec<Use> = accesses
            .iter()
            .zip(uses)
            .map(|(access, used)| Use {
                access,
                block: used.block,
            })
            .collect();
        let split_orders = orders(split.len());
        improve(
            &mut best,
            (&split, Some(size)),
            &split_uses,
            split_orders,
            model,
        )?;
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::expression::{IndexExpression, Variable};
    use crate::matrix::{AccessKind, MemorySpace, MemrefLayout};

    /// Each of `accesses` issued by a block of 128 threads.
    fn uses_of(accesses: &[Access]) -> Vec<Use<'_>> {
        let block = Block::new(128, 1, 1);
        accesses
            .iter()
            .map(|access| Use { access, block })
            .collect()
    }

    /// Enumerates the box: every offset exactly once, all inside `[0, Π shape)`.
    fn brute_force_bijection(shape: &[i64], strides: &[i64]) -> bool {
        let total: i64 = shape.iter().product();
        let mut seen = vec![false; total as usize];
        for linear in 0..total {
            let (mut rest, mut offset) = (linear, 0i64);
            for dimension in (0..shape.len()).rev() {
                offset += rest % shape[dimension] * strides[dimension];
                rest /= shape[dimension];
            }
            if !(0..total).contains(&offset) || seen[offset as usize] {
                return false;
            }
            seen[offset as usize] = true;
        }
        true
    }

    proptest! {
        #[test]
        fn closed_form_bijection_agrees_with_enumeration(
            shape in prop::collection::vec(1i64..5, 1..4),
            strides in prop::collection::vec(0i64..30, 3),
            permuted in any::<bool>(),
            seed in 0usize..24,
        ) {
            let strides: Vec<i64> = if permuted {
                let candidates = orders(shape.len());
                strides_for(&shape, &candidates[seed % candidates.len()]).unwrap()
            } else {
                strides[..shape.len()].to_vec()
            };
            prop_assert_eq!(
                is_bijection(&shape, &strides),
                brute_force_bijection(&shape, &strides)
            );
            if permuted {
                prop_assert!(is_bijection(&shape, &strides));
            }
        }
    }

    proptest! {
        #[test]
        fn split_index_is_floor_division_and_remainder(
            tx in 0i64..256, bx in -50i64..50, a in -9i64..9, b in -9i64..9, c in -40i64..40,
            size in 2i64..10,
        ) {
            let index = IndexExpression::from(Variable::ThreadX) * a
                + IndexExpression::from(Variable::BlockX) * b
                + IndexExpression::from(c);
            let value = |variable: &Variable| match variable {
                Variable::ThreadX => Some(tx),
                Variable::BlockX => Some(bx),
                _ => None,
            };
            let (record, field) = split_index(&index, size);
            let e = a * tx + b * bx + c;
            prop_assert_eq!(record.evaluate(&value).unwrap(), e.div_euclid(size));
            prop_assert_eq!(field.evaluate(&value).unwrap(), e.rem_euclid(size));
        }
    }

    #[test]
    fn near_ideal_allows_one_sector_of_misalignment() {
        // 32 lanes × 4 B: 4 sectors aligned, 5 misaligned; 16 B apart: 16.
        assert!(near_ideal(4.0, 32.0, 4));
        assert!(near_ideal(5.0, 32.0, 4));
        assert!(!near_ideal(16.0, 32.0, 4));
        // 8 active lanes of 4 B fit one sector: 4 is not near the ideal.
        assert!(!near_ideal(4.0, 8.0, 4));
        // A 16-byte vector per lane: 16 sectors is ideal.
        assert!(near_ideal(17.0, 32.0, 16));
    }

    #[test]
    fn orders_are_every_permutation_once_identity_first() {
        let all = orders(4);
        assert_eq!(all.len(), 24);
        assert_eq!(all[0], vec![0, 1, 2, 3]);
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 24);
    }

    /// `cells[j][i][f]` of `2048×2048×4` f32 with `i = tid.x + 1`, `j = bid.y`: lanes are
    /// 16 B apart (16–17 sectors per request); structure of arrays makes them 4 B apart.
    #[test]
    fn an_array_of_structures_becomes_a_structure_of_arrays() {
        let shape = [2048, 2048, 4];
        let layout = MemrefLayout::row_major(&shape, 4, MemorySpace::Global);
        let accesses: Vec<Access> = (0..4)
            .map(|field| {
                let i = IndexExpression::from(Variable::ThreadX) + IndexExpression::from(1);
                Access::new(
                    AccessKind::Load,
                    layout.clone(),
                    vec![
                        IndexExpression::from(Variable::BlockY),
                        i,
                        IndexExpression::from(field),
                    ],
                )
            })
            .collect();
        let uses = uses_of(&accesses);
        let choice = choose(&shape, &uses, BankModel::Conventional).unwrap();
        // `[j][f][i]`: one swap; `[f][j][i]` costs the same with two.
        assert_eq!(choice.order, vec![0, 2, 1]);
        assert_eq!(choice.strides, vec![4 * 2048, 1, 2048]);
        assert!(choice.changes());
        assert!(choice.separates_records());
        assert_eq!(choice.candidates, 6);
        // 4 warps × 4 loads: 17 sectors each (512 B from byte 16) → 5 (128 B from byte 4).
        assert_eq!(choice.before.requests, 16);
        assert_eq!(choice.before.sectors, 16 * 17);
        assert_eq!(choice.after.sectors, 16 * 5);
        assert_eq!(choice.before.useful_bytes, 16 * 128);
        assert_eq!(choice.formula(), "d0·8192 + d2·2048 + d1");
        assert_eq!(choice.split, None);
        // 4·2048 B / (192·32 B) ≈ 1.33 launches amortize a pack and an unpack.
        let launches = choice.break_even_launches().unwrap();
        assert!((launches - 8192.0 / 6144.0).abs() < 1e-9, "{launches}");
    }

    /// A flattened array of structures `cells[4·i + f]` (4096 records): no order of one
    /// dimension helps; split by the record size 4 and put the field outermost, a structure of
    /// arrays: `(d0 mod 4)·4096 + (d0 floordiv 4)`, 16 → 4 sectors per request.
    #[test]
    fn a_flattened_record_is_strip_mined() {
        let shape = [4 * 4096];
        let layout = MemrefLayout::row_major(&shape, 4, MemorySpace::Global);
        let record = IndexExpression::from(Variable::ThreadX) * 4
            + IndexExpression::from(Variable::BlockX) * 512;
        let accesses: Vec<Access> = (0..4)
            .map(|field| {
                Access::new(
                    AccessKind::Load,
                    layout.clone(),
                    vec![record.clone() + IndexExpression::from(field)],
                )
            })
            .collect();
        let uses = uses_of(&accesses);
        assert_eq!(record_split(&shape, &uses), Some(4));
        let choice = choose(&shape, &uses, BankModel::Conventional).unwrap();
        assert_eq!(choice.split, Some(4));
        assert_eq!(choice.shape, vec![4096, 4]);
        assert_eq!(choice.strides, vec![1, 4096]);
        assert!(is_bijection(&choice.shape, &choice.strides));
        assert_eq!(choice.formula(), "(d0 mod 4)·4096 + (d0 floordiv 4)");
        assert_eq!(choice.before.sectors, 16 * 16);
        assert_eq!(choice.after.sectors, 16 * 4);
        // One order of one dimension, then the two of the split shape.
        assert_eq!(choice.candidates, 3);
        // A record size that does not divide the dimension is not split (padding is not built).
        assert_eq!(record_split(&[4 * 4096 + 2], &uses), None);
    }

    #[test]
    fn a_coalesced_buffer_keeps_its_order() {
        let shape = [64, 128];
        let layout = MemrefLayout::row_major(&shape, 4, MemorySpace::Global);
        let access = Access::new(
            AccessKind::Store,
            layout,
            vec![
                IndexExpression::from(Variable::BlockX),
                IndexExpression::from(Variable::ThreadX),
            ],
        );
        let uses = uses_of(std::slice::from_ref(&access));
        let choice = choose(&shape, &uses, BankModel::Conventional).unwrap();
        assert!(!choice.changes());
        assert_eq!(choice.break_even_launches(), None);
    }
}

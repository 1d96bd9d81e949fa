//! Hardware facts of the NVIDIA targets the analysis models.
//!
//! Every number the analyses depend on is a named constant here, with its source. The one
//! choice that differs between targets is how shared memory maps bytes to banks, the
//! [`BankModel`]. Gao's dissertation (seed-004 §1.1–1.3) describes every mapping with three
//! numbers, collected in [`BankGeometry`]:
//!
//! * `B` banks (`banks`), a power of two;
//! * `W` bytes per bank *layer* (`layer_bytes`): accesses that fall into the same layer of a
//!   bank are served together (broadcast, sub-word sharing);
//! * `N` bytes mapped to one bank before the next bank starts (`unit_bytes`).
//!
//! For a byte address `a`, `unit(a) = ⌊a/N⌋`, `bank = unit mod B`, `layer = ⌊unit·N/(B·W)⌋`.
//! sm_90 and every architecture since Maxwell has `B = 32, W = N = 4` ("conventional", Gao's
//! case two). Kepler (sm_35/sm_37) has 8-byte layers and a per-kernel bank mode: 4-byte mode
//! (`N = 4`, "row-major" mapping of 4-byte data) or 8-byte mode (`N = 8`, "column-major").
//!
//! Wide accesses are served in *phases* of consecutive lanes: one phase moves at most one
//! layer of every bank, `B·W` bytes, so `B·W / access_bytes` lanes (at most a warp) form a
//! phase: on sm_90, 8-byte accesses take two half-warp phases and 16-byte accesses four
//! quarter-warp phases (seed-004 §8, design.md target model; to be measured with `ncu`). On
//! Kepler the same rule gives one phase for 8 bytes and two for 16 bytes, an extrapolation:
//! the dissertation only covers accesses up to `W` bytes.
//!
//! Cost: every query is a constant-time table look-up.

use crate::Error;

/// Threads per warp on every NVIDIA architecture (CUDA C++ Programming Guide, "SIMT Architecture").
pub const WARP_SIZE: u32 = 32;

/// Shared-memory banks (CUDA C++ Programming Guide, "Shared Memory" for compute capability 5.x and later; Kepler also has 32).
pub const SHARED_MEMORY_BANKS: u32 = 32;

/// Bytes per shared-memory bank word on sm_50 and later (CUDA C++ Programming Guide, compute capability 5.x "Shared Memory").
pub const BANK_WORD_BYTES: u32 = 4;

/// Bytes per bank layer on Kepler, which serves 64 bits per bank per cycle (CUDA C++ Programming Guide, compute capability 3.x; Gao §1.4).
pub const KEPLER_LAYER_BYTES: u32 = 8;

/// Bytes of a global-memory sector, the unit of L1/L2 traffic (CUDA C++ Best Practices Guide, "Coalesced Access to Global Memory").
pub const SECTOR_BYTES: u64 = 32;

/// Bytes of an L1/L2 cache line, four sectors (CUDA C++ Best Practices Guide, "Coalesced Access to Global Memory").
pub const CACHE_LINE_BYTES: u64 = 128;

/// Largest access one thread can make with one instruction, a 128-bit vector (PTX ISA, `ld`/`st` with `.v4.b32`).
pub const MAX_ACCESS_BYTES: u32 = 16;

/// Bytes of constant memory a kernel can use (CUDA C++ Programming Guide, "Technical Specifications per Compute Capability").
pub const CONSTANT_MEMORY_BYTES: u64 = 64 * 1024;

/// Bytes of statically allocated shared memory per block; more needs a dynamic opt-in (CUDA C++ Programming Guide, "Technical Specifications").
pub const STATIC_SHARED_MEMORY_BYTES: u64 = 48 * 1024;

/// Bytes of shared memory one block can opt into on sm_90 (CUDA C++ Programming Guide, "Technical Specifications", compute capability 9.0).
pub const MAX_SHARED_MEMORY_PER_BLOCK_SM90: u64 = 227 * 1024;

/// Most threads in one block (CUDA C++ Programming Guide, "Technical Specifications").
pub const MAX_THREADS_PER_BLOCK: u32 = 1024;

/// SM versions `Target::from_sm` accepts: Kepler 35/37, then Maxwell through Blackwell.
pub const SUPPORTED_SM: &[u32] = &[
    35, 37, 50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90, 100, 120,
];

/// The PTX ISA feature LLVM needs for `sm`: each SM version needs at least the
/// PTX ISA that introduced it (PTX ISA manual, "Release Notes"); LLVM 22
/// defaults to PTX 6.0 and refuses sm_90 without `+ptx80` (design.md).
pub fn ptx_features(sm: u32) -> &'static str {
    match sm {
        0..=80 => "+ptx70",
        81..=86 => "+ptx71",
        87 => "+ptx74",
        88..=89 => "+ptx78",
        90..=99 => "+ptx80",
        100..=119 => "+ptx86",
        _ => "+ptx87",
    }
}

/// How shared memory maps addresses to banks (Gao Table 4.1; see the module essay).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BankModel {
    /// 32 banks × 4 bytes, low-order interleaving: sm_90 and every architecture since Maxwell.
    Conventional,
    /// Kepler in 4-byte bank mode (the default): 32 banks, 8-byte layers, 4-byte mapping unit.
    Kepler4Byte,
    /// Kepler in 8-byte bank mode: 32 banks, 8-byte layers, 8-byte mapping unit.
    Kepler8Byte,
}

/// The three numbers of Gao's unified bank mapping (seed-004 §1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BankGeometry {
    /// Number of banks `B`.
    pub banks: u32,
    /// Bytes of one bank layer `W`.
    pub layer_bytes: u32,
    /// Bytes mapped to one bank before the next one starts, `N`.
    pub unit_bytes: u32,
}

impl BankModel {
    /// The model's `(B, W, N)`.
    pub fn geometry(self) -> BankGeometry {
        let (layer_bytes, unit_bytes) = match self {
            BankModel::Conventional => (BANK_WORD_BYTES, BANK_WORD_BYTES),
            BankModel::Kepler4Byte => (KEPLER_LAYER_BYTES, BANK_WORD_BYTES),
            BankModel::Kepler8Byte => (KEPLER_LAYER_BYTES, KEPLER_LAYER_BYTES),
        };
        BankGeometry {
            banks: SHARED_MEMORY_BANKS,
            layer_bytes,
            unit_bytes,
        }
    }
}

impl BankGeometry {
    /// Bank of the mapping unit that holds byte `address`.
    pub fn bank(self, address: u64) -> u32 {
        ((address / u64::from(self.unit_bytes)) % u64::from(self.banks)) as u32
    }

    /// Layer of byte `address` (the row of all banks it lies in).
    pub fn layer(self, address: u64) -> u64 {
        address / (u64::from(self.banks) * u64::from(self.layer_bytes))
    }

    /// Consecutive lanes served in one phase by accesses of `access_bytes` (one layer of every bank).
    pub fn lanes_per_phase(self, access_bytes: u32) -> usize {
        let phase_bytes = self.banks * self.layer_bytes;
        let lanes = phase_bytes / access_bytes.max(1).next_power_of_two();
        lanes.clamp(1, WARP_SIZE) as usize
    }

    /// Smallest byte shift of every address that leaves every request's wavefront count unchanged.
    ///
    /// With `W = N` a unit shift only renames banks; otherwise only a whole layer of all banks is safe.
    pub fn shift_period_bytes(self) -> u64 {
        if self.layer_bytes == self.unit_bytes {
            u64::from(self.unit_bytes)
        } else {
            u64::from(self.banks) * u64::from(self.layer_bytes)
        }
    }
}

/// A compilation target: the SM version and the bank model its kernels run with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// Compute capability times ten, e.g. 90 for sm_90.
    pub sm: u32,
    /// The shared-memory bank mapping.
    pub bank_model: BankModel,
}

impl Target {
    /// The target for `sm_<sm>`; Kepler gets its default 4-byte bank mode.
    pub fn from_sm(sm: u32) -> Result<Target, Error> {
        if !SUPPORTED_SM.contains(&sm) {
            return Err(Error::UnsupportedSm {
                sm,
                supported: supported_list(),
            });
        }
        let bank_model = if sm < 50 {
            BankModel::Kepler4Byte
        } else {
            BankModel::Conventional
        };
        Ok(Target { sm, bank_model })
    }
}

/// `SUPPORTED_SM` as `sm_35, sm_37, …` for messages.
fn supported_list() -> String {
    SUPPORTED_SM
        .iter()
        .map(|sm| format!("sm_{sm}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sm_90_is_conventional_and_kepler_defaults_to_four_byte_mode() {
        assert_eq!(
            Target::from_sm(90).unwrap().bank_model,
            BankModel::Conventional
        );
        assert_eq!(
            Target::from_sm(35).unwrap().bank_model,
            BankModel::Kepler4Byte
        );
    }

    #[test]
    fn unsupported_sm_lists_the_supported_ones() {
        let message = Target::from_sm(91).unwrap_err().to_string();
        assert!(message.contains("sm_91"), "{message}");
        assert!(message.contains("sm_90, sm_100"), "{message}");
    }

    #[test]
    fn phases_follow_the_access_width() {
        let conventional = BankModel::Conventional.geometry();
        let lanes: Vec<usize> = [1, 2, 4, 8, 16]
            .iter()
            .map(|&bytes| conventional.lanes_per_phase(bytes))
            .collect();
        assert_eq!(lanes, [32, 32, 32, 16, 8]);
        assert_eq!(BankModel::Kepler8Byte.geometry().lanes_per_phase(8), 32);
    }
}

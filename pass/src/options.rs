//! The pass options, validated.
//!
//! MLIR parses the option text (`gpu-mem-opt{sm=90 block=32,8,1 ...}`) on the
//! C++ side and hands a `GpuMemOptOptions` to `crate::ffi`, which checks
//! the values and turns them into [`Options`]. Validation runs when the
//! pipeline is parsed, so a bad value stops `mlir-opt` before any IR is read.
//!
//! | option | default | accepted |
//! |---|---|---|
//! | `sm` | 90 | [`analysis::target::SUPPORTED_SM`] |
//! | `block` | from the IR | one to three positive sizes, product ≤ 1024 |
//! | `report` | none | a writable path |
//! | `strict` | false | bool |
//! | `register-tile`, `coarsen`, `delinearize`, `promote`, `relayout`, `vectorize`, `memory-space`, `stage-shared`, `pad`, `swizzle` | true | bool |
//! | `relayout-launches` | 0 (unknown: never relaid) | launches the launcher keeps a lone kernel's new layout for |
//! | `version` | true | bool: vector accesses behind a run-time alignment check; the read-only path, constant memory and a store staged in a loop behind a run-time check that arguments do not overlap; a lone kernel specialized where only an `int` argument's value or arguments' aliasing blocks `delinearize` or `promote`; where nothing proves it |
//! | `coarsen-grid` | false | bool: a lone kernel may be coarsened or register-tiled, its launcher dividing the grid as the launch contract says |
//! | `coarsen-factor` | 0 (Little's law picks 1, 2, 4 or 8) | 0 or 2 ..= 32 |
//! | `time-veto` | true | bool: a trade the time model does not predict to pay is not made (a register tile no faster, a relayout 2x slower); false makes it anyway, to measure the model's choice against the alternative |
//! | `bind-constants` | false | bool: a lone kernel's small read-only argument in constant memory, which its launcher then copies into the kernel's symbol before each launch |
//! | `assume-noalias` | false | bool |
//! | `assume-alignment` | 0 (element size) | 0 or a power of two ≤ 256 |
//! | `smem-budget` | 49152 | 1 ..= 232448 (227 KiB, the sm_90 opt-in maximum) |
//! | `remarks` | summary | `summary` (what changed and the gain) or `detailed` (the whole reason) |
//!
//! **Switches.** One rule for every step a switch turns off (`delinearize`, `promote`, `vectorize`, `memory-space`,
//! `stage-shared`, and `pad` with `swizzle` together, which turn off the shared-layout step):
//! the step still analyses and decides every target it would decide on (each vector
//! candidate, memref argument, global access, shared buffer), but it rewrites nothing and
//! emits no remark, because remarks point at what the user can act on and a step turned off
//! is not that. The report keeps one decision per target, `applied: false`, whose reason is
//! the option, then what the step found (what it would have done, with its
//! numbers, or why it could not). `strict` turns no decision of a disabled step into an
//! error. `pad=false` or `swizzle=false` alone only narrows the layout step's candidates.

use std::path::PathBuf;

use analysis::target::{Target, MAX_SHARED_MEMORY_PER_BLOCK_SM90, MAX_THREADS_PER_BLOCK};

use crate::Error;

/// The largest alignment `assume-alignment` accepts: the CUDA allocation
/// alignment (CUDA C++ Programming Guide, "Device Memory Accesses": 256 B).
pub const MAX_ASSUMED_ALIGNMENT: u32 = 256;

/// Which transforms may run (one switch per transform, all on by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switches {
    /// `register-tile`: give each thread a tile of outputs, the loads they share issued once.
    pub register_tile: bool,
    /// `coarsen`: give each block the work of several blocks along one grid dimension.
    pub coarsen: bool,
    /// `delinearize`: read flat indices `A[i*W + j]` as rows and columns of a 2-D view.
    pub delinearize: bool,
    /// `promote`: keep an element a loop reads and writes in a register across it.
    pub promote: bool,
    /// `relayout`: reorder a global argument's dimensions in memory.
    pub relayout: bool,
    /// `vectorize`: merge accesses into vector accesses.
    pub vectorize: bool,
    /// `memory-space`: read-only path and constant memory.
    pub memory_space: bool,
    /// `stage-shared`: stage global accesses through shared memory.
    pub stage_shared: bool,
    /// `pad`: pad shared-memory rows.
    pub pad: bool,
    /// `swizzle`: swizzle shared-memory rows.
    pub swizzle: bool,
}

/// Validated options of one pass run.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The target GPU.
    pub target: Target,
    /// Block size for kernels whose IR does not give one.
    pub block: Option<[u32; 3]>,
    /// Where to write the JSON report.
    pub report: Option<PathBuf>,
    /// Turn "could not optimize" into an error.
    pub strict: bool,
    /// Which transforms may run.
    pub switches: Switches,
    /// Assume memref kernel arguments never alias.
    pub assume_noalias: bool,
    /// Alignment in bytes assumed for memref kernel arguments (0: element size).
    pub assume_alignment: u32,
    /// Shared memory per block, in bytes, for all buffers together.
    pub smem_budget: u32,
    /// Launches of a kernel with no launch site in the module that its launcher keeps a new
    /// layout for (0: unknown, so no argument is relaid).
    pub relayout_launches: u32,
    /// Option `version`: where only an argument's unknown alignment blocks a vector access,
    /// make it behind a run-time check of the aligned pointer, the scalar accesses the fallback;
    /// where only writes to other arguments may alias a read-only one, read it through
    /// `ld.global.nc` (or its constant copy) behind a run-time check that their bytes do not
    /// overlap, and stage a store in a loop that only other arguments' accesses keep in place
    /// behind such a check around the loop; where only an `int` argument's value keeps a flat
    /// index flat or only other arguments keep an element from a register, specialize a lone
    /// kernel (`steps::version`).
    pub version: bool,
    /// Option `bind-constants`: a kernel with no launch site in the module may read a small
    /// read-only argument from constant memory, a launch contract (the launcher copies the
    /// argument into the kernel's symbol before each launch); off, the read-only path serves it.
    pub bind_constants: bool,
    /// Option `coarsen-grid`: a kernel with no launch site in the module may be coarsened, a
    /// launch contract (its launcher divides the grid).
    pub coarsen_grid: bool,
    /// Option `coarsen-factor`: the factor coarsening uses where legal (0: the model's).
    pub coarsen_factor: u32,
    /// Option `time-veto`: a trade the time model does not predict to pay (a register tile
    /// no faster, a relayout slower by [`analysis::time::SLOWER_LIMIT`]) is not made.
    pub time_veto: bool,
    /// The one step whose remarks are shown (`steps::Step::name`; the test pass
    /// `gpu-mem-opt-test-plan{step=…}`), or every step's.
    pub remarks_of: Option<&'static str>,
    /// Option `remarks=detailed`: remarks carry the whole reason (MAP ids, rules, cycle
    /// costs), not only what changed and the gain.
    pub detailed_remarks: bool,
}

impl Default for Options {
    /// The pass's defaults: `sm=90`, every step on, nothing assumed, 48 KiB of shared memory.
    fn default() -> Options {
        Options {
            target: Target::from_sm(90).expect("sm_90 is a supported target"),
            block: None,
            report: None,
            strict: false,
            switches: Switches {
                register_tile: true,
                coarsen: true,
                delinearize: true,
                promote: true,
                relayout: true,
                vectorize: true,
                memory_space: true,
                stage_shared: true,
                pad: true,
                swizzle: true,
            },
            assume_noalias: false,
            assume_alignment: 0,
            smem_budget: 48 * 1024,
            relayout_launches: 0,
            version: true,
            bind_constants: false,
            coarsen_grid: false,
            coarsen_factor: 0,
            time_veto: true,
            remarks_of: None,
            detailed_remarks: false,
        }
    }
}

/// Checks `remarks`: `summary` (or empty, the default) or `detailed`.
pub fn detailed_remarks(text: &str) -> Result<bool, Error> {
    match text {
        "" | "summary" => Ok(false),
        "detailed" => Ok(true),
        other => Err(Error::Option {
            option: "remarks",
            message: format!("'{other}' is not one of summary, detailed"),
        }),
    }
}

/// Checks `sm`: one of [`analysis::target::SUPPORTED_SM`].
pub fn target(sm: u32) -> Result<Target, Error> {
    Target::from_sm(sm).map_err(|error| Error::Option {
        option: "sm",
        message: error.to_string(),
    })
}

/// Checks `block`: all zero means "from the IR"; otherwise 1 to 3 sizes.
pub fn block(sizes: [u32; 3]) -> Result<Option<[u32; 3]>, Error> {
    let error = |message: String| Error::Option {
        option: "block",
        message,
    };
    if sizes == [0, 0, 0] {
        return Ok(None);
    }
    if sizes.contains(&u32::MAX) {
        return Err(error("expected at most three sizes X,Y,Z".into()));
    }
    let given = sizes.iter().rposition(|&size| size != 0).unwrap() + 1;
    if sizes[..given].contains(&0) {
        return Err(error(format!(
            "sizes must be positive, got {}",
            render(&sizes[..given])
        )));
    }
    let mut block = [1; 3];
    block[..given].copy_from_slice(&sizes[..given]);
    let threads = block.iter().map(|&size| u64::from(size)).product::<u64>();
    if threads > u64::from(MAX_THREADS_PER_BLOCK) {
        return Err(error(format!(
            "{} has {threads} threads; a block has at most {MAX_THREADS_PER_BLOCK}",
            render(&block)
        )));
    }
    Ok(Some(block))
}

/// Checks `coarsen-factor`: 0 (the model's) or 2 to 32 (Polygeist's coarsening keeps totals
/// at most 32).
pub fn coarsen_factor(factor: u32) -> Result<u32, Error> {
    if factor != 1 && factor <= 32 {
        return Ok(factor);
    }
    Err(Error::Option {
        option: "coarsen-factor",
        message: format!("{factor} is not 0 (the model picks) or a factor from 2 to 32"),
    })
}

/// Checks `assume-alignment`: 0 or a power of two up to 256 bytes.
pub fn assume_alignment(bytes: u32) -> Result<u32, Error> {
    if bytes == 0 || (bytes.is_power_of_two() && bytes <= MAX_ASSUMED_ALIGNMENT) {
        return Ok(bytes);
    }
    Err(Error::Option {
        option: "assume-alignment",
        message: format!("{bytes} is not 0 or a power of two up to {MAX_ASSUMED_ALIGNMENT} bytes"),
    })
}

/// Checks `smem-budget` against the largest shared memory a block can have.
pub fn smem_budget(bytes: u32) -> Result<u32, Error> {
    if bytes > 0 && u64::from(bytes) <= MAX_SHARED_MEMORY_PER_BLOCK_SM90 {
        return Ok(bytes);
    }
    Err(Error::Option {
        option: "smem-budget",
        message: format!("{bytes} bytes is outside 1..={MAX_SHARED_MEMORY_PER_BLOCK_SM90} bytes"),
    })
}

/// Renders sizes as `X,Y,Z`.
pub fn render(sizes: &[u32]) -> String {
    sizes
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_is_padded_with_ones() {
        assert_eq!(block([32, 8, 0]).unwrap(), Some([32, 8, 1]));
        assert_eq!(block([0, 0, 0]).unwrap(), None);
    }

    #[test]
    fn block_rejects_zero_inside_and_too_many_threads() {
        assert!(block([32, 0, 2])
            .unwrap_err()
            .to_string()
            .contains("positive"));
        let message = block([1024, 2, 1]).unwrap_err().to_string();
        assert!(message.contains("2048 threads"), "{message}");
    }

    #[test]
    fn alignment_and_budget_ranges() {
        assert_eq!(assume_alignment(16).unwrap(), 16);
        assert!(assume_alignment(12).is_err());
        assert!(assume_alignment(512).is_err());
        assert!(smem_budget(0).is_err());
        assert_eq!(smem_budget(49152).unwrap(), 49152);
    }
}

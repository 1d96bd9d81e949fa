//! The JSON report: the machine-readable contract of design.md (schema
//! version 1). Tests, benchmarks and DSL compilers read it; the same facts
//! appear as remarks. Keys are never renamed within a schema version; new keys
//! may be added.

use serde::{Deserialize, Serialize};

use analysis::{
    matrix::{AccessKind, MemorySpace},
    shared_layout::SharedLayout,
};

/// Schema version of the report.
pub const SCHEMA_VERSION: u32 = 1;

/// The whole report of one pass run.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    /// [`SCHEMA_VERSION`].
    pub version: u32,
    /// `sm_90` and the like.
    pub target: String,
    /// One entry per kernel, in IR order.
    pub kernels: Vec<KernelReport>,
}

/// What the pass found and decided for one kernel.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct KernelReport {
    /// Symbol name, or `launch@<loc>`.
    pub name: String,
    /// Block size, `null` when unknown.
    pub block: Option<[u32; 3]>,
    /// Why the block size is unknown, when it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub block_unknown_reason: Option<String>,
    /// Every memory access, in IR order.
    pub accesses: Vec<AccessReport>,
    /// Every decision, applied or not.
    pub decisions: Vec<Decision>,
    /// The target it was optimized for (`sm_80`), where its module names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compiled_for: Option<String>,
    /// Why the pass left the kernel unchanged (a module compiled for another GPU).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unchanged: Option<String>,
    /// What became of its affine loops and accesses, where it has some (`ir::affine`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub affine: Option<String>,
    /// What its launcher must do beyond launching it as written ([`crate::contract`]); empty,
    /// and left out, with the default options.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub launch_contract: Vec<Obligation>,
    /// The predicted time of one launch as written and as optimized (issue 35), where the
    /// module launches it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<TimeReport>,
}

/// One launch's predicted time before and after the pass ([`analysis::time`]), or why one is
/// missing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TimeReport {
    /// The kernel as written.
    pub before: Option<PredictedTime>,
    /// The kernel as the pass leaves it.
    pub after: Option<PredictedTime>,
    /// Why a time is missing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unknown: Option<String>,
}

/// A predicted launch time and its terms.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PredictedTime {
    /// The launch, µs.
    pub microseconds: f64,
    /// What bounds it (`latency-bound`).
    pub bound: String,
    /// The terms, µs: DRAM, latency, L1 requests, shared wavefronts, issue.
    pub terms_microseconds: [f64; 5],
    /// Blocks resident an SM.
    pub resident_blocks: u32,
    /// The accesses whose requests are estimated with every lane running them, where a guard
    /// the model does not follow leaves them unknown (`line:column`s).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub every_lane: Vec<String>,
    /// The accesses whose requests are those of the block in the middle of the grid, where a
    /// clamp or a guard on the block ids leaves them unknown for a block in general.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub middle_block: Vec<String>,
}

/// `nanoseconds` in µs to a tenth, as the report writes predicted times.
pub fn rounded_microseconds(nanoseconds: f64) -> f64 {
    (nanoseconds / 100.0).round() / 10.0
}

impl From<analysis::time::Prediction> for PredictedTime {
    fn from(prediction: analysis::time::Prediction) -> PredictedTime {
        PredictedTime {
            microseconds: rounded_microseconds(prediction.nanoseconds),
            bound: prediction.bound.describe().to_string(),
            terms_microseconds: prediction.terms.map(rounded_microseconds),
            resident_blocks: prediction.resident,
            every_lane: Vec::new(),
            middle_block: Vec::new(),
        }
    }
}

impl TimeReport {
    /// The times before and after, from the model's results.
    pub fn new(
        before: Result<PredictedTime, String>,
        after: Result<PredictedTime, String>,
    ) -> TimeReport {
        let unknown = before.clone().err().or_else(|| after.clone().err());
        TimeReport {
            before: before.ok(),
            after: after.ok(),
            unknown,
        }
    }

    /// Whether the times before and after differ by a percent or more.
    pub fn changed(&self) -> bool {
        match (&self.before, &self.after) {
            (Some(before), Some(after)) => {
                (after.microseconds - before.microseconds).abs() >= 0.01 * before.microseconds
            }
            _ => false,
        }
    }

    /// `predicted 259 → 66.2 µs a launch (bound by L1 requests → bandwidth-bound)`, or why not;
    /// where requests were estimated, which.
    pub fn describe(&self) -> String {
        match (&self.before, &self.after, &self.unknown) {
            (Some(before), Some(after), _) => {
                // `the 3 accesses at 1:2, 3:4, 5:6` of those `which` lists, `then` the words
                // after them; nothing where it lists none.
                let estimated =
                    |which: fn(&PredictedTime) -> &Vec<String>, how: &str, then: &str| {
                        let mut at: Vec<&str> = which(before)
                            .iter()
                            .chain(which(after))
                            .map(String::as_str)
                            .collect();
                        at.sort_unstable();
                        at.dedup();
                        let listed = at[..at.len().min(3)].join(", ");
                        match at.len() {
                            0 => String::new(),
                            1 => format!("; estimated {how} the access at {listed}, {then}"),
                            count => {
                                let more = if count > 3 { ", ..." } else { "" };
                                format!(
                                "; estimated {how} the {count} accesses at {listed}{more}, {then}"
                            )
                            }
                        }
                    };
                let every_lane = estimated(
                    |time| &time.every_lane,
                    "with every lane running",
                    "whose guards the model does not follow",
                );
                let middle_block = estimated(
                    |time| &time.middle_block,
                    "in the block in the middle of the grid for",
                    "whose clamps or guards read the block ids",
                );
                format!(
                    "predicted {} → {} µs a launch ({}){every_lane}{middle_block}",
                    microseconds(before.microseconds),
                    microseconds(after.microseconds),
                    if before.bound == after.bound {
                        before.bound.clone()
                    } else {
                        format!("{} → {}", before.bound, after.bound)
                    },
                )
            }
            (_, _, why) => format!("no predicted time: {}", why.as_deref().unwrap_or("unknown")),
        }
    }
}

/// `65.1`, or `259` from 100 µs up.
fn microseconds(microseconds: f64) -> String {
    if microseconds >= 100.0 {
        format!("{microseconds:.0}")
    } else {
        format!("{microseconds:.1}")
    }
}

/// One thing a kernel's launcher must do beyond launching it as written ([`KernelReport::launch_contract`]; read from the IR by `crate::contract`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Obligation {
    /// Copy argument `argument` (`bytes` bytes) into the constant global `symbol` of the
    /// kernel's `gpu.module` before each launch.
    Constant {
        /// The argument's position.
        argument: usize,
        /// The global's symbol.
        symbol: String,
        /// Bytes to copy, where the type tells.
        bytes: Option<u64>,
    },
    /// Launch it with blocks of `sizes` threads: option `block` gave the block size the pass
    /// optimized for, and the kernel now says so (`known_block_size`, PTX `.reqntid`, so a
    /// launch with another block fails instead of computing wrong results).
    Block {
        /// Threads in x, y, z.
        sizes: [u32; 3],
    },
    /// Launch it with its grid divided by `divided_by` per dimension (option `coarsen-grid`:
    /// each block does the work of that many; each divided dimension must be a multiple).
    Grid {
        /// The divisor in x, y, z.
        divided_by: [u32; 3],
    },
    /// Pass argument `argument` in the layout `written`: launch `pack` on the data before the
    /// launches, `unpack` after them.
    Relayout {
        /// The argument's position.
        argument: usize,
        /// The pack kernel's symbol.
        pack: String,
        /// The unpack kernel's symbol.
        unpack: String,
        /// The memref type the kernel reads and writes.
        written: String,
    },
}

impl Obligation {
    /// The argument it is about; none for the block size, which sorts first.
    pub fn argument(&self) -> Option<usize> {
        match self {
            Obligation::Block { .. } | Obligation::Grid { .. } => None,
            Obligation::Constant { argument, .. } | Obligation::Relayout { argument, .. } => {
                Some(*argument)
            }
        }
    }

    /// `the launcher must copy arg 3 (400 B) into @__gmo_const_k_arg3 before each launch`.
    pub fn describe(&self) -> String {
        match self {
            Obligation::Constant {
                argument,
                symbol,
                bytes,
            } => format!(
                "the launcher must copy arg {argument}{} into @{symbol} before each launch",
                bytes.map_or_else(String::new, |bytes| format!(" ({bytes} B)"))
            ),
            Obligation::Block { sizes } => format!(
                "the launcher must launch it with blocks of {}x{}x{} threads (option block)",
                sizes[0], sizes[1], sizes[2]
            ),
            Obligation::Grid { divided_by } => format!(
                "the launcher must launch it with its grid divided by {}x{}x{} (each divided \
                 dimension a multiple; option coarsen-grid)",
                divided_by[0], divided_by[1], divided_by[2]
            ),
            Obligation::Relayout {
                argument,
                pack,
                unpack,
                written,
            } => format!(
                "the launcher must pass arg {argument} as {written}: @{pack} before the \
                 launches, @{unpack} after them"
            ),
        }
    }
}

/// One memory access.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AccessReport {
    /// `file:line:col`.
    pub loc: String,
    /// Operation name.
    pub op: String,
    /// `load` or `store`.
    pub kind: AccessKind,
    /// The memref's root: `arg N`, `workgroup N`, `alloc <loc>`, ...
    pub memref: String,
    /// `global`, `shared`, `constant` or `local`.
    pub space: MemorySpace,
    /// Bytes per element.
    pub elem_bytes: Option<u32>,
    /// Elements per thread.
    pub vector_width: u32,
    /// The access matrix, `null` when not affine.
    pub matrix: Option<serde_json::Value>,
    /// Access pattern across threads.
    pub pattern: Option<String>,
    /// Access pattern within a thread (over loop iterations).
    pub pattern_within_thread: Option<String>,
    /// Fang's MAP id for 2-D accesses that have one.
    pub map: Option<u32>,
    /// Why the matrix or metrics are unknown, when they are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unknown_reason: Option<String>,
    /// Where an edge guard made this block's metrics unknown: whose metrics `before` holds,
    /// e.g. `an interior block: the edge guard on bid.y holds for every lane`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub costed_for: Option<String>,
    /// Warp metrics before the pass.
    pub before: WarpMetrics,
    /// Warp metrics after the pass.
    pub after: WarpMetrics,
    /// The wider instruction that performs this access after `vectorize`, when it changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vectorized: Option<Vectorized>,
}

/// The instruction a vectorized access became (its metrics are the access's `after`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Vectorized {
    /// `vector.load` or `vector.store`.
    pub op: String,
    /// Its location.
    pub loc: String,
    /// Elements it moves per thread.
    pub vector_width: u32,
}

/// The warp metrics of design.md; `null` where unknown.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct WarpMetrics {
    /// Mean 32-byte sectors per warp request (global memory).
    pub sectors_per_request: Option<f64>,
    /// Shared-memory wavefronts over the ideal number (1 = conflict-free).
    pub bank_conflict_degree: Option<f64>,
    /// Mean distinct addresses per warp request.
    pub distinct_addresses: Option<f64>,
}

/// A report decision's `kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Each thread given a tile of outputs, its loop's loads shared (`register-tile`).
    RegisterTile,
    /// Each block given the work of several blocks along one grid dimension (`coarsen`).
    Coarsen,
    /// A flat index read as a row and a column of a 2-D view (`delinearize`).
    Delinearize,
    /// An element a loop reads and writes kept in a register across it (`promote`).
    Promote,
    /// The order of a global argument's dimensions in memory (`relayout`).
    Relayout,
    /// A vector width (`vectorize`).
    Vectorize,
    /// The read-only path of an argument (`memory-space`).
    Readonly,
    /// Constant memory for an argument (`memory-space`).
    Constant,
    /// Staging one global access (`stage-shared`).
    StageShared,
    /// Padding a shared buffer, or leaving it (`pad`).
    Pad,
    /// Swizzling a shared buffer (`swizzle`).
    Swizzle,
    /// A kernel specialized under a run-time check (`version`).
    Version,
}

impl Kind {
    /// The name in remarks and the report.
    pub fn name(self) -> &'static str {
        match self {
            Kind::RegisterTile => "register-tile",
            Kind::Coarsen => "coarsen",
            Kind::Relayout => "relayout",
            Kind::Delinearize => "delinearize",
            Kind::Promote => "promote",
            Kind::Vectorize => "vectorize",
            Kind::Readonly => "readonly",
            Kind::Constant => "constant",
            Kind::StageShared => "stage-shared",
            Kind::Pad => "pad",
            Kind::Swizzle => "swizzle",
            Kind::Version => "version",
        }
    }

    /// The kind of a shared buffer's layout decision.
    pub fn of_layout(layout: &SharedLayout) -> Kind {
        match layout {
            SharedLayout::Swizzle(_) => Kind::Swizzle,
            SharedLayout::Unchanged | SharedLayout::Pad { .. } | SharedLayout::Skew(_) => Kind::Pad,
        }
    }
}

/// One decision, applied or skipped, with its reason and parameters.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Decision {
    /// `coarsen`, `delinearize`, `promote`, `relayout`, `vectorize`, `readonly`, `constant`, `stage-shared`, `pad`, `swizzle`.
    pub kind: Kind,
    /// What it applies to (`workgroup 0`, `arg 1`, an access location).
    pub target: String,
    /// Whether the IR was changed.
    pub applied: bool,
    /// Why, with the numbers.
    pub reason: String,
    /// Decision parameters (e.g. `{"pad": 1, "extra_bytes": 128}`).
    pub params: serde_json::Value,
    /// What changed and the gain, or why nothing did, in plain words (the remark's text unless
    /// `remarks=detailed`); empty where `reason` says it plainly already.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub summary: String,
    /// What would let it through, where something blocks it: said after the reason as
    /// `unblock: …` ([`Decision::advised`]); none when the step is switched off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub advice: Option<String>,
}

impl Decision {
    /// A decision not taken, with the reason.
    pub fn skipped(kind: Kind, target: &str, reason: &str) -> Decision {
        Decision {
            kind,
            target: target.into(),
            applied: false,
            reason: reason.into(),
            params: serde_json::Value::Null,
            summary: String::new(),
            advice: None,
        }
    }

    /// `text` with the advice after it (`text; unblock: advice`): the one place a reason and
    /// its advice become one sentence.
    pub fn advised(&self, text: &str) -> String {
        analysis::advised(text, self.advice.as_deref())
    }
}

/// The kind and parameters of a shared buffer's layout decision: `layout` and its own fields.
pub fn layout_decision(layout: &SharedLayout) -> (Kind, serde_json::Value) {
    let params = match layout {
        SharedLayout::Unchanged => serde_json::json!({ "layout": "unchanged" }),
        SharedLayout::Pad { elements } => {
            serde_json::json!({ "layout": "pad", "pad_elements": elements })
        }
        SharedLayout::Swizzle(swizzle) => {
            serde_json::json!({ "layout": "swizzle", "swizzle": format!("{swizzle:?}") })
        }
        SharedLayout::Skew(skew) => serde_json::json!({
            "layout": "pad", "pad_elements": skew.elements, "pad_every": skew.every
        }),
    };
    (Kind::of_layout(layout), params)
}

impl Report {
    /// The report in `text` (JSON as [`Report::write`] writes it), typed.
    pub fn from_json(text: &str) -> Result<Report, crate::Error> {
        Ok(serde_json::from_str(text)?)
    }

    /// Writes the report as pretty JSON to `path`.
    pub fn write(&self, path: &std::path::Path) -> Result<(), crate::Error> {
        let text = serde_json::to_string_pretty(self)?;
        std::fs::write(path, text + "\n").map_err(|source| crate::Error::Io {
            path: path.display().to_string(),
            source,
        })
    }
}

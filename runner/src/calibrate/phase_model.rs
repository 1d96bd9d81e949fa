//! The 8- and 16-byte phase model under Nsight Compute: the B3 cases with wide lanes as
//! launches `suite counters` profiles beside the suite's kernels (issue 7, "Calibration").
//!
//! Model. The suite's kernels access memory 4 bytes per lane, so their counters say nothing
//! about the phases of wider accesses (seed-004 §1.3: a warp's 8-byte request is served in
//! 2 half-warp phases, a 16-byte one in 4 quarter-warp phases, each with its own conflicts).
//! B3's `shared_conflict` kernel does, on one warp, exactly what the model describes: it
//! fills its shared table (`SHARED_WORDS / 32` row stores of one wavefront each), then reads
//! one pattern `REPEATS` times (`ld.shared.v2`/`.v4`), then writes one cycle count (lane 0,
//! 8 bytes) and one word per lane. `calibrate build` writes a launch description for every
//! 8- and 16-byte B3 case and, in `phase-model.json`, a planned kernel whose variants are
//! those cases with the counters the model predicts for the whole launch (no check size:
//! the profiled launch is the predicted one). `suite counters` adds it to the plan it
//! profiles, so the comparison shows, per lane width and stride, predicted against measured
//! wavefronts and bank conflicts per request.
//!
//! Cost. Ten descriptions; ten profiled launches on the GPU.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use analysis::request::{MetricsAccumulator, Request};
use analysis::target::{BankModel, WARP_SIZE};

use crate::description::{
    Argument as DescribedArgument, ArgumentKind, Convention, Description, Element, MemRef,
    ScalarArgument, VERSION,
};
use crate::error::{Error, Result};
use crate::files;
use crate::suite::build::LAUNCH;
use crate::suite::plan::{PlannedKernel, PlannedVariant};
use crate::suite::predictions::Prediction;
use interpreter::ElementType;

use super::plan::{self, Argument, Case, Series, REPEATS, SHARED_WORDS};
use super::PTX_FILE;

/// The planned kernel's file, beside the suite's plan in `build/bench`.
pub const PHASE_MODEL: &str = "phase-model.json";

/// The planned kernel's name in the comparison.
pub const NAME: &str = "b3-phase-model";

/// The launch-wide totals of `times` requests of `addresses`, `access_bytes` per lane.
fn totals(addresses: &[Option<u64>], access_bytes: u32, times: u64) -> MetricsAccumulator {
    let mut totals = MetricsAccumulator::default();
    let request = Request {
        addresses,
        access_bytes,
    };
    totals.add_repeated(&request, BankModel::Conventional, times);
    totals
}

/// Lane `l` at byte `l · bytes`, the first `active` lanes active.
fn contiguous(bytes: u64, active: u32) -> Vec<Option<u64>> {
    (0..WARP_SIZE)
        .map(|lane| (lane < active).then(|| u64::from(lane) * bytes))
        .collect()
}

/// What the model predicts for one launch of `shared_conflict(ways, stride, width, …)` on
/// one warp.
pub fn predict(ways: u32, stride: u32, width: u32) -> Prediction {
    let mut prediction = Prediction::default();
    let pattern = plan::shared_addresses(ways, stride, width);
    let fills = u64::from(SHARED_WORDS / WARP_SIZE);
    prediction
        .shared_load
        .add(&totals(&pattern, 4 * width, REPEATS as u64));
    prediction
        .shared_store
        .add(&totals(&contiguous(4, WARP_SIZE), 4, fills));
    prediction
        .global_store
        .add(&totals(&contiguous(8, 1), 8, 1));
    prediction
        .global_store
        .add(&totals(&contiguous(4, WARP_SIZE), 4, 1));
    prediction
}

/// The launch description of `case` (a B3 case), its PTX `ptx` relative to its directory.
fn describe(case: &Case, ptx: PathBuf) -> Result<Description> {
    let buffer = |element: ElementType, length: u32| {
        ArgumentKind::Memref(MemRef::zeros(Element(element), vec![i64::from(length)]))
    };
    let arguments = case
        .parameters
        .iter()
        .enumerate()
        .map(|(index, argument)| {
            let kind = match argument {
                Argument::Int(value) => ArgumentKind::Scalar(ScalarArgument {
                    element: Element(ElementType::Integer(32)),
                    value: value.to_string(),
                }),
                Argument::Cycles => buffer(ElementType::Integer(64), 1),
                Argument::Sink => buffer(ElementType::Integer(32), case.threads),
                other => {
                    return Err(Error::Invalid(format!(
                        "{} {}: parameter {index} ({other:?}) has no launch description",
                        case.bench, case.variant
                    )))
                }
            };
            Ok(DescribedArgument {
                name: format!("parameter{index}"),
                kind,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Description {
        version: VERSION,
        ptx,
        kernel: case.kernel.to_string(),
        grid: [case.blocks, 1, 1],
        block: [case.threads, 1, 1],
        shared_bytes: 0,
        convention: Convention::BarePointer,
        arguments,
        warmup: 0,
        repeats: 1,
        bytes_moved: None,
    })
}

/// The B3 cases with 8- or 16-byte lanes, each with its `(ways, stride, width)`.
fn wide_cases(cases: &[Case]) -> Vec<(&Case, [u32; 3])> {
    cases
        .iter()
        .filter(|case| matches!(case.series, Series::Shared8Byte | Series::Shared16Byte))
        .filter_map(|case| match case.parameters[..] {
            [Argument::Int(ways), Argument::Int(stride), Argument::Int(width), ..] => {
                Some((case, [ways as u32, stride as u32, width as u32]))
            }
            _ => None,
        })
        .collect()
}

/// Writes a launch description per wide B3 case of `cases` under `out/phase-model/` and the
/// planned kernel to `out/phase-model.json`; returns it.
pub fn write(out: &Path, cases: &[Case]) -> Result<PlannedKernel> {
    let mut variants = Vec::new();
    for (case, [ways, stride, width]) in wide_cases(cases) {
        let name = format!("{}-byte-stride-{stride}", 4 * width);
        let launch = PathBuf::from("phase-model").join(&name).join(LAUNCH);
        describe(case, Path::new("../..").join(PTX_FILE))?.save(&out.join(&launch))?;
        variants.push(PlannedVariant {
            name,
            bench: launch.clone(),
            check: launch,
            predicted: Some(predict(ways, stride, width)),
            resources: None,
        });
    }
    let kernel = PlannedKernel {
        name: NAME.to_string(),
        outputs: Vec::new(),
        check: None,
        corner: None,
        variants,
        expected: BTreeMap::new(),
        skipped: BTreeMap::new(),
        rejected: BTreeMap::new(),
        decisions: Vec::new(),
    };
    files::write_json(&out.join(PHASE_MODEL), &kernel)?;
    Ok(kernel)
}

/// The planned kernel `calibrate build` wrote into `directory`, if it did.
pub fn load(directory: &Path) -> Result<Option<PlannedKernel>> {
    let path = directory.join(PHASE_MODEL);
    if path.exists() {
        files::read_json(&path).map(Some)
    } else {
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::comparison::Ratio;

    /// The shared-load ratios the model predicts for `width` words per lane at `stride`.
    fn shared_load(width: u32, stride: u32) -> (Option<f64>, Option<f64>) {
        let prediction = predict(WARP_SIZE, stride, width);
        (
            Ratio::SharedLoadWavefronts.predicted(&prediction),
            Ratio::SharedLoadConflicts.predicted(&prediction),
        )
    }

    /// Seed-004 §8: contiguous 8-byte lanes take 2 wavefronts (one per half-warp phase),
    /// contiguous 16-byte lanes 4 (one per quarter-warp phase), neither a conflict; 16-byte
    /// lanes 32 bytes apart take 8, 4 of them conflicts; 8-byte lanes 256 bytes apart put
    /// all 16 lanes of each half-warp phase in banks 0 and 1: 16 wavefronts per phase, 32
    /// in all, 30 of them conflicts.
    #[test]
    fn wide_lanes_follow_the_phase_model() {
        assert_eq!(shared_load(2, 1), (Some(2.0), Some(0.0)));
        assert_eq!(shared_load(4, 1), (Some(4.0), Some(0.0)));
        assert_eq!(shared_load(4, 2), (Some(8.0), Some(4.0)));
        assert_eq!(shared_load(2, 32), (Some(32.0), Some(30.0)));
    }

    /// The rest of the launch: 256 one-wavefront row stores filling the table, and the two
    /// global stores (lane 0's 8-byte cycle count: 1 sector; a word per lane: 4).
    #[test]
    fn the_launch_around_the_reads() {
        let prediction = predict(WARP_SIZE, 1, 4);
        assert_eq!(prediction.shared_load.requests, REPEATS as u64);
        assert_eq!(
            (
                prediction.shared_store.requests,
                prediction.shared_store.wavefronts
            ),
            (256, 256)
        );
        assert_eq!(
            (
                prediction.global_store.requests,
                prediction.global_store.sectors
            ),
            (2, 5)
        );
        assert_eq!(prediction.global_load.requests, 0);
    }

    /// Every 8- and 16-byte B3 case becomes a variant with a description of its launch.
    #[test]
    fn writes_a_variant_per_wide_case() {
        let out = std::env::temp_dir().join(format!("phase-model-{}", std::process::id()));
        let kernel = write(&out, &plan::plan()).expect("written");
        let names: Vec<&str> = kernel
            .variants
            .iter()
            .map(|variant| variant.name.as_str())
            .collect();
        assert_eq!(names.len(), 10);
        assert!(names.contains(&"16-byte-stride-2"), "{names:?}");
        let description =
            Description::load(&out.join(&kernel.variants[0].bench)).expect("a description");
        assert_eq!(description.kernel, "shared_conflict");
        assert_eq!(description.arguments.len(), 6);
        assert_eq!(load(&out).expect("readable"), Some(kernel));
        std::fs::remove_dir_all(&out).expect("removed");
    }
}

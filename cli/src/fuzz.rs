//! `gpu-mem-opt fuzz`: a differential fuzzer for the pass.
//!
//! `fuzz --seed S --count N [--first I] [--keep DIR] [--options '...']`
//! generates cases I..I+N of seed S ([`crate::generate`]) and runs each as a
//! child process `gpu-mem-opt diff CASE --kernel fuzz --grid ... --arg ...
//! --options '... report=JSON'` (for a kernel launched by host code with
//! `gpu.launch_func`, `diff CASE --entry host`: the whole program): the pass
//! runs (MLIR's pass manager verifies the IR it leaves), then the kernel runs
//! on the reference interpreter before and after, and every output must be
//! bit-identical. A child per
//! case isolates crashes: a signal, an abort or a caught panic of the pass
//! is a finding like any other. Each case is classified by the child's exit
//! status and the prefixes `diff` gives its errors ([`crate::diff`]):
//!
//! | outcome | kind |
//! |---|---|
//! | killed by a signal, panicked, an internal error of the pass | crash |
//! | no exit within [`CASE_TIME_LIMIT`] | hang |
//! | the pass failed with its own error | pass error |
//! | the pass failed without one (the verifier rejected its IR) | invalid IR |
//! | the run after the pass failed, or an output differs | difference |
//! | the input itself is rejected (parse, translation, run before) | rejected |
//!
//! Findings print one line each (kind, seed, case, family, options, the line
//! of the evidence that says most); a rejected input is a generator bug,
//! counted apart.
//! With `--keep DIR` every finding's kernel goes to `DIR/seed-S-case-I.mlir`
//! with a comment that reproduces it. The summary counts, per decision kind
//! of the report, the cases where the pass applied it, so a generator that
//! stops reaching a transform shows. The exit status is 1 when any case is a
//! finding.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    process::{Command, ExitStatus, Output, Stdio},
    time::{Duration, Instant},
};

use crate::diff::{AFTER_PREFIX, BEFORE_PREFIX, DIFFERS_TEXT, PASS_FAILED_PREFIX};
use crate::generate::{self, Case};

/// Longest a case may run before it counts as a hang (a large case takes about a second).
const CASE_TIME_LIMIT: Duration = Duration::from_secs(120);

/// The text of the pass's own errors (pass/src/diagnostics.rs prefixes every message).
const PASS_ERROR_TEXT: &str = "error: gpu-mem-opt";

/// The text of a panic the pass caught (pass/src/ffi.rs).
const INTERNAL_ERROR_TEXT: &str = "internal error";

/// The exit status of a Rust panic that was not caught.
const PANIC_EXIT_STATUS: i32 = 101;

/// What `fuzz` was asked to do.
pub struct Campaign {
    /// The seed.
    pub seed: u64,
    /// The first case's index.
    pub first: u64,
    /// How many cases.
    pub count: u64,
    /// Where to write the kernels of findings.
    pub keep: Option<PathBuf>,
    /// Pass options for every case instead of random ones.
    pub options: Option<String>,
    /// The one family to draw cases from, instead of every family.
    pub family: Option<generate::Family>,
}

/// How one case ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Identical outputs.
    Identical,
    /// The input was rejected before the pass: a generator bug.
    Rejected,
    /// A finding.
    Finding(FindingKind),
}

/// The kinds of findings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FindingKind {
    /// A signal, an abort or a panic.
    Crash,
    /// No exit in time.
    Hang,
    /// The pass reported an error.
    PassError,
    /// The pass left IR the verifier rejects.
    InvalidIr,
    /// The kernel computes something else after the pass.
    Difference,
}

impl FindingKind {
    /// The kind's name in findings.
    fn name(self) -> &'static str {
        match self {
            FindingKind::Crash => "crash",
            FindingKind::Hang => "hang",
            FindingKind::PassError => "pass error",
            FindingKind::InvalidIr => "invalid IR",
            FindingKind::Difference => "difference",
        }
    }
}

/// Counts over a campaign.
#[derive(Default)]
struct Tally {
    /// Cases run.
    cases: u64,
    /// Rejected inputs.
    rejected: u64,
    /// Findings.
    findings: u64,
    /// Cases per family.
    families: BTreeMap<&'static str, u64>,
    /// Cases where the pass applied a decision, per decision kind.
    applied: BTreeMap<String, u64>,
    /// Cases with one buffer passed to two parameters.
    aliased: u64,
    /// Cases whose loops are `affine.for`.
    affine: u64,
}

/// `gpu-mem-opt fuzz`.
pub fn fuzz(campaign: &Campaign) -> Result<(), String> {
    let executable =
        std::env::current_exe().map_err(|error| format!("the fuzzer's own path: {error}"))?;
    let scratch = std::env::temp_dir().join(format!("gpu-mem-opt-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).map_err(|error| io_error(&scratch, &error))?;
    if let Some(keep) = &campaign.keep {
        std::fs::create_dir_all(keep).map_err(|error| io_error(keep, &error))?;
    }
    let started = Instant::now();
    let mut tally = Tally::default();
    for index in campaign.first..campaign.first + campaign.count {
        let case = generate::generate(
            campaign.seed,
            index,
            campaign.options.as_deref(),
            campaign.family,
        );
        let result = run_case(&executable, &scratch, &case)?;
        tally.cases += 1;
        tally.aliased += u64::from(case.aliased);
        tally.affine += u64::from(case.affine);
        *tally.families.entry(case.family.name()).or_default() += 1;
        for kind in &result.applied {
            *tally.applied.entry(kind.clone()).or_default() += 1;
        }
        match result.outcome {
            Outcome::Identical => {}
            Outcome::Rejected => {
                tally.rejected += 1;
                report(
                    campaign,
                    index,
                    &case,
                    "rejected input (generator bug)",
                    &result.evidence,
                )?;
            }
            Outcome::Finding(kind) => {
                tally.findings += 1;
                report(campaign, index, &case, kind.name(), &result.evidence)?;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    print_summary(campaign, &tally, started.elapsed());
    if tally.findings > 0 {
        return Err(format!("{} findings", tally.findings));
    }
    Ok(())
}

/// What one case gave.
struct CaseResult {
    /// How it ended.
    outcome: Outcome,
    /// The decision kinds the pass applied (each once).
    applied: Vec<String>,
    /// The child's output that shows why (empty when identical).
    evidence: String,
}

/// Writes `case` to `scratch`, runs `diff` on it in a child process and classifies the result.
fn run_case(executable: &Path, scratch: &Path, case: &Case) -> Result<CaseResult, String> {
    let file = scratch.join("case.mlir");
    let report_file = scratch.join("report.json");
    std::fs::write(&file, &case.text).map_err(|error| io_error(&file, &error))?;
    let _ = std::fs::remove_file(&report_file);
    let options = format!("{} report={}", case.options, report_file.display());
    let mut command = Command::new(executable);
    command.args(diff_arguments(&file, case, &options));
    let output = run_with_limit(command)?;
    let evidence = match &output {
        Some(output) => format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ),
        None => format!("no exit in {} s", CASE_TIME_LIMIT.as_secs()),
    };
    let outcome = output
        .as_ref()
        .map_or(Outcome::Finding(FindingKind::Hang), |output| {
            classify(output.status, &evidence)
        });
    Ok(CaseResult {
        outcome,
        applied: applied_kinds(&report_file),
        evidence: if outcome == Outcome::Identical {
            String::new()
        } else {
            evidence
        },
    })
}

/// The `gpu-mem-opt` arguments that run `diff` on `case` stored in `file`.
fn diff_arguments(file: &Path, case: &Case, options: &str) -> Vec<String> {
    let [x, y, z] = case.grid;
    if !case.runnable {
        // Too large to interpret: the pass alone, its IR verified.
        return vec![
            "opt".to_string(),
            file.display().to_string(),
            format!("--options={options}"),
            "--output=/dev/null".into(),
        ];
    }
    let mut arguments = vec!["diff".to_string(), file.display().to_string()];
    match case.entry {
        Some(entry) => arguments.extend(["--entry".into(), entry.to_string()]),
        None => arguments.extend([
            "--kernel".into(),
            case.kernel_name(&file.display().to_string()),
            "--grid".into(),
            format!("{x},{y},{z}"),
        ]),
    }
    if let Some([x, y, z]) = case.block {
        arguments.extend(["--block".into(), format!("{x},{y},{z}")]);
    }
    arguments.push(format!("--options={options}"));
    for spec in &case.arguments {
        arguments.push(format!("--arg={spec}"));
    }
    arguments
}

/// Runs `command` to completion, or `None` when it outlives [`CASE_TIME_LIMIT`] (then killed).
fn run_with_limit(mut command: Command) -> Result<Option<Output>, String> {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| format!("starting gpu-mem-opt diff: {error}"))?;
    let started = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if started.elapsed() > CASE_TIME_LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                return Ok(None);
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(error) => return Err(format!("waiting for gpu-mem-opt diff: {error}")),
        }
    }
    child
        .wait_with_output()
        .map(Some)
        .map_err(|error| format!("reading gpu-mem-opt diff: {error}"))
}

/// The outcome of a `diff` child that exited with `status` and printed `text`.
fn classify(status: ExitStatus, text: &str) -> Outcome {
    let finding = Outcome::Finding;
    match status.code() {
        None | Some(PANIC_EXIT_STATUS) => finding(FindingKind::Crash),
        Some(0) => Outcome::Identical,
        Some(_) if text.contains(INTERNAL_ERROR_TEXT) => finding(FindingKind::Crash),
        Some(_) if text.contains(PASS_FAILED_PREFIX) => {
            if text.contains(PASS_ERROR_TEXT) {
                finding(FindingKind::PassError)
            } else {
                finding(FindingKind::InvalidIr)
            }
        }
        Some(_) if text.contains(BEFORE_PREFIX) => Outcome::Rejected,
        Some(_) if text.contains(AFTER_PREFIX) || text.contains(DIFFERS_TEXT) => {
            finding(FindingKind::Difference)
        }
        // Any other failure of the tool is unexpected: report it, never drop it.
        Some(_) => finding(FindingKind::PassError),
    }
}

/// The kinds of the decisions the report at `path` marks applied, each once; a staging
/// decision about a whole loop (strip-mined, `stage_shared::strip_mine`) counts as
/// `stage-shared-loop`, so that a generator that stops reaching it shows.
fn applied_kinds(path: &Path) -> Vec<String> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let Ok(report) = serde_json::from_str::<serde_json::Value>(&text) else {
        return Vec::new();
    };
    let mut kinds: Vec<String> = report["kernels"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|kernel| kernel["decisions"].as_array().into_iter().flatten())
        .filter(|decision| decision["applied"] == true)
        .filter_map(|decision| {
            let kind = decision["kind"].as_str()?;
            let whole_loop = decision["target"]
                .as_str()
                .is_some_and(|target| target.starts_with("loop at"));
            Some(match whole_loop {
                true => format!("{kind}-loop"),
                false => kind.to_string(),
            })
        })
        .collect();
    kinds.sort();
    kinds.dedup();
    kinds
}

/// Prints one line for a finding or rejection (and keeps its kernel when asked);
/// `--seed S --first I --count 1` (with `--options` when they were given) reproduces it.
fn report(
    campaign: &Campaign,
    index: u64,
    case: &Case,
    kind: &str,
    evidence: &str,
) -> Result<(), String> {
    let kept = match &campaign.keep {
        Some(keep) => format!(
            " (kept: {})",
            keep_case(keep, campaign.seed, index, case, kind, evidence)?.display()
        ),
        None => String::new(),
    };
    println!(
        "fuzz: {kind}: seed {} case {index} ({}, options '{}'): {}{kept}",
        campaign.seed,
        case.family.name(),
        case.options,
        headline(evidence)
    );
    Ok(())
}

/// The line of a child's output that says best what went wrong: an error, a
/// difference, the tool's last word, or else the first line.
fn headline(evidence: &str) -> &str {
    let lines = || {
        evidence
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
    };
    [": error:", DIFFERS_TEXT, "gpu-mem-opt: "]
        .iter()
        .find_map(|text| lines().find(|line| line.contains(text)))
        .or_else(|| lines().next())
        .unwrap_or("")
}

/// Writes the kernel of a finding to `keep` with a `RUN` line that reproduces it; its path.
fn keep_case(
    keep: &Path,
    seed: u64,
    index: u64,
    case: &Case,
    kind: &str,
    evidence: &str,
) -> Result<PathBuf, String> {
    let path = keep.join(format!("seed-{seed}-case-{index}.mlir"));
    let file = Path::new("%s");
    // The header (the kind, the RUN line, the evidence, a blank line) moves a launch body down.
    let header_lines = 3 + evidence.lines().count();
    let kept = Case {
        launch_line: case.launch_line.map(|line| line + header_lines),
        ..case.clone()
    };
    let command = diff_arguments(file, &kept, &case.options)
        .iter()
        .map(|argument| format!("'{argument}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let comments: String = evidence
        .lines()
        .map(|line| format!("// {line}\n"))
        .collect();
    let text = format!(
        "// fuzz: {kind}\n// RUN: gpu-mem-opt {command}\n{comments}\n{}",
        case.text
    );
    std::fs::write(&path, text).map_err(|error| io_error(&path, &error))?;
    Ok(path)
}

/// Prints the campaign's counts.
fn print_summary(campaign: &Campaign, tally: &Tally, elapsed: Duration) {
    let per_case = elapsed.as_secs_f64() * 1000.0 / tally.cases.max(1) as f64;
    println!(
        "fuzz: seed {}, cases {}..{}: {} cases in {:.1} s ({per_case:.0} ms per case)",
        campaign.seed,
        campaign.first,
        campaign.first + campaign.count,
        tally.cases,
        elapsed.as_secs_f64()
    );
    println!(
        "families: {}",
        render_counts(tally.families.iter().map(|(name, count)| (*name, *count)))
    );
    println!(
        "applied (cases): {}",
        render_counts(
            tally
                .applied
                .iter()
                .map(|(kind, count)| (kind.as_str(), *count))
        )
    );
    println!("one buffer for two parameters: {} cases", tally.aliased);
    println!("loops written as affine.for: {} cases", tally.affine);
    println!("rejected inputs: {}", tally.rejected);
    println!("findings: {}", tally.findings);
}

/// `name count, name count, ...`.
fn render_counts<'a>(counts: impl Iterator<Item = (&'a str, u64)>) -> String {
    counts
        .map(|(name, count)| format!("{name} {count}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// An I/O error's text with its path.
fn io_error(path: &Path, error: &std::io::Error) -> String {
    format!("{}: {error}", path.display())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;

    /// The exit status `code` (as `wait` encodes it).
    fn exited(code: i32) -> ExitStatus {
        ExitStatus::from_raw(code << 8)
    }

    #[test]
    fn headline_prefers_errors_and_differences() {
        let remark = "a.mlir:1:1: remark: gpu-mem-opt: kernel: 'k'";
        let error = "a.mlir:2:1: error: 'gpu.launch' op expected memory space private";
        assert_eq!(headline(&format!("{remark}\n{error}\n")), error);
        let differs = format!("argument 1 {DIFFERS_TEXT} element 3");
        assert_eq!(headline(&format!("\n{differs}\n")), differs);
        assert_eq!(headline(&format!("{remark}\n")), remark);
    }

    #[test]
    fn a_kept_launch_body_is_named_where_the_kept_file_has_it() {
        let (index, case) = (0..)
            .map(|index| (index, crate::generate::generate(1, index, None, None)))
            // A runnable one run alone: its RUN line is a `diff --kernel launch@...`.
            .find(|(_, case)| case.launch_line.is_some() && case.runnable && case.entry.is_none())
            .expect("some case is a launch body");
        let keep = std::env::temp_dir().join(format!("gpu-mem-opt-keep-{}", std::process::id()));
        std::fs::create_dir_all(&keep).expect("a temporary directory");
        let path = keep_case(&keep, 1, index, &case, "difference", "one\ntwo").expect("kept");
        let text = std::fs::read_to_string(&path).expect("readable");
        std::fs::remove_dir_all(&keep).expect("removable");
        let run = text.lines().nth(1).expect("a RUN line");
        let line: usize = run
            .split("launch@%s:")
            .nth(1)
            .and_then(|rest| rest.split(':').next())
            .and_then(|line| line.parse().ok())
            .expect("the RUN line names a launch body");
        let named = text.lines().nth(line - 1).expect("the line is in the file");
        assert!(named.contains("gpu.launch "), "line {line}: {named}");
    }

    #[test]
    fn classifies_by_status_and_prefix() {
        assert_eq!(classify(exited(0), "identical"), Outcome::Identical);
        assert_eq!(
            classify(ExitStatus::from_raw(11), ""),
            Outcome::Finding(FindingKind::Crash)
        );
        let failed = format!("{PASS_FAILED_PREFIX} x");
        assert_eq!(
            classify(exited(1), &format!("{failed}\nloc: {PASS_ERROR_TEXT}: pad")),
            Outcome::Finding(FindingKind::PassError)
        );
        assert_eq!(
            classify(
                exited(1),
                &format!("loc: error: 'memref.load' op bad\n{failed}")
            ),
            Outcome::Finding(FindingKind::InvalidIr)
        );
        assert_eq!(
            classify(exited(1), &format!("{BEFORE_PREFIX} out of bounds")),
            Outcome::Rejected
        );
        assert_eq!(
            classify(exited(1), &format!("argument 2 {DIFFERS_TEXT} element 0")),
            Outcome::Finding(FindingKind::Difference)
        );
    }
}

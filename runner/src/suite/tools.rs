//! The external tools the suite build and check call, and how they are called.
//!
//! Model. `gpu-mem-opt` (the command line: `opt`, `run --emit`, `interp`), `mlir-opt-22`
//! (canonical printing and the upstream baseline), `nvcc` (CUDA references to PTX) and
//! `ptxas` (to find the lowest PTX ISA version a reference assembles with). Defaults:
//! `gpu-mem-opt` and `ptxas` beside this binary (both live in `build/bin`), `mlir-opt-22`
//! on the `PATH`; `nvcc` only when given (`make bench` finds it in `build/venv`). A failing
//! command is an [`Error::Tool`] with its command line, exit status and standard error.
//!
//! Cost. One process per call.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::error::{Error, Result};

/// Paths of the external tools.
#[derive(Clone, Debug)]
pub struct Tools {
    /// The gpu-mem-opt command line.
    pub gpu_mem_opt: PathBuf,
    /// Stock `mlir-opt` of LLVM 22.
    pub mlir_opt: PathBuf,
    /// `nvcc`, if available.
    pub nvcc: Option<PathBuf>,
    /// `ptxas`, if available.
    pub ptxas: Option<PathBuf>,
}

/// `name` beside the running binary, if it exists there.
fn beside_this_binary(name: &str) -> Option<PathBuf> {
    let candidate = std::env::current_exe().ok()?.parent()?.join(name);
    candidate.exists().then_some(candidate)
}

impl Tools {
    /// The tools given, or their defaults.
    pub fn new(
        gpu_mem_opt: Option<PathBuf>,
        mlir_opt: Option<PathBuf>,
        nvcc: Option<PathBuf>,
        ptxas: Option<PathBuf>,
    ) -> Tools {
        Tools {
            gpu_mem_opt: gpu_mem_opt
                .or_else(|| beside_this_binary("gpu-mem-opt"))
                .unwrap_or_else(|| "gpu-mem-opt".into()),
            mlir_opt: mlir_opt.unwrap_or_else(|| "mlir-opt-22".into()),
            nvcc,
            ptxas: ptxas.or_else(|| beside_this_binary("ptxas")),
        }
    }
}

/// The command line of `command`, for messages.
pub fn describe(command: &Command) -> String {
    let mut words = vec![command.get_program().to_string_lossy().into_owned()];
    words.extend(command.get_args().map(|word| {
        let word = word.to_string_lossy();
        if word.contains(' ') || word.is_empty() {
            format!("'{word}'")
        } else {
            word.into_owned()
        }
    }));
    words.join(" ")
}

/// Runs `command`, feeding it `input`; returns its standard output, or an [`Error::Tool`].
pub fn output(command: &mut Command, input: Option<&str>) -> Result<String> {
    let finished = finished(command, input)?;
    Ok(String::from_utf8_lossy(&finished.stdout).into_owned())
}

/// Runs `command` without input; returns its standard error (`ptxas -v`'s report), or an
/// [`Error::Tool`].
pub fn errors(command: &mut Command) -> Result<String> {
    let finished = finished(command, None)?;
    Ok(String::from_utf8_lossy(&finished.stderr).into_owned())
}

/// Runs `command`, feeding it `input`, to its end; an [`Error::Tool`] where it fails.
fn finished(command: &mut Command, input: Option<&str>) -> Result<std::process::Output> {
    let line = describe(command);
    let failed = |detail: String| Error::Tool {
        command: line.clone(),
        detail,
    };
    command
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().map_err(|error| failed(error.to_string()))?;
    if let Some(text) = input {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin is piped");
        stdin
            .write_all(text.as_bytes())
            .map_err(|error| failed(error.to_string()))?;
    }
    let finished = child
        .wait_with_output()
        .map_err(|error| failed(error.to_string()))?;
    if !finished.status.success() {
        let stderr = String::from_utf8_lossy(&finished.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(20).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return Err(failed(format!("{}\n{}", finished.status, tail.join("\n"))));
    }
    Ok(finished)
}

/// Runs `command` with its output in `log` (standard output and error), killing it after
/// `limit`; an [`Error::Tool`] with the log's last lines when it fails or is killed.
pub fn run_logged(command: &mut Command, log: &Path, limit: std::time::Duration) -> Result<()> {
    let line = describe(command);
    let failed = |detail: String| Error::Tool {
        command: line.clone(),
        detail,
    };
    if let Some(directory) = log.parent() {
        std::fs::create_dir_all(directory).map_err(|error| Error::io(directory, error))?;
    }
    let file = std::fs::File::create(log).map_err(|error| Error::io(log, error))?;
    let copy = file.try_clone().map_err(|error| Error::io(log, error))?;
    let mut child = command
        .stdin(Stdio::null())
        .stdout(file)
        .stderr(copy)
        .spawn()
        .map_err(|error| failed(error.to_string()))?;
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child
            .try_wait()
            .map_err(|error| failed(error.to_string()))?
        {
            break Some(status);
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let tail: Vec<&str> = text.lines().rev().take(10).collect();
    let tail = tail.into_iter().rev().collect::<Vec<_>>().join("\n");
    match status {
        Some(status) if status.success() => Ok(()),
        Some(status) => Err(failed(format!("{status}\n{tail}"))),
        None => Err(failed(format!(
            "killed after {} s\n{tail}",
            limit.as_secs()
        ))),
    }
}

/// A command running `program` with `arguments`.
pub fn command<I, S>(program: &Path, arguments: I) -> Command
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let mut command = Command::new(program);
    command.args(arguments);
    command
}

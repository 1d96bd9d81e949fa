//! Errors of the runner: one enum, every message self-contained (it names the file, the
//! argument, the CUDA call or the command that failed).

use thiserror::Error;

/// Why a launch, a comparison, a build or a suite run failed.
#[derive(Debug, Error)]
pub enum Error {
    /// `libcuda.so` could not be loaded: this machine has no NVIDIA driver.
    #[error("no CUDA driver found: libcuda.so could not be loaded; run this on a machine with an NVIDIA GPU and its driver (the build machine needs neither)")]
    NoDriver,
    /// A CUDA driver call failed.
    #[error("CUDA {call}: {message}")]
    Cuda {
        /// What was being done (the driver call and its subject).
        call: String,
        /// The driver's error name and text.
        message: String,
    },
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A JSON file could not be parsed or written.
    #[error("{path}: {source}")]
    Json {
        /// The file.
        path: String,
        /// The parser's error.
        source: serde_json::Error,
    },
    /// A launch description, manifest or output file is not what it must be.
    #[error("{0}")]
    Invalid(String),
    /// An external command (gpu-mem-opt, mlir-opt-22, nvcc, ptxas) failed.
    #[error("`{command}` failed: {detail}")]
    Tool {
        /// The command line.
        command: String,
        /// Its exit status and standard error.
        detail: String,
    },
}

/// The runner's result type.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// An [`Error::Io`] about `path`.
    pub fn io(path: &std::path::Path, source: std::io::Error) -> Error {
        Error::Io {
            path: path.display().to_string(),
            source,
        }
    }

    /// An [`Error::Json`] about `path`.
    pub fn json(path: &std::path::Path, source: serde_json::Error) -> Error {
        Error::Json {
            path: path.display().to_string(),
            source,
        }
    }
}

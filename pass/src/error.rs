//! The one error type for internal failures of gpu-mem-opt.
//!
//! Problems with the user's input (bad options, unsupported IR, contract
//! violations) become MLIR diagnostics at the right location; this enum
//! carries them until they reach a diagnostic or the command line.

use thiserror::Error as ThisError;

/// Every way a gpu-mem-opt operation can fail.
#[derive(Debug, ThisError)]
pub enum Error {
    /// A pass option has a value outside its accepted set.
    #[error("option '{option}': {message}")]
    Option {
        /// The option's name as written in a pipeline.
        option: &'static str,
        /// What is wrong and which values are accepted.
        message: String,
    },
    /// The input could not be parsed as MLIR.
    #[error("{0}")]
    Parse(String),
    /// A pass pipeline failed to parse or to run.
    #[error("{0}")]
    Pipeline(String),
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The report could not be serialized.
    #[error("report: {0}")]
    Report(#[from] serde_json::Error),
}

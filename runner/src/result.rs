//! The result of a launch, as JSON, and the statistics it reports.
//!
//! Model. A [`LaunchResult`] holds every timed launch's milliseconds (`ms_all`, in order),
//! their median (`ms_median`: the middle one, or the mean of the two middle ones), the
//! effective bandwidth `bytes_moved / median` in GB/s (10^9 bytes per second; absent when
//! the description gives no byte count), the device, and the output files (relative to the
//! result's directory) with what is needed to read them back.
//!
//! Cost. Sorting the repeats: O(n log n).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::description::{Element, Format};
use crate::error::{Error, Result};
use crate::files;
use crate::output::Elements;

/// What one launch gave.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LaunchResult {
    /// Schema version ([`crate::description::VERSION`]).
    pub version: u32,
    /// The kernel.
    pub kernel: String,
    /// The device it ran on.
    pub device: String,
    /// Median of the timed launches, in milliseconds.
    pub ms_median: f64,
    /// Every timed launch, in milliseconds, in order.
    pub ms_all: Vec<f64>,
    /// Effective bandwidth in GB/s, from the description's `bytes_moved`.
    pub gbps: Option<f64>,
    /// The outputs written.
    pub outputs: Vec<OutputFile>,
}

/// One output written by a launch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OutputFile {
    /// The argument's name.
    pub name: String,
    /// The file, relative to the result's directory.
    pub path: PathBuf,
    /// Its format.
    pub format: Format,
    /// Element type.
    pub element: Element,
    /// Sizes, outermost first.
    pub shape: Vec<i64>,
}

/// The median of `values` (the mean of the middle two for an even count); `NaN` when empty.
pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// Effective bandwidth in GB/s of moving `bytes` in `milliseconds`.
pub fn gbps(bytes: u64, milliseconds: f64) -> f64 {
    bytes as f64 / (milliseconds * 1e-3) / 1e9
}

impl LaunchResult {
    /// Reads a result file.
    pub fn load(path: &Path) -> Result<LaunchResult> {
        files::read_json(path)
    }

    /// Writes the result to `path`.
    pub fn save(&self, path: &Path) -> Result<()> {
        files::write_json(path, self)
    }

    /// The output called `name` of a result read from `path`, read back.
    pub fn output(&self, path: &Path, name: &str) -> Result<Elements> {
        let output = self
            .outputs
            .iter()
            .find(|output| output.name == name)
            .ok_or_else(|| {
                Error::Invalid(format!(
                    "{}: no output '{name}' (it has {})",
                    path.display(),
                    self.output_names().join(", ")
                ))
            })?;
        let file = path.parent().unwrap_or(Path::new(".")).join(&output.path);
        Elements::read(&file, output.format, output.element)
    }

    /// The names of the outputs.
    pub fn output_names(&self) -> Vec<String> {
        self.outputs
            .iter()
            .map(|output| output.name.clone())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert!(median(&[]).is_nan());
    }

    #[test]
    fn bandwidth_in_gigabytes_per_second() {
        // 2 GiB-ish: 2e9 bytes in 1 ms is 2000 GB/s.
        assert_eq!(gbps(2_000_000_000, 1.0), 2000.0);
    }
}

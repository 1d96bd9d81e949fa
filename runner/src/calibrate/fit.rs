//! Fitting the cost model's constants to the measured rows.
//!
//! Model. Each series of cases with a prediction (distinct constant words, shared wavefronts,
//! global sectors) is fitted by least squares to `cost = first + per·(x − 1)`, the form of
//! seed-002 §5: `T_c = L_c + c_c·(d − 1)`, `T_sh = L_sh + c_sh·(W − 1)`,
//! `T_g = L_g + c_g·(S − 1)`. `first` is the cost at one word, wavefront or sector, `per` the
//! cost of each further one, and `r²` says how well the line explains the series (B2 expects
//! `r² ≥ 0.99`). The memory-space decision's [`CostModel`] takes `L_c` and `c_c` from the
//! one-line constant series and `L_t` from the B1 read-only L1-hit latency.
//!
//! Cost. Linear in the number of rows.

use std::collections::BTreeMap;

use analysis::memory_space::CostModel;
use serde::Serialize;

use super::plan::{Case, Series, READ_ONLY_HIT};

/// One measured case: the plan's description and the statistics of its repeats.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// The benchmark (`B1`, …).
    pub bench: String,
    /// Its series.
    pub series: Series,
    /// What the case varies.
    pub variant: String,
    /// The `.entry`.
    pub kernel: String,
    /// Blocks.
    pub blocks: u32,
    /// Threads per block.
    pub threads: u32,
    /// `cycles` (per operation) or `GB/s`.
    pub unit: String,
    /// Median over the repeats.
    pub median: f64,
    /// Smallest value.
    pub min: f64,
    /// Largest value.
    pub max: f64,
    /// The analysis's prediction, if any.
    pub model: Option<f64>,
}

impl Row {
    /// The row of `case` with the values of its repeats.
    pub fn new(case: &Case, unit: &str, values: &[f64]) -> Row {
        let fold = |start: f64, pick: fn(f64, f64) -> f64| values.iter().copied().fold(start, pick);
        Row {
            bench: case.bench.to_string(),
            series: case.series,
            variant: case.variant.clone(),
            kernel: case.kernel.to_string(),
            blocks: case.blocks,
            threads: case.threads,
            unit: unit.to_string(),
            median: crate::result::median(values),
            min: fold(f64::INFINITY, f64::min),
            max: fold(f64::NEG_INFINITY, f64::max),
            model: case.model,
        }
    }
}

/// A least-squares line `cost = first + per·(x − 1)`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Line {
    /// Cost at `x = 1`.
    pub first: f64,
    /// Cost of each further unit of `x`.
    pub per: f64,
    /// Coefficient of determination.
    pub r_squared: f64,
    /// Points fitted.
    pub points: usize,
}

/// The least-squares line through `points` (`None` with fewer than two distinct `x`).
pub fn line(points: &[(f64, f64)]) -> Option<Line> {
    let count = points.len() as f64;
    let mean_x = points.iter().map(|point| point.0).sum::<f64>() / count;
    let mean_y = points.iter().map(|point| point.1).sum::<f64>() / count;
    let spread_x: f64 = points.iter().map(|point| (point.0 - mean_x).powi(2)).sum();
    if points.len() < 2 || spread_x == 0.0 {
        return None;
    }
    let covariance: f64 = points
        .iter()
        .map(|point| (point.0 - mean_x) * (point.1 - mean_y))
        .sum();
    let per = covariance / spread_x;
    let intercept = mean_y - per * mean_x;
    let total: f64 = points.iter().map(|point| (point.1 - mean_y).powi(2)).sum();
    let residual: f64 = points
        .iter()
        .map(|point| (point.1 - intercept - per * point.0).powi(2))
        .sum();
    Some(Line {
        first: intercept + per,
        per,
        r_squared: if total == 0.0 {
            1.0
        } else {
            1.0 - residual / total
        },
        points: points.len(),
    })
}

/// What the fit derives from a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fits {
    /// Per series with predictions: the line of cost over the prediction.
    pub lines: BTreeMap<Series, Line>,
    /// B1: cycles per dependent load, by variant.
    pub latencies: BTreeMap<String, f64>,
    /// B7: the best GB/s of each element width over the device-to-device copy's, by width.
    pub width_efficiency: BTreeMap<String, f64>,
    /// The memory-space decision's costs, where the rows give them.
    pub cost_model: Option<CostModel>,
}

/// Fits `rows`; `copy_gbps` is the device-to-device copy bandwidth of the same run.
pub fn fit(rows: &[Row], copy_gbps: f64) -> Fits {
    let mut series: BTreeMap<Series, Vec<(f64, f64)>> = BTreeMap::new();
    for row in rows {
        if let Some(model) = row.model {
            series
                .entry(row.series)
                .or_default()
                .push((model, row.median));
        }
    }
    let lines: BTreeMap<Series, Line> = series
        .into_iter()
        .filter_map(|(name, points)| Some((name, line(&points)?)))
        .collect();
    let latencies: BTreeMap<String, f64> = rows
        .iter()
        .filter(|row| row.series == Series::Latency)
        .map(|row| (row.variant.clone(), row.median))
        .collect();
    let mut width_efficiency: BTreeMap<String, f64> = BTreeMap::new();
    for row in rows.iter().filter(|row| row.series == Series::Copy) {
        let best = width_efficiency.entry(row.variant.clone()).or_insert(0.0);
        *best = best.max(row.median / copy_gbps);
    }
    let cost_model = lines.get(&Series::ConstantOneLine).and_then(|constant| {
        Some(CostModel {
            constant_first: constant.first,
            constant_per_address: constant.per,
            read_only: *latencies.get(READ_ONLY_HIT)?,
            estimate: false,
        })
    });
    Fits {
        lines,
        latencies,
        width_efficiency,
        cost_model,
    }
}

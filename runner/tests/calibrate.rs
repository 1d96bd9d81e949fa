//! The calibration's pure parts: the least-squares fit, the derived cost model, the plan's
//! predictions against seed-002's closed forms, and the check of cases against a PTX.

use runner::calibrate::fit::{self, line, Row};
use runner::calibrate::plan::{self, Case, Series, READ_ONLY_HIT};
use runner::calibrate::{check, Calibration};

/// A row of `series` with median `value` and prediction `model`.
fn row(series: Series, variant: &str, value: f64, model: Option<f64>) -> Row {
    Row {
        bench: "B0".into(),
        series,
        variant: variant.into(),
        kernel: "k".into(),
        blocks: 1,
        threads: 32,
        unit: "cycles".into(),
        median: value,
        min: value,
        max: value,
        model,
    }
}

/// An exact line is recovered with r² = 1; noise lowers r²; one point fits nothing.
#[test]
fn least_squares() {
    let exact: Vec<(f64, f64)> = (1..=8)
        .map(|d| (f64::from(d), 16.0 + 32.0 * f64::from(d)))
        .collect();
    let fitted = line(&exact).expect("two or more points");
    assert!((fitted.first - 48.0).abs() < 1e-9, "{fitted:?}");
    assert!((fitted.per - 32.0).abs() < 1e-9);
    assert!((fitted.r_squared - 1.0).abs() < 1e-12);
    let noisy = [(1.0, 10.0), (2.0, 14.0), (3.0, 11.0), (4.0, 17.0)];
    let fitted = line(&noisy).expect("fit");
    assert!(
        fitted.r_squared < 0.9 && fitted.r_squared > 0.0,
        "{fitted:?}"
    );
    assert_eq!(line(&[(1.0, 5.0)]), None);
    assert_eq!(line(&[(2.0, 5.0), (2.0, 6.0)]), None);
}

/// Fang's K20c constant costs (T = 16 + 32·d) and a 110-cycle read-only hit come back as the
/// cost model; copies give each width's best fraction of the copy bandwidth.
#[test]
fn cost_model_from_rows() {
    let mut rows: Vec<Row> = [1, 2, 3, 4, 8]
        .map(|d| {
            row(
                Series::ConstantOneLine,
                "d",
                16.0 + 32.0 * f64::from(d),
                Some(f64::from(d)),
            )
        })
        .to_vec();
    rows.push(row(Series::Latency, READ_ONLY_HIT, 110.0, None));
    rows.push(row(Series::Copy, "16-byte elements", 2400.0, None));
    rows.push(row(Series::Copy, "16-byte elements", 2700.0, None));
    let fits = fit::fit(&rows, 3000.0);
    let model = fits
        .cost_model
        .expect("constant series and read-only latency");
    assert!((model.constant_first - 48.0).abs() < 1e-9);
    assert!((model.constant_per_address - 32.0).abs() < 1e-9);
    assert_eq!(model.read_only, 110.0);
    assert!(!model.estimate);
    assert!((fits.width_efficiency["16-byte elements"] - 0.9).abs() < 1e-9);
    let markdown = Calibration::new("Test GPU", 3000.0, rows).to_markdown();
    assert!(
        markdown.contains("| constant-one-line | 48.0 | 32.00 | 1.000 | 5 |"),
        "{markdown}"
    );
    assert!(
        markdown.contains("L_c = 48.0, c_c = 32.00, L_t = 110.0"),
        "{markdown}"
    );
}

/// The cases of a series.
fn series(cases: &[Case], name: Series) -> Vec<&Case> {
    cases.iter().filter(|case| case.series == name).collect()
}

/// seed-002 §5.1: a lane stride of s words costs gcd(s, 32) wavefronts (1 for s = 0), and
/// the plan's predictions are exactly that.
#[test]
fn shared_predictions_follow_the_closed_form() {
    let cases = plan::plan();
    let strides: Vec<&Case> = series(&cases, Series::Shared4Byte)
        .into_iter()
        .filter(|case| case.variant.starts_with("lane stride"))
        .collect();
    assert_eq!(strides.len(), 65);
    for (stride, case) in strides.iter().enumerate() {
        let expected = if stride == 0 { 1 } else { gcd(stride, 32) };
        assert_eq!(case.model, Some(expected as f64), "{}", case.variant);
    }
}

/// Greatest common divisor.
fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A PTX whose `.entry` takes other parameters than the plan's is refused before launching.
#[test]
fn check_refuses_a_mismatched_entry() {
    let cases: Vec<Case> = plan::plan()
        .into_iter()
        .filter(|case| case.kernel == "barrier")
        .collect();
    let good = ".visible .entry barrier(\n.param .u32 barrier_param_0,\n.param .u64 barrier_param_1\n)\n{\nret;\n}\n";
    check(good, &cases).expect("matches");
    let bad = ".visible .entry barrier(\n.param .u64 barrier_param_0\n)\n{\nret;\n}\n";
    let error = check(bad, &cases).expect_err("one parameter too few");
    assert!(error.to_string().contains("barrier"), "{error}");
}

/// Each series' name in the markdown is its name in the JSON.
#[test]
fn series_names_match_their_serialization() {
    for case in plan::plan() {
        let json = serde_json::to_string(&case.series).expect("serializes");
        assert_eq!(json, format!("\"{}\"", case.series.name()));
    }
}

//! The report as a readable table: one block per kernel, one row per access,
//! then the decisions. Works on the JSON (schema version 1), so it renders
//! reports written by any run of the pass.

use serde_json::Value;

/// Reads one cell of the access table from an access's JSON.
type Cell = fn(&Value) -> String;

/// Columns of the access table: header and how to read the cell.
const COLUMNS: &[(&str, Cell)] = &[
    ("loc", |access| text(&access["loc"])),
    ("op", |access| text(&access["op"])),
    ("kind", |access| text(&access["kind"])),
    ("memref", |access| text(&access["memref"])),
    ("space", |access| text(&access["space"])),
    ("bytes", |access| {
        format!(
            "{}x{}",
            text(&access["elem_bytes"]),
            text(&access["vector_width"])
        )
    }),
    ("pattern", |access| text(&access["pattern"])),
    ("sectors/req", |access| {
        change(access, "sectors_per_request")
    }),
    ("bank degree", |access| {
        change(access, "bank_conflict_degree")
    }),
    ("distinct", |access| change(access, "distinct_addresses")),
];

/// Renders a whole report.
pub fn render(report: &Value) -> String {
    let mut out = format!(
        "gpu-mem-opt report (schema {}, target {})\n",
        text(&report["version"]),
        text(&report["target"])
    );
    for kernel in report["kernels"].as_array().into_iter().flatten() {
        let block = match kernel["block"].as_array() {
            Some(sizes) => sizes.iter().map(text).collect::<Vec<_>>().join("x"),
            None => format!("unknown ({})", text(&kernel["block_unknown_reason"])),
        };
        out.push_str(&format!(
            "\nkernel {}  block {block}\n",
            text(&kernel["name"])
        ));
        let rows: Vec<Vec<String>> = kernel["accesses"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|access| COLUMNS.iter().map(|(_, cell)| cell(access)).collect())
            .collect();
        out.push_str(&grid(&rows));
        for decision in kernel["decisions"].as_array().into_iter().flatten() {
            out.push_str(&format!(
                "  {} {} on {}: {}\n",
                if decision["applied"] == Value::Bool(true) {
                    "applied"
                } else {
                    "skipped"
                },
                text(&decision["kind"]),
                text(&decision["target"]),
                // The plain words where the decision has them, then the advice, as the remark
                // says them; the whole reason is in the JSON.
                analysis::advised(
                    &text(decision.get("summary").unwrap_or(&decision["reason"])),
                    decision.get("advice").and_then(Value::as_str)
                )
            ));
        }
        if let Some(time) = kernel.get("time") {
            out.push_str(&format!("  time: {}\n", time_line(time)));
        }
    }
    out
}

/// `predicted 259 → 66.2 µs a launch (bound by L1 requests → bandwidth-bound)`, or why not.
fn time_line(time: &Value) -> String {
    match serde_json::from_value::<gpu_mem_opt::report::TimeReport>(time.clone()) {
        Ok(time) => time.describe(),
        Err(error) => format!("unreadable ({error})"),
    }
}

/// Aligns `rows` under the column headers.
fn grid(rows: &[Vec<String>]) -> String {
    let widths: Vec<usize> = COLUMNS
        .iter()
        .enumerate()
        .map(|(column, (header, _))| {
            rows.iter()
                .map(|row| row[column].len())
                .chain([header.len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<&str>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, width)| format!("{cell:<width$}"))
            .collect();
        format!("  {}\n", padded.join("  ").trim_end())
    };
    let mut out = line(COLUMNS.iter().map(|(header, _)| *header).collect());
    for row in rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    out
}

/// `before → after` of one metric, or just the value when unchanged.
fn change(access: &Value, metric: &str) -> String {
    let before = text(&access["before"][metric]);
    let after = text(&access["after"][metric]);
    if after == "-" || after == before {
        before
    } else {
        format!("{before} → {after}")
    }
}

/// A JSON value as a cell: strings bare, numbers short, null as `-`.
fn text(value: &Value) -> String {
    match value {
        Value::Null => "-".into(),
        Value::String(text) => text.clone(),
        Value::Number(number) => match number.as_f64() {
            Some(float) if float.fract() != 0.0 => format!("{float:.2}"),
            Some(float) => format!("{float:.0}"),
            None => number.to_string(),
        },
        other => other.to_string(),
    }
}

//! Loads of an element an earlier load read (`promote`, issue 31; GVN's redundant loads, in
//! MLIR): a load of the same memref at the same index values as a load before it, with no
//! write to memory, barrier or call between them (`ir::numbering`, which the time model
//! already reads as LLVM's GVN), reads the earlier load's value instead.
//!
//! CUDA code repeats loads where a source line names an element twice: PolyBench
//! GRAMSCHMIDT's `nrm += a[i*NJ + k] * a[i*NJ + k]`, correlation's `(data[i*M + j] -
//! mean[j]) * (data[i*M + j] - mean[j])`. nvcc merges them; the interpreter, the report and
//! the steps after this one counted both. Legal as GVN's is: within one thread, in program
//! order, a load in a region never copies one outside it (each region starts a new memory
//! state); another thread's write between them without a barrier would be a race in the
//! original.
//! One decision per kernel and buffer. Cost: one walk of the kernel.

use mlir_sys::*;

use crate::{
    facts::findings::Finding,
    facts::kernels::Kernel,
    ir::{self, numbering},
    report::{Decision, Kind},
    steps::{Early, Step, Telling},
    Options,
};

use super::element_words;

/// Makes each repeated load read the earlier load's value; one decision per buffer.
pub fn run(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    early: &mut Early,
) -> (bool, bool) {
    let enabled = Step::Promote.enabled(options);
    let (mut success, mut changed) = (true, false);
    let finding_of = |operation: MlirOperation| {
        findings
            .iter()
            .position(|finding| finding.memory.operation.ptr == operation.ptr)
    };
    // Each buffer's repeated loads (findings), with the first load each repeats.
    let mut buffers: Vec<Vec<(usize, usize)>> = Vec::new();
    let mut pairs = Vec::new();
    for (copy, first) in numbering::repeated_loads(kernel.body()) {
        let (Some(copied), Some(original)) = (finding_of(copy), finding_of(first)) else {
            continue;
        };
        pairs.push((copy, first));
        let root = &findings[copied].memory.root;
        match buffers
            .iter_mut()
            .find(|loads| findings[loads[0].0].memory.root == *root)
        {
            Some(loads) => loads.push((copied, original)),
            None => buffers.push(vec![(copied, original)]),
        }
    }
    // Read before anything changes: the rewrite destroys the copies.
    let told: Vec<(MlirLocation, String, String)> = buffers
        .iter()
        .map(|loads| {
            let (copied, original) = loads[0];
            (
                unsafe { mlirOperationGetLocation(findings[copied].memory.operation) },
                element_words(findings, &[copied]),
                findings[original].memory.location.clone(),
            )
        })
        .collect();
    if enabled && !pairs.is_empty() {
        for &(copy, first) in &pairs {
            unsafe {
                mlirValueReplaceAllUsesOfWith(
                    mlirOperationGetResult(copy, 0),
                    mlirOperationGetResult(first, 0),
                );
                mlirOperationDestroy(copy);
            }
        }
        changed = true;
    }
    for (loads, (location, element, first_at)) in buffers.iter().zip(told) {
        let first_at = crate::steps::same_file(&ir::location_text(location), &first_at);
        let more = match loads.len() {
            1 => String::new(),
            count => format!("; {} more such loads of it", count - 1),
        };
        let words = format!(
            "{element} read again with no write between: this load takes the value of the one \
             at {first_at} (one load fewer each time it runs){more}"
        );
        let (applied, reason) = match enabled {
            true => (true, words),
            false => (false, format!("would be {words}")),
        };
        let decision = Decision {
            kind: Kind::Promote,
            target: findings[loads[0].0].memory.root.describe(),
            applied,
            reason,
            params: serde_json::json!({ "repeated_loads": loads.len() }),
            summary: String::new(),
            advice: None,
        };
        let telling = Telling {
            kernel: &kernel.name,
            location,
            remark: true,
            blocked: false,
        };
        success &= early.settle(decision, telling, options);
    }
    (success, changed)
}

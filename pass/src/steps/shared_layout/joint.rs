//! Workgroup `memref.global`s that several kernels use: one layout for all of them.
//!
//! A pad changes the global's type and a swizzle its element order, for every function that
//! reads it, so the kernels cannot decide alone. After every kernel went through its own
//! steps, each kernel that uses such a global plans it as usual (`layout_step::decide`: its own
//! accesses, block and shared memory left); `analysis::joint_layout::choose` then takes the
//! candidate with the fewest wavefronts over all of them among those that make no kernel
//! worse. The global is refused, with the reason in every kernel, when a function that is no
//! kernel uses it, or when any kernel's own plan is refused (an escaping user, an unknown
//! block size). Applied like a single kernel's layout: subviews folded in every kernel, then
//! the global padded (its type and every `get_global`) or every access swizzled. Each kernel
//! gets a remark at its `get_global` and a report decision with its own numbers and every
//! kernel's (`params.kernels`).

use analysis::{
    joint_layout::{self, JointChoice},
    shared_layout::{self, SharedLayout},
};
use mlir_sys::{MlirLocation, MlirOperation, MlirValue};

use crate::{
    facts::accesses::Root,
    facts::findings::{self, Finding},
    facts::kernels::Kernel,
    ir,
    report::Kind,
    report::{self, Decision, KernelReport},
    steps::shared_layout::{self as layout_step, global, BufferDecision},
    steps::{self, Telling},
    Options,
};

/// One kernel's share of a global: which kernel and its buffer decision.
struct User {
    /// Position of the kernel in the pass's list (and in the reports and findings).
    kernel: usize,
    /// The kernel's own plan for the global.
    buffer: BufferDecision,
}

/// The findings of `user`'s accesses of the global, from every kernel's `findings`.
fn accesses<'a>(user: &User, findings: &'a [Vec<Finding>]) -> Vec<&'a Finding> {
    user.buffer
        .accesses
        .iter()
        .map(|&index| &findings[user.kernel][index])
        .collect()
}

/// Decides, applies and explains the layout of every workgroup global that several of
/// `kernels` use, adding each kernel's decision to its report; false when `strict` turned
/// remaining conflicts into an error.
pub fn decide(kernels: &[Kernel], options: &Options, reports: &mut [KernelReport]) -> bool {
    let mut globals: Vec<(String, MlirOperation, Vec<User>)> = Vec::new();
    // Only a kernel that reaches a workgroup global can share one: the others are not analysed.
    let every: Vec<Vec<Finding>> = kernels
        .iter()
        .map(|kernel| match global::kernel_bytes(kernel) {
            0 => Vec::new(),
            _ => findings::of_kernel(kernel, &options.target),
        })
        .collect();
    for (position, kernel) in kernels.iter().enumerate() {
        if every[position].is_empty() {
            continue;
        }
        let joint: Vec<BufferDecision> = layout_step::decide(kernel, &every[position], options)
            .into_iter()
            .filter(|buffer| buffer.joint)
            .collect();
        for buffer in joint {
            let (Root::Global(name), Some(global)) = (buffer.root.clone(), buffer.global) else {
                continue;
            };
            let user = User {
                kernel: position,
                buffer,
            };
            match globals.iter_mut().find(|(known, _, _)| *known == name) {
                Some((_, _, users)) => users.push(user),
                None => globals.push((name, global, vec![user])),
            }
        }
    }
    // Pad and swizzle both off: the step is off (`crate::options`), decided but not applied.
    let enabled = options.switches.pad || options.switches.swizzle;
    let mut success = true;
    for (name, global, users) in &globals {
        // Before applying: a pad replaces every get_global, where the remarks go.
        let locations: Vec<MlirLocation> = users
            .iter()
            .map(|user| super::buffer_location(&kernels[user.kernel], &user.buffer))
            .collect();
        let outcome =
            choose(kernels, &every, *global, name, users).map(|(choice, shape, bytes)| {
                let applied = if enabled {
                    apply(&choice, users, &every, *global, &shape, bytes)
                } else {
                    Ok(())
                };
                (choice, shape, bytes, applied)
            });
        for (user, &location) in users.iter().zip(&locations) {
            // Refused: conflicts remain where any access is not conflict-free (or unknown).
            let conflicted = accesses(user, &every)
                .iter()
                .any(|finding| finding.report_metrics().bank_conflict_degree != Some(1.0));
            let place = (location, conflicted);
            success &= explain(
                kernels, user, users, name, &outcome, place, options, reports,
            );
            if let Ok((choice, _, _, Ok(()))) = &outcome {
                if enabled {
                    record_after(user, &every, &choice.layout, &mut reports[user.kernel]);
                }
            }
        }
    }
    success
}

/// The joint choice, the global's shape and element size, or why the global stays.
fn choose(
    kernels: &[Kernel],
    findings: &[Vec<Finding>],
    global: MlirOperation,
    name: &str,
    users: &[User],
) -> Result<(JointChoice, Vec<i64>, u32), String> {
    let all: Vec<&Kernel> = kernels.iter().collect();
    if let Some(location) = global::used_outside(&all, global, name) {
        return Err(format!(
            "memref.global @{name} is also used at {location}, outside every kernel; one layout would have to serve every user, so the buffer is left as it is"
        ));
    }
    let plans = users
        .iter()
        .map(|user| {
            user.buffer
                .outcome
                .as_ref()
                .map_err(|why| format!("in kernel '{}': {why}", kernels[user.kernel].name))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let first = &users[0];
    let shape = ir::static_shape(unsafe { mlir_sys::mlirValueGetType(first.buffer.value) });
    let bytes = findings[first.kernel][first.buffer.accesses[0]]
        .memory
        .element_bytes
        .unwrap_or(0);
    Ok((joint_layout::choose(&plans), shape, bytes))
}

/// Applies the choice to every kernel's accesses and the global; why not, if it fails.
fn apply(
    choice: &JointChoice,
    users: &[User],
    findings: &[Vec<Finding>],
    global: MlirOperation,
    shape: &[i64],
    element_bytes: u32,
) -> Result<(), String> {
    shared_layout::is_bijection_into_bounds(&choice.layout, shape, element_bytes)?;
    if choice.layout == SharedLayout::Unchanged {
        return Ok(());
    }
    for user in users {
        super::subview::fold(&accesses(user, findings), &user.buffer.views)?;
    }
    // Every `get_global` of it and every access, in all the kernels that use it.
    let values: Vec<MlirValue> = users
        .iter()
        .flat_map(|user| user.buffer.values.iter().copied())
        .collect();
    let all: Vec<&Finding> = users
        .iter()
        .flat_map(|user| accesses(user, findings))
        .collect();
    let new_shape = choice.layout.shape(shape);
    match &choice.layout {
        SharedLayout::Unchanged => Ok(()),
        SharedLayout::Pad { .. } => super::pad::apply_global(global, &values, &new_shape),
        SharedLayout::Swizzle(swizzle) => super::swizzle::apply(swizzle, element_bytes, &all),
        SharedLayout::Skew(skew) => {
            super::skew::apply(skew, (&values, Some(global)), &new_shape, &all)
        }
    }
}

/// The outcome for a global: the choice, shape, element size and whether it was applied.
type Outcome = Result<(JointChoice, Vec<i64>, u32, Result<(), String>), String>;

/// Emits `user`'s remark at `location` and adds its decision to its kernel's report
/// (`conflicted`: whether its accesses conflict as they are); false when `strict` made it an
/// error.
#[allow(clippy::too_many_arguments)]
fn explain(
    kernels: &[Kernel],
    user: &User,
    users: &[User],
    name: &str,
    outcome: &Outcome,
    (location, conflicted): (MlirLocation, bool),
    options: &Options,
    reports: &mut [KernelReport],
) -> bool {
    let target = format!("global @{name}");
    let decision = match outcome {
        Err(reason) => Decision::skipped(Kind::Pad, &target, reason),
        Ok((choice, shape, bytes, applied)) => decision(
            kernels, user, users, &target, choice, shape, *bytes, applied,
        ),
    };
    let ideal: u64 = user.buffer.outcome.as_ref().map_or(0, |plan| {
        plan.before.iter().map(|cost| cost.ideal_wavefronts).sum()
    });
    let remaining = match decision.params["wavefronts_after"].as_u64() {
        Some(after) => after > ideal,
        None => conflicted,
    };
    let telling = Telling {
        kernel: &kernels[user.kernel].name,
        location,
        remark: true,
        blocked: remaining,
    };
    let (decision, note) = steps::settle(decision, telling, options);
    reports[user.kernel].decisions.push(decision);
    note.is_none_or(|note| {
        note.emit();
        !note.is_error()
    })
}

/// The report's decision for `user`'s kernel.
#[allow(clippy::too_many_arguments)]
fn decision(
    kernels: &[Kernel],
    user: &User,
    users: &[User],
    target: &str,
    choice: &JointChoice,
    shape: &[i64],
    element_bytes: u32,
    applied: &Result<(), String>,
) -> Decision {
    let position = users
        .iter()
        .position(|other| other.kernel == user.kernel)
        .unwrap_or(0);
    let numbers: Vec<String> = users
        .iter()
        .zip(choice.before.iter().zip(&choice.after))
        .map(|(other, (before, after))| {
            format!("'{}' {before} -> {after}", kernels[other.kernel].name)
        })
        .collect();
    let summary = match choice.layout {
        SharedLayout::Unchanged => format!(
            "unchanged: one layout serves kernels {}, and none lowers their wavefronts without raising one kernel's (per block: {})",
            names(kernels, users),
            numbers.join(", ")
        ),
        layout => format!(
            "{layout} (+{} B): one layout for kernels {}; wavefronts per block {}; no kernel gets worse",
            layout.extra_bytes(shape, element_bytes),
            names(kernels, users),
            numbers.join(", ")
        ),
    };
    let (kind, mut params) = report::layout_decision(&choice.layout);
    params["shape"] = serde_json::json!(choice.layout.shape(shape));
    params["extra_bytes"] = serde_json::json!(choice.extra_bytes);
    params["wavefronts_before"] = serde_json::json!(choice.before[position]);
    params["wavefronts_after"] = serde_json::json!(choice.after[position]);
    params["kernels"] = serde_json::json!(users
        .iter()
        .zip(choice.before.iter().zip(&choice.after))
        .map(|(other, (before, after))| serde_json::json!({
            "name": kernels[other.kernel].name,
            "wavefronts_before": before,
            "wavefronts_after": after,
        }))
        .collect::<Vec<_>>());
    let changes = choice.layout != SharedLayout::Unchanged;
    let (applied, reason) = match applied {
        Ok(()) => (changes, summary),
        Err(why) => (false, format!("{summary}; not applied: {why}")),
    };
    Decision {
        kind,
        target: target.into(),
        applied,
        reason,
        params,
        summary: String::new(),
        advice: None,
    }
}

/// Gives each of `user`'s accesses its degree under the joint `layout` as `after` in its
/// kernel's `report`, which lists the accesses as the kernel's steps left them: an access is
/// found there by location, operation and kind, and skipped unless that names exactly one.
fn record_after(
    user: &User,
    findings: &[Vec<Finding>],
    layout: &SharedLayout,
    report: &mut KernelReport,
) {
    let Ok(plan) = &user.buffer.outcome else {
        return;
    };
    let Some(costs) = plan
        .candidates
        .iter()
        .find(|candidate| candidate.layout == *layout)
        .and_then(|candidate| candidate.costs.as_ref())
    else {
        return;
    };
    for (finding, cost) in accesses(user, findings).iter().zip(costs) {
        let memory = &finding.memory;
        let mut matching = report.accesses.iter_mut().filter(|access| {
            access.loc == memory.location && access.op == memory.name && access.kind == memory.kind
        });
        if let (Some(access), None) = (matching.next(), matching.next()) {
            access.after.bank_conflict_degree = Some(cost.degree);
        }
    }
}

/// `'first', 'second'`: the kernels that share the global.
fn names(kernels: &[Kernel], users: &[User]) -> String {
    users
        .iter()
        .map(|user| format!("'{}'", kernels[user.kernel].name))
        .collect::<Vec<_>>()
        .join(", ")
}

//! The report's decision for one argument's placement, applying it on the way: what was done
//! in plain words first (the path, the loads, the check), Algorithm 3's numbers in `params`.

use analysis::memory_space::Placement;
use mlir_sys::*;

use super::{constant, readonly, ArgumentDecision, Outcome};
use crate::{
    facts::accesses::Root,
    facts::kernels::Kernel,
    report::{rounded_microseconds, Decision, Kind, Obligation},
    steps::Telling,
};

/// The run-time check and an argument's position in its requests, or why it is not made.
pub type CheckResult<'a> = Result<(&'a super::checked::Plan, usize), String>;

/// How the decision for `argument` is told: a remark at the argument, an error under
/// `strict` when it is blocked.
pub fn telling<'a>(kernel: &'a Kernel, argument: &ArgumentDecision) -> Telling<'a> {
    Telling {
        kernel: &kernel.name,
        location: unsafe { mlirValueGetLocation(argument.value) },
        remark: true,
        blocked: matches!(argument.outcome, Outcome::Blocked(..)),
    }
}

/// Applies the read-only path to an argument (`ld.global.nc`, its pointer in `params`), or
/// why not.
fn read_only(
    kernel: &Kernel,
    argument: &ArgumentDecision,
    params: &mut serde_json::Value,
) -> Result<(), String> {
    let pointer = readonly::apply(kernel, argument.index)
        .map_err(|why| format!("read-only path not applied: {why}"))?;
    params["llvm_pointer"] = serde_json::json!(pointer);
    Ok(())
}

/// Applies an argument's placement (when `enabled`; a run-time check was made by
/// [`apply_checks`], `check`); the report's decision for it.
pub fn placement_decision(
    kernel: &Kernel,
    (argument, check): (&ArgumentDecision, Option<&CheckResult>),
    enabled: bool,
) -> Decision {
    let selection = &argument.selection;
    let mut params = serde_json::json!({
        "algorithm3": selection.algorithm,
        "placement": selection.placement,
        "instances": selection.instances.iter().map(|(space, rule)| {
            serde_json::json!({ "space": space, "rule": rule })
        }).collect::<Vec<_>>(),
        "distinct_addresses": selection.distinct_addresses,
        "constant_cycles": selection.constant_cycles,
        "read_only_cycles": selection.read_only_cycles,
        "costs_estimated": selection.costs_estimated,
    });
    let (kind, applied, summary) = match &argument.outcome {
        Outcome::Apply(placement, safe) if !enabled => {
            let (kind, path) = match placement {
                Placement::Constant => (Kind::Constant, "ld.const"),
                _ => (Kind::Readonly, "ld.global.nc"),
            };
            (kind, false, format!("would read through {path}: {safe}"))
        }
        Outcome::Apply(Placement::Constant, safe) => {
            match constant::apply(kernel, argument.index) {
                Ok(symbol) => {
                    params["symbol"] = serde_json::json!(symbol);
                    (
                        Kind::Constant,
                        true,
                        format!(
                            "ld.const from @{symbol}: {}; {safe}",
                            contract(argument, &symbol)
                        ),
                    )
                }
                // Refused constant memory falls back to the read-only path: when that applies,
                // the decision is the read-only one (applied), saying why not constant.
                Err(why) => match read_only(kernel, argument, &mut params) {
                    Ok(()) => (
                        Kind::Readonly,
                        true,
                        format!("ld.global.nc: {safe}, but not in constant memory: {why}"),
                    ),
                    Err(fallback) => (
                        Kind::Constant,
                        false,
                        format!("{safe}, but not in constant memory: {why}; {fallback}"),
                    ),
                },
            }
        }
        Outcome::Apply(_, safe) => {
            let applied = read_only(kernel, argument, &mut params);
            let path = applied
                .as_ref()
                .map_or_else(Clone::clone, |()| "ld.global.nc".into());
            (
                Kind::Readonly,
                applied.is_ok(),
                format!("{path}: {safe}{}", not_constant(argument)),
            )
        }
        Outcome::Checked(writers, blocked) => {
            let against: Vec<String> = writers
                .iter()
                .map(|&writer| format!("{}'s", Root::Argument(writer).describe()))
                .collect();
            let check_text = format!(
                "behind a run-time check that {}'s bytes overlap none of {}",
                argument.target(),
                against.join(", ")
            );
            params["checked_against"] = serde_json::json!(writers);
            match check {
                None => {
                    let path = match selection.placement {
                        Placement::Constant => "ld.const",
                        _ => "ld.global.nc",
                    };
                    (
                        Kind::Readonly,
                        false,
                        format!("would read through {path} {check_text}; {blocked}"),
                    )
                }
                Some(Ok((plan, position))) if plan.loads[*position] == 0 => (
                    Kind::Readonly,
                    false,
                    format!(
                        "read-only, but {blocked}; no load to check: each is on the checked \
                         path already, or in the fallback of another run-time check"
                    ),
                ),
                Some(Ok((plan, position))) => {
                    let (instructions, count) = (plan.instructions, plan.loads[*position]);
                    params["check_instructions"] = serde_json::json!(instructions);
                    params["checked_loads"] = serde_json::json!(count);
                    params["whole_body_versioned"] = serde_json::json!(plan.whole_body);
                    let loads = match count {
                        1 => "1 load".to_string(),
                        count => format!("{count} loads"),
                    };
                    let fallback = if plan.whole_body {
                        "a copy of the body reads through ld.global"
                    } else {
                        "the fallback reads through ld.global"
                    };
                    let (kind, path) = match &plan.constant[*position] {
                        Some(Ok(symbol)) => {
                            params["symbol"] = serde_json::json!(symbol);
                            (
                                Kind::Constant,
                                format!("ld.const from @{symbol} ({})", contract(argument, symbol)),
                            )
                        }
                        Some(Err(why)) => (
                            Kind::Readonly,
                            format!("ld.global.nc (not constant memory: {why})"),
                        ),
                        None => (Kind::Readonly, "ld.global.nc".to_string()),
                    };
                    let how = if plan.new_check {
                        format!(
                            "{check_text} ({instructions} instructions at the kernel's entry; \
                             where it fails, {fallback})"
                        )
                    } else {
                        format!(
                            "on the fast path of {} {} (no second check; where it fails, \
                             the code as written reads through ld.global)",
                            match kernel.assumed.apart.is_empty() {
                                true => "the loop nest's",
                                false => "the kernel's specialization's",
                            },
                            check_text.trim_start_matches("behind a ")
                        )
                    };
                    (
                        kind,
                        true,
                        format!(
                            "{path} for {loads} {how}: {blocked}{}",
                            not_constant(argument)
                        ),
                    )
                }
                Some(Err(why)) => (
                    Kind::Readonly,
                    false,
                    format!("read-only, but {blocked}; not checked at run time: {why}"),
                ),
            }
        }
        Outcome::Keep(why) | Outcome::Blocked(why, _) => (Kind::Readonly, false, why.clone()),
    };
    if let Some(weighing) = &selection.constant_copy {
        params["constant_copy"] = serde_json::json!(weighing);
    }
    let mut summary = summary;
    if let Some((before, after)) = argument.gain.filter(|_| applied && kind == Kind::Readonly) {
        summary.push_str(&format!(
            "; {}: its loads hoisted out of the loops that do not move their addresses",
            crate::steps::described((before, after))
        ));
        params["predicted_microseconds"] = serde_json::json!({
            "before": rounded_microseconds(before.nanoseconds),
            "after": rounded_microseconds(after.nanoseconds),
        });
    }
    // The remark says what happens in plain words; Algorithm 3's numbers go to the report.
    Decision {
        kind,
        target: argument.target(),
        applied,
        reason: format!("{summary}; {}", selection.reason),
        params,
        summary,
        advice: match &argument.outcome {
            Outcome::Blocked(_, remedy) => Some(remedy.clone()),
            _ => None,
        },
    }
}

/// The launch contract of `argument` bound to `symbol` and why it pays, in plain words: `the
/// launcher must copy arg 1 (36 B) into @… before each launch: the constant cache saves (…)
/// more than …`, worded as the report's `launch_contract` words it.
fn contract(argument: &ArgumentDecision, symbol: &str) -> String {
    let weighing = argument.selection.constant_copy.as_ref();
    let obligation = Obligation::Constant {
        argument: argument.index,
        symbol: symbol.to_string(),
        bytes: weighing.map(|weighing| weighing.bytes),
    };
    let gain = weighing.map_or_else(String::new, |weighing| format!(": {}", weighing.describe()));
    format!("{}{gain}", obligation.describe())
}

/// `; not in constant memory: why` where Algorithm 3 picked it and the argument is read
/// elsewhere ([`ArgumentDecision::not_constant`]), else nothing.
pub(super) fn not_constant(argument: &ArgumentDecision) -> String {
    argument
        .not_constant
        .as_ref()
        .map_or_else(String::new, |why| {
            format!("; not in constant memory: {why}")
        })
}

//! Streaming along a loop (`promote`, issue 33 item 3): loads of one buffer that a loop's
//! iterations read again, one step further on, are carried in registers from one iteration to
//! the next (`analysis::promote`: the window, its slots and why a set of offsets is none).
//!
//! A 3-D stencil that walks `k` (`a[k-1][j][i]`, `a[k][j][i]`, `a[k+1][j][i]`; NVIDIA's
//! FDTD3d with radius 4 in an inner `for r = 1 to 5`) loads each column element three (nine)
//! times, once per iteration that reads it; the CUDA reference keeps the column in registers.
//! A group is the scalar loads of one memref directly in one `scf.for`'s body, or in an inner
//! loop of at most `MOST_INNER_TRIPS` (8) constant trips directly in it (written out first,
//! each trip's load an offset), whose indices are equal but in one dimension, which reads the
//! loop's counter times a positive constant `c` plus a constant (a flat index `k·256 + c` as
//! CUDA writes a 16x16 plane: each trip moves it by `c·step`, the window's step). Legal where nothing in the kernel may
//! write the buffer (its effects, `memory_space::kernel_effects`: a store, a copy, a call of
//! unknown effect; `facts::effects::may_alias`): then every element holds one value for the
//! whole launch, and a barrier changes nothing. Where only other arguments' writes may reach it,
//! the version step's check at the kernel's entry proves them apart (`super::needs_apart`); where
//! that step does not specialize the kernel (it has shared memory of its own), the loop nest is
//! versioned on the same check (`memory_space::disjoint::version_operation`, as staging does),
//! the window carried on its fast path.
//!
//! Applied: before the group's first load, `scf.if (k == lower)` loads every slot but the
//! leading one (the first iteration; an element it reads in the original too), else takes
//! them from the loop's new `iter_args`; the leading element is loaded; each load's uses read
//! its slot; slots `1 …` and the leading load are yielded as the next iteration's.
//! Cost: one walk of the findings per group; one rebuild of the loop per loop.

use analysis::expression::{IndexExpression, LoopId, Variable};
use analysis::matrix::AccessKind;
use analysis::promote::Window;
use mlir_sys::*;

use crate::{
    facts::accesses::{self, Root},
    facts::effects::{self, Effect},
    facts::extract,
    facts::findings::Finding,
    facts::kernels::Kernel,
    ir::{self, builder::Builder},
    report::{Decision, Kind},
    steps::memory_space::{self, checked, disjoint},
    steps::register_tile::unroll,
    steps::{Early, Step, Telling},
    Options,
};

use super::{load, push_apart, with_iter_arguments};

/// The most trips of an inner loop written out so that its loads join a window (a stencil's
/// radius loop; FDTD3d's is 4).
const MOST_INNER_TRIPS: i64 = 8;

/// `arith.cmpi`'s predicate number for `eq`.
const EQUAL: i64 = 0;

/// Loads of one memref in one loop, equal but in one dimension, which reads the loop's
/// counter plus a constant.
struct Group {
    /// The loop.
    the_loop: MlirOperation,
    /// The memref the loads read.
    memref: MlirValue,
    /// The finding the offsets are measured from: a load directly in the loop.
    template: usize,
    /// The dimension that reads the counter.
    dimension: usize,
    /// The counter's coefficient there (a flat row `k·ny + j`: `ny`), positive.
    stride: i64,
    /// How far each trip moves that index: the coefficient times the loop's step (the
    /// coefficient where the step is not a constant). A load a multiple of it away from the
    /// template joins the group; another one reads an element no other trip reads.
    shift: i64,
    /// The template's index in that dimension less the counter's term, where a constant
    /// (`k + 4`: 4), else 0: offsets are from the counter itself where they can be.
    base: i64,
    /// Each load (a finding) and its offsets: one per trip of its inner loop, or one.
    members: Vec<(usize, Vec<i64>)>,
    /// The inner loops written out first.
    inner: Vec<MlirOperation>,
}

impl Group {
    /// Every offset a load of the group reads, once per load (an inner loop's per trip).
    fn offsets(&self) -> Vec<i64> {
        self.members
            .iter()
            .flat_map(|(_, offsets)| offsets.iter().copied())
            .collect()
    }

    /// Whether its loads read at least two elements an iteration (else nothing is carried).
    fn spans(&self) -> bool {
        let offsets = self.offsets();
        offsets.iter().any(|&offset| offset != offsets[0])
    }
}

/// Each argument read with those written it must lie apart from (`disjoint::condition`).
pub(super) type Pairs = Vec<(usize, Vec<usize>)>;

/// A loop nest versioned on a run-time check that the buffer's argument lies apart from the
/// arguments the kernel writes.
#[derive(Clone)]
pub(super) struct Check {
    /// The outermost loop around the group's.
    pub(super) outer: MlirOperation,
    /// The argument read and those written.
    pub(super) pairs: Pairs,
    /// The check's instructions at the kernel's entry (`disjoint::instructions`).
    pub(super) instructions: u32,
}

/// What one group's decision and rewrite came to, read before anything changes.
struct Decided {
    /// The group.
    group: Group,
    /// Its window and the run-time check it needs, or why there is none.
    outcome: Result<(Window, Option<Check>), String>,
    /// Why its rewrite failed, if it did.
    failure: Option<String>,
    /// Where its remark goes (the template load), the loop's location and the element's words.
    told: (MlirLocation, String, String),
}

/// Carries each group's window along its loop; one decision per group.
pub fn run(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    early: &mut Early,
) -> (bool, bool) {
    let enabled = Step::Promote.enabled(options);
    let (mut success, mut changed) = (true, false);
    // Every write, barrier and op of unknown effect in the body, walked once for all groups.
    let effects = memory_space::kernel_effects(kernel);
    let mut decided: Vec<Decided> = groups(findings)
        .into_iter()
        .filter(Group::spans)
        .map(|group| {
            let template = &findings[group.template];
            Decided {
                outcome: decide(kernel, (findings, &effects), &group, options),
                failure: None,
                told: (
                    unsafe { mlirOperationGetLocation(template.memory.operation) },
                    ir::location_text(unsafe { mlirOperationGetLocation(group.the_loop) }),
                    words(findings, &group),
                ),
                group,
            }
        })
        .collect();
    if enabled {
        let mut loops: Vec<MlirOperation> = Vec::new();
        for entry in decided.iter().filter(|entry| entry.outcome.is_ok()) {
            if !loops
                .iter()
                .any(|seen| seen.ptr == entry.group.the_loop.ptr)
            {
                loops.push(entry.group.the_loop);
            }
        }
        for the_loop in loops {
            let streamed: Vec<(&Group, Window, Option<Check>)> = decided
                .iter()
                .filter(|entry| entry.group.the_loop.ptr == the_loop.ptr)
                .filter_map(|entry| {
                    let (window, check) = entry.outcome.as_ref().ok()?;
                    Some((&entry.group, *window, check.clone()))
                })
                .collect();
            if let Err(why) = apply(kernel, findings, &streamed) {
                for entry in &mut decided {
                    if entry.group.the_loop.ptr == the_loop.ptr {
                        entry.failure = Some(why.clone());
                    }
                }
            }
        }
    }
    for entry in &decided {
        let (location, loop_location, element) = &entry.told;
        let loads = entry.group.offsets().len();
        let offsets = entry.group.offsets();
        let (lowest, highest) = (
            offsets.iter().min().copied().unwrap_or(0),
            offsets.iter().max().copied().unwrap_or(0),
        );
        let neighbours = format!("{element} for d = {lowest} … {highest}");
        let (applied, reason) = match (&entry.outcome, &entry.failure) {
            (Ok((window, check)), None) => {
                let checked = check.as_ref().map_or_else(String::new, Check::words);
                let words = format!(
                    "{neighbours}: 1 load an iteration instead of {loads}, the other {} \
                     elements carried in registers from earlier iterations of the loop at \
                     {loop_location} (its first iteration loads {}){checked}",
                    window.carried(),
                    window.slots
                );
                if enabled {
                    changed = true;
                    (true, words)
                } else {
                    (false, format!("would be {words}"))
                }
            }
            (Ok(_), Some(why)) => (false, format!("{neighbours}: not carried: {why}")),
            (Err(why), _) => (
                false,
                format!("{neighbours}: each iteration loads all {loads}: {why}"),
            ),
        };
        let decision = Decision {
            kind: Kind::Promote,
            target: findings[entry.group.template].memory.root.describe(),
            applied,
            reason,
            params: serde_json::json!({
                "loop": loop_location,
                "dimension": entry.group.dimension,
                "offsets": [lowest, highest],
                "registers": entry.outcome.as_ref().ok().map(|(window, _)| window.carried()),
                "check_instructions": entry
                    .outcome
                    .as_ref()
                    .ok()
                    .and_then(|(_, check)| check.as_ref().map(|check| check.instructions)),
                "loads_per_iteration": [loads, if applied { 1 } else { loads }],
            }),
            summary: String::new(),
            advice: None,
        };
        let telling = Telling {
            kernel: &kernel.name,
            location: *location,
            remark: true,
            blocked: !applied && enabled,
        };
        success &= early.settle(decision, telling, options);
    }
    (success, changed)
}

/// Adds to `pairs` the memref arguments that must lie apart for a window to be carried where
/// only their possible aliasing keeps each iteration loading it (`super::needs_apart`).
pub(super) fn needs_apart(
    kernel: &Kernel,
    (findings, effects): (&[Finding], &[(Effect, MlirOperation)]),
    options: &Options,
    pairs: &mut Vec<(usize, usize)>,
) {
    for group in groups(findings).into_iter().filter(Group::spans) {
        let Root::Argument(own) = findings[group.template].memory.root else {
            continue;
        };
        for (theirs, _) in writers(kernel, (findings, effects), &group, options).unwrap_or_default()
        {
            push_apart(pairs, own, theirs);
        }
    }
}

/// Whether the group's window may be carried: the window, and the run-time check it needs
/// where only other arguments' writes may reach the buffer; or why not.
fn decide(
    kernel: &Kernel,
    facts: (&[Finding], &[(Effect, MlirOperation)]),
    group: &Group,
    options: &Options,
) -> Result<(Window, Option<Check>), String> {
    let findings = facts.0;
    let template = &findings[group.template];
    let depth = template.access.loops.len().saturating_sub(1);
    let step = template
        .access
        .loops
        .get(depth)
        .and_then(|range| range.step)
        .ok_or("the loop's step is not a constant")?;
    if !ir::defined_outside(group.memref, group.the_loop) {
        return Err("its memref is made inside the loop".into());
    }
    if group.shift != group.stride.saturating_mul(step) {
        return Err("the index's move per trip overflows".into());
    }
    let window = Window::of(&group.offsets(), group.shift)?;
    let writers = writers(kernel, facts, group, options)?;
    let (Root::Argument(own), Some((_, location))) = (&template.memory.root, writers.first())
    else {
        return Ok((window, None));
    };
    let blocked = format!(
        "{} (written at {location}) may be the same buffer; unblock: {{llvm.noalias}} on \
         either, or option assume-noalias",
        Root::Argument(writers[0].0).describe()
    );
    let arguments: Vec<usize> = writers.iter().map(|&(argument, _)| argument).collect();
    match Check::around(
        kernel,
        template.memory.operation,
        (*own, arguments),
        options,
    ) {
        Some(check) => Ok((window, Some(check?))),
        None => Err(blocked),
    }
}

impl Check {
    /// The check that argument `own` lies apart from `writers`, versioning the outermost loop
    /// around `operation`; `None` where there can be none (option `version` off, an argument
    /// whose bytes no check spans, no loop, or `operation` on another check's fallback path).
    pub(super) fn around(
        kernel: &Kernel,
        operation: MlirOperation,
        (own, writers): (usize, Vec<usize>),
        options: &Options,
    ) -> Option<Result<Check, String>> {
        let spanned = std::iter::once(&own)
            .chain(&writers)
            .all(|&argument| disjoint::spanned(kernel, argument).is_ok());
        let outer = ir::outermost_loop(operation, None)?;
        if !options.version || !spanned || checked::in_fallback(operation) {
            return None;
        }
        let pairs = vec![(own, writers)];
        Some(
            disjoint::instructions(kernel, &pairs).map(|instructions| Check {
                outer,
                pairs,
                instructions,
            }),
        )
    }

    /// One check per loop nest of `checks`, their pairs merged.
    pub(super) fn by_nest<'c>(
        checks: impl IntoIterator<Item = &'c Check>,
    ) -> Vec<(MlirOperation, Pairs)> {
        let mut nests: Vec<(MlirOperation, Pairs)> = Vec::new();
        for check in checks {
            let at = match nests
                .iter()
                .position(|(outer, _)| outer.ptr == check.outer.ptr)
            {
                Some(at) => at,
                None => {
                    nests.push((check.outer, Vec::new()));
                    nests.len() - 1
                }
            };
            for pair in &check.pairs {
                if !nests[at].1.contains(pair) {
                    nests[at].1.push(pair.clone());
                }
            }
        }
        nests
    }

    /// How a remark says it: `; on the fast path of a run-time check …`.
    pub(super) fn words(&self) -> String {
        let written: Vec<String> = self
            .pairs
            .iter()
            .flat_map(|(_, writers)| writers)
            .map(|&writer| format!("{}'s", Root::Argument(writer).describe()))
            .collect();
        format!(
            "; on the fast path of a run-time check that its bytes overlap none of {} ({} \
             instructions at the kernel's entry; where it fails, the loop as written runs)",
            written.join(", "),
            self.instructions
        )
    }
}

/// The arguments the kernel writes that may be the group's buffer, each with where it is
/// written; or why the window cannot be carried whatever a check shows (the kernel writes
/// the buffer itself, or memory no check covers may be it).
fn writers(
    kernel: &Kernel,
    (findings, effects): (&[Finding], &[(Effect, MlirOperation)]),
    group: &Group,
    options: &Options,
) -> Result<Vec<(usize, String)>, String> {
    let template = &findings[group.template];
    let root = (&template.memory.root, template.memory.space);
    let mut writers: Vec<(usize, String)> = Vec::new();
    for (effect, operation) in effects {
        let at = ir::location_text(unsafe { mlirOperationGetLocation(*operation) });
        let (theirs, space) = match effect {
            Effect::Write(theirs, space) => (theirs, *space),
            Effect::Unknown => {
                return Err(format!(
                    "{} may write it",
                    memory_space::describe(*operation)
                ))
            }
            Effect::Read(..) | Effect::Barrier => continue,
        };
        if *theirs == template.memory.root {
            return Err(format!("the kernel writes it at {at}"));
        }
        if !effects::may_alias(kernel, root, (theirs, space), options.assume_noalias) {
            continue;
        }
        match (&template.memory.root, theirs) {
            (Root::Argument(_), Root::Argument(argument)) => {
                if !writers.iter().any(|(seen, _)| seen == argument) {
                    writers.push((*argument, at));
                }
            }
            _ => {
                return Err(format!(
                    "{} (written at {at}) may be the same buffer",
                    theirs.describe()
                ))
            }
        }
    }
    Ok(writers)
}

/// The groups of the findings: loads directly in a loop first (each joins the group whose
/// template it is a constant away from along the counter's dimension, or starts one), then
/// loads in a short inner loop directly in a group's loop (an offset per trip).
fn groups(findings: &[Finding]) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for (position, finding) in findings.iter().enumerate() {
        let parent = unsafe { mlirOperationGetParentOperation(finding.memory.operation) };
        if !scalar_load(finding) || !ir::is_named(parent, "scf.for") {
            continue;
        }
        let depth = finding.access.loops.len().saturating_sub(1);
        let counter = Variable::Loop(LoopId(depth));
        let Some((dimension, stride)) = streamed_dimension(&finding.access.indices, &counter)
        else {
            continue;
        };
        let joined = groups.iter_mut().find_map(|group| {
            let template = &findings[group.template].access.indices;
            let same = group.the_loop.ptr == parent.ptr
                && unsafe { mlirValueEqual(group.memref, finding.memory.memref) }
                && group.dimension == dimension
                && group.stride == stride;
            same.then(|| offset(template, &finding.access.indices, dimension))
                .flatten()
                .filter(|offset| offset % group.shift == 0)
                .map(|offset| (group.base + offset, group))
        });
        match joined {
            Some((offset, group)) => group.members.push((position, vec![offset])),
            None => {
                let index = &finding.access.indices[dimension];
                let base = index
                    .constant_difference(&counter_term(&counter, stride))
                    .unwrap_or(0);
                let step = finding.access.loops.get(depth).and_then(|range| range.step);
                groups.push(Group {
                    the_loop: parent,
                    memref: finding.memory.memref,
                    template: position,
                    dimension,
                    stride,
                    shift: stride.saturating_mul(step.unwrap_or(1).max(1)),
                    base,
                    members: vec![(position, vec![base])],
                    inner: Vec::new(),
                })
            }
        }
    }
    for (position, finding) in findings.iter().enumerate() {
        let inner = unsafe { mlirOperationGetParentOperation(finding.memory.operation) };
        if !scalar_load(finding) || !ir::is_named(inner, "scf.for") {
            continue;
        }
        let outer = unsafe { mlirOperationGetParentOperation(inner) };
        let depth = finding.access.loops.len().saturating_sub(1);
        let Some(range) = finding.access.loops.get(depth) else {
            continue;
        };
        let counter = Variable::Loop(LoopId(depth));
        let values: Option<Vec<i64>> = match range.trip_count() {
            Some(trips) if trips as i64 <= MOST_INNER_TRIPS => {
                (0..trips).map(|trip| range.value(trip)).collect()
            }
            _ => None,
        };
        let Some(values) = values.filter(|_| unroll::can_write_out(inner, MOST_INNER_TRIPS)) else {
            continue;
        };
        for group in groups.iter_mut().filter(|group| {
            group.the_loop.ptr == outer.ptr
                && unsafe { mlirValueEqual(group.memref, finding.memory.memref) }
        }) {
            let template = &findings[group.template].access.indices;
            let offsets: Option<Vec<i64>> = values
                .iter()
                .map(|&value| {
                    let bound: Vec<IndexExpression> = finding
                        .access
                        .indices
                        .iter()
                        .map(|index| {
                            index.bind(&|variable| (*variable == counter).then_some(value))
                        })
                        .collect();
                    offset(template, &bound, group.dimension)
                        .filter(|offset| offset % group.shift == 0)
                        .map(|offset| group.base + offset)
                })
                .collect();
            if let Some(offsets) = offsets {
                group.members.push((position, offsets));
                if !group.inner.iter().any(|seen| seen.ptr == inner.ptr) {
                    group.inner.push(inner);
                }
                break;
            }
        }
    }
    groups
}

/// `arg 0[loop0 + d, tid.x + 32*bid.x]`: the group's loads as remarks name them, `d` their
/// offset from the counter (from the template's index where that is not a constant away).
fn words(findings: &[Finding], group: &Group) -> String {
    let template = &findings[group.template];
    let depth = template.access.loops.len().saturating_sub(1);
    let indices: Vec<String> = template
        .access
        .indices
        .iter()
        .enumerate()
        .map(|(dimension, index)| {
            let counter = counter_term(&Variable::Loop(LoopId(depth)), group.stride);
            let shown = if dimension != group.dimension {
                index.clone()
            } else if index.constant_difference(&counter).is_some() {
                counter
            } else {
                // The counter's term apart: `tid.x + 16*tid.y + 256*loop0 + d`.
                let rest = IndexExpression::Add(
                    Box::new(index.clone()),
                    Box::new(IndexExpression::Multiply(Box::new(counter.clone()), -1)),
                );
                return format!("{} + {} + d", describe(&rest), describe(&counter));
            };
            match dimension == group.dimension {
                true => format!("{} + d", describe(&shown)),
                false => describe(&shown),
            }
        })
        .collect();
    format!(
        "{}[{}]",
        template.memory.root.describe(),
        indices.join(", ")
    )
}

/// An index as remarks write it (`?` where not followed).
fn describe(index: &IndexExpression) -> String {
    analysis::delinearize::describe_expression(index).unwrap_or_else(|| "?".into())
}

/// Whether `finding` is a scalar `memref.load`.
fn scalar_load(finding: &Finding) -> bool {
    finding.memory.name == "memref.load"
        && finding.access.kind == AccessKind::Load
        && finding.access.vector_width == 1
}

/// `stride · counter`.
fn counter_term(counter: &Variable, stride: i64) -> IndexExpression {
    let variable = IndexExpression::Variable(counter.clone());
    match stride {
        1 => variable,
        _ => IndexExpression::Multiply(Box::new(variable), stride),
    }
}

/// The one dimension of `indices` that reads `counter`, with a positive coefficient and
/// outside any quasi-affine part, and that coefficient; `None` where none or several do, or
/// an index is not followed.
fn streamed_dimension(indices: &[IndexExpression], counter: &Variable) -> Option<(usize, i64)> {
    let mut found = None;
    for (dimension, index) in indices.iter().enumerate() {
        if index.has_unknown() {
            return None;
        }
        if !index.variables().contains(counter) {
            continue;
        }
        let form = index.linear().ok()?;
        let stride = form.coefficient(counter);
        if found.is_some() || !form.is_affine() || stride <= 0 {
            return None;
        }
        found = Some((dimension, stride));
    }
    found
}

/// How far `other` is from `template` along `dimension`, where every other index is equal.
fn offset(
    template: &[IndexExpression],
    other: &[IndexExpression],
    dimension: usize,
) -> Option<i64> {
    if template.len() != other.len() {
        return None;
    }
    let equal_elsewhere = template
        .iter()
        .zip(other)
        .enumerate()
        .all(|(at, (mine, theirs))| at == dimension || theirs.constant_difference(mine) == Some(0));
    equal_elsewhere
        .then(|| other[dimension].constant_difference(&template[dimension]))
        .flatten()
}

/// Carries the windows of `streamed` (all of one loop) through it (see the module essay).
fn apply(
    kernel: &Kernel,
    findings: &[Finding],
    streamed: &[(&Group, Window, Option<Check>)],
) -> Result<(), String> {
    let Some((first, _, _)) = streamed.first() else {
        return Ok(());
    };
    let the_loop = first.the_loop;
    let mut inner: Vec<MlirOperation> = Vec::new();
    for (group, _, _) in streamed {
        for &operation in &group.inner {
            if !unroll::can_write_out(operation, MOST_INNER_TRIPS) {
                return Err("an inner loop's trips are not constants in the IR".into());
            }
            if !inner.iter().any(|seen| seen.ptr == operation.ptr) {
                inner.push(operation);
            }
        }
    }
    // The templates' indices, read before the inner loops are written out.
    let templates: Vec<Vec<IndexExpression>> = streamed
        .iter()
        .map(|(group, _, _)| findings[group.template].access.indices.clone())
        .collect();
    // One check for the loop's groups: the loop nest as written stays on its other path.
    let checks = Check::by_nest(streamed.iter().filter_map(|(_, _, needed)| needed.as_ref()));
    for (outer, pairs) in checks {
        disjoint::version_operation(kernel, outer, &pairs)?;
    }
    for operation in inner {
        unroll::written_out(operation, MOST_INNER_TRIPS);
    }
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0)) };
    let (counter, lower) = unsafe {
        (
            mlirBlockGetArgument(body, 0),
            mlirOperationGetOperand(the_loop, 0),
        )
    };
    let mut carried = Vec::new();
    for ((group, window, _), template) in streamed.iter().zip(&templates) {
        let members = members_now(kernel, body, group, window, template);
        if members.len() != group.offsets().len() {
            return Err(format!(
                "{} of its {} loads were found after writing out its inner loop",
                members.len(),
                group.offsets().len()
            ));
        }
        carried.extend(carry(
            body,
            (counter, lower),
            group.dimension,
            window,
            &members,
        )?);
    }
    // Each register starts as a zero of its type (one per type), overwritten in the first
    // iteration before any use.
    let mut zero_of: Vec<(MlirType, MlirValue)> = Vec::new();
    let zeros: Vec<(MlirValue, MlirValue)> = carried
        .into_iter()
        .map(|yielded| {
            let element_type = unsafe { mlirValueGetType(yielded) };
            let zero = match zero_of
                .iter()
                .find(|(seen, _)| unsafe { mlirTypeEqual(*seen, element_type) })
            {
                Some(&(_, zero)) => zero,
                None => {
                    let zero = Builder::before(the_loop).zero(element_type);
                    zero_of.push((element_type, zero));
                    zero
                }
            };
            (zero, yielded)
        })
        .collect();
    with_iter_arguments(the_loop, body, &zeros);
    Ok(())
}

/// The group's loads as they are now, directly in `body` (its inner loops written out), each
/// with its offset from `template`, in block order.
fn members_now(
    kernel: &Kernel,
    body: MlirBlock,
    group: &Group,
    window: &Window,
    template: &[IndexExpression],
) -> Vec<(MlirOperation, i64)> {
    ir::block_operations(body)
        .into_iter()
        .filter(|&operation| {
            ir::is_named(operation, "memref.load")
                && unsafe { mlirValueEqual(mlirOperationGetOperand(operation, 0), group.memref) }
        })
        .filter_map(|operation| {
            let memory = accesses::access(kernel, operation)?;
            let access = extract::access(kernel, &memory);
            let offset = group.base + offset(template, &access.indices, group.dimension)?;
            window.slot(offset).map(|_| (operation, offset))
        })
        .collect()
}

/// Replaces `members` (offsets from the same template) by the window's slots and its leading
/// load, built before the first of them; the values the body yields for the slots carried.
fn carry(
    body: MlirBlock,
    (counter, lower): (MlirValue, MlirValue),
    dimension: usize,
    window: &Window,
    members: &[(MlirOperation, i64)],
) -> Result<Vec<MlirValue>, String> {
    let &(anchor, anchor_offset) = members.first().ok_or("no load left")?;
    let location = unsafe { mlirOperationGetLocation(anchor) };
    let builder = Builder::before(anchor).located(location);
    let element_type = unsafe { mlirValueGetType(mlirOperationGetResult(anchor, 0)) };
    let operands: Vec<MlirValue> = (0..unsafe { mlirOperationGetNumOperands(anchor) })
        .map(|position| unsafe { mlirOperationGetOperand(anchor, position) })
        .collect();
    let load_at = |builder: &Builder, offset: i64| {
        let mut place = operands.clone();
        if offset != anchor_offset {
            let distance = builder.index_constant(offset - anchor_offset);
            place[1 + dimension] =
                builder.index_binary("arith.addi", operands[1 + dimension], distance);
        }
        load(builder, &place, element_type)
    };
    let registers = window.carried();
    let slots: Vec<MlirValue> = (0..registers)
        .map(|_| unsafe { mlirBlockAddArgument(body, element_type, location) })
        .collect();
    let first = builder.compare(EQUAL, counter, lower)?;
    let (branch, then_yield, else_yield) =
        builder.if_else(first, &vec![element_type; registers])?;
    let inside = Builder::before(then_yield).located(location);
    let loaded: Vec<MlirValue> = (0..registers)
        .map(|slot| load_at(&inside, window.offset(slot)))
        .collect();
    unsafe {
        mlirOperationSetOperands(then_yield, registers as isize, loaded.as_ptr());
        mlirOperationSetOperands(else_yield, registers as isize, slots.as_ptr());
    }
    let leading = load_at(&builder, window.offset(registers));
    let value = |slot: usize| {
        if slot == registers {
            leading
        } else {
            unsafe { mlirOperationGetResult(branch, slot as isize) }
        }
    };
    for &(operation, offset) in members {
        let slot = window.slot(offset).ok_or("an offset outside the window")?;
        unsafe {
            mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(operation, 0), value(slot));
            mlirOperationDestroy(operation);
        }
    }
    Ok((1..=registers).map(value).collect())
}

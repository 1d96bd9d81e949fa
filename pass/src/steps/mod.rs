//! The pass's steps as one type, and the one way a decision of any step is
//! settled (issue 15, in the manner of Cranelift's typed effects: one
//! definition, so two copies cannot drift).
//!
//! A [`Step`] owns its switch (the option that turns it off), the words a
//! disabled step records, and what `strict` says when one of its decisions is
//! blocked. Each report decision's [`Kind`] belongs to one
//! step (`readonly` and `constant` to the memory-space step, `pad` and
//! `swizzle` to the shared-layout step). [`settle`] is the sequence every
//! decision goes through, written once: a disabled step records what it found,
//! after the option that turned it off, without its advice, and says nothing;
//! an enabled step explains it as a remark (the reason, then `unblock:` and the
//! advice), or as an error when `strict` and the decision was blocked. The
//! caller emits the [`Note`] now or after the kernel's own remark.

pub mod coarsen;
pub mod delinearize;
pub mod memory_space;
pub mod promote;
pub mod register_tile;
pub mod relayout;
pub mod shared_layout;
pub mod stage_shared;
pub mod vectorize;
pub mod version;

use analysis::time::{Prediction, SLOWER_LIMIT};
use mlir_sys::MlirLocation;

use crate::{
    diagnostics::{self, RemarkKind},
    ir,
    report::{Decision, Kind, TimeReport},
    steps::vectorize::widened::Widened,
    Options,
};

/// A step of the pass (the order its stages act in is [`crate::order::KERNEL`]'s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Each thread given a tile of outputs, its loop's loads shared (`register-tile`).
    RegisterTile,
    /// Each block given the work of several blocks (`coarsen`).
    Coarsen,
    /// A lone kernel specialized under a run-time check (`version`).
    Version,
    /// Flat indices read as rows and columns (`delinearize`).
    Delinearize,
    /// Register promotion of an element a loop reads and writes (`promote`).
    Promote,
    /// Vector widths (`vectorize`).
    Vectorize,
    /// The read-only path and constant memory (`memory-space`).
    MemorySpace,
    /// Staging global accesses through shared memory (`stage-shared`).
    StageShared,
    /// Global data layouts (`relayout`).
    Relayout,
    /// Shared-memory layouts: padding and swizzles (`pad`, `swizzle`).
    SharedLayout,
}

impl Step {
    /// Every step, in the order of its first stage.
    pub const ALL: [Step; 10] = [
        Step::RegisterTile,
        Step::Coarsen,
        Step::Version,
        Step::Delinearize,
        Step::Promote,
        Step::Vectorize,
        Step::MemorySpace,
        Step::StageShared,
        Step::Relayout,
        Step::SharedLayout,
    ];

    /// Its name: its option's, its folder's (`shared-layout` for `pad` and `swizzle`).
    pub fn name(self) -> &'static str {
        match self {
            Step::RegisterTile => "register-tile",
            Step::Coarsen => "coarsen",
            Step::Version => "version",
            Step::Relayout => "relayout",
            Step::Delinearize => "delinearize",
            Step::Promote => "promote",
            Step::Vectorize => "vectorize",
            Step::MemorySpace => "memory-space",
            Step::StageShared => "stage-shared",
            Step::SharedLayout => "shared-layout",
        }
    }

    /// The step called `name`.
    pub fn from_name(name: &str) -> Option<Step> {
        Step::ALL.into_iter().find(|step| step.name() == name)
    }

    /// Every step's name, for messages.
    pub fn names() -> String {
        Step::ALL.map(Step::name).join(", ")
    }

    /// The step that takes decisions of `kind`.
    pub fn of(kind: Kind) -> Step {
        match kind {
            Kind::RegisterTile => Step::RegisterTile,
            Kind::Coarsen => Step::Coarsen,
            Kind::Relayout => Step::Relayout,
            Kind::Delinearize => Step::Delinearize,
            Kind::Promote => Step::Promote,
            Kind::Vectorize => Step::Vectorize,
            Kind::Readonly | Kind::Constant => Step::MemorySpace,
            Kind::StageShared => Step::StageShared,
            Kind::Pad | Kind::Swizzle => Step::SharedLayout,
            Kind::Version => Step::Version,
        }
    }

    /// Whether the options let the step change IR.
    pub fn enabled(self, options: &Options) -> bool {
        let switches = &options.switches;
        match self {
            Step::RegisterTile => switches.register_tile,
            Step::Coarsen => switches.coarsen,
            Step::Version => options.version,
            Step::Relayout => switches.relayout,
            Step::Delinearize => switches.delinearize,
            Step::Promote => switches.promote,
            Step::Vectorize => switches.vectorize,
            Step::MemorySpace => switches.memory_space,
            Step::StageShared => switches.stage_shared,
            Step::SharedLayout => switches.pad || switches.swizzle,
        }
    }

    /// The options that turn the step off, as a disabled decision's reason names them.
    pub fn switched_off_by(self) -> &'static str {
        match self {
            Step::RegisterTile => "option register-tile=false",
            Step::Coarsen => "option coarsen=false",
            Step::Version => "option version=false",
            Step::Relayout => "option relayout=false",
            Step::Delinearize => "option delinearize=false",
            Step::Promote => "option promote=false",
            Step::Vectorize => "option vectorize=false",
            Step::MemorySpace => "option memory-space=false",
            Step::StageShared => "option stage-shared=false",
            Step::SharedLayout => "options pad=false swizzle=false",
        }
    }

    /// What `strict` adds to a blocked decision's error.
    fn strict(self) -> &'static str {
        match self {
            Step::RegisterTile => "strict: each thread keeps one output",
            Step::Coarsen => "strict: each block keeps its work",
            Step::Version => "strict: the kernel is not specialized",
            Step::Relayout => "strict: the buffer keeps its layout",
            Step::Delinearize => "strict: the flat index stays flat",
            Step::Promote => "strict: the element stays in memory",
            Step::Vectorize => "strict: could not vectorize",
            Step::MemorySpace => "strict: the read-only path is blocked",
            Step::StageShared => "strict: could not stage",
            Step::SharedLayout => "strict: bank conflicts remain or are unknown",
        }
    }
}

/// How the driver tells a decision: where, whether it is worth a remark, whether it is blocked.
#[derive(Clone, Copy)]
pub struct Telling<'k> {
    /// Where its remark goes.
    pub location: MlirLocation,
    /// The kernel it is about (the remark's function for MLIR's remark engine).
    pub kernel: &'k str,
    /// Whether it gets a remark (a decision with nothing to gain gets the report entry only).
    pub remark: bool,
    /// Whether it is blocked: under `strict`, an error.
    pub blocked: bool,
}

/// A remark or an error to emit.
pub struct Note {
    /// Where.
    location: MlirLocation,
    /// The kernel it is about.
    kernel: String,
    /// The decision kind, which leads the message.
    kind: Kind,
    /// The message.
    message: String,
    /// Whether it is a `strict` error.
    error: bool,
    /// Whether its decision changed the IR (a passed remark, else missed).
    applied: bool,
}

impl Note {
    /// Emits it.
    pub fn emit(&self) {
        let kind = self.kind.name();
        let outcome = if self.applied {
            RemarkKind::Passed
        } else {
            RemarkKind::Missed
        };
        if self.error {
            diagnostics::error(self.location, kind, &self.message);
        } else {
            diagnostics::remark_of(self.location, (outcome, &self.kernel), kind, &self.message);
        }
    }

    /// Whether it is an error (the pass then fails).
    pub fn is_error(&self) -> bool {
        self.error
    }
}

/// Emits `notes`, one per decision: notes of one kind with the same message (the loads of
/// one stencil, the fields of one record, each decided alike) become one, at the first
/// location, naming the others; so do notes whose messages differ only in constant offsets
/// (the copies of one access in a register tile, `c[i + 8][j + 32]`; a stencil's nine loads),
/// and notes at one location that differ only in the buffer they lead with and its wavefront
/// count (a kernel's shared buffers, each conflict-free already).
pub fn emit_grouped(notes: Vec<Note>) {
    let mut groups: Vec<Group> = Vec::new();
    for note in notes {
        let same_kind = |first: &Note| {
            first.kind == note.kind && first.error == note.error && first.applied == note.applied
        };
        if let Some(group) = groups
            .iter_mut()
            .find(|group| same_kind(&group.note) && group.note.message == note.message)
        {
            group.others.push(note.location);
        } else if let Some(group) = groups.iter_mut().find(|group| {
            same_kind(&group.note)
                && without_offsets(&group.note.message) == without_offsets(&note.message)
        }) {
            group.others.push(note.location);
            group.offsets += 1;
        } else if let Some((group, target)) =
            without_target(&note.message).and_then(|(target, alike)| {
                let place = ir::location_text(note.location);
                groups
                    .iter_mut()
                    .find(|group| {
                        same_kind(&group.note)
                            && ir::location_text(group.note.location) == place
                            && without_target(&group.note.message)
                                .is_some_and(|(_, first)| first == alike)
                    })
                    .map(|group| (group, target.to_string()))
            })
        {
            // The messages after their buffers differ only where their wavefront counts do.
            let rest = |message: &str| message.split_once(": ").map(|(_, rest)| rest.to_string());
            group.counts_differ |= rest(&group.note.message) != rest(&note.message);
            group.targets.push(target);
        } else {
            groups.push(Group {
                note,
                others: Vec::new(),
                offsets: 0,
                targets: Vec::new(),
                counts_differ: false,
            });
        }
    }
    for group in groups {
        group.emit();
    }
}

/// Notes [`emit_grouped`] emits as one.
struct Group {
    /// The first.
    note: Note,
    /// The locations of the others with its message, or at other offsets.
    others: Vec<MlirLocation>,
    /// How many of them differ from it in constant offsets (the others are at its own).
    offsets: usize,
    /// The buffers of the others at its location, decided alike.
    targets: Vec<String>,
    /// Whether their wavefront counts differ from the first's.
    counts_differ: bool,
}

impl Group {
    /// Emits the first note, naming the others.
    fn emit(mut self) {
        if !self.targets.is_empty() {
            let counts = if self.counts_differ {
                " (each with its own wavefront count in the report)"
            } else {
                ""
            };
            self.note.message = format!(
                "{}; the same for {}{counts}",
                self.note.message,
                self.targets.join(", ")
            );
        }
        let offsets = match self.offsets {
            0 => String::new(),
            all if all == self.others.len() => ", at other offsets".to_string(),
            some => format!(", {some} of them at other offsets"),
        };
        let (mut note, others) = (self.note, self.others);
        if !others.is_empty() {
            let first = ir::location_text(note.location);
            // One place per location, with how many accesses are there (the members of an
            // unrolled vector op share one); those at the remark's own location are "here".
            let here = same_file(&first, &first);
            let mut counted: Vec<(String, usize)> = Vec::new();
            for &location in &others {
                let place = same_file(&first, &ir::location_text(location));
                let place = if place == here {
                    "here".to_string()
                } else {
                    place
                };
                match counted.iter_mut().find(|(known, _)| *known == place) {
                    Some((_, count)) => *count += 1,
                    None => counted.push((place, 1)),
                }
            }
            let places: Vec<String> = counted
                .into_iter()
                .map(|(place, count)| match count {
                    1 => place,
                    _ => format!("{place} ({count})"),
                })
                .collect();
            let accesses = if others.len() == 1 {
                "access"
            } else {
                "accesses"
            };
            note.message = match places.as_slice() {
                [only] if only.starts_with("here") => format!(
                    "{}; the same for {} more {accesses} here{offsets}",
                    note.message,
                    others.len(),
                ),
                _ => format!(
                    "{}; the same for {} more {accesses}{offsets}: {}",
                    note.message,
                    others.len(),
                    places.join(", ")
                ),
            };
        }
        note.emit();
    }
}

/// The buffer `message` leads with (`workgroup 3`), and the message without it and with its
/// wavefront counts as `wavefronts N`: what the decisions of several buffers alike say; `None`
/// where it leads with no buffer (`workgroup N`, `arg N`).
fn without_target(message: &str) -> Option<(&str, String)> {
    let (target, rest) = message.split_once(": ")?;
    let buffer = ["workgroup ", "arg "].iter().any(|prefix| {
        target
            .strip_prefix(prefix)
            .is_some_and(|number| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
    });
    if !buffer {
        return None;
    }
    let mut kept = String::with_capacity(rest.len());
    let mut words = rest.split(' ').peekable();
    while let Some(word) = words.next() {
        kept.push_str(word);
        kept.push(' ');
        if word.ends_with("wavefronts") {
            if let Some(count) = words.peek() {
                if count
                    .trim_end_matches(',')
                    .bytes()
                    .all(|b| b.is_ascii_digit())
                {
                    words.next();
                    kept.push_str("N ");
                }
            }
        }
    }
    Some((target, kept))
}

/// `message` without its constant terms (` + 8`, ` - 1` where no `*` follows): what the
/// copies of one access at other offsets say alike.
fn without_offsets(message: &str) -> String {
    let mut kept = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find([' ']) {
        let (before, after) = rest.split_at(at);
        kept.push_str(before);
        let term = ["+ ", "- "]
            .iter()
            .find_map(|sign| after[1..].strip_prefix(sign))
            .map(|term| (term, term.chars().take_while(char::is_ascii_digit).count()))
            .filter(|&(term, digits)| digits > 0 && !term[digits..].starts_with(['*', '.']));
        match term {
            Some((term, digits)) => rest = &term[digits..],
            None => {
                kept.push(' ');
                rest = &after[1..];
            }
        }
    }
    kept.push_str(rest);
    kept
}

/// `other` (`file:line:col`) without its file where it is `first`'s.
pub(crate) fn same_file(first: &str, other: &str) -> String {
    let file = |text: &str| text.rsplitn(3, ':').nth(2).map(str::to_string);
    match (file(first), file(other)) {
        (Some(a), Some(b)) if a == b => other[b.len() + 1..].to_string(),
        _ => other.to_string(),
    }
}

/// Settles `decision` (of its kind's step) under `options`: a disabled step records it with
/// the option's reason and says nothing; an enabled one returns its remark, or the `strict`
/// error when it is blocked.
pub fn settle(
    mut decision: Decision,
    telling: Telling,
    options: &Options,
) -> (Decision, Option<Note>) {
    let step = Step::of(decision.kind);
    if !step.enabled(options) {
        decision.applied = false;
        // What the step found stays; how to let it through is noise when the user turned it
        // off. The summary is the remark's text, and a step turned off makes no remark.
        decision.reason = format!("{}; {}", step.switched_off_by(), decision.reason);
        decision.advice = None;
        decision.summary.clear();
        return (decision, None);
    }
    let said = if options.detailed_remarks || decision.summary.is_empty() {
        &decision.reason
    } else {
        &decision.summary
    };
    let message = format!("{}: {}", decision.target, decision.advised(said));
    let error = options.strict && telling.blocked;
    let shown = options.remarks_of.is_none_or(|name| name == step.name());
    let note = (telling.remark && shown || error).then(|| Note {
        location: telling.location,
        kernel: telling.kernel.to_string(),
        kind: decision.kind,
        message: if error {
            format!("{message}; {}", step.strict())
        } else {
            message
        },
        error,
        applied: decision.applied,
    });
    (decision, note)
}

/// `predicted 541 → 1425 µs a launch (…)`: the time report's words for `times`.
pub fn described((before, after): (Prediction, Prediction)) -> String {
    TimeReport::new(Ok(before.into()), Ok(after.into())).describe()
}

/// The words for the predicted times of a trade that is made: [`described`], and where it is
/// predicted `limit` times slower or more, that option `time-veto=false` asked for it.
pub fn described_made(times: (Prediction, Prediction), options: &Options, limit: f64) -> String {
    let (before, after) = times;
    let words = described(times);
    let ratio = after.nanoseconds / before.nanoseconds;
    if ratio >= limit && !options.time_veto {
        format!("{words}: {ratio:.1}x slower as predicted, made as option time-veto=false asks")
    } else {
        words
    }
}

/// A trade's predicted launches in its report params (`predicted_microseconds`): before and
/// after in µs to a tenth, with the `limit` it is held to (the ratio at which it is not made).
pub fn predicted_json(times: Option<(Prediction, Prediction)>, limit: f64) -> serde_json::Value {
    times.map_or(serde_json::Value::Null, |(before, after)| {
        serde_json::json!({
            "before": crate::report::rounded_microseconds(before.nanoseconds),
            "after": crate::report::rounded_microseconds(after.nanoseconds),
            "slower_limit": limit,
        })
    })
}

/// Why a trade is not made when its predicted launch is [`SLOWER_LIMIT`] times slower than
/// the launch as it stands.
pub fn slower(times: Option<(Prediction, Prediction)>) -> Option<String> {
    let (before, after) = times?;
    (after.nanoseconds >= SLOWER_LIMIT * before.nanoseconds).then(|| {
        format!(
            "not applied: {}, {:.2}x slower",
            described((before, after)),
            after.nanoseconds / before.nanoseconds
        )
    })
}

/// Decisions whose remarks wait for the kernel's own remark, so each kernel's remarks start
/// with it: those taken before staging (vector widths, memory spaces) and after (relayout).
#[derive(Default)]
pub struct Early {
    /// Their report entries.
    pub decisions: Vec<Decision>,
    /// Their remarks (or strict errors).
    notes: Vec<Note>,
    /// The accesses as written before vector widths changed them.
    pub widened: Widened,
    /// Arguments whose read-only path waits for its run-time check, each with the written
    /// arguments to check it against (`memory_space::plan_checks`).
    pub checks: Vec<memory_space::Deferred>,
    /// The run-time check decided, made last (`memory_space::apply_checks`).
    pub check: Option<memory_space::Check>,
}

impl Early {
    /// Settles `decision` (`steps::settle`), keeping its note for later; false when it is a
    /// `strict` error.
    pub fn settle(&mut self, decision: Decision, telling: Telling, options: &Options) -> bool {
        let (decision, note) = settle(decision, telling, options);
        self.decisions.push(decision);
        let failed = note.as_ref().is_some_and(Note::is_error);
        self.notes.extend(note);
        !failed
    }

    /// How far the decisions and notes go now, for [`Early::rewind`].
    pub fn mark(&self) -> (usize, usize) {
        (self.decisions.len(), self.notes.len())
    }

    /// Forgets everything settled since `mark` (the steps run again on the kernel as
    /// written): decisions, notes, widened accesses and run-time checks.
    pub fn rewind(&mut self, (decisions, notes): (usize, usize)) {
        self.decisions.truncate(decisions);
        self.notes.truncate(notes);
        self.widened = Widened::default();
        self.checks.clear();
        self.check = None;
    }

    /// Drops the remarks of decisions of `kind` that changed nothing at `locations`
    /// (`file:line:col`): vectorize's advice for a global access that staging then replaced by a
    /// tile's copy is moot (issue 34); the report keeps the decision. Errors stay.
    pub fn forget(&mut self, kind: Kind, locations: &[String]) {
        self.notes.retain(|note| {
            note.kind != kind
                || note.applied
                || note.error
                || !locations.contains(&crate::ir::location_text(note.location))
        });
    }

    /// Emits the recorded remarks and errors, one per decision ([`emit_grouped`]).
    pub fn explain(&mut self) {
        emit_grouped(std::mem::take(&mut self.notes));
    }
}

#[cfg(test)]
mod tests {
    use analysis::target::Target;
    use mlir_sys::MlirLocation;

    use super::*;

    /// Buffers decided alike read alike but for their names and wavefront counts; a
    /// different degree, or no buffer, does not.
    #[test]
    fn buffers_alike_but_for_their_wavefronts() {
        let unchanged = |buffer: &str, count: &str| {
            format!("{buffer}: unchanged: conflict-free already (wavefronts {count}, degree 1)")
        };
        let alike = |message: &str| without_target(message).map(|(_, alike)| alike);
        assert_eq!(
            without_target(&unchanged("workgroup 0", "496")).map(|(target, _)| target.to_string()),
            Some("workgroup 0".to_string())
        );
        assert_eq!(
            alike(&unchanged("workgroup 0", "496")),
            alike(&unchanged("workgroup 4", "544"))
        );
        assert_ne!(
            alike(&unchanged("workgroup 0", "496")),
            alike("workgroup 1: unchanged: conflict-free already (wavefronts 4, degree 2)")
        );
        assert_eq!(without_target("kernel: specialized"), None);
        assert_eq!(without_target("workgroup x: a"), None);
    }

    /// Copies of one access at other offsets read alike; other differences do not.
    #[test]
    fn offsets_are_dropped_and_nothing_else() {
        let copy = |offset: &str| format!("arg 5[tid.y + 16*bid.y{offset}, tid.x + 1] kept");
        assert_eq!(
            without_offsets(&copy("")),
            "arg 5[tid.y + 16*bid.y, tid.x] kept"
        );
        assert_eq!(without_offsets(&copy(" + 8")), without_offsets(&copy("")));
        assert_ne!(
            without_offsets(&copy(" + 8*loop0")),
            without_offsets(&copy(""))
        );
        assert_eq!(without_offsets("a + b + 12"), "a + b");
        assert_eq!(
            without_offsets("(i - 1)*100 + j - 1 >= 0"),
            "(i)*100 + j >= 0"
        );
        assert_eq!(
            without_offsets("sectors 1 -> 4, 2.5 - 1.5"),
            "sectors 1 -> 4, 2.5 - 1.5"
        );
    }
    use crate::options::Switches;

    /// Options with every step on but `off`, and `strict`.
    fn options(off: Option<Step>, strict: bool) -> Options {
        let on = |step: Step| off != Some(step);
        Options {
            target: Target::from_sm(90).unwrap(),
            block: None,
            report: None,
            strict,
            switches: Switches {
                register_tile: on(Step::RegisterTile),
                coarsen: on(Step::Coarsen),
                relayout: on(Step::Relayout),
                delinearize: on(Step::Delinearize),
                promote: on(Step::Promote),
                vectorize: on(Step::Vectorize),
                memory_space: on(Step::MemorySpace),
                stage_shared: on(Step::StageShared),
                pad: on(Step::SharedLayout),
                swizzle: on(Step::SharedLayout),
            },
            assume_noalias: false,
            assume_alignment: 0,
            smem_budget: 49152,
            relayout_launches: 0,
            version: true,
            bind_constants: false,
            coarsen_grid: false,
            coarsen_factor: 0,
            time_veto: true,
            remarks_of: None,
            detailed_remarks: true,
        }
    }

    /// A decision of `kind` and how it is told (`remark`, `blocked`); nothing is emitted here.
    fn decision(kind: Kind, remark: bool, blocked: bool) -> (Decision, Telling<'static>) {
        let decision = Decision {
            kind,
            target: "arg 0".into(),
            applied: true,
            reason: "found".into(),
            params: serde_json::Value::Null,
            summary: String::new(),
            advice: Some("say so".into()),
        };
        let location = MlirLocation {
            ptr: std::ptr::null(),
        };
        (
            decision,
            Telling {
                location,
                kernel: "k",
                remark,
                blocked,
            },
        )
    }

    #[test]
    fn a_disabled_step_records_without_a_note() {
        for (kind, step) in [
            (Kind::Readonly, Step::MemorySpace),
            (Kind::Swizzle, Step::SharedLayout),
            (Kind::StageShared, Step::StageShared),
        ] {
            let (decision, telling) = decision(kind, true, true);
            let (settled, note) = settle(decision, telling, &options(Some(step), true));
            assert!(note.is_none());
            assert!(!settled.applied);
            assert_eq!(settled.reason, format!("{}; found", step.switched_off_by()));
            assert_eq!(settled.advice, None);
        }
    }

    #[test]
    fn the_remark_says_the_advice_after_the_reason() {
        let (decision, telling) = decision(Kind::Readonly, true, false);
        let (settled, note) = settle(decision, telling, &options(None, false));
        assert_eq!(note.unwrap().message, "arg 0: found; unblock: say so");
        assert_eq!(settled.advice.as_deref(), Some("say so"));
    }

    #[test]
    fn strict_turns_a_blocked_decision_into_an_error_and_only_that() {
        let (blocked, telling) = decision(Kind::Vectorize, true, true);
        let (_, note) = settle(blocked, telling, &options(None, true));
        let note = note.unwrap();
        assert!(note.is_error());
        assert!(note.message.ends_with("strict: could not vectorize"));
        let (fine, telling) = decision(Kind::Pad, true, false);
        let (_, note) = settle(fine, telling, &options(None, true));
        assert!(!note.unwrap().is_error());
        // Nothing to gain: the report entry only, unless strict makes it an error.
        let (quiet, telling) = decision(Kind::StageShared, false, false);
        assert!(settle(quiet, telling, &options(None, true)).1.is_none());
    }

    #[test]
    fn kinds_serialize_as_the_report_names_them() {
        for kind in [
            Kind::Relayout,
            Kind::Vectorize,
            Kind::Readonly,
            Kind::Constant,
            Kind::StageShared,
            Kind::Pad,
            Kind::Swizzle,
        ] {
            assert_eq!(
                serde_json::to_value(kind).unwrap(),
                serde_json::json!(kind.name())
            );
        }
    }
}

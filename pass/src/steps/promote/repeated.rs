//! Loads of a value the thread already holds, and stores no one reads (`promote`, issue 31;
//! GVN's redundant loads, store-to-load forwarding and dead-store elimination, in MLIR).
//!
//! Walking each block in order, a thread holds the value of every element it loaded or stored
//! since the last write that may reach that element (`facts::effects::may_alias` between the
//! buffers' roots, the indices compared by value number, `ir::numbering`):
//! * a load of an element an earlier load read takes that load's value (PolyBench
//!   GRAMSCHMIDT's `a[i*NJ + k] * a[i*NJ + k]`; backprop's `delta[index_y]` read again after a
//!   store to `w`, another buffer);
//! * a load of an element the thread stored takes the stored value (correlation's
//!   `data[i*M + j] -= mean[j]; data[i*M + j] /= std[j]`);
//! * a store to an element stored again later in the block, with no read that may reach it and
//!   no barrier between, is removed (the first `data[i*M + j]` store, once the load between
//!   takes its value).
//!
//! A barrier, an atomic, a call or an op of unknown effect ends what the thread holds (another
//! thread's writes become visible at a barrier); a loop or branch ends what its writes may
//! reach, and its body starts holding nothing (a loop's next trip may follow its stores).
//! Legal as GVN's is: one thread, in program order; another thread's write between without a
//! barrier would be a race in the original. nvcc does the same; the interpreter, the report
//! and the steps after this one counted every access as written.
//! One decision per kind and buffer. Cost: one walk of the kernel, a scan of what the thread
//! holds per access.

use analysis::matrix::MemorySpace;
use mlir_sys::*;

use crate::{
    facts::accesses::Root,
    facts::effects::{self, Effect},
    facts::findings::Finding,
    facts::kernels::Kernel,
    ir::{self, numbering::Numbering},
    report::{Decision, Kind},
    steps::{Early, Step, Telling},
    Options,
};

use super::element_words;

/// The report's words for each kind of redundant access, by [`Why`].
const KINDS: [&str; 3] = [
    "loads read again",
    "loads of a stored value",
    "stores overwritten",
];

/// Why an access is redundant.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Why {
    /// A load of an element an earlier load read.
    Reloaded,
    /// A load of an element the thread stored.
    Forwarded,
    /// A store overwritten before anything reads it.
    Overwritten,
}

/// What the walk found: an access (a finding), why it is redundant and the access that
/// makes it so (the earlier load, the store, the later store).
#[derive(Clone, Copy)]
struct Redundant {
    why: Why,
    removed: usize,
    because: usize,
}

/// An element the thread holds (its value from `access`), or a store nothing has read yet.
struct Element {
    /// The memref's and the indices' value numbers.
    key: Vec<usize>,
    /// The buffer's root and space.
    root: (Root, MemorySpace),
    /// The load or store (a finding).
    access: usize,
}

/// The walk's facts.
struct Walk<'a> {
    kernel: &'a Kernel,
    findings: &'a [Finding],
    assume_noalias: bool,
    numbering: Numbering,
    found: Vec<Redundant>,
}

impl Walk<'_> {
    fn may_alias(&self, one: &(Root, MemorySpace), other: (&Root, MemorySpace)) -> bool {
        effects::may_alias(self.kernel, (&one.0, one.1), other, self.assume_noalias)
    }

    /// The finding of `operation`, a scalar `memref.load` or `memref.store`.
    fn finding(&self, operation: MlirOperation) -> Option<usize> {
        let name = ir::operation_name(operation);
        if name != "memref.load" && name != "memref.store" {
            return None;
        }
        self.findings
            .iter()
            .position(|finding| finding.memory.operation.ptr == operation.ptr)
    }

    /// The value numbers of `operation`'s memref and indices (`first`: the memref's operand).
    fn key(&self, operation: MlirOperation, first: isize) -> Vec<usize> {
        (first..unsafe { mlirOperationGetNumOperands(operation) })
            .map(|position| {
                self.numbering
                    .number(unsafe { mlirOperationGetOperand(operation, position) })
            })
            .collect()
    }

    /// Walks each block of `region` in order, holding nothing at its start.
    fn region(&mut self, region: MlirRegion) {
        let mut block = unsafe { mlirRegionGetFirstBlock(region) };
        while !block.ptr.is_null() {
            self.block(block);
            block = unsafe { mlirBlockGetNextInRegion(block) };
        }
    }

    /// Walks `block` in order, holding nothing at its start.
    fn block(&mut self, block: MlirBlock) {
        let (mut held, mut unread): (Vec<Element>, Vec<Element>) = (Vec::new(), Vec::new());
        self.numbering.open();
        for operation in ir::block_operations(block) {
            self.numbering.is_copy(operation);
            if let Some(access) = self.finding(operation) {
                let memory = &self.findings[access].memory;
                let root = (memory.root.clone(), memory.space);
                if ir::is_named(operation, "memref.load") {
                    let key = self.key(operation, 0);
                    if let Some(earlier) = held.iter().find(|element| element.key == key) {
                        let stored = ir::is_named(
                            self.findings[earlier.access].memory.operation,
                            "memref.store",
                        );
                        self.found.push(Redundant {
                            why: if stored {
                                Why::Forwarded
                            } else {
                                Why::Reloaded
                            },
                            removed: access,
                            because: earlier.access,
                        });
                        continue;
                    }
                    unread.retain(|store| !self.may_alias(&store.root, (&root.0, root.1)));
                    held.push(Element { key, root, access });
                } else {
                    let key = self.key(operation, 1);
                    if let Some(position) = unread.iter().position(|store| store.key == key) {
                        self.found.push(Redundant {
                            why: Why::Overwritten,
                            removed: unread.remove(position).access,
                            because: access,
                        });
                    }
                    held.retain(|element| !self.may_alias(&element.root, (&root.0, root.1)));
                    held.push(Element {
                        key: key.clone(),
                        root: root.clone(),
                        access,
                    });
                    unread.push(Element { key, root, access });
                }
                continue;
            }
            for (effect, _) in effects::effects(self.kernel, operation) {
                match effect {
                    Effect::Write(theirs, space) => {
                        held.retain(|element| !self.may_alias(&element.root, (&theirs, space)))
                    }
                    Effect::Read(theirs, space) => {
                        unread.retain(|store| !self.may_alias(&store.root, (&theirs, space)))
                    }
                    Effect::Barrier | Effect::Unknown => {
                        held.clear();
                        unread.clear();
                    }
                }
            }
            for index in 0..unsafe { mlirOperationGetNumRegions(operation) } {
                self.region(unsafe { mlirOperationGetRegion(operation, index) });
            }
        }
        self.numbering.close();
    }
}

/// Makes each redundant load take the value the thread holds and removes each overwritten
/// store; one decision per kind and buffer.
pub fn run(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    early: &mut Early,
) -> (bool, bool) {
    let enabled = Step::Promote.enabled(options);
    let mut walk = Walk {
        kernel,
        findings,
        assume_noalias: options.assume_noalias,
        numbering: Numbering::default(),
        found: Vec::new(),
    };
    walk.region(kernel.body());
    let found = walk.found;
    let operation = |access: usize| findings[access].memory.operation;
    // One decision per kind and buffer, its words read before anything changes.
    let mut groups: Vec<Vec<Redundant>> = Vec::new();
    for &redundant in &found {
        let root = &findings[redundant.removed].memory.root;
        match groups.iter_mut().find(|members| {
            members[0].why == redundant.why && findings[members[0].removed].memory.root == *root
        }) {
            Some(members) => members.push(redundant),
            None => groups.push(vec![redundant]),
        }
    }
    let told: Vec<(MlirLocation, String, String)> = groups
        .iter()
        .map(|members| {
            let Redundant {
                removed, because, ..
            } = members[0];
            (
                unsafe { mlirOperationGetLocation(operation(removed)) },
                element_words(findings, &[removed]),
                findings[because].memory.location.clone(),
            )
        })
        .collect();
    let changed = enabled && !found.is_empty();
    if changed {
        for redundant in &found {
            let (removed, because) = (operation(redundant.removed), operation(redundant.because));
            let value = match redundant.why {
                Why::Reloaded => unsafe { mlirOperationGetResult(because, 0) },
                Why::Forwarded => unsafe { mlirOperationGetOperand(because, 0) },
                Why::Overwritten => continue,
            };
            unsafe { mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(removed, 0), value) };
        }
        // Only once every use reads its value: a forwarded store's value outlives the store.
        for redundant in &found {
            unsafe { mlirOperationDestroy(operation(redundant.removed)) };
        }
    }
    let mut success = true;
    for (members, (location, element, because_at)) in groups.iter().zip(told) {
        let because_at = crate::steps::same_file(&ir::location_text(location), &because_at);
        let more = match members.len() {
            1 => String::new(),
            2 => "; 1 more such access of it".to_string(),
            count => format!("; {} more such accesses of it", count - 1),
        };
        let why = members[0].why;
        let words = match why {
            Why::Reloaded => format!(
                "{element} read again with no write that may reach it between: this load takes \
                 the value of the one at {because_at} (one load fewer each time it runs){more}"
            ),
            Why::Forwarded => format!(
                "{element} read back after this thread stored it at {because_at}, with no write \
                 that may reach it between: this load takes the stored value (one load fewer \
                 each time it runs){more}"
            ),
            Why::Overwritten => format!(
                "{element} stored again at {because_at} with no read or barrier between: this \
                 store is removed (one store fewer each time it runs){more}"
            ),
        };
        let (applied, reason) = match enabled {
            true => (true, words),
            false => (false, format!("would be {words}")),
        };
        let decision = Decision {
            kind: Kind::Promote,
            target: findings[members[0].removed].memory.root.describe(),
            applied,
            reason,
            params: serde_json::json!({
                "redundant": KINDS[why as usize],
                "accesses": members.len(),
            }),
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

//! Uniform across the block: whether every thread of a block reaches a point of
//! the kernel the same number of times, so that a `gpu.barrier` put there is
//! met by the whole block each time (issue 21).
//!
//! Model. A point is reached uniformly when every operation around it is: an
//! `scf.for` (or `affine.for`) whose lower bound, upper bound and step are
//! uniform values, an `scf.if` (`affine.if`, `scf.index_switch`) whose
//! condition is, an op whose region runs once (`scf.execute_region`,
//! `memref.alloca_scope`), and, in a region of several blocks, only its entry
//! block (a branch may skip the others). Anything else (`scf.while`,
//! `scf.parallel`, an unknown op) is not proven. A value is uniform across the
//! block when it is a constant, a block id, `gpu.block_dim`, `gpu.grid_dim`, a
//! kernel argument, a value defined outside the kernel, `gpu.thread_id` of a
//! dimension the block has one thread in, the induction variable of a loop
//! whose bounds are uniform, arithmetic (`arith`, `index`, `math`,
//! `affine.apply/min/max`, `memref.dim`) of uniform values, or a `memref.load`
//! at uniform indices of a buffer (argument, global, captured) that nothing in
//! the kernel may write (`effects`): every thread then reads the same element,
//! and it does not change. Warp-uniform is not enough: `gpu.thread_id y` is the
//! same in a warp of a 32×8 block, not in the block. Values carried by loops
//! and results of `scf.if` are not proven.
//!
//! The write facts are taken once, on the kernel as the caller found it: what
//! staging adds later writes only new workgroup tiles, which no original load
//! reads. Cost: linear in the values and operations visited (each value once).

use std::collections::HashMap;

use mlir_sys::*;

use analysis::matrix::MemorySpace;

use crate::{
    facts::accesses::{self, Root},
    facts::effects::{self, Effect},
    facts::extract,
    facts::kernels::{Kernel, KernelKind},
    ir,
};

/// Ops whose region runs once, each time the op runs.
const RUN_ONCE: [&str; 2] = ["scf.execute_region", "memref.alloca_scope"];

/// Ops of uniform values that give a uniform value (besides the `arith.`, `index.` and
/// `math.` dialects).
const PURE: [&str; 6] = [
    "affine.apply",
    "affine.min",
    "affine.max",
    "memref.dim",
    "memref.extract_aligned_pointer_as_index",
    "arith.select",
];

/// Ids the same for every thread of a block.
const BLOCK_WIDE: [&str; 4] = [
    "gpu.block_id",
    "gpu.block_dim",
    "gpu.grid_dim",
    "gpu.cluster_id",
];

/// Ids that differ between the threads of a block.
const PER_THREAD: [&str; 4] = [
    "gpu.lane_id",
    "gpu.global_id",
    "gpu.subgroup_id",
    "nvvm.read.ptx.sreg.laneid",
];

/// What a kernel's barriers need to be proven uniform: its write effects and block size.
pub struct Uniformity<'k> {
    /// The kernel.
    kernel: &'k Kernel,
    /// What may write memory in the kernel: roots written and whether an op may write anything.
    writes: Vec<(Effect, MlirOperation)>,
    /// Option `assume-noalias`: kernel arguments do not overlap.
    assume_noalias: bool,
    /// Loops about to leave the edge guard around them (`stage_shared::guard`).
    leaving: Vec<MlirOperation>,
}

impl<'k> Uniformity<'k> {
    /// The facts of `kernel` as it is now.
    pub fn new(kernel: &'k Kernel, assume_noalias: bool) -> Uniformity<'k> {
        let writes = effects::effects(kernel, kernel.operation)
            .into_iter()
            .filter(|(effect, _)| matches!(effect, Effect::Write(..) | Effect::Unknown))
            .collect();
        Uniformity {
            kernel,
            writes,
            assume_noalias,
            leaving: Vec::new(),
        }
    }

    /// The facts of the kernel as it will be once each of `loops` has left the edge guard
    /// around it and taken the guard's place (`stage_shared::guard`), read from the IR as it is.
    pub fn leaving(self, loops: Vec<MlirOperation>) -> Uniformity<'k> {
        Uniformity {
            leaving: loops,
            ..self
        }
    }

    /// `operation`, or, for a loop about to leave its edge guard ([`Self::leaving`]), the
    /// guard whose place it takes.
    pub fn in_place_of(&self, operation: MlirOperation) -> MlirOperation {
        match self
            .leaving
            .iter()
            .any(|the_loop| the_loop.ptr == operation.ptr)
        {
            true => unsafe { mlirOperationGetParentOperation(operation) },
            false => operation,
        }
    }

    /// Ok when every thread of the block reaches the point just before `point` the same
    /// number of times; otherwise which loop or guard around it differs between threads, and why.
    pub fn barrier_point(&self, point: MlirOperation) -> Result<(), String> {
        let mut memo = HashMap::new();
        let mut inner = point;
        loop {
            inner = self.in_place_of(inner);
            self.in_entry_block(inner)?;
            let parent = unsafe { mlirOperationGetParentOperation(inner) };
            if parent.ptr.is_null() || parent.ptr == self.kernel.operation.ptr {
                return Ok(());
            }
            self.enclosing(parent, &mut memo)?;
            inner = parent;
        }
    }

    /// Ok when every thread of the block runs `the_loop` (an `scf.for`) for the same
    /// iterations, wherever it is reached from.
    pub fn loop_bounds(&self, the_loop: MlirOperation) -> Result<(), String> {
        self.enclosing(the_loop, &mut HashMap::new())
    }

    /// Checks that `operation` sits in the entry block of its region (every thread that enters
    /// the region runs the whole entry block; a branch may skip another block).
    fn in_entry_block(&self, operation: MlirOperation) -> Result<(), String> {
        unsafe {
            let block = mlirOperationGetBlock(operation);
            let region = mlirBlockGetParentRegion(block);
            if mlirRegionGetFirstBlock(region).ptr == block.ptr {
                return Ok(());
            }
        }
        Err(format!(
            "{} is not in the entry block of its region, and a branch may skip it in some threads",
            describe(operation)
        ))
    }

    /// Checks that `operation`, around the point, runs its regions the same number of times
    /// in every thread of the block.
    fn enclosing(
        &self,
        operation: MlirOperation,
        memo: &mut HashMap<usize, Result<(), String>>,
    ) -> Result<(), String> {
        let name = ir::operation_name(operation);
        let operands = unsafe { mlirOperationGetNumOperands(operation) };
        let (what, checked): (&str, Vec<isize>) = match name.as_str() {
            "scf.for" => ("runs a different number of iterations", (0..3).collect()),
            "affine.for" => (
                "runs a different number of iterations",
                (0..operands).collect(),
            ),
            "scf.if" | "scf.index_switch" => ("takes a different branch", vec![0]),
            "affine.if" => ("takes a different branch", (0..operands).collect()),
            other if RUN_ONCE.contains(&other) => return Ok(()),
            _ => {
                return Err(format!(
                    "{} is not a loop or guard the pass can prove the same for every thread",
                    describe(operation)
                ))
            }
        };
        for index in checked {
            let operand = unsafe { mlirOperationGetOperand(operation, index) };
            if let Err(source) = self.value(operand, memo) {
                let role = match (name.as_str(), index) {
                    ("scf.for", 0) => "its lower bound",
                    ("scf.for", 1) => "its upper bound",
                    ("scf.for", _) => "its step",
                    (_, _) if name.ends_with("for") => "a bound",
                    _ => "its condition",
                };
                return Err(format!(
                    "{} {what} in different threads of a block: {role} depends on {source}",
                    describe(operation)
                ));
            }
        }
        Ok(())
    }

    /// Ok when `value` is the same for every thread of the block at any one time; otherwise
    /// what it depends on that is not.
    fn value(
        &self,
        value: MlirValue,
        memo: &mut HashMap<usize, Result<(), String>>,
    ) -> Result<(), String> {
        let key = value.ptr as usize;
        if let Some(known) = memo.get(&key) {
            return known.clone();
        }
        // Assumed while it is being proven: a cycle only passes through block arguments of
        // loops, which are judged by their loop's bounds.
        memo.insert(key, Ok(()));
        let result = match ir::defining_operation(value) {
            Some(owner) if !accesses::inside(self.kernel, owner) => Ok(()),
            Some(owner) => self.result(owner, memo),
            None => self.argument(value, memo),
        };
        memo.insert(key, result.clone());
        result
    }

    /// [`Self::value`] of a block argument.
    fn argument(
        &self,
        value: MlirValue,
        memo: &mut HashMap<usize, Result<(), String>>,
    ) -> Result<(), String> {
        let (owner, number) = unsafe {
            let block = mlirBlockArgumentGetOwner(value);
            (
                mlirBlockGetParentOperation(block),
                mlirBlockArgumentGetArgNumber(value) as usize,
            )
        };
        if owner.ptr == self.kernel.operation.ptr {
            return match self.kernel.kind {
                KernelKind::Launch { .. } if (3..6).contains(&number) => {
                    self.thread_id(number - 3, owner)
                }
                _ => Ok(()),
            };
        }
        if !accesses::inside(self.kernel, owner) {
            return Ok(());
        }
        match ir::operation_name(owner).as_str() {
            "scf.for" | "affine.for" if number == 0 => self.enclosing(owner, memo),
            _ => Err(format!("a value carried by {}", describe(owner))),
        }
    }

    /// [`Self::value`] of the result of `owner`.
    fn result(
        &self,
        owner: MlirOperation,
        memo: &mut HashMap<usize, Result<(), String>>,
    ) -> Result<(), String> {
        let name = ir::operation_name(owner);
        let operands = |memo: &mut HashMap<usize, Result<(), String>>, from: isize| {
            (from..unsafe { mlirOperationGetNumOperands(owner) }).try_for_each(|index| {
                self.value(unsafe { mlirOperationGetOperand(owner, index) }, memo)
            })
        };
        match name.as_str() {
            "gpu.thread_id" => self.thread_id(extract::dimension(owner), owner),
            known if BLOCK_WIDE.contains(&known) => Ok(()),
            known if PER_THREAD.contains(&known) => Err(describe(owner)),
            "memref.load" | "affine.load" => {
                operands(memo, 1)
                    .map_err(|why| format!("{} whose index depends on {why}", describe(owner)))?;
                self.unwritten(owner)
            }
            pure if PURE.contains(&pure)
                || ["arith.", "index.", "math."]
                    .iter()
                    .any(|dialect| pure.starts_with(dialect)) =>
            {
                operands(memo, 0)
            }
            _ => Err(format!(
                "{}, which the pass does not prove the same for every thread",
                describe(owner)
            )),
        }
    }

    /// Ok when `gpu.thread_id` of `dimension` has one value in the block (size 1).
    fn thread_id(&self, dimension: usize, owner: MlirOperation) -> Result<(), String> {
        match self.kernel.block.sizes() {
            Some(sizes) if sizes[dimension] == 1 => Ok(()),
            _ => Err(format!(
                "the thread id {} ({})",
                ["x", "y", "z"][dimension],
                location(owner)
            )),
        }
    }

    /// Ok when the buffer `load` reads is one every thread sees the same (an argument, a global,
    /// a captured value) and nothing in the kernel may write it.
    fn unwritten(&self, load: MlirOperation) -> Result<(), String> {
        let memref = unsafe { mlirOperationGetOperand(load, 0) };
        let root = accesses::root(self.kernel, memref);
        let space = accesses::memory_space(unsafe { mlirValueGetType(memref) });
        if !matches!(
            root,
            Root::Argument(_) | Root::Global(_) | Root::Captured(_)
        ) || !matches!(space, MemorySpace::Global | MemorySpace::Constant)
        {
            return Err(format!(
                "{} of {}, memory the threads may see differently",
                describe(load),
                root.describe()
            ));
        }
        let writer = self.writes.iter().find(|(effect, _)| match effect {
            Effect::Write(other, other_space) => effects::may_alias(
                self.kernel,
                (other, *other_space),
                (&root, space),
                self.assume_noalias,
            ),
            _ => true,
        });
        let loaded = format!("{} of {}", describe(load), root.describe());
        match writer {
            Some((Effect::Write(written, _), writer)) if *written != root => Err(format!(
                "{loaded}, which {} may write (it writes {}, which may alias it)",
                describe(*writer),
                written.describe()
            )),
            Some((_, writer)) => Err(format!("{loaded}, which {} may write", describe(*writer))),
            None => Ok(()),
        }
    }
}

/// `scf.for at file:3:5`.
fn describe(operation: MlirOperation) -> String {
    format!(
        "{} at {}",
        ir::operation_name(operation),
        location(operation)
    )
}

/// The location of `operation` as text.
fn location(operation: MlirOperation) -> String {
    ir::location_text(unsafe { mlirOperationGetLocation(operation) })
}

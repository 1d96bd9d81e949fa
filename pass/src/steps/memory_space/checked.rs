//! `readonly` behind a run-time check: the read-only path (`ld.global.nc`) for an argument
//! that only the kernel's own writes to other arguments might alias (issue 16, item 2).
//!
//! Model. Inside a `gpu.func` nothing proves that `out` is not a view of `in`, so a store to
//! `out` may change what a non-coherent load of `in` should see. Where every write that may
//! alias argument `R` goes to arguments `W₁ … Wₙ` whose types give their extents (static
//! strides and offset), the bytes each one spans from its aligned pointer `p` are
//! `[p + offset·e, p + (offset + Σ (size−1)·stride + 1)·e)`; the kernel checks at its entry that
//! `R`'s span is disjoint from every `Wᵢ`'s ([`super::disjoint`]: block-uniform, a few
//! instructions, counted in the report; one check for all such arguments) and the body
//! becomes `scf.if disjoint { body, its loads of R marked } else { body }`: one branch, the fast
//! path as straight-line as the original (a body of several blocks is versioned load by load).
//!
//! Lowering. NVPTX emits `ld.global.nc` for a load marked `!invariant.load` from a global
//! (`addrspace(1)`) pointer. The marked load carries the unit attribute [`READ_ONLY_PATH`]
//! (which keeps MLIR's canonicalizer from folding the two identical branches into one) and a
//! name location of the same name, which `convert-gpu-to-nvvm` keeps on the `llvm.load` it
//! makes; [`lower`] (in `gpu-mem-opt-lower-readonly`) casts that load's pointer to address
//! space 1 and marks it `invariant`. The cast also keeps LLVM's SimplifyCFG from merging the two
//! loads (a merge would drop the metadata, losing the path but never correctness):
//! `ld.global.nc` in the fast branch, `ld.global` in the fallback (`test/Ptx/checked-readonly.mlir`,
//! checked on LLVM 22). The interpreter runs both branches (`diff --arg same:N` aliases).
//!
//! Order. Decided ([`plan`]) on the loads as staging and relayout left them, with the other
//! decisions of the kernel; made ([`apply`]) after every other rewrite of the module (shared
//! layouts, joint layouts of globals), since it copies the body and later steps see one copy.
//! Loads in the fallback of a run-time check stay plain (the rare path), and loads marked
//! already are not checked again (a second run of the pass changes nothing). Kernels
//! whose argument layouts host code decides later are not checked (their spans may change).
//!
//! A memref of the identity layout and dynamic sizes (a DSL's `memref<?x?xf32>`) is dense and
//! row-major: its span is `[p, p + Π sizes · e)`, the sizes read with `memref.dim`.
//! Not here: dynamic strides or offsets (a view of unknown layout), uses that may reach bytes
//! outside the type, writes of unknown target.
//!
//! A load on the fast path of a check made already around a loop nest (staging a store,
//! tagged `gpu_mem_opt.disjoint`) that shows its argument apart from the same writers is marked
//! where it is, with no second check.
//!
//! Constant memory (Algorithm 3's choice for warp-uniform reads) works the same way: the
//! launcher binds the argument's data to its constant global before every launch, as for a
//! proven one ([`constant`]); the fast copy reads that global (`ld.const`), the fallback the
//! argument (`ld.global`), since a write to an overlapping argument would not reach the copy.
//! It needs the whole body versioned.
//! Cost: the body's code twice; at run time the check and one uniform branch per thread.

use mlir_sys::*;

use super::constant;
use super::disjoint::{branch, condition, instructions, DISJOINT};
use crate::{facts::extract::checked_branches, facts::kernels::Kernel, ir, ir::builder::Builder};

/// Unit attribute and location name of a load on the checked read-only path.
pub const READ_ONLY_PATH: &str = "gpu_mem_opt.read_only_path";

/// Unit attribute and location name of a load of a constant copy on a checked path.
pub const CONSTANT_PATH: &str = "gpu_mem_opt.constant_path";

/// Each path's mark and the NVPTX address space its loads read through: global (1) and
/// constant (4).
const PATHS: [(&str, u32); 2] = [(READ_ONLY_PATH, 1), (CONSTANT_PATH, 4)];

/// One argument to read on the checked path.
pub struct Request {
    /// Its position among the kernel's arguments.
    pub index: usize,
    /// The written arguments its bytes must not overlap.
    pub writers: Vec<usize>,
    /// Its global loads as the other steps left them.
    pub loads: Vec<MlirOperation>,
    /// Where Algorithm 3 placed it in constant memory, the symbol of the bound constant global
    /// the fast copy reads instead of the argument, or why it cannot ([`constant_copy`]).
    pub constant: Option<Result<String, String>>,
}

/// The check of one kernel, decided before the IR changes ([`plan`]) and made after every
/// other step ([`apply`]).
pub struct Plan {
    /// Per argument on the checked path: its position and the written arguments to compare.
    pairs: Vec<(usize, Vec<usize>)>,
    /// Per request, the loads the fast path changes.
    marked: Vec<Vec<MlirOperation>>,
    /// Loads on the fast path of a check made already (by staging, [`version_operation`]) that
    /// covers their argument's pairs: marked where they are.
    in_place: Vec<MlirOperation>,
    /// Whether a new check is made (false when every load is `in_place`).
    pub new_check: bool,
    /// Instructions the check adds at the kernel's entry.
    pub instructions: u32,
    /// Per request, how many of its loads the fast path changes.
    pub loads: Vec<usize>,
    /// Per request placed in constant memory, its global's symbol in the fast copy, or why
    /// the fast copy reads it through `ld.global.nc` instead; `None` for the others.
    pub constant: Vec<Option<Result<String, String>>>,
    /// Whether the whole body is versioned (one branch) rather than each load.
    pub whole_body: bool,
}

/// Decides the check for `requests` of `kernel` without touching it: one condition for all
/// (each argument's span made once: its aligned pointer and the additions of a nonzero start
/// and end; per pair two compares and an or; an and joining each pair after the first), the
/// loads it puts on the read-only path (not those in the fallback of another run-time check),
/// and whether the body is one block, to be versioned whole.
pub fn plan(kernel: &Kernel, requests: &[Request]) -> Result<Plan, String> {
    let pairs: Vec<(usize, Vec<usize>)> = requests
        .iter()
        .map(|request| (request.index, request.writers.clone()))
        .collect();
    let mut instructions = instructions(kernel, &pairs)?;
    let mut in_place = Vec::new();
    let marked: Vec<Vec<MlirOperation>> = requests
        .iter()
        .map(|request| {
            let (here, rest): (Vec<MlirOperation>, Vec<MlirOperation>) = request
                .loads
                .iter()
                .copied()
                .filter(|&load| {
                    let name = ir::operation_name(load);
                    (name == "memref.load" || name == "vector.load")
                        && !in_fallback(load)
                        && PATHS
                            .iter()
                            .all(|(path, _)| ir::attribute(load, path).is_none())
                })
                .partition(|&load| request.constant.is_none() && on_checked_path(load, request));
            in_place.push(here);
            rest
        })
        .collect();
    let loads: Vec<usize> = marked
        .iter()
        .zip(&in_place)
        .map(|(marked, here)| marked.len() + here.len())
        .collect();
    let new_check = marked.iter().any(|marked| !marked.is_empty());
    if !new_check {
        instructions = 0;
    }
    if loads.iter().all(|&count| count == 0) {
        return Err(
            "no load to check: each is on the checked path already, or in the fallback of \
             another run-time check"
                .into(),
        );
    }
    let constant = requests
        .iter()
        .map(|request| request.constant.clone())
        .collect();
    Ok(Plan {
        pairs,
        loads,
        marked,
        in_place: in_place.into_iter().flatten().collect(),
        new_check,
        instructions,
        constant,
        whole_body: whole_body(kernel),
    })
}

/// Whether `load` is on the fast path of checks made already ([`DISJOINT`]) that together show
/// its argument apart from each of `request`'s writers (a pair in either order: apart is apart).
fn on_checked_path(load: MlirOperation, request: &Request) -> bool {
    // The pairs every check around the load shows apart on its fast path, together.
    let mut shown: Vec<[i64; 2]> = Vec::new();
    for (branch, fast) in ir::branches(load) {
        let pairs = ir::attribute(branch, DISJOINT).and_then(ir::dense_i64_array);
        if let (Some(pairs), true) = (pairs, fast) {
            shown.extend(
                pairs
                    .chunks(2)
                    .filter_map(|pair| <[i64; 2]>::try_from(pair).ok()),
            );
        }
    }
    let read = request.index as i64;
    request.writers.iter().all(|&writer| {
        let written = writer as i64;
        shown.contains(&[read, written]) || shown.contains(&[written, read])
    })
}

/// Whether `kernel`'s body is one block, versioned whole rather than load by load.
fn whole_body(kernel: &Kernel) -> bool {
    unsafe {
        mlirBlockGetNextInRegion(mlirRegionGetFirstBlock(kernel.body()))
            .ptr
            .is_null()
    }
}

/// The symbol of the constant global the fast copy of `kernel` would read argument `index`
/// from, or why it cannot ([`constant::refusal`], or a body of several blocks).
pub fn constant_copy(kernel: &Kernel, index: usize) -> Result<String, String> {
    if !whole_body(kernel) {
        return Err(
            "the body has several blocks, so each load is versioned alone, and only \
                    a versioned body reads a constant copy"
                .into(),
        );
    }
    constant::refusal(kernel, index).map(|_| constant::symbol(kernel, index))
}

/// Makes `plan` in `kernel`: the check at its entry, then the body versioned whole (`scf.if
/// check { body, marked loads } else { body }`: one branch, the fast path straight-line code;
/// an argument in constant memory read from its global there) or load by load. The arguments
/// whose constant global could not be made after all, and why (their loads are marked).
pub fn apply(kernel: &Kernel, plan: &Plan) -> Result<Vec<(usize, String)>, String> {
    for &load in &plan.in_place {
        mark(load, READ_ONLY_PATH);
    }
    let mut refused = Vec::new();
    if !plan.new_check {
        return Ok(refused);
    }
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let first = unsafe { mlirBlockGetFirstOperation(entry) };
    let condition = condition(&Builder::before(first), entry, &plan.pairs)?;
    if !plan.whole_body {
        for &load in plan.marked.iter().flatten() {
            version(load, condition)?;
        }
        return Ok(refused);
    }
    let (twins, fast) = version_body(entry, first, condition)?;
    for (((index, _), loads), constant) in plan.pairs.iter().zip(&plan.marked).zip(&plan.constant) {
        if let Some(Ok(symbol)) = constant {
            match constant::Global::make(kernel, *index, symbol.clone()) {
                Ok(global) => {
                    let read = global.read(&Builder::before(fast))?;
                    let argument = unsafe { mlirBlockGetArgument(entry, *index as isize) };
                    replace_within(argument, read, &twins);
                    constant::fold_alignment_checks(read);
                    mark_twins(loads, &twins, CONSTANT_PATH)?;
                    continue;
                }
                Err(why) => refused.push((*index, why)),
            }
        }
        mark_twins(loads, &twins, READ_ONLY_PATH)?;
    }
    Ok(refused)
}

/// Marks the copy of each of `loads` among `twins` for `path`.
fn mark_twins(
    loads: &[MlirOperation],
    twins: &[(MlirOperation, MlirOperation)],
    path: &str,
) -> Result<(), String> {
    for load in loads {
        let twin = twins
            .iter()
            .find(|(original, _)| original.ptr == load.ptr)
            .map(|&(_, twin)| twin)
            .ok_or("a load is not in the versioned body")?;
        mark(twin, path);
    }
    Ok(())
}

/// Replaces `value` by `with` in the operands of the copies among `twins`.
fn replace_within(value: MlirValue, with: MlirValue, twins: &[(MlirOperation, MlirOperation)]) {
    let copies: std::collections::HashSet<usize> =
        twins.iter().map(|(_, twin)| twin.ptr as usize).collect();
    for (owner, number) in ir::uses(value) {
        if copies.contains(&(owner.ptr as usize)) {
            unsafe { mlirOperationSetOperand(owner, number as isize, with) };
        }
    }
}

/// Whether `operation` is in the fallback (`else`) of another run-time check of argument
/// pointers (vectorize's alignment check): the rare path, not worth a second branch.
pub fn in_fallback(operation: MlirOperation) -> bool {
    checked_branches(operation).iter().any(|&(_, fast)| !fast)
}

/// Moves the ops of `entry` from `first` up to its terminator into the `else` of a new
/// `scf.if condition`, and a copy of them into its `then`; each original op with its copy,
/// and the first op of the copy.
fn version_body(
    entry: MlirBlock,
    first: MlirOperation,
    condition: MlirValue,
) -> Result<(Vec<(MlirOperation, MlirOperation)>, MlirOperation), String> {
    unsafe {
        let terminator = mlirBlockGetTerminator(entry);
        let (branch, fast, slow) = Builder::before(terminator).if_else(condition, &[])?;
        ir::move_range(first, branch, slow);
        // A clone of the whole branch copies the body with its values renamed; the copy's
        // else region's ops become the then region's.
        let copy = mlirOperationClone(branch);
        let copied = mlirRegionGetFirstBlock(mlirOperationGetRegion(copy, 1));
        let end = mlirBlockGetTerminator(copied);
        ir::move_range(mlirBlockGetFirstOperation(copied), end, fast);
        mlirOperationDestroy(copy);
        let originals = nested(mlirOperationGetRegion(branch, 1));
        let twins = nested(mlirOperationGetRegion(branch, 0));
        if originals.len() != twins.len() {
            return Err("the copied body differs from the body".into());
        }
        let start = mlirBlockGetFirstOperation(mlirOperationGetBlock(fast));
        Ok((originals.into_iter().zip(twins).collect(), start))
    }
}

/// Every operation in the first block of `region`, nested ones included, in pre-order.
fn nested(region: MlirRegion) -> Vec<MlirOperation> {
    ir::block_operations(unsafe { mlirRegionGetFirstBlock(region) })
        .into_iter()
        .flat_map(ir::walk)
        .collect()
}

/// `load` as `scf.if condition { load, marked } else { load }` ([`branch`]).
fn version(load: MlirOperation, condition: MlirValue) -> Result<(), String> {
    branch(load, condition)?;
    mark(load, READ_ONLY_PATH);
    Ok(())
}

/// Marks `load` for `path` ([`PATHS`]): the unit attribute and the name location `path`
/// around its own.
fn mark(load: MlirOperation, path: &str) {
    unsafe {
        let context = mlirOperationGetContext(load);
        let name = ir::string_ref_of(path);
        mlirOperationSetDiscardableAttributeByName(load, name, mlirUnitAttrGet(context));
        let location = mlirOperationGetLocation(load);
        mlirOperationSetLocation(load, mlirLocationNameGet(context, name, location));
    }
}

/// In `gpu-mem-opt-lower-readonly`: every `llvm.load` located at a path of `PATHS` reads
/// through its pointer cast to that path's address space and is `invariant` (`ld.global.nc`,
/// `ld.const`); its location is the load's own again. Before `convert-gpu-to-nvvm` (the
/// lowering runs this step there too), a load that carries a path's attribute but not its
/// location gets it back: MLIR prints no locations by default, so a module written out after
/// the pass and parsed again to be lowered keeps the attribute only, which the conversion drops.
pub fn lower(root: MlirOperation) {
    use melior::ir::{
        operation::{OperationLike, WalkOrder, WalkResult},
        OperationRef,
    };
    let mut loads = Vec::new();
    let mut unnamed = Vec::new();
    unsafe { OperationRef::from_raw(root) }.walk(WalkOrder::PreOrder, |operation| {
        let raw = operation.to_raw();
        if let Some(space) = ir::is_named(raw, "llvm.load")
            .then(|| marked(raw))
            .flatten()
        {
            loads.push((raw, space));
        } else if let Some(&(path, _)) = PATHS
            .iter()
            .find(|(path, _)| ir::attribute(raw, path).is_some())
        {
            if !located_at(raw, path) {
                unnamed.push((raw, path));
            }
        }
        WalkResult::Advance
    });
    for (load, path) in unnamed {
        mark(load, path);
    }
    for (load, space) in loads {
        unsafe {
            let context = mlirOperationGetContext(load);
            let location = mlirLocationNameGetChildLoc(mlirOperationGetLocation(load));
            let pointer = mlirOperationGetOperand(load, 0);
            let cast_type = mlirLLVMPointerTypeGet(context, space);
            let builder = Builder::before(load).located(location);
            let cast = builder.create("llvm.addrspacecast", &[pointer], &[], &[cast_type]);
            mlirOperationSetOperand(load, 0, mlirOperationGetResult(cast, 0));
            mlirOperationSetInherentAttributeByName(
                load,
                ir::string_ref_of("invariant"),
                mlirUnitAttrGet(context),
            );
            mlirOperationSetLocation(load, location);
        }
    }
}

/// Whether `operation` is located at the name `path`.
fn located_at(operation: MlirOperation, path: &str) -> bool {
    location_name(operation).is_some_and(|name| name == path)
}

/// The name of `operation`'s location, where it is a name location.
fn location_name(operation: MlirOperation) -> Option<String> {
    unsafe {
        let location = mlirOperationGetLocation(operation);
        mlirLocationIsAName(location)
            .then(|| ir::string_ref(mlirIdentifierStr(mlirLocationNameGetName(location))))
    }
}

/// The address space of the path `load` is located at ([`PATHS`]), if it is and reads
/// through a generic pointer.
fn marked(load: MlirOperation) -> Option<u32> {
    let generic = unsafe {
        mlirLLVMPointerTypeGetAddressSpace(mlirValueGetType(mlirOperationGetOperand(load, 0))) == 0
    };
    let name = location_name(load).filter(|_| generic)?;
    PATHS
        .iter()
        .find(|(path, _)| name == *path)
        .map(|&(_, space)| space)
}

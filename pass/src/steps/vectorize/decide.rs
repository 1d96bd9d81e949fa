//! The vectorize decider: candidates, widths and alignment facts (see the step's essay,
//! `steps::vectorize`), without changing IR.

use std::collections::BTreeMap;

use analysis::{
    expression::{LinearForm, LoopId, Variable},
    matrix::{Access, AccessKind},
    misalignment::{self, Owner},
    target::MAX_ACCESS_BYTES,
    vector_width::{self, BaseAlignment, Blocker, Chunk, Conflict},
};
use mlir_sys::*;

use crate::{
    facts::accesses::{MemoryAccess, Root},
    facts::effects::{self, Effect},
    facts::findings::Finding,
    facts::kernels::Kernel,
    ir,
    steps::vectorize::alignment::base_alignment,
    Options,
};

/// The form of a candidate.
#[derive(Clone, Debug)]
pub enum Shape {
    /// Straight-line accesses (scalars or 1-D vectors), finding indices in element order.
    Adjacent(Vec<usize>),
    /// One scalar load in an `scf.for` whose `trips` iterations read consecutive elements.
    Loop {
        /// The load's finding.
        access: usize,
        /// The loop.
        loop_operation: MlirOperation,
        /// Its constant lower bound.
        lower: i64,
    },
    /// An existing vector access.
    Vector(usize),
}

/// The decision for one candidate.
pub struct Group {
    /// Its form.
    pub shape: Shape,
    /// Loads or stores.
    pub kind: AccessKind,
    /// Bytes per element.
    pub element_bytes: u32,
    /// Consecutive elements in all.
    pub elements: u32,
    /// What is known about the buffer's aligned pointer.
    pub base: BaseAlignment,
    /// The first element's offset in elements, rendered.
    pub offset: String,
    /// Alignment in bytes proven for the first element's address.
    pub alignment: u64,
    /// The largest power of two the first element's byte offset is a multiple of.
    pub offset_alignment: u64,
    /// The instructions, or why they stay as they are.
    pub outcome: Result<Vec<Chunk>, Blocker>,
    /// Who lays the buffer out (what the advice may change).
    pub owner: Owner,
    /// The first element's access, and the variables fixed for it (a hoisted loop's first
    /// iteration): what a misalignment is diagnosed from.
    first: (Access, BTreeMap<Variable, i64>),
}

impl Group {
    /// The findings it covers, first element first.
    pub fn members(&self) -> Vec<usize> {
        match &self.shape {
            Shape::Adjacent(members) => members.clone(),
            Shape::Loop { access, .. } | Shape::Vector(access) => vec![*access],
        }
    }
}

/// Decides every candidate of `kernel`.
pub fn decide(kernel: &Kernel, findings: &[Finding], options: &Options) -> Vec<Group> {
    let mut groups = Vec::new();
    let mut adjacent: BTreeMap<(usize, usize, bool), Vec<usize>> = BTreeMap::new();
    let mut vectors = Vec::new();
    for (index, finding) in findings.iter().enumerate() {
        let memory = &finding.memory;
        if !memory
            .element_bytes
            .is_some_and(|bytes| bytes.is_power_of_two())
        {
            continue;
        }
        let name = memory.name.as_str();
        let vector_access = memory.vector_width > 1 && one_dimensional(memory);
        let plain_vector = vector_access && matches!(name, "vector.load" | "vector.store");
        let transfer =
            vector_access && matches!(name, "vector.transfer_read" | "vector.transfer_write");
        let scalar = matches!(name, "memref.load" | "memref.store");
        if plain_vector {
            vectors.push(index);
        }
        if scalar {
            if let Some(group) = in_loop(kernel, findings, index, options) {
                groups.push(group);
                continue;
            }
        }
        if scalar || plain_vector || transfer {
            let block = unsafe { mlirOperationGetBlock(memory.operation) };
            let key = (
                block.ptr as usize,
                memory.memref.ptr as usize,
                memory.kind == AccessKind::Store,
            );
            adjacent.entry(key).or_default().push(index);
        }
    }
    for members in adjacent.values() {
        groups.extend(straight_line(kernel, findings, members, options));
    }
    // A vector access that no merge covers still gets its own alignment.
    let merged: Vec<usize> = groups
        .iter()
        .filter(|group| group.outcome.is_ok())
        .flat_map(Group::members)
        .collect();
    for index in vectors {
        if !merged.contains(&index) {
            groups.extend(vector(kernel, findings, index, options));
        }
    }
    groups.sort_by_key(|group| group.members()[0]);
    groups
}

/// Whether `memory` moves a 1-D vector (`vector<4xf32>`, not `vector<2x2xf32>`) of a memref
/// of scalars (not `memref<8xvector<4xf32>>`).
fn one_dimensional(memory: &MemoryAccess) -> bool {
    let value = unsafe {
        match memory.kind {
            AccessKind::Load => mlirOperationGetResult(memory.operation, 0),
            AccessKind::Store => mlirOperationGetOperand(memory.operation, 0),
        }
    };
    unsafe {
        let element = mlirShapedTypeGetElementType(mlirValueGetType(memory.memref));
        mlirShapedTypeGetRank(mlirValueGetType(value)) == 1 && !mlirTypeIsAVector(element)
    }
}

/// Elements the access moves per thread: its vector width, 1 for a scalar.
fn width_of(finding: &Finding) -> u32 {
    finding.memory.vector_width.max(1)
}

/// The alignment decision for an existing vector access.
fn vector(kernel: &Kernel, findings: &[Finding], index: usize, options: &Options) -> Option<Group> {
    let finding = &findings[index];
    let element_bytes = finding.memory.element_bytes?;
    let elements = finding.memory.vector_width;
    let wanted = u64::from(elements * element_bytes).min(u64::from(MAX_ACCESS_BYTES));
    let declared = ir::attribute(finding.memory.operation, "alignment").and_then(ir::integer);
    if declared.is_some_and(|declared| declared as u64 >= wanted) {
        return None;
    }
    let mut group = facts(
        kernel,
        finding,
        element_bytes,
        elements,
        &BTreeMap::new(),
        options,
    );
    group.shape = Shape::Vector(index);
    if let Ok(chunks) = &group.outcome {
        if chunks.iter().all(|chunk| chunk.elements == 1) {
            group.outcome = Err(alignment_blocker(&group, wanted));
        }
    }
    Some(group)
}

/// A loop candidate: a load directly in an `scf.for` reading consecutive elements.
fn in_loop(
    kernel: &Kernel,
    findings: &[Finding],
    index: usize,
    options: &Options,
) -> Option<Group> {
    let finding = &findings[index];
    let element_bytes = finding.memory.element_bytes?;
    let parent = unsafe { mlirOperationGetParentOperation(finding.memory.operation) };
    if !ir::is_named(parent, "scf.for") {
        return None;
    }
    let depth = finding.access.loops.len().checked_sub(1)?;
    let range = finding.access.loops[depth];
    let (lower, step, trips) = (range.lower?, range.step?, range.trip_count()?);
    let variable = Variable::Loop(LoopId(depth));
    let (innermost, outer) = finding.access.indices.split_last()?;
    let form = innermost.linear().ok()?;
    let in_quasi_part = form
        .quasi_affine
        .iter()
        .any(|(part, _)| part.variables().contains(&variable));
    let contiguous = !in_quasi_part
        && form.coefficient(&variable).checked_mul(step)? == 1
        && finding.access.layout.strides.last().copied().flatten() == Some(1)
        && outer
            .iter()
            .all(|index| !index.variables().contains(&variable));
    if !contiguous || trips < 2 {
        return None;
    }
    let elements = u32::try_from(trips).ok()?;
    let fixed = BTreeMap::from([(variable, lower)]);
    let mut group = facts(kernel, finding, element_bytes, elements, &fixed, options);
    group.shape = Shape::Loop {
        access: index,
        loop_operation: parent,
        lower,
    };
    let bytes = u64::from(elements) * u64::from(element_bytes);
    let outcome = std::mem::replace(&mut group.outcome, Ok(Vec::new()));
    group.outcome = if finding.memory.kind == AccessKind::Store {
        Err(Blocker::LoopStores)
    } else if bytes > u64::from(MAX_ACCESS_BYTES) {
        // Unrolled, each group of iterations starts where the first one does plus a multiple
        // of its own size: as aligned as the first element, up to that size.
        let pair = 2 * u64::from(element_bytes);
        let unroll = group.offset_alignment.min(u64::from(MAX_ACCESS_BYTES));
        if unroll >= pair {
            Err(Blocker::LoopTooWide {
                bytes,
                unroll,
                element_bytes: u64::from(element_bytes),
                base: (group.base.bytes < unroll)
                    .then(|| (group.base.clone(), group.owner.clone())),
            })
        } else {
            Err(alignment_blocker(&group, pair))
        }
    } else {
        match outcome {
            Ok(chunks) if chunks.len() == 1 => intervening(
                kernel,
                &finding.memory,
                &[finding.memory.operation],
                (parent, parent),
                options,
            )
            .map(|()| chunks),
            Ok(_) => Err(alignment_blocker(&group, bytes.next_power_of_two())),
            Err(blocker) => Err(blocker),
        }
    };
    Some(group)
}

/// Runs of adjacent accesses among `members` (same block, memref and kind): their outer
/// indices agree and each innermost index starts where the one before ends.
fn straight_line(
    kernel: &Kernel,
    findings: &[Finding],
    members: &[usize],
    options: &Options,
) -> Vec<Group> {
    let mut partitions: BTreeMap<String, Vec<(i64, usize)>> = BTreeMap::new();
    for &index in members {
        let Some((innermost, outer)) = findings[index].access.indices.split_last() else {
            continue;
        };
        let (key, offset) = match innermost.linear() {
            Ok(form) => (
                format!("{outer:?} {:?} {:?}", form.variables, form.quasi_affine),
                form.constant,
            ),
            Err(_) => match value_plus_constant(&findings[index].memory) {
                Some((value, constant)) => (format!("value {}", value.ptr as usize), constant),
                None => continue,
            },
        };
        partitions.entry(key).or_default().push((offset, index));
    }
    let mut groups = Vec::new();
    for accesses in partitions.values() {
        let pieces: Vec<(i64, u32)> = accesses
            .iter()
            .map(|&(offset, index)| (offset, width_of(&findings[index])))
            .collect();
        for chain in vector_width::chains(&pieces) {
            // Neighbours that cannot share one 16-byte access are no candidate.
            let element_bytes = findings[accesses[chain[0]].1].memory.element_bytes;
            let fits = |pair: &[usize]| {
                u64::from(pieces[pair[0]].1 + pieces[pair[1]].1)
                    * u64::from(element_bytes.unwrap_or(1))
                    <= u64::from(MAX_ACCESS_BYTES)
            };
            if !chain.windows(2).any(fits) {
                continue;
            }
            let run = chain.iter().map(|&piece| accesses[piece].1).collect();
            groups.push(run_group(kernel, findings, run, options));
        }
    }
    groups
}

/// The index of a rank-1 `memory` as an SSA value and the constants added to it (`(x + 1) + 1`
/// is `(x, 2)`, `x` itself `(x, 0)`): adjacency read from the IR where the access model does
/// not follow `x` (a lone kernel's `2 * (blockDim.x * blockIdx.x + threadIdx.x)`).
fn value_plus_constant(memory: &MemoryAccess) -> Option<(MlirValue, i64)> {
    let address = super::apply::address(memory);
    let &[_, mut value] = address.as_slice() else {
        return None;
    };
    let mut total: i64 = 0;
    let operand = |sum, position| unsafe { mlirOperationGetOperand(sum, position) };
    for _ in 0..MOST_ADDED_CONSTANTS {
        let sum = ir::defining_operation(value).filter(|&sum| ir::is_named(sum, "arith.addi"));
        let Some((inner, constant)) = sum.and_then(|sum| {
            [(0, 1), (1, 0)].into_iter().find_map(|(inner, constant)| {
                Some((
                    operand(sum, inner),
                    ir::constant_integer(operand(sum, constant))?,
                ))
            })
        }) else {
            break;
        };
        total = total.checked_add(constant)?;
        value = inner;
    }
    Some((value, total))
}

/// Most `arith.addi` of a constant [`value_plus_constant`] follows down an index.
const MOST_ADDED_CONSTANTS: usize = 16;

/// The decision for one run of consecutive scalar accesses, first element first.
fn run_group(kernel: &Kernel, findings: &[Finding], run: Vec<usize>, options: &Options) -> Group {
    let first = &findings[run[0]];
    let element_bytes = first.memory.element_bytes.unwrap_or(1);
    let widths: Vec<u32> = run
        .iter()
        .map(|&index| width_of(&findings[index]))
        .collect();
    let mut group = facts(
        kernel,
        first,
        element_bytes,
        widths.iter().sum(),
        &BTreeMap::new(),
        options,
    );
    let stride = first.access.layout.strides.last().copied().flatten();
    let operations: Vec<MlirOperation> = run
        .iter()
        .map(|&index| findings[index].memory.operation)
        .collect();
    let (earliest, latest) = span(&operations);
    let merges = |chunks: &[Chunk]| {
        vector_width::chunk_of_pieces(chunks, &widths)
            .is_some_and(|of| of.windows(2).any(|pair| pair[0] == pair[1]))
    };
    group.outcome = match std::mem::replace(&mut group.outcome, Ok(Vec::new())) {
        _ if stride != Some(1) => Err(Blocker::Stride { stride }),
        Ok(chunks) if !merges(&chunks) => {
            let wanted = vector_width::width(group.elements, element_bytes, u64::MAX).elements;
            Err(alignment_blocker(&group, u64::from(wanted * element_bytes)))
        }
        Ok(chunks) => intervening(
            kernel,
            &first.memory,
            &operations,
            (earliest, latest),
            options,
        )
        .map(|()| chunks),
        Err(blocker) => Err(blocker),
    };
    group.shape = Shape::Adjacent(run);
    group
}

/// The first and the last of `operations` (all in one block) in IR order.
pub fn span(operations: &[MlirOperation]) -> (MlirOperation, MlirOperation) {
    let mut earliest = operations[0];
    let mut latest = operations[0];
    for &operation in &operations[1..] {
        if unsafe { mlirOperationIsBeforeInBlock(operation, earliest) } {
            earliest = operation;
        }
        if unsafe { mlirOperationIsBeforeInBlock(latest, operation) } {
            latest = operation;
        }
    }
    (earliest, latest)
}

/// The alignment facts of a candidate starting at `finding` with `elements` elements.
fn facts(
    kernel: &Kernel,
    finding: &Finding,
    element_bytes: u32,
    elements: u32,
    fixed: &BTreeMap<Variable, i64>,
    options: &Options,
) -> Group {
    let base = base_alignment(kernel, &finding.memory, options);
    let form = vector_width::offset_form(&finding.access)
        .and_then(|form| vector_width::fix(form, fixed))
        .and_then(|form| vector_width::over_iterations(form, &finding.access.loops))
        .or_else(|unknown| opaque(&finding.access).ok_or(unknown));
    let (offset, offset_alignment, outcome) = match form {
        Ok(form) => {
            let offset_alignment = vector_width::power_of_two_divisor(
                vector_width::divisibility(&form).saturating_mul(u64::from(element_bytes)),
            );
            let invariant = base.bytes.min(vector_width::power_of_two_divisor(
                vector_width::variable_divisibility(&form).saturating_mul(u64::from(element_bytes)),
            ));
            let chunks = vector_width::chunks(elements, element_bytes, invariant, form.constant);
            (render(&form), offset_alignment, Ok(chunks))
        }
        Err(unknown) => (
            "unknown".into(),
            u64::from(element_bytes),
            Err(Blocker::NotAffine(unknown.reason)),
        ),
    };
    let alignment = base.bytes.min(offset_alignment);
    Group {
        shape: Shape::Vector(0),
        kind: finding.memory.kind,
        element_bytes,
        elements,
        base,
        offset,
        alignment,
        offset_alignment,
        outcome,
        owner: owner(&finding.memory.root),
        first: (finding.access.clone(), fixed.clone()),
    }
}

/// The offset of a rank-1 access of a static layout with unit stride whose index the access
/// model does not follow, as `vector_width::opaque_offset` reads it (the layout's offset
/// added): its constant plus `D·?`, `?` any integer; `None` for any other access.
fn opaque(access: &Access) -> Option<LinearForm<'static>> {
    let ([index], [Some(1)]) = (access.indices.as_slice(), access.layout.strides.as_slice()) else {
        return None;
    };
    let (constant, divisor) = vector_width::opaque_offset(index);
    let mut form = LinearForm {
        constant: constant.checked_add(access.layout.offset?)?,
        ..LinearForm::default()
    };
    if divisor > 0 {
        form.variables
            .insert(Variable::Symbol("?".into()), i64::try_from(divisor).ok()?);
    }
    Some(form)
}

/// Who lays out a buffer with this root.
fn owner(root: &Root) -> Owner {
    match root {
        Root::Argument(index) => Owner::Argument(*index),
        Root::Workgroup(index) => Owner::Attribution(*index),
        Root::Allocation(_) => Owner::Allocation,
        Root::Global(name) => Owner::Global(name.clone()),
        Root::Private(_) | Root::Captured(_) | Root::Opaque(_) | Root::DynamicShared(_) => {
            Owner::Unknown
        }
    }
}

/// Why a group needing `wanted` bytes of alignment has less: the offset (and what in it),
/// else the base.
fn alignment_blocker(group: &Group, wanted: u64) -> Blocker {
    if group.offset_alignment >= wanted {
        return Blocker::BaseAlignment {
            needed: wanted,
            base: group.base.clone(),
            owner: group.owner.clone(),
        };
    }
    let (access, fixed) = &group.first;
    let element_bytes = u64::from(group.element_bytes.max(1));
    let diagnosis = misalignment::diagnose(access, fixed, group.elements, wanted, &group.owner)
        .or_else(|unknown| match opaque(access) {
            // An index the model does not follow whose unknown part is aligned: only its
            // constant is off, which shifting the data by some elements mends.
            Some(form)
                if vector_width::power_of_two_divisor(
                    vector_width::variable_divisibility(&form).saturating_mul(element_bytes),
                ) >= wanted =>
            {
                Ok(misalignment::diagnose_form(
                    access,
                    &form,
                    fixed,
                    group.elements,
                    wanted,
                    &group.owner,
                ))
            }
            _ => Err(unknown),
        });
    match diagnosis {
        Ok(misalignment) => Blocker::Offset {
            needed: wanted,
            offset_bytes: group.offset_alignment,
            offset: group.offset.clone(),
            owner: group.owner.clone(),
            misalignment,
        },
        Err(unknown) => Blocker::NotAffine(unknown.reason),
    }
}

/// Whether anything strictly between `first` and `last` (or inside `first` when they are the
/// same loop), other than the group's `members`, may write (loads) or touch (stores) memory
/// that `memory`'s buffer may be.
fn intervening(
    kernel: &Kernel,
    memory: &MemoryAccess,
    members: &[MlirOperation],
    (first, last): (MlirOperation, MlirOperation),
    options: &Options,
) -> Result<(), Blocker> {
    let mut operations = Vec::new();
    if first.ptr == last.ptr {
        operations.push(first);
    } else {
        let mut operation = unsafe { mlirOperationGetNextInBlock(first) };
        while !operation.ptr.is_null() && operation.ptr != last.ptr {
            operations.push(operation);
            operation = unsafe { mlirOperationGetNextInBlock(operation) };
        }
    }
    let ours = (&memory.root, memory.space);
    for operation in operations {
        for (effect, owner) in effects::effects(kernel, operation) {
            if members.iter().any(|member| member.ptr == owner.ptr) {
                continue;
            }
            let touched = match &effect {
                Effect::Barrier | Effect::Unknown => None,
                Effect::Write(root, space) => Some((root, *space)),
                Effect::Read(root, space) if memory.kind == AccessKind::Store => {
                    Some((root, *space))
                }
                Effect::Read(..) => continue,
            };
            let conflict = match touched {
                None => Conflict::Ordering,
                Some((root, _)) if *root == memory.root => Conflict::SameBuffer,
                Some((root, space)) => {
                    if !effects::may_alias(kernel, ours, (root, space), options.assume_noalias) {
                        continue;
                    }
                    Conflict::MayAlias
                }
            };
            return Err(Blocker::Intervening {
                what: crate::steps::memory_space::describe(owner),
                conflict,
            });
        }
    }
    Ok(())
}

/// `4*tid.x + 1`: a linear form for messages.
pub fn render(form: &LinearForm) -> String {
    let mut terms: Vec<String> = form
        .variables
        .iter()
        .map(|(variable, coefficient)| match coefficient {
            1 => variable.to_string(),
            _ => format!("{coefficient}*{variable}"),
        })
        .collect();
    terms.extend(
        form.quasi_affine
            .iter()
            .map(|(part, coefficient)| match coefficient {
                1 => format!("({part:?})"),
                _ => format!("{coefficient}*({part:?})"),
            }),
    );
    if form.constant != 0 || terms.is_empty() {
        terms.push(form.constant.to_string());
    }
    terms.join(" + ")
}

impl Group {
    /// What the candidate is: `4 loads of 4 B`, `a loop of 4 loads of 4 B`, `vector.load of 16 B`.
    pub fn what(&self, findings: &[Finding]) -> String {
        let verb = match self.kind {
            AccessKind::Load => "load",
            AccessKind::Store => "store",
        };
        let bytes = self.element_bytes;
        match &self.shape {
            Shape::Adjacent(members) => {
                let first = &findings[members[0]];
                let sizes: Vec<String> = members
                    .iter()
                    .map(|&index| (width_of(&findings[index]) * bytes).to_string())
                    .collect();
                let alike = members.iter().all(|&index| {
                    findings[index].memory.name == first.memory.name
                        && width_of(&findings[index]) == width_of(first)
                });
                match (alike, width_of(first)) {
                    (true, 1) => format!("{} {verb}s of {bytes} B", members.len()),
                    (true, _) => {
                        format!("{} {}s of {} B", members.len(), first.memory.name, sizes[0])
                    }
                    (false, _) => format!("{} {verb}s of {} B", members.len(), sizes.join("+")),
                }
            }
            Shape::Loop { .. } => {
                format!("{} loop iterations' {verb}s of {bytes} B", self.elements)
            }
            Shape::Vector(index) => format!(
                "{} of {} B",
                findings[*index].memory.name,
                self.elements * bytes
            ),
        }
    }

    /// What happens when it is not applied.
    pub fn kept(&self) -> String {
        match &self.shape {
            Shape::Adjacent(members) if members.len() < self.elements as usize => {
                "stay separate".into()
            }
            Shape::Vector(_) => format!(
                "is lowered as {} accesses of {} B",
                self.elements, self.element_bytes
            ),
            _ => "stay scalar".into(),
        }
    }

    /// Why the elements are not one instruction, when they are several.
    pub fn narrower(&self) -> Option<String> {
        let chunks = self.outcome.as_ref().ok()?;
        if chunks.len() < 2 {
            return None;
        }
        let widest = vector_width::width(self.elements, self.element_bytes, u64::MAX).elements;
        let wanted = u64::from(widest * self.element_bytes);
        (self.alignment < wanted).then(|| alignment_blocker(self, wanted).explain())
    }

    /// Where the alignment comes from, in words.
    pub fn proof(&self) -> String {
        let offset = if self.offset_alignment == u64::MAX {
            "offset 0".to_string()
        } else {
            format!(
                "offset ({}) elements a multiple of {} B",
                self.offset, self.offset_alignment
            )
        };
        format!(
            "alignment {}: base {} B from {}, {offset}",
            self.alignment, self.base.bytes, self.base.source
        )
    }

    /// The instructions the chunks make: `vector<4xf32> + 1 scalar`.
    pub fn instructions(&self, element: &str, chunks: &[Chunk]) -> String {
        chunks
            .iter()
            .map(|chunk| match chunk.elements {
                1 => "1 scalar".to_string(),
                elements => format!("vector<{elements}x{element}> (align {})", chunk.alignment),
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

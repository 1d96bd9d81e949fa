//! What the launch sites in the module prove about a kernel's memref arguments (issue 16):
//! that an argument's buffer is distinct from every other argument's, and how its aligned
//! pointer is aligned.
//!
//! Model. Where host code in the module launches a `gpu.func` (`gpu.launch_func`), those are
//! taken to be all its launches: the kernel's binary is embedded in the module and reached
//! through them (a kernel with no launch site here may be launched from anywhere, and nothing
//! is proven). Each memref operand of a launch is followed through `memref.cast` to its
//! origin: a `gpu.alloc` (aligned to [`CUDA_ALLOCATION_ALIGNMENT`]), a `memref.alloc` or
//! `memref.alloca` (aligned to its `alignment`, if any), or an argument of the host function
//! marked `{llvm.noalias}` (aligned to its `{llvm.align}`, if any); a value an `scf.for`
//! carries (two buffers swapped each time step, hotspot's ping-pong) may be any of its
//! initial and yielded values' origins. Anything else (a view, a load, a call's result, an
//! unmarked argument) is unknown. At one launch, argument `i` is
//! distinct when every memref operand has known origins and no other operand may have one of
//! its own; a fact holds for the kernel when it holds at every launch, and the alignment is the
//! smallest over the launches. Views are left out: a subview keeps the aligned pointer and
//! moves the offset, which the kernel's identity-layout parameter cannot take.
//! The launches are those under the pass's root (`facts::kernels`, one walk for all kernels):
//! run on a `gpu.module`, the pass sees none. Cost: linear in the launches' operands.

pub mod values;

use mlir_sys::*;

use crate::{facts::kernels::LaunchSite, ir};

/// Alignment of every `cuMemAlloc` allocation, which `gpu.alloc` lowers to (CUDA C++
/// Programming Guide, "Device Memory Accesses": at least 256 bytes).
pub const CUDA_ALLOCATION_ALIGNMENT: u64 = 256;

/// What the launches prove about one kernel argument.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArgumentFacts {
    /// Distinct from every other argument at every launch: its buffers (`gpu.alloc at f:6:9`).
    pub distinct: Option<String>,
    /// The aligned pointer's alignment in bytes at every launch, and where it comes from.
    pub alignment: Option<(u64, String)>,
}

/// What the launches prove about each argument of a kernel (empty: nothing proven).
#[derive(Clone, Debug, Default)]
pub struct LaunchFacts {
    /// Per argument position.
    arguments: Vec<ArgumentFacts>,
    /// The `gpu.launch_func`s that launch the kernel.
    pub sites: Vec<MlirOperation>,
    /// Per argument position, the integer every launch passes, where all pass the same
    /// constant (issue 31: facts from the module).
    constants: Vec<Option<i64>>,
    /// The most blocks in x, y, z any launch has, where every launch's grid is constant.
    grid: Option<[i64; 3]>,
    /// Per argument position, the integers the launches pass, their host loops' trips
    /// enumerated ([`values`]), where all are known.
    values: Vec<Option<Vec<i64>>>,
}

impl LaunchFacts {
    /// The facts of argument `index` (none when nothing is proven).
    pub fn argument(&self, index: usize) -> ArgumentFacts {
        self.arguments.get(index).cloned().unwrap_or_default()
    }

    /// The integer argument `index` has at every launch, where every launch passes the same
    /// constant.
    pub fn constant(&self, index: usize) -> Option<i64> {
        self.constants.get(index).copied().flatten()
    }

    /// The integers (ascending) the launches pass as argument `index`, every trip of the host
    /// loops around them counted, where all are known and at most [`values::MOST_VALUES`].
    pub fn values(&self, index: usize) -> Option<&[i64]> {
        self.all_values(index)
            .filter(|values| values.len() <= values::MOST_VALUES)
    }

    /// [`LaunchFacts::values`] however many there are.
    fn all_values(&self, index: usize) -> Option<&[i64]> {
        self.values.get(index)?.as_deref()
    }

    /// The most blocks in x, y and z any launch in the module has, where every launch's grid is
    /// a constant (the launches in the module are all of the kernel's).
    pub fn grid(&self) -> Option<[i64; 3]> {
        self.grid
    }

    /// `arg2 = 0, 16 or 32`: the integer arguments the launches pass several known values
    /// for, for the kernel's remark (at most six values named one by one).
    pub fn describe_values(&self) -> Option<String> {
        let described: Vec<String> = (0..self.values.len())
            .filter_map(|index| {
                let values = self.all_values(index).filter(|values| values.len() > 1)?;
                let words: Vec<String> = values.iter().map(i64::to_string).collect();
                Some(match words.split_last() {
                    Some((last, rest)) if values.len() <= SHOWN_VALUES => {
                        format!("arg{index} = {} or {last}", rest.join(", "))
                    }
                    _ => format!(
                        "arg{index} = {} values from {} to {}",
                        values.len(),
                        values[0],
                        values[values.len() - 1]
                    ),
                })
            })
            .collect();
        (!described.is_empty()).then(|| described.join(", "))
    }

    /// `arg1 = 100, arg2 = 4`: the constant arguments, for the kernel's remark.
    pub fn describe_constants(&self) -> Option<String> {
        let constants: Vec<String> = (0..self.constants.len())
            .filter_map(|index| Some(format!("arg{index} = {}", self.constant(index)?)))
            .collect();
        (!constants.is_empty()).then(|| constants.join(", "))
    }
}

/// `N` of the symbol `argN`.
pub(crate) fn argument_number(name: &str) -> Option<usize> {
    name.strip_prefix("arg")?.parse().ok()
}

/// Most values of an argument [`LaunchFacts::describe_values`] names one by one.
const SHOWN_VALUES: usize = 6;

/// Where a launch operand's buffer comes from.
#[derive(Clone, Debug)]
enum Origin {
    /// An allocation op, with its alignment (bytes) if known.
    Allocation(MlirOperation, Option<u64>),
    /// A `{llvm.noalias}` argument of the host function, with its `{llvm.align}` if any.
    NoaliasArgument(MlirValue, Option<u64>),
    /// Anything else.
    Unknown,
}

impl Origin {
    /// The same buffer as `other` (both known).
    fn same(&self, other: &Origin) -> bool {
        match (self, other) {
            (Origin::Allocation(a, _), Origin::Allocation(b, _)) => a.ptr == b.ptr,
            (Origin::NoaliasArgument(a, _), Origin::NoaliasArgument(b, _)) => a.ptr == b.ptr,
            _ => false,
        }
    }

    /// Where it comes from, in words.
    fn describe(&self) -> String {
        match self {
            Origin::Allocation(operation, _) => describe(*operation),
            Origin::NoaliasArgument(..) => "a {llvm.noalias} argument of the host function".into(),
            Origin::Unknown => "an unknown buffer".into(),
        }
    }

    /// Its alignment and the words that say where it comes from.
    fn alignment(&self) -> Option<(u64, String)> {
        match self {
            Origin::Allocation(operation, Some(bytes)) => Some((*bytes, describe(*operation))),
            Origin::NoaliasArgument(_, Some(bytes)) => Some((
                *bytes,
                format!("{{llvm.align = {bytes}}} on the host argument"),
            )),
            _ => None,
        }
    }
}

/// The position among the operands of a launch (a `gpu.launch_func` or a `gpu.launch`: its
/// grid sizes come first after its async dependencies) of its grid size along `dimension`.
pub fn grid_operand(site: MlirOperation, dimension: usize) -> Option<usize> {
    let segments = ir::dense_i32_array(ir::attribute(site, "operandSegmentSizes")?)?;
    Some(usize::try_from(*segments.first()?).ok()? + dimension)
}

/// The position among the operands of a launch (`gpu.launch_func` or `gpu.launch`) of its
/// dynamic shared memory size (after the async dependencies and the grid, block and cluster
/// sizes), where it has one.
pub fn dynamic_shared_operand(site: MlirOperation) -> Option<usize> {
    let segments = ir::dense_i32_array(ir::attribute(site, "operandSegmentSizes")?)?;
    let before: i32 = segments.get(..DYNAMIC_SHARED_SEGMENT)?.iter().sum();
    (*segments.get(DYNAMIC_SHARED_SEGMENT)? == 1).then_some(usize::try_from(before).ok()?)
}

/// The operand segment of a launch's dynamic shared memory size: async dependencies, 3 grid,
/// 3 block and 3 cluster sizes come first (`gpu.launch_func` and `gpu.launch` alike).
const DYNAMIC_SHARED_SEGMENT: usize = 10;

/// The launch `site`'s grid size along `dimension`, where it is a positive constant.
pub fn constant_grid_size(site: MlirOperation, dimension: usize) -> Option<i64> {
    let position = grid_operand(site, dimension)?;
    ir::static_integer(unsafe { mlirOperationGetOperand(site, position as isize) })
        .filter(|&size| size > 0)
}

/// The most blocks per dimension over `sites`, where each launch's grid is constant, or
/// constant in each trip of the host loops around it ([`values::largest_grid`]).
pub fn largest_grid(sites: &[MlirOperation]) -> Option<[i64; 3]> {
    constant_largest_grid(sites).or_else(|| values::largest_grid(sites))
}

/// The most blocks per dimension over `sites`, where each launch's grid is constant.
fn constant_largest_grid(sites: &[MlirOperation]) -> Option<[i64; 3]> {
    let grids: Vec<[i64; 3]> = sites
        .iter()
        .map(|&site| {
            let size = |dimension: usize| constant_grid_size(site, dimension);
            Some([size(0)?, size(1)?, size(2)?])
        })
        .collect::<Option<_>>()?;
    grids.into_iter().reduce(|most, grid| {
        [
            most[0].max(grid[0]),
            most[1].max(grid[1]),
            most[2].max(grid[2]),
        ]
    })
}

/// What `sites`, the launches of a `gpu.func` with `arguments` parameters, prove.
pub fn of_kernel(sites: &[&LaunchSite], arguments: usize) -> LaunchFacts {
    let sites: Vec<MlirOperation> = sites.iter().map(|site| site.operation).collect();
    let nothing = LaunchFacts {
        arguments: Vec::new(),
        constants: constant_arguments(&sites, arguments),
        grid: largest_grid(&sites),
        values: values::argument_values(&sites, arguments),
        sites: sites.clone(),
    };
    if sites.is_empty() {
        return nothing;
    }
    let mut facts: Vec<ArgumentFacts> = Vec::new();
    for (number, &site) in sites.iter().enumerate() {
        let Some(origins) = operand_origins(site, arguments) else {
            return nothing;
        };
        let all_known = origins
            .iter()
            .flatten()
            .flat_map(|(_, possible)| possible)
            .all(|origin| !matches!(origin, Origin::Unknown));
        let here: Vec<ArgumentFacts> = origins
            .iter()
            .enumerate()
            .map(|(index, operand)| {
                let Some((value, mine)) = operand else {
                    return ArgumentFacts::default();
                };
                let alone = all_known
                    && origins.iter().enumerate().all(|(other, theirs)| {
                        other == index
                            || !theirs.as_ref().is_some_and(|(their_value, theirs)| {
                                overlap(mine, theirs) && !swapped_apart(*value, *their_value)
                            })
                    });
                let words: Vec<String> = mine.iter().map(Origin::describe).collect();
                // The least alignment of the buffers it may be, where every one has one.
                let alignment = mine
                    .iter()
                    .map(Origin::alignment)
                    .collect::<Option<Vec<_>>>()
                    .and_then(|all| all.into_iter().min_by_key(|(bytes, _)| *bytes));
                ArgumentFacts {
                    distinct: alone.then(|| words.join(" or ")),
                    alignment,
                }
            })
            .collect();
        facts = if number == 0 {
            here
        } else {
            facts
                .into_iter()
                .zip(here)
                .map(|(all, one)| meet(all, one))
                .collect()
        };
    }
    LaunchFacts {
        arguments: facts,
        constants: nothing.constants,
        grid: nothing.grid,
        values: nothing.values,
        sites,
    }
}

/// Per argument of a kernel with `arguments` parameters, the integer constant every one of
/// `sites` passes for it (none where one passes another value or a non-constant).
fn constant_arguments(sites: &[MlirOperation], arguments: usize) -> Vec<Option<i64>> {
    if sites.is_empty() {
        return Vec::new();
    }
    (0..arguments)
        .map(|index| {
            let values: Option<Vec<i64>> = sites
                .iter()
                .map(|&site| {
                    let position = kernel_operand(site, index)?;
                    ir::static_integer(unsafe { mlirOperationGetOperand(site, position as isize) })
                })
                .collect();
            let values = values?;
            values
                .iter()
                .all(|&value| value == values[0])
                .then(|| values[0])
        })
        .collect()
}

/// What holds at both of two sets of launches.
fn meet(all: ArgumentFacts, one: ArgumentFacts) -> ArgumentFacts {
    ArgumentFacts {
        distinct: match (all.distinct, one.distinct) {
            (Some(all), Some(one)) if all.split(", ").any(|known| known == one) => Some(all),
            (Some(all), Some(one)) => Some(format!("{all}, {one}")),
            _ => None,
        },
        alignment: match (all.alignment, one.alignment) {
            (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
            _ => None,
        },
    }
}

/// The origin of each kernel operand of the `gpu.launch_func` `site` (`None` for one that is
/// not a memref), or `None` when the operands do not match the kernel's `arguments`.
fn operand_origins(site: MlirOperation, arguments: usize) -> Option<Vec<Option<Operand>>> {
    let positions = kernel_operands(site)?;
    if positions.len() != arguments {
        return None;
    }
    Some(
        positions
            .map(|position| {
                let operand = unsafe { mlirOperationGetOperand(site, position as isize) };
                unsafe { mlirTypeIsAMemRef(mlirValueGetType(operand)) }
                    .then(|| (operand, origins(operand)))
            })
            .collect(),
    )
}

/// The positions among the `gpu.launch_func` `site`'s operands of its kernel operands.
fn kernel_operands(site: MlirOperation) -> Option<std::ops::Range<usize>> {
    let segments = ir::dense_i32_array(ir::attribute(site, "operandSegmentSizes")?)?;
    // `kernelOperands` is the last segment but `asyncObject`.
    let position = segments.len().checked_sub(2)?;
    let first = usize::try_from(segments[..position].iter().sum::<i32>()).ok()?;
    Some(first..first + usize::try_from(segments[position]).ok()?)
}

/// Position among the `gpu.launch_func` `site`'s operands of its kernel operand `index`, if
/// it has one.
pub fn kernel_operand(site: MlirOperation, index: usize) -> Option<usize> {
    kernel_operands(site)?.nth(index)
}

/// The buffers `value` (a memref in host code) may be: one origin, or several where a loop
/// carries it (`scf.for` iter_args, as a ping-pong of two buffers swaps them each step: both
/// of its initial values and yielded values). An unknown one among them stands for any.
fn origins(value: MlirValue) -> Vec<Origin> {
    let mut found = Vec::new();
    let mut seen = Vec::new();
    collect_origins(value, &mut found, &mut seen);
    found
}

/// Adds the origins of `value` to `found`; `seen` holds the loop values already followed.
fn collect_origins(mut value: MlirValue, found: &mut Vec<Origin>, seen: &mut Vec<MlirValue>) {
    loop {
        if seen.iter().any(|known| known.ptr == value.ptr) {
            return;
        }
        let Some(owner) = ir::defining_operation(value) else {
            match iter_arg(value).map(|(for_op, position)| loop_sources(for_op, position)) {
                Some(sources) => {
                    seen.push(value);
                    for source in sources {
                        collect_origins(source, found, seen);
                    }
                }
                None => found.push(argument_origin(value)),
            }
            return;
        };
        let alignment = || {
            ir::attribute(owner, "alignment")
                .and_then(ir::integer)
                .filter(|&bytes| bytes > 0)
                .map(|bytes| bytes as u64)
        };
        let origin = match ir::operation_name(owner).as_str() {
            "memref.cast" => {
                value = unsafe { mlirOperationGetOperand(owner, 0) };
                continue;
            }
            "scf.for" => {
                seen.push(value);
                let position = unsafe { mlirOpResultGetResultNumber(value) } as usize;
                for source in loop_sources(owner, position) {
                    collect_origins(source, found, seen);
                }
                return;
            }
            "gpu.alloc" => Origin::Allocation(owner, Some(CUDA_ALLOCATION_ALIGNMENT)),
            "memref.alloc" | "memref.alloca" => Origin::Allocation(owner, alignment()),
            _ => Origin::Unknown,
        };
        found.push(origin);
        return;
    }
}

/// A memref operand of a launch and the buffers it may be.
type Operand = (MlirValue, Vec<Origin>);

/// Whether two buffers may be the same: some origin of one is one of the other's.
fn overlap(mine: &[Origin], theirs: &[Origin]) -> bool {
    theirs
        .iter()
        .any(|their| mine.iter().any(|origin| origin.same(their)))
}

/// Whether `first` and `second` are two iter_args of one `scf.for` that start as different
/// buffers and that each step yields back in some order (`yield %b, %a`: a ping-pong swap),
/// so that they differ at every step.
fn swapped_apart(first: MlirValue, second: MlirValue) -> bool {
    let (Some((loop_op, a)), Some((other_loop, b))) = (iter_arg(first), iter_arg(second)) else {
        return false;
    };
    if loop_op.ptr != other_loop.ptr || a == b {
        return false;
    }
    let pair = [a, b];
    let yielded_within = pair.iter().all(|&position| {
        let [_, yielded] = loop_sources(loop_op, position);
        iter_arg(yielded)
            .is_some_and(|(owner, theirs)| owner.ptr == loop_op.ptr && pair.contains(&theirs))
    });
    let initial = |position: usize| origins(loop_sources(loop_op, position)[0]);
    let (start_a, start_b) = (initial(a), initial(b));
    yielded_within
        && !start_a
            .iter()
            .chain(&start_b)
            .any(|origin| matches!(origin, Origin::Unknown))
        && !overlap(&start_a, &start_b)
}

/// The `scf.for` whose body has `value` as an iter_arg (a block argument other than the
/// induction variable), and the iter_arg's position.
fn iter_arg(value: MlirValue) -> Option<(MlirOperation, usize)> {
    if unsafe { !mlirValueIsABlockArgument(value) } {
        return None;
    }
    let (block, number) = unsafe {
        (
            mlirBlockArgumentGetOwner(value),
            mlirBlockArgumentGetArgNumber(value) as usize,
        )
    };
    let owner = unsafe { mlirBlockGetParentOperation(block) };
    (!owner.ptr.is_null() && ir::is_named(owner, "scf.for") && number > 0)
        .then_some((owner, number - 1))
}

/// Iter_arg `position` of the `scf.for` `for_op`: its initial operand (after lower bound,
/// upper bound and step) and the body's yielded operand.
fn loop_sources(for_op: MlirOperation, position: usize) -> [MlirValue; 2] {
    unsafe {
        let initial = mlirOperationGetOperand(for_op, (3 + position) as isize);
        let body = mlirRegionGetFirstBlock(mlirOperationGetRegion(for_op, 0));
        let yield_op = mlirBlockGetTerminator(body);
        [
            initial,
            mlirOperationGetOperand(yield_op, position as isize),
        ]
    }
}

/// The origin of a block argument: a `{llvm.noalias}` argument of a host function, or unknown.
fn argument_origin(value: MlirValue) -> Origin {
    let (function, index) = unsafe {
        let block = mlirBlockArgumentGetOwner(value);
        (
            mlirBlockGetParentOperation(block),
            mlirBlockArgumentGetArgNumber(value) as usize,
        )
    };
    if function.ptr.is_null()
        || !ir::is_named(function, "func.func")
        || ir::argument_attribute(function, index, "llvm.noalias").is_none()
    {
        return Origin::Unknown;
    }
    let align = ir::argument_attribute(function, index, "llvm.align")
        .and_then(ir::integer)
        .filter(|&bytes| bytes > 0)
        .map(|bytes| bytes as u64);
    Origin::NoaliasArgument(value, align)
}

/// `gpu.alloc at file:3:5`.
fn describe(operation: MlirOperation) -> String {
    format!(
        "{} at {}",
        ir::operation_name(operation),
        ir::location_text(unsafe { mlirOperationGetLocation(operation) })
    )
}

//! Kernels under the operation the pass runs on, and their block sizes.
//!
//! A kernel is a `gpu.func` marked `gpu.kernel`, or the body of a
//! `gpu.launch`. The pass is op-agnostic: run on a `builtin.module` it sees
//! every `gpu.module` below; run on one `gpu.module` it sees that one.
//!
//! The block size decides which threads form a warp (lanes are 32
//! consecutive linear ids `tid.x + tid.y·Bx + tid.z·Bx·By`), so every warp
//! metric depends on it. It comes, in order, from the IR (`known_block_size`
//! on a `gpu.func`; constant block operands of a `gpu.launch`; constant block
//! operands of every `gpu.launch_func` that launches the kernel, when they
//! agree), then from the option `block=X,Y,Z`. Otherwise it is unknown, with
//! the reason, and no metric is guessed.

use std::{cell::RefCell, collections::BTreeMap};

use analysis::delinearize::Range;
use analysis::expression::{IndexExpression, Loop, LoopId, Variable};
use analysis::matrix::Condition;
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};
use mlir_sys::{MlirOperation, MlirRegion, MlirValue};

use crate::{
    facts::launches::{self, LaunchFacts},
    ir::{self, WORKGROUP_ATTRIBUTIONS},
};

/// Where a kernel's block size came from, or why it is unknown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockSize {
    /// Known, with its source (e.g. `known_block_size`).
    Known {
        /// Threads in x, y, z.
        sizes: [u32; 3],
        /// Where it came from, for remarks.
        source: &'static str,
    },
    /// Unknown, with the reason.
    Unknown(String),
}

impl BlockSize {
    /// The sizes, if known.
    pub fn sizes(&self) -> Option<[u32; 3]> {
        match self {
            BlockSize::Known { sizes, .. } => Some(*sizes),
            BlockSize::Unknown(_) => None,
        }
    }

    /// One line for remarks: `block 32x8x1 (from known_block_size)`.
    pub fn describe(&self) -> String {
        match self {
            BlockSize::Known { sizes, source } => format!(
                "block {}x{}x{} (from {source})",
                sizes[0], sizes[1], sizes[2]
            ),
            BlockSize::Unknown(reason) => format!("block size unknown: {reason}"),
        }
    }
}

/// The shape of a kernel's body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KernelKind {
    /// A `gpu.func` with this many inputs and workgroup attributions.
    Function {
        /// Number of kernel arguments.
        inputs: usize,
        /// Number of workgroup (shared-memory) attributions.
        workgroup: usize,
    },
    /// A `gpu.launch` body (ids and sizes are its first 12 block arguments).
    Launch {
        /// Number of workgroup attributions.
        workgroup: usize,
    },
}

/// One kernel found under the pass's operation.
#[derive(Clone, Debug)]
pub struct Kernel {
    /// The `gpu.func` or `gpu.launch`.
    pub operation: MlirOperation,
    /// Symbol name, or `launch@<loc>` for a `gpu.launch`.
    pub name: String,
    /// What kind of body it has.
    pub kind: KernelKind,
    /// The block size, or why it is unknown.
    pub block: BlockSize,
    /// What the launch sites in the module prove about its arguments.
    pub launches: LaunchFacts,
    /// What a run-time check at its entry establishes for the optimized body (`version`).
    pub assumed: Assumed,
    /// What its launches' grids are divided by per dimension where it stands for a tiled copy
    /// being predicted (`register_tile`), whose launches are still the original's; ones
    /// otherwise.
    pub grid_divisors: [i64; 3],
    /// The products of two values the same for a whole block that the access model names as
    /// symbols of their own (`bid.x*block_dim.x`), by name, with their two factors, whose
    /// ranges bound theirs; recorded as indices are read.
    pub block_products: RefCell<BTreeMap<String, [IndexExpression; 2]>>,
}

/// Facts about a kernel's arguments that nothing proves but a check at its entry establishes
/// for the optimized body (`steps::version`): the steps prove with them as with guards, and the
/// code as written runs where the check fails.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assumed {
    /// Conditions over integer arguments (`arg0 - 4096 <= 0`).
    pub conditions: Vec<Condition>,
    /// Pairs of memref arguments whose bytes lie apart.
    pub apart: Vec<(usize, usize)>,
}

impl Assumed {
    /// Whether arguments `first` and `second` are assumed apart.
    pub fn apart(&self, first: usize, second: usize) -> bool {
        self.apart
            .iter()
            .any(|&pair| pair == (first, second) || pair == (second, first))
    }
}

impl Kernel {
    /// The body region.
    pub fn body(&self) -> MlirRegion {
        unsafe { mlir_sys::mlirOperationGetRegion(self.operation, 0) }
    }

    /// The operations that launch it: its `gpu.launch_func`s in the module, or the
    /// `gpu.launch` itself (whose grid operands come first after its async dependencies, as a
    /// `gpu.launch_func`'s do).
    pub fn launch_operations(&self) -> Vec<MlirOperation> {
        match self.kind {
            KernelKind::Launch { .. } => vec![self.operation],
            KernelKind::Function { .. } => self.launches.sites.clone(),
        }
    }

    /// The grid size along `dimension` (0 to 2), where every launch of the kernel (its
    /// launches in the module, or the `gpu.launch` itself) gives the same constant: what
    /// `gpu.grid_dim` reads (a grid-stride loop's step).
    pub fn grid_size(&self, dimension: usize) -> Option<i64> {
        let mut sizes = self
            .launch_operations()
            .into_iter()
            .map(|site| crate::facts::launches::constant_grid_size(site, dimension));
        let first = sizes.next()??;
        let divisor = self.grid_divisors[dimension].max(1);
        (sizes.all(|size| size == Some(first)) && first % divisor == 0).then_some(first / divisor)
    }

    /// The most blocks in x, y and z a launch of the kernel has: those its launches give (in
    /// the module, or the `gpu.launch` itself) where each is constant, else its
    /// `known_grid_size` (what a lone kernel's author states).
    pub fn grid(&self) -> Option<[i64; 3]> {
        crate::facts::launches::largest_grid(&self.launch_operations()).or_else(|| {
            let sizes =
                ir::attribute(self.operation, "known_grid_size").and_then(ir::dense_i32_array)?;
            <[i32; 3]>::try_from(sizes)
                .ok()
                .map(|sizes| sizes.map(i64::from))
        })
    }

    /// The range of `variable` under `loops` (the enclosing loops, outermost first): thread
    /// ids below the block size, block ids from 0, loop counters between their constant bounds,
    /// arguments between the values their launches pass, sizes and a block's products of
    /// non-negative values from their least ([`Kernel::block_products`]), other symbols
    /// unbounded.
    pub fn range(&self, loops: &[Loop], variable: &Variable) -> Range {
        let sizes = self.block.sizes();
        let thread =
            |dimension: usize| (Some(0), sizes.map(|sizes| i64::from(sizes[dimension]) - 1));
        match variable {
            Variable::ThreadX => thread(0),
            Variable::ThreadY => thread(1),
            Variable::ThreadZ => thread(2),
            // Below the largest grid its launches give, where they all give one ([`Kernel::grid`]).
            Variable::BlockX | Variable::BlockY | Variable::BlockZ => {
                let dimension = match variable {
                    Variable::BlockX => 0,
                    Variable::BlockY => 1,
                    _ => 2,
                };
                let divisor = self.grid_divisors[dimension].max(1);
                (
                    Some(0),
                    self.grid().map(|grid| grid[dimension] / divisor - 1),
                )
            }
            // Its last value is the last step below the upper bound (`0 .. 64 step 32`: 32).
            Variable::Loop(LoopId(depth)) => match loops.get(*depth) {
                Some(enclosing) if enclosing.step.is_some_and(|step| step > 0) => (
                    enclosing.lower,
                    enclosing
                        .upper
                        .zip(enclosing.lower)
                        .zip(enclosing.step)
                        .filter(|((upper, lower), _)| upper > lower)
                        .and_then(|((upper, lower), step)| {
                            let span = upper.checked_sub(1)?.checked_sub(lower)?;
                            lower.checked_add(span / step * step)
                        }),
                ),
                _ => (None, None),
            },
            // An argument between the least and the most its launches in the module pass
            // (LUD's offset `i`: 0, 16 or 32), where every launch's value is known.
            Variable::Symbol(name) => match crate::facts::launches::argument_number(name)
                .and_then(|number| self.launches.values(number))
            {
                Some(values) => (values.first().copied(), values.last().copied()),
                None => self.symbol_range(loops, name),
            },
        }
    }

    /// The range of a symbol other than an argument: a size's (`dim(arg0, 1)` from 0,
    /// `grid_dim.x` and `block_dim.x` from 1), or of the block product `name`
    /// ([`Kernel::block_products`]) where both its factors are non-negative, the products of
    /// their bounds (an overflow: unknown).
    fn symbol_range(&self, loops: &[Loop], name: &str) -> Range {
        if name.starts_with("dim(") {
            return (Some(0), None);
        }
        if name.starts_with("grid_dim.") || name.starts_with("block_dim.") {
            return (Some(1), None);
        }
        let Some(factors) = self.block_products.borrow().get(name).cloned() else {
            return (None, None);
        };
        let [(first_low, first_high), (second_low, second_high)] = factors.map(|factor| {
            analysis::delinearize::bounds(&factor, &|variable| self.range(loops, variable))
        });
        match (first_low, second_low) {
            (Some(first), Some(second)) if first >= 0 && second >= 0 => (
                first.checked_mul(second),
                first_high
                    .zip(second_high)
                    .and_then(|(first, second)| first.checked_mul(second)),
            ),
            _ => (None, None),
        }
    }
}

/// Finds the kernels nested in (or being) `root`, in IR order.
pub fn find(root: MlirOperation, block_option: Option<[u32; 3]>) -> Vec<Kernel> {
    let root_ref = unsafe { OperationRef::from_raw(root) };
    let launches = launch_sites(&root_ref);
    let mut kernels = Vec::new();
    root_ref.walk(WalkOrder::PreOrder, |operation| {
        let raw = operation.to_raw();
        match ir::operation_name(raw).as_str() {
            "gpu.func" if ir::attribute(raw, "gpu.kernel").is_some() => {
                kernels.push(function_kernel(raw, &launches, block_option));
                WalkResult::Skip
            }
            "gpu.launch" => {
                kernels.push(launch_kernel(raw, block_option));
                WalkResult::Skip
            }
            _ => WalkResult::Advance,
        }
    });
    kernels
}

/// One `gpu.launch_func` under the pass's root.
pub struct LaunchSite {
    /// The op.
    pub operation: MlirOperation,
    /// The launched kernel's `gpu.module` and function names.
    kernel: (String, String),
    /// Its constant block sizes, if constant.
    block: Option<[u32; 3]>,
}

/// Every `gpu.launch_func` under `root` (one walk): what the pass may see of host code.
fn launch_sites(root: &OperationRef) -> Vec<LaunchSite> {
    let mut sites = Vec::new();
    root.walk(WalkOrder::PreOrder, |operation| {
        let raw = operation.to_raw();
        if ir::is_named(raw, "gpu.launch_func") {
            if let Some(symbol) = ir::attribute(raw, "kernel") {
                let kernel = unsafe {
                    (
                        ir::string_ref(mlir_sys::mlirSymbolRefAttrGetRootReference(symbol)),
                        ir::string_ref(mlir_sys::mlirSymbolRefAttrGetLeafReference(symbol)),
                    )
                };
                sites.push(LaunchSite {
                    operation: raw,
                    kernel,
                    block: constant_block_operands(raw),
                });
            }
        }
        WalkResult::Advance
    });
    sites
}

/// The sites in `sites` that launch the `gpu.func` `function`.
fn sites_of(sites: &[LaunchSite], function: MlirOperation) -> Vec<&LaunchSite> {
    let module = unsafe { mlir_sys::mlirOperationGetParentOperation(function) };
    let (Some(module), Some(function)) = (ir::symbol_name(module), ir::symbol_name(function))
    else {
        return Vec::new();
    };
    sites
        .iter()
        .filter(|site| site.kernel.0 == module && site.kernel.1 == function)
        .collect()
}

/// The three block-size operands of a `gpu.launch` or `gpu.launch_func`
/// (after the async dependencies and the three grid sizes), if constant.
fn constant_block_operands(operation: MlirOperation) -> Option<[u32; 3]> {
    let segments = ir::dense_i32_array(ir::attribute(operation, "operandSegmentSizes")?)?;
    let first = usize::try_from(*segments.first()?).ok()? + 3;
    let mut sizes = [0; 3];
    for (dimension, size) in sizes.iter_mut().enumerate() {
        let operand: MlirValue =
            unsafe { mlir_sys::mlirOperationGetOperand(operation, (first + dimension) as isize) };
        *size = u32::try_from(ir::static_integer(operand)?).ok()?;
    }
    Some(sizes)
}

/// A `gpu.func` kernel: block size from `known_block_size`, launch sites, the option.
fn function_kernel(
    operation: MlirOperation,
    launches: &[LaunchSite],
    block_option: Option<[u32; 3]>,
) -> Kernel {
    let own = sites_of(launches, operation);
    let name = ir::symbol_name(operation).unwrap_or_default();
    let inputs = ir::attribute(operation, "function_type")
        .map(|type_| unsafe {
            mlir_sys::mlirFunctionTypeGetNumInputs(mlir_sys::mlirTypeAttrGetValue(type_))
        })
        .map_or(0, |count| count as usize);
    let workgroup = ir::attribute(operation, WORKGROUP_ATTRIBUTIONS)
        .and_then(ir::integer)
        .map_or(0, |count| count as usize);
    let known = ir::attribute(operation, "known_block_size")
        .and_then(ir::dense_i32_array)
        .and_then(|sizes| {
            let sizes: Vec<u32> = sizes.into_iter().map(|size| size as u32).collect();
            <[u32; 3]>::try_from(sizes).ok()
        });
    let sites: Vec<Option<[u32; 3]>> = own.iter().map(|site| site.block).collect();
    let block = if let Some(sizes) = known {
        BlockSize::Known {
            sizes,
            source: "known_block_size",
        }
    } else if let Some(sizes) = agreeing(&sites) {
        BlockSize::Known {
            sizes,
            source: "gpu.launch_func",
        }
    } else {
        from_option(block_option, || {
            if sites.is_empty() {
                "no known_block_size, no gpu.launch_func in this module, no 'block' option"
                    .to_string()
            } else {
                format!(
                    "{} gpu.launch_func sites without one constant block size, no 'block' option",
                    sites.len()
                )
            }
        })
    };
    Kernel {
        operation,
        name,
        kind: KernelKind::Function { inputs, workgroup },
        block,
        launches: launches::of_kernel(&own, inputs),
        assumed: Assumed::default(),
        grid_divisors: [1; 3],
        block_products: RefCell::default(),
    }
}

/// A `gpu.launch` body: block size from its constant operands, or the option.
fn launch_kernel(operation: MlirOperation, block_option: Option<[u32; 3]>) -> Kernel {
    let location = unsafe { mlir_sys::mlirOperationGetLocation(operation) };
    let workgroup = ir::attribute(operation, WORKGROUP_ATTRIBUTIONS)
        .and_then(ir::integer)
        .map_or(0, |count| count as usize);
    let block = match constant_block_operands(operation) {
        Some(sizes) => BlockSize::Known {
            sizes,
            source: "gpu.launch operands",
        },
        None => from_option(block_option, || {
            "gpu.launch block operands are not constant, no 'block' option".to_string()
        }),
    };
    Kernel {
        operation,
        name: format!("launch@{}", ir::location_text(location)),
        kind: KernelKind::Launch { workgroup },
        block,
        launches: LaunchFacts::default(),
        assumed: Assumed::default(),
        grid_divisors: [1; 3],
        block_products: RefCell::default(),
    }
}

/// The one block size all launch sites agree on, if every site is constant.
fn agreeing(sites: &[Option<[u32; 3]>]) -> Option<[u32; 3]> {
    let first = (*sites.first()?)?;
    sites
        .iter()
        .all(|site| *site == Some(first))
        .then_some(first)
}

/// The source of a block size taken from option `block`.
pub const FROM_OPTION: &str = "option 'block'";

/// The option's block size, or unknown with `reason`.
fn from_option(block_option: Option<[u32; 3]>, reason: impl FnOnce() -> String) -> BlockSize {
    match block_option {
        Some(sizes) => BlockSize::Known {
            sizes,
            source: FROM_OPTION,
        },
        None => BlockSize::Unknown(reason()),
    }
}

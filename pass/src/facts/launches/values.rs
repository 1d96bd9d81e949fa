//! The integers the launches pass where host loops around them take several values (Rodinia
//! LUD's `for (i = 0; i < n - 16; i += 16) lud_internal<<<…>>>(m, n, i)`): each enclosing
//! `scf.for` whose bounds fold runs its trips one at a time, outermost first, its induction
//! variable and each iteration argument a trip adds the same constant to (`i += 16` carried
//! as an `int`) bound to their values, and the operand is folded under each binding. Other
//! block arguments stay unbound, so an operand that reads one has no values. Cost: at most
//! [`MOST_BINDINGS`] bindings a launch site, each a fold of the operand.

use mlir_sys::*;

use super::kernel_operand;
use crate::ir;

/// Most bindings of the host loops around one launch site that are enumerated.
pub const MOST_BINDINGS: usize = 256;

/// Most distinct values of an argument the facts use ([`super::LaunchFacts::values`]); the
/// kernel's remark counts them all.
pub const MOST_VALUES: usize = 64;

/// A value for each bound block argument.
type Binding = Vec<(MlirValue, i64)>;

/// Per argument of a kernel with `arguments` parameters, the distinct integers (ascending)
/// `sites` pass for it, every binding of their host loops counted; none where one is unknown.
pub fn argument_values(sites: &[MlirOperation], arguments: usize) -> Vec<Option<Vec<i64>>> {
    let bindings: Option<Vec<(MlirOperation, Vec<Binding>)>> = sites
        .iter()
        .map(|&site| Some((site, bindings(site)?)))
        .collect();
    let Some(bindings) = bindings.filter(|found| !found.is_empty()) else {
        return Vec::new();
    };
    (0..arguments)
        .map(|index| {
            let mut values = Vec::new();
            for (site, site_bindings) in &bindings {
                let position = kernel_operand(*site, index)?;
                let operand = unsafe { mlirOperationGetOperand(*site, position as isize) };
                for binding in site_bindings {
                    values.push(ir::integer_where(operand, &|value| bound(binding, value))?);
                }
            }
            values.sort_unstable();
            values.dedup();
            Some(values)
        })
        .collect()
}

/// The most blocks in x, y and z any of `sites` launches, every binding of their host loops
/// counted (LUD's `dimGrid((matrix_dim - i)/BLOCK_SIZE - 1, …)` in its `i` loop); `None`
/// where a size is unknown or not positive under some binding, or there is no site.
pub fn largest_grid(sites: &[MlirOperation]) -> Option<[i64; 3]> {
    let mut most: Option<[i64; 3]> = None;
    for &site in sites {
        let operands: Vec<MlirValue> = (0..3)
            .map(|dimension| {
                let position = super::grid_operand(site, dimension)?;
                Some(unsafe { mlirOperationGetOperand(site, position as isize) })
            })
            .collect::<Option<_>>()?;
        for binding in bindings(site)? {
            let mut grid = [0; 3];
            for (size, &operand) in grid.iter_mut().zip(&operands) {
                *size = ir::integer_where(operand, &|value| bound(&binding, value))
                    .filter(|&size| size > 0)?;
            }
            most = Some(most.map_or(grid, |most| {
                [0, 1, 2].map(|dimension| most[dimension].max(grid[dimension]))
            }));
        }
    }
    most
}

/// The value `binding` gives `value`, if any.
fn bound(binding: &Binding, value: MlirValue) -> Option<i64> {
    binding
        .iter()
        .find(|(argument, _)| unsafe { mlirValueEqual(*argument, value) })
        .map(|&(_, known)| known)
}

/// Every binding of the `scf.for` loops around `site`, or `None` where a loop's bounds do not
/// fold or there are more than [`MOST_BINDINGS`].
fn bindings(site: MlirOperation) -> Option<Vec<Binding>> {
    let mut loops = Vec::new();
    let mut parent = unsafe { mlirOperationGetParentOperation(site) };
    while !parent.ptr.is_null() {
        if ir::is_named(parent, "scf.for") {
            loops.push(parent);
        }
        parent = unsafe { mlirOperationGetParentOperation(parent) };
    }
    let mut all: Vec<Binding> = vec![Vec::new()];
    for &the_loop in loops.iter().rev() {
        let mut next = Vec::new();
        for binding in &all {
            for trip in trips(the_loop, binding)? {
                let mut extended = binding.clone();
                extended.extend(trip);
                next.push(extended);
            }
            if next.len() > MOST_BINDINGS {
                return None;
            }
        }
        all = next;
    }
    Some(all)
}

/// The bindings of `the_loop`'s block arguments in each of its trips under `outer`: its
/// induction variable, and each iteration argument a trip adds the same constant to.
fn trips(the_loop: MlirOperation, outer: &Binding) -> Option<Vec<Binding>> {
    let fold = |value: MlirValue| ir::integer_where(value, &|argument| bound(outer, argument));
    let (lower, count, step) = ir::loop_trips(the_loop, &fold)?;
    if count > MOST_BINDINGS as i64 {
        return None;
    }
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0)) };
    let arguments = unsafe { mlirBlockGetNumArguments(body) };
    // (argument, initial value, increment) of each iteration argument that is a recurrence.
    let recurrences: Vec<(MlirValue, i64, i64)> = (1..arguments)
        .filter_map(|number| {
            let argument = unsafe { mlirBlockGetArgument(body, number) };
            let initial = fold(unsafe { mlirOperationGetOperand(the_loop, 2 + number) })?;
            let increment = ir::loop_increment(the_loop, number as usize - 1)?;
            Some((argument, initial, fold(increment)?))
        })
        .collect();
    let induction = unsafe { mlirBlockGetArgument(body, 0) };
    (0..count)
        .map(|trip| {
            let mut binding = vec![(induction, lower.checked_add(trip.checked_mul(step)?)?)];
            for &(argument, initial, increment) in &recurrences {
                binding.push((argument, initial.checked_add(trip.checked_mul(increment)?)?));
            }
            Some(binding)
        })
        .collect()
}

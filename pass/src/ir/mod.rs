//! Small, total helpers over MLIR's C API: strings, locations, types,
//! attributes. Each answers `None` where the IR does not say, never panics.

pub mod affine;
pub mod builder;
pub mod numbering;

/// The attribute that counts the workgroup attributions of a `gpu.func` and of a
/// `gpu.launch` alike (MLIR's `getNumWorkgroupAttributionsAttrName`; absent means 0).
pub const WORKGROUP_ATTRIBUTIONS: &str = "workgroup_attributions";

use std::ffi::c_void;

use mlir_sys::*;

/// Borrows `text` as an `MlirStringRef` (valid while `text` lives).
pub fn string_ref_of(text: &str) -> MlirStringRef {
    MlirStringRef {
        data: text.as_ptr().cast(),
        length: text.len(),
    }
}

/// Copies an `MlirStringRef` into a `String` (lossy on invalid UTF-8).
///
/// # Safety
/// `text` must point to `length` readable bytes, or have length 0.
pub unsafe fn string_ref(text: MlirStringRef) -> String {
    if text.length == 0 {
        return String::new();
    }
    let bytes = std::slice::from_raw_parts(text.data.cast::<u8>(), text.length);
    String::from_utf8_lossy(bytes).into_owned()
}

/// Collects what an MLIR print function writes through its callback.
pub fn printed(print: impl FnOnce(MlirStringCallback, *mut c_void)) -> String {
    unsafe extern "C" fn append(piece: MlirStringRef, user_data: *mut c_void) {
        let text = &mut *user_data.cast::<String>();
        text.push_str(&string_ref(piece));
    }
    let mut text = String::new();
    print(Some(append), (&mut text as *mut String).cast());
    text
}

/// `file:line:col` for a file location (looking through names, call sites
/// and fused locations), else the printed location.
pub fn location_text(location: MlirLocation) -> String {
    unsafe {
        if mlirLocationIsAFileLineColRange(location) {
            return format!(
                "{}:{}:{}",
                string_ref(mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(
                    location
                ))),
                mlirLocationFileLineColRangeGetStartLine(location),
                mlirLocationFileLineColRangeGetStartColumn(location)
            );
        }
        if mlirLocationIsAName(location) {
            return location_text(mlirLocationNameGetChildLoc(location));
        }
        if mlirLocationIsACallSite(location) {
            return location_text(mlirLocationCallSiteGetCallee(location));
        }
        if mlirLocationIsAFused(location) && mlirLocationFusedGetNumLocations(location) > 0 {
            let mut first = mlirLocationUnknownGet(mlirLocationGetContext(location));
            mlirLocationFusedGetLocations(location, &mut first);
            return location_text(first);
        }
        printed(|callback, data| mlirLocationPrint(location, callback, data))
    }
}

/// Whether `left` and `right` are the same values, in order.
pub fn same_values(left: &[MlirValue], right: &[MlirValue]) -> bool {
    left.len() == right.len()
        && left
            .iter()
            .zip(right)
            .all(|(left, right)| unsafe { mlirValueEqual(*left, *right) })
}

/// Whether `value` is defined outside `operation` (a loop): not by an op in it, nor an
/// argument of a block of it.
pub fn defined_outside(value: MlirValue, operation: MlirOperation) -> bool {
    match defining_operation(value) {
        Some(owner) => !encloses(operation, owner),
        None => unsafe {
            let parent = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(value));
            !(parent.ptr == operation.ptr || encloses(operation, parent))
        },
    }
}

/// Whether `ancestor` strictly encloses `operation`.
pub fn encloses(ancestor: MlirOperation, operation: MlirOperation) -> bool {
    let mut current = unsafe { mlirOperationGetParentOperation(operation) };
    while !current.ptr.is_null() {
        if current.ptr == ancestor.ptr {
            return true;
        }
        current = unsafe { mlirOperationGetParentOperation(current) };
    }
    false
}

/// The outermost loop (`scf.for`, `scf.while`, their affine and parallel forms) around
/// `operation`, stopping at `within` (a kernel) where given.
pub fn outermost_loop(
    operation: MlirOperation,
    within: Option<MlirOperation>,
) -> Option<MlirOperation> {
    let mut outer = None;
    let mut current = unsafe { mlirOperationGetParentOperation(operation) };
    while !current.ptr.is_null() && within.is_none_or(|within| within.ptr != current.ptr) {
        if matches!(
            operation_name(current).as_str(),
            "scf.for" | "affine.for" | "scf.while" | "scf.parallel" | "affine.parallel"
        ) {
            outer = Some(current);
        }
        current = unsafe { mlirOperationGetParentOperation(current) };
    }
    outer
}

/// The `scf.if`s around `operation` up to its `gpu.func`, innermost first, each with whether
/// `operation` is in its `then` region rather than its `else`.
pub fn branches(operation: MlirOperation) -> Vec<(MlirOperation, bool)> {
    let mut found = Vec::new();
    let mut inner = operation;
    loop {
        let parent = unsafe { mlirOperationGetParentOperation(inner) };
        if parent.ptr.is_null() || is_named(parent, "gpu.func") {
            return found;
        }
        if is_named(parent, "scf.if") {
            let region = unsafe { mlirBlockGetParentRegion(mlirOperationGetBlock(inner)) };
            let then_region = unsafe { mlirOperationGetRegion(parent, 0) };
            found.push((parent, unsafe { mlirRegionEqual(region, then_region) }));
        }
        inner = parent;
    }
}

/// Whether two operations' `scf.if`s (as [`branches`] lists them, innermost first) put them in
/// different branches of one `scf.if`: the first they share decides.
pub fn opposite_branches(
    first: &[(MlirOperation, bool)],
    second: &[(MlirOperation, bool)],
) -> bool {
    first.iter().find_map(|&(branch, then)| {
        second
            .iter()
            .find(|(other, _)| other.ptr == branch.ptr)
            .map(|&(_, other_then)| other_then != then)
    }) == Some(true)
}

/// The name of an operation, e.g. `memref.load`.
pub fn operation_name(operation: MlirOperation) -> String {
    unsafe { string_ref(mlirIdentifierStr(mlirOperationGetName(operation))) }
}

/// Whether `operation` is named `name`, compared in place (no copy of the name: the pass asks
/// this of every operation it walks).
pub fn is_named(operation: MlirOperation, name: &str) -> bool {
    let found = unsafe { mlirIdentifierStr(mlirOperationGetName(operation)) };
    found.length == name.len()
        && unsafe { std::slice::from_raw_parts(found.data.cast::<u8>(), found.length) }
            == name.as_bytes()
}

/// The printed form of a type.
pub fn type_text(type_: MlirType) -> String {
    printed(|callback, data| unsafe { mlirTypePrint(type_, callback, data) })
}

/// The printed form of an attribute.
pub fn attribute_text(attribute: MlirAttribute) -> String {
    printed(|callback, data| unsafe { mlirAttributePrint(attribute, callback, data) })
}

/// The `sym_name` of a symbol op, if it has one.
pub fn symbol_name(operation: MlirOperation) -> Option<String> {
    attribute(operation, "sym_name").map(|name| unsafe { string_ref(mlirStringAttrGetValue(name)) })
}

/// The attribute `name` of `operation`, if present.
pub fn attribute(operation: MlirOperation, name: &str) -> Option<MlirAttribute> {
    let attribute = unsafe { mlirOperationGetAttributeByName(operation, string_ref_of(name)) };
    (!attribute.ptr.is_null()).then_some(attribute)
}

/// The values of a `array<i32: ...>` attribute.
pub fn dense_i32_array(attribute: MlirAttribute) -> Option<Vec<i32>> {
    unsafe {
        if !mlirAttributeIsADenseI32Array(attribute) {
            return None;
        }
        let count = mlirDenseArrayGetNumElements(attribute);
        Some(
            (0..count)
                .map(|index| mlirDenseI32ArrayGetElement(attribute, index))
                .collect(),
        )
    }
}

/// The value of an integer attribute.
pub fn integer(attribute: MlirAttribute) -> Option<i64> {
    unsafe { mlirAttributeIsAInteger(attribute).then(|| mlirIntegerAttrGetValueInt(attribute)) }
}

/// Every use of `value`: the operation and the operand's position in it.
pub fn uses(value: MlirValue) -> Vec<(MlirOperation, usize)> {
    let mut uses = Vec::new();
    let mut use_ = unsafe { mlirValueGetFirstUse(value) };
    while unsafe { !mlirOpOperandIsNull(use_) } {
        uses.push(unsafe {
            (
                mlirOpOperandGetOwner(use_),
                mlirOpOperandGetOperandNumber(use_) as usize,
            )
        });
        use_ = unsafe { mlirOpOperandGetNextUse(use_) };
    }
    uses
}

/// The operations of `block`, in order.
pub fn block_operations(block: MlirBlock) -> Vec<MlirOperation> {
    let mut operations = Vec::new();
    let mut operation = unsafe { mlirBlockGetFirstOperation(block) };
    while !operation.ptr.is_null() {
        operations.push(operation);
        operation = unsafe { mlirOperationGetNextInBlock(operation) };
    }
    operations
}

/// Moves the operations from `first` up to (not including) `end`, in order, before `anchor`.
pub fn move_range(first: MlirOperation, end: MlirOperation, anchor: MlirOperation) {
    let mut operation = first;
    while operation.ptr != end.ptr {
        unsafe {
            let next = mlirOperationGetNextInBlock(operation);
            mlirOperationMoveBefore(operation, anchor);
            operation = next;
        }
    }
}

/// `operation` and every operation nested in it, in pre-order (melior's walk).
pub fn walk(operation: MlirOperation) -> Vec<MlirOperation> {
    use melior::ir::{
        operation::{OperationLike, WalkOrder, WalkResult},
        OperationRef,
    };
    let mut found = Vec::new();
    unsafe { OperationRef::from_raw(operation) }.walk(WalkOrder::PreOrder, |inner| {
        found.push(inner.to_raw());
        WalkResult::Advance
    });
    found
}

/// The constant integer an `arith.constant` (integer or index) defines.
pub fn constant_integer(value: MlirValue) -> Option<i64> {
    unsafe {
        if !mlirValueIsAOpResult(value) {
            return None;
        }
        let owner = mlirOpResultGetOwner(value);
        if operation_name(owner) != "arith.constant" {
            return None;
        }
        integer(attribute(owner, "value")?)
    }
}

/// The value of `value` when known at compile time: an integer constant, `memref.dim` of a
/// static dimension at a constant index (a DSL's loop bound `memref.dim %a, %c1` on
/// `memref<2048x2048xf32>` is 2048), or `arith` and `affine.apply` arithmetic of such values
/// (a launch's `ceildiv(n, 32)` that `--canonicalize` would fold; PolyBench's
/// `(size_t)ceil((float)n / (float)b)` through its float ops). Checked: an overflow, a zero
/// divisor, an unsigned op on a negative value or a float that is not an integer is unknown.
pub fn static_integer(value: MlirValue) -> Option<i64> {
    folded(value, 0, &|_| None)
}

/// [`static_integer`] with the block arguments `bound` gives a value for taken at it (the
/// variables of the host loops around a launch, one trip at a time).
pub fn integer_where(value: MlirValue, bound: &dyn Fn(MlirValue) -> Option<i64>) -> Option<i64> {
    folded(value, 0, bound)
}

/// The casts that widen an integer or make it an `index` (what `int` arithmetic adds), which
/// keep its value.
pub const WIDENING_CASTS: [&str; 4] = [
    "arith.index_cast",
    "arith.index_castui",
    "arith.extsi",
    "arith.extui",
];

/// Deepest chain [`static_integer`] folds.
const MAX_FOLDED_DEPTH: usize = 32;

/// [`static_integer`] at `depth` ops from where it started.
fn folded(value: MlirValue, depth: usize, bound: &dyn Fn(MlirValue) -> Option<i64>) -> Option<i64> {
    if let Some(constant) = constant_integer(value) {
        return Some(constant);
    }
    if depth > MAX_FOLDED_DEPTH {
        return None;
    }
    if unsafe { !mlirValueIsAOpResult(value) } {
        return bound(value);
    }
    let owner = unsafe { mlirOpResultGetOwner(value) };
    let operand = |index: isize| {
        folded(
            unsafe { mlirOperationGetOperand(owner, index) },
            depth + 1,
            bound,
        )
    };
    let name = operation_name(owner);
    let unsigned = |value: i64| (value >= 0).then_some(value);
    let pair = || Some((operand(0)?, operand(1)?));
    match name.as_str() {
        "memref.dim" => static_dimension(owner),
        // An `i1` reads as −1 for true (signed, as `arith.constant true` does): zero-extended 1.
        cast if WIDENING_CASTS.contains(&cast) => match is_boolean(owner) {
            true if cast.ends_with("ui") => operand(0).map(|value| i64::from(value != 0)),
            _ => operand(0),
        },
        "arith.addi" => pair().and_then(|(a, b)| a.checked_add(b)),
        "arith.subi" => pair().and_then(|(a, b)| a.checked_sub(b)),
        "arith.muli" => pair().and_then(|(a, b)| a.checked_mul(b)),
        "arith.maxsi" => pair().map(|(a, b)| a.max(b)),
        "arith.minsi" => pair().map(|(a, b)| a.min(b)),
        "arith.divsi" => pair().and_then(|(a, b)| a.checked_div(b)),
        "arith.remsi" => pair().and_then(|(a, b)| a.checked_rem(b)),
        "arith.floordivsi" => pair().and_then(|(a, b)| (b > 0).then(|| a.div_euclid(b))),
        "arith.divui" => pair().and_then(|(a, b)| unsigned(a)?.checked_div(unsigned(b)?)),
        "arith.remui" => pair().and_then(|(a, b)| unsigned(a)?.checked_rem(unsigned(b)?)),
        "arith.ceildivui" => pair().and_then(|(a, b)| ceiling(unsigned(a)?, unsigned(b)?)),
        // C's `c ? a : b` on constants (a grid's `n % b == 0 ? 0 : 1`).
        "arith.cmpi" => {
            let predicate = attribute(owner, "predicate").and_then(integer)?;
            pair().and_then(|(a, b)| compare(predicate, a, b).map(|holds| -i64::from(holds)))
        }
        "arith.select" => match operand(0)? {
            0 => operand(2),
            _ => operand(1),
        },
        "scf.for" => loop_result(owner, value, (depth + 1, bound)),
        // C's `(size_t)ceil((float)n / (float)b)`, PolyBench's grids: an integral float.
        "arith.fptoui" | "arith.fptosi" => {
            let float = float_value(
                unsafe { mlirOperationGetOperand(owner, 0) },
                depth + 1,
                bound,
            )?;
            let integral = float.is_finite() && float.fract() == 0.0 && float.abs() < 2f64.powi(53);
            let signed_or_not = name == "arith.fptosi" || float >= 0.0;
            (integral && signed_or_not).then_some(float as i64)
        }
        "affine.apply" => {
            let map = unsafe { mlirAffineMapAttrGetValue(attribute(owner, "map")?) };
            let count = unsafe { mlirOperationGetNumOperands(owner) };
            let values: Option<Vec<i64>> = (0..count).map(operand).collect();
            let values = values?;
            let dims = unsafe { mlirAffineMapGetNumDims(map) } as usize;
            affine_value(
                unsafe { mlirAffineMapGetResult(map, 0) },
                (values.get(..dims)?, values.get(dims..)?),
            )
        }
        _ => None,
    }
}

/// The value of a float `value` known at compile time: a constant, an integer [`folded`]
/// converted, and `arith`/`math` arithmetic of such values, rounded to `f32` where the type is
/// (C's `(float)n / (float)b`); `None` where unknown or not finite.
fn float_value(
    value: MlirValue,
    depth: usize,
    bound: &dyn Fn(MlirValue) -> Option<i64>,
) -> Option<f64> {
    if depth > MAX_FOLDED_DEPTH || unsafe { !mlirValueIsAOpResult(value) } {
        return None;
    }
    let owner = unsafe { mlirOpResultGetOwner(value) };
    let operand = |index: isize| unsafe { mlirOperationGetOperand(owner, index) };
    let float = |index: isize| float_value(operand(index), depth + 1, bound);
    let pair = || Some((float(0)?, float(1)?));
    let result = match operation_name(owner).as_str() {
        "arith.constant" => {
            let value = attribute(owner, "value")?;
            unsafe { mlirAttributeIsAFloat(value) }
                .then(|| unsafe { mlirFloatAttrGetValueDouble(value) })
        }
        "arith.uitofp" => folded(operand(0), depth + 1, bound)
            .filter(|&integer| integer >= 0)
            .map(|integer| integer as f64),
        "arith.sitofp" => folded(operand(0), depth + 1, bound).map(|integer| integer as f64),
        "arith.extf" | "arith.truncf" => float(0),
        "arith.addf" => pair().map(|(a, b)| a + b),
        "arith.subf" => pair().map(|(a, b)| a - b),
        "arith.mulf" => pair().map(|(a, b)| a * b),
        "arith.divf" => pair().map(|(a, b)| a / b),
        "math.ceil" => float(0).map(f64::ceil),
        "math.floor" => float(0).map(f64::floor),
        _ => None,
    }?;
    let single = unsafe { mlirTypeIsAF32(mlirValueGetType(value)) };
    let result = if single {
        f64::from(result as f32)
    } else {
        result
    };
    result.is_finite().then_some(result)
}

/// Whether the first operand of `operation` is an `i1`.
fn is_boolean(operation: MlirOperation) -> bool {
    unsafe {
        let kind = mlirValueGetType(mlirOperationGetOperand(operation, 0));
        mlirTypeIsAInteger(kind) && mlirIntegerTypeGetWidth(kind) == 1
    }
}

/// The lower bound, the trips and the step of `the_loop` (an `scf.for`), its operands folded
/// by `fold`, where they fold and the step is positive.
pub fn loop_trips(
    the_loop: MlirOperation,
    fold: &dyn Fn(MlirValue) -> Option<i64>,
) -> Option<(i64, i64, i64)> {
    let bound = |index| fold(unsafe { mlirOperationGetOperand(the_loop, index) });
    let (lower, upper, step) = (bound(0)?, bound(1)?, bound(2)?);
    Some((
        lower,
        ceiling(upper.checked_sub(lower)?.max(0), step)?,
        step,
    ))
}

/// The value each trip of `the_loop` (an `scf.for`) adds to its iteration argument
/// `position` (0 for the first): the other operand where the value it yields is that
/// argument's `arith.addi` with it (C's `i += 16` carried by the loop).
pub fn loop_increment(the_loop: MlirOperation, position: usize) -> Option<MlirValue> {
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0)) };
    let argument = unsafe { mlirBlockGetArgument(body, position as isize + 1) };
    let yielded =
        unsafe { mlirOperationGetOperand(mlirBlockGetTerminator(body), position as isize) };
    let update = defining_operation(yielded).filter(|&update| is_named(update, "arith.addi"))?;
    let operand = |index| unsafe { mlirOperationGetOperand(update, index) };
    (0..2).find_map(|index| {
        let mine = unsafe { mlirValueEqual(operand(index), argument) };
        mine.then(|| operand(1 - index))
    })
}

/// The value `result` of `the_loop` (an `scf.for`) leaves, where its bounds fold: its initial
/// value after no trip; the initial value plus the trips times the constant each trip adds
/// ([`loop_increment`]); else what its last trip yields, folded with the loop's variable at
/// its last value (LU's `i = iv` cast to `int`, then `i + 16`).
fn loop_result(
    the_loop: MlirOperation,
    result: MlirValue,
    (depth, bound): (usize, &dyn Fn(MlirValue) -> Option<i64>),
) -> Option<i64> {
    let fold = |value| folded(value, depth, bound);
    let number = unsafe { mlirOpResultGetResultNumber(result) };
    let (lower, trips, step) = loop_trips(the_loop, &fold)?;
    let initial = || fold(unsafe { mlirOperationGetOperand(the_loop, 3 + number) });
    if trips == 0 {
        return initial();
    }
    if let Some(increment) = loop_increment(the_loop, number as usize) {
        return initial()?.checked_add(trips.checked_mul(fold(increment)?)?);
    }
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0)) };
    let induction = unsafe { mlirBlockGetArgument(body, 0) };
    let yielded = unsafe { mlirOperationGetOperand(mlirBlockGetTerminator(body), number) };
    let last = lower.checked_add((trips - 1).checked_mul(step)?)?;
    let at_last = |value: MlirValue| match unsafe { mlirValueEqual(value, induction) } {
        true => Some(last),
        false => bound(value),
    };
    folded(yielded, depth, &at_last)
}

/// `a predicate b` for an `arith.cmpi` predicate (`eq` 0 … `uge` 9); an unsigned one only
/// where both are non-negative, as their bits read alike then.
fn compare(predicate: i64, a: i64, b: i64) -> Option<bool> {
    let unsigned = a >= 0 && b >= 0;
    match predicate {
        0 => Some(a == b),
        1 => Some(a != b),
        2 => Some(a < b),
        3 => Some(a <= b),
        4 => Some(a > b),
        5 => Some(a >= b),
        6 if unsigned => Some(a < b),
        7 if unsigned => Some(a <= b),
        8 if unsigned => Some(a > b),
        9 if unsigned => Some(a >= b),
        _ => None,
    }
}

/// `⌈a / b⌉` for non-negative `a` and positive `b`.
fn ceiling(a: i64, b: i64) -> Option<i64> {
    (b > 0).then(|| a / b + i64::from(a % b != 0))
}

/// The size of a static `memref.dim` at a constant index.
fn static_dimension(dim: MlirOperation) -> Option<i64> {
    unsafe {
        let memref_type = mlirValueGetType(mlirOperationGetOperand(dim, 0));
        let dimension = constant_integer(mlirOperationGetOperand(dim, 1))?;
        if !mlirTypeIsAMemRef(memref_type)
            || dimension < 0
            || dimension >= mlirShapedTypeGetRank(memref_type)
            || mlirShapedTypeIsDynamicDim(memref_type, dimension as isize)
        {
            return None;
        }
        Some(mlirShapedTypeGetDimSize(memref_type, dimension as isize))
    }
}

/// The value of the affine expression `expression` at `dims` and `symbols`.
fn affine_value(expression: MlirAffineExpr, (dims, symbols): (&[i64], &[i64])) -> Option<i64> {
    unsafe {
        if mlirAffineExprIsAConstant(expression) {
            return Some(mlirAffineConstantExprGetValue(expression));
        }
        if mlirAffineExprIsADim(expression) {
            return dims
                .get(mlirAffineDimExprGetPosition(expression) as usize)
                .copied();
        }
        if mlirAffineExprIsASymbol(expression) {
            return symbols
                .get(mlirAffineSymbolExprGetPosition(expression) as usize)
                .copied();
        }
        let side = |get: unsafe extern "C" fn(MlirAffineExpr) -> MlirAffineExpr| {
            affine_value(get(expression), (dims, symbols))
        };
        let (left, right) = (
            side(mlirAffineBinaryOpExprGetLHS)?,
            side(mlirAffineBinaryOpExprGetRHS)?,
        );
        if mlirAffineExprIsAAdd(expression) {
            left.checked_add(right)
        } else if mlirAffineExprIsAMul(expression) {
            left.checked_mul(right)
        } else if right <= 0 {
            None
        } else if mlirAffineExprIsAMod(expression) {
            Some(left.rem_euclid(right))
        } else if mlirAffineExprIsAFloorDiv(expression) {
            Some(left.div_euclid(right))
        } else if mlirAffineExprIsACeilDiv(expression) {
            Some(-((-left).div_euclid(right)))
        } else {
            None
        }
    }
}

/// Size in bytes of a scalar or vector element type; `None` for others.
pub fn type_bytes(type_: MlirType) -> Option<u32> {
    unsafe {
        if mlirTypeIsAIndex(type_) {
            // The NVVM lowering uses 64-bit indices (index-bitwidth=64).
            return Some(8);
        }
        if mlirTypeIsAInteger(type_) {
            return Some(mlirIntegerTypeGetWidth(type_).div_ceil(8));
        }
        if mlirTypeIsAFloat(type_) {
            return Some(mlirFloatTypeGetWidth(type_).div_ceil(8));
        }
        if mlirTypeIsAVector(type_) {
            return Some(vector_elements(type_) * type_bytes(mlirShapedTypeGetElementType(type_))?);
        }
        None
    }
}

/// Number of elements of a vector type (1 for scalars).
pub fn vector_elements(type_: MlirType) -> u32 {
    unsafe {
        if !mlirTypeIsAVector(type_) {
            return 1;
        }
        let rank = mlirShapedTypeGetRank(type_);
        (0..rank)
            .map(|dimension| mlirShapedTypeGetDimSize(type_, dimension as isize))
            .product::<i64>()
            .try_into()
            .unwrap_or(0)
    }
}

/// The defining operation of `value`, if it is an operation result.
pub fn defining_operation(value: MlirValue) -> Option<MlirOperation> {
    unsafe { mlirValueIsAOpResult(value).then(|| mlirOpResultGetOwner(value)) }
}

/// Ops [`erase_unused`] may erase: pure, no regions (integer arithmetic, ids, sizes).
const ERASABLE: [&str; 9] = [
    "arith.",
    "index.",
    "affine.apply",
    "gpu.thread_id",
    "gpu.block_id",
    "gpu.block_dim",
    "gpu.grid_dim",
    "memref.dim",
    "memref.extract_aligned_pointer_as_index",
];

/// Erases the pure op defining `value` (integer arithmetic, ids, sizes) when nothing uses it, then its operands'
/// likewise (an index chain an access no longer reads).
pub fn erase_unused(value: MlirValue) {
    let Some(owner) = defining_operation(value) else {
        return;
    };
    let name = operation_name(owner);
    let pure = ERASABLE.iter().any(|prefix| name.starts_with(prefix))
        && unsafe {
            mlirOperationGetNumRegions(owner) == 0 && mlirOperationGetNumResults(owner) == 1
        };
    if !pure || unsafe { !mlirOpOperandIsNull(mlirValueGetFirstUse(value)) } {
        return;
    }
    let operands: Vec<MlirValue> = (0..unsafe { mlirOperationGetNumOperands(owner) })
        .map(|position| unsafe { mlirOperationGetOperand(owner, position) })
        .collect();
    unsafe { mlirOperationDestroy(owner) };
    for operand in operands {
        erase_unused(operand);
    }
}

/// Bytes of a memref type with a static shape and a sized element; checked: a size that
/// overflows is unknown, never a wrapped number.
pub fn static_memref_bytes(type_: MlirType) -> Option<u64> {
    if unsafe { !mlirTypeIsAMemRef(type_) || !mlirShapedTypeHasStaticShape(type_) } {
        return None;
    }
    let element = type_bytes(unsafe { mlirShapedTypeGetElementType(type_) })?;
    static_shape(type_)
        .iter()
        .try_fold(u64::from(element), |total, &size| {
            total.checked_mul(u64::try_from(size).ok()?)
        })
}

/// Sets the unit attribute `name` on `operation`: a mark the pass reads back.
pub fn mark(operation: MlirOperation, name: &str) {
    unsafe {
        mlirOperationSetDiscardableAttributeByName(
            operation,
            string_ref_of(name),
            mlirUnitAttrGet(mlirOperationGetContext(operation)),
        );
    }
}

/// The sizes of a shaped type (dynamic sizes as MLIR's sentinel).
pub fn static_shape(type_: MlirType) -> Vec<i64> {
    unsafe {
        (0..mlirShapedTypeGetRank(type_))
            .map(|dimension| mlirShapedTypeGetDimSize(type_, dimension as isize))
            .collect()
    }
}

/// Attribute `name` of argument `index` of a function-like op (its `arg_attrs`).
pub fn argument_attribute(
    function: MlirOperation,
    index: usize,
    name: &str,
) -> Option<MlirAttribute> {
    indexed_attribute(function, "arg_attrs", index, name)
}

/// Entry `name` of dictionary `index` of `operation`'s array-of-dictionaries
/// attribute `array` (`arg_attrs`, `workgroup_attrib_attrs`, ...).
pub fn indexed_attribute(
    operation: MlirOperation,
    array: &str,
    index: usize,
    name: &str,
) -> Option<MlirAttribute> {
    let all = attribute(operation, array)?;
    unsafe {
        if !mlirAttributeIsAArray(all) || index >= mlirArrayAttrGetNumElements(all) as usize {
            return None;
        }
        let dictionary = mlirArrayAttrGetElement(all, index as isize);
        if !mlirAttributeIsADictionary(dictionary) {
            return None;
        }
        let found = mlirDictionaryAttrGetElementByName(dictionary, string_ref_of(name));
        (!found.ptr.is_null()).then_some(found)
    }
}

/// Sets attribute `name` to `value` on argument `index` of a function-like op with `count`
/// arguments, keeping the other argument attributes (`arg_attrs` is created when absent).
pub fn set_argument_attribute(
    function: MlirOperation,
    count: usize,
    index: usize,
    name: &str,
    value: MlirAttribute,
) {
    unsafe {
        let context = mlirOperationGetContext(function);
        let existing = attribute(function, "arg_attrs").filter(|&all| {
            mlirAttributeIsAArray(all) && mlirArrayAttrGetNumElements(all) as usize == count
        });
        let identifier = mlirIdentifierGet(context, string_ref_of(name));
        let dictionaries: Vec<MlirAttribute> = (0..count)
            .map(|position| {
                let old = existing
                    .map(|all| mlirArrayAttrGetElement(all, position as isize))
                    .filter(|&dictionary| mlirAttributeIsADictionary(dictionary));
                let mut entries: Vec<MlirNamedAttribute> = old
                    .map(|dictionary| {
                        (0..mlirDictionaryAttrGetNumElements(dictionary))
                            .map(|entry| mlirDictionaryAttrGetElement(dictionary, entry))
                            .collect()
                    })
                    .unwrap_or_default();
                if position == index {
                    entries.retain(|entry| !mlirIdentifierEqual(entry.name, identifier));
                    entries.push(mlirNamedAttributeGet(identifier, value));
                }
                mlirDictionaryAttrGet(context, entries.len() as isize, entries.as_ptr())
            })
            .collect();
        let array = mlirArrayAttrGet(context, count as isize, dictionaries.as_ptr());
        mlirOperationSetAttributeByName(function, string_ref_of("arg_attrs"), array);
    }
}

/// The input types of a function-like op whose `function_type` is a builtin function type
/// (`gpu.func`, `func.func`); empty for others.
pub fn function_inputs(function: MlirOperation) -> Vec<MlirType> {
    let Some(type_) = attribute(function, "function_type") else {
        return Vec::new();
    };
    unsafe {
        let type_ = mlirTypeAttrGetValue(type_);
        if !mlirTypeIsAFunction(type_) {
            return Vec::new();
        }
        (0..mlirFunctionTypeGetNumInputs(type_))
            .map(|input| mlirFunctionTypeGetInput(type_, input))
            .collect()
    }
}

/// The values of an `array<i64: ...>` attribute.
pub fn dense_i64_array(attribute: MlirAttribute) -> Option<Vec<i64>> {
    unsafe {
        if !mlirAttributeIsADenseI64Array(attribute) {
            return None;
        }
        Some(
            (0..mlirDenseArrayGetNumElements(attribute))
                .map(|index| mlirDenseI64ArrayGetElement(attribute, index))
                .collect(),
        )
    }
}

/// The operation a symbol reference names, looked up in the symbol tables around `from`,
/// nearest first (as MLIR resolves it).
pub fn lookup_symbol(from: MlirOperation, symbol: MlirAttribute) -> Option<MlirOperation> {
    unsafe {
        if !mlirAttributeIsASymbolRef(symbol) {
            return None;
        }
        let name = string_ref(mlirSymbolRefAttrGetRootReference(symbol));
        let mut scope = mlirOperationGetParentOperation(from);
        while !scope.ptr.is_null() {
            let table = mlirSymbolTableCreate(scope);
            if !table.ptr.is_null() {
                let found = mlirSymbolTableLookup(table, string_ref_of(&name));
                mlirSymbolTableDestroy(table);
                if !found.ptr.is_null() {
                    return Some(found);
                }
            }
            scope = mlirOperationGetParentOperation(scope);
        }
        None
    }
}

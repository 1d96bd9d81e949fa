//! Flat indices read as rows and columns (`delinearize`, issue 31): `A[i*NY + j]` on a 1-D
//! buffer becomes `A2[i][j]` on a 2-D view of it, so that every later step sees the array
//! the code means (a tile of rows × columns to stage, a column to vectorize, rows to relay).
//!
//! Found by `facts::extract::flat_index`, proven by `analysis::delinearize::column_in_row`
//! (`0 ≤ column < W` from the guards, loop bounds and id ranges), applied here: one
//! `memref.reinterpret_cast` per buffer and width at the kernel's entry, with sizes
//! `[⌈n / W⌉, W]` and strides `[W, 1]`, and each scalar `memref.load`/`memref.store` of the
//! split moved onto it with the row and the column as its indices. The view computes the
//! address the flat index did (`row·W + column`), so the rewrite changes no value; a width
//! from an argument is taken as at least 1 for the view's sizes (no access runs where it is
//! not, since `0 ≤ column < W`). The index arithmetic the flat index used stays for LLVM to
//! remove. Cost: one walk of each access's index chain.

use analysis::delinearize::{column_in_row, describe_expression, needed, NotInRow};
use analysis::expression::{IndexExpression, Variable};
use analysis::matrix::{AccessKind, Condition};
use mlir_sys::*;

use crate::{
    facts::extract::{flat_index, flat_indices, FlatIndex},
    facts::findings::Finding,
    facts::kernels::Kernel,
    facts::launches::argument_number,
    ir::{self, builder::Builder},
    report::{Decision, Kind},
    steps::register_tile::jam::on_edge_path,
    steps::{Early, Step, Telling},
    Options,
};

pub use crate::facts::extract::ROWS_VIEW;

/// Splits the flat indices of `kernel`'s scalar loads and stores where the column is proven
/// inside its row; one decision per access that has a row term.
pub fn run(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    early: &mut Early,
) -> (bool, bool) {
    let enabled = Step::Delinearize.enabled(options);
    let (mut success, mut changed) = (true, false);
    let mut views: Vec<(MlirValue, IndexExpression, MlirValue)> = Vec::new();
    for finding in findings {
        let memory = &finding.memory;
        if !matches!(memory.name.as_str(), "memref.load" | "memref.store")
            || unsafe { mlirShapedTypeGetRank(mlirValueGetType(memory.memref)) } != 1
        {
            continue;
        }
        let splits = flat_indices(kernel, memory);
        let Some(found) = splits.first().cloned() else {
            continue;
        };
        // Read before the rewrite, which replaces the access.
        let location = unsafe { mlirOperationGetLocation(memory.operation) };
        let edge = on_edge_path(memory.operation);
        // A width every launch fixes already: only the column's own bound is missing.
        let width_fixed = found.as_ref().is_ok_and(|flat| match &flat.width {
            IndexExpression::Constant(_) => true,
            IndexExpression::Variable(Variable::Symbol(name)) => argument_number(name)
                .is_some_and(|number| kernel.launches.constant(number).is_some()),
            _ => false,
        });
        let proven = |split: Result<FlatIndex, String>| -> Result<_, NotInRow> {
            let flat = split?;
            let proof = column_in_row(
                &flat.column_expression,
                &flat.width,
                &flat.facts,
                &|variable| kernel.range(&flat.loops, variable),
            )?;
            viewable(kernel, memory.memref)?;
            Ok((flat, proof))
        };
        // The likeliest width, else the first other whose column is proven inside its row.
        let likeliest = proven(found);
        let outcome = match likeliest {
            Ok(_) => likeliest,
            Err(_) => splits
                .into_iter()
                .skip(1)
                .map(proven)
                .find(Result::is_ok)
                .unwrap_or(likeliest),
        };
        let written = format!("{}[{}]", memory.root.describe(), flat_words(&outcome));
        let (applied, reason, advice) = match outcome {
            Ok((flat, proof)) => {
                let width = describe_expression(&flat.width).unwrap_or_default();
                let column = describe_expression(&flat.column_expression).unwrap_or_default();
                let bounds = if proof.lower == proof.upper {
                    format!("0 <= {column} < {width} by {}", proof.upper)
                } else {
                    format!(
                        "{column} >= 0 by {}, < {width} by {}",
                        proof.lower, proof.upper
                    )
                };
                let verb = match memory.kind {
                    AccessKind::Load => "read",
                    AccessKind::Store => "written",
                };
                let words = format!(
                    "{written} {verb} as row {}, column {column} of rows of {width} elements (a \
                     2-D view, the same addresses): {bounds}",
                    flat.row_words(),
                );
                if enabled {
                    apply(kernel, memory.operation, memory.memref, &flat, &mut views);
                    changed = true;
                    (true, words, None)
                } else {
                    (false, format!("would be {words}"), None)
                }
            }
            Err(why) => (
                false,
                format!("{written} stays flat: {}", why.reason),
                Some(match (why.below_zero, width_fixed) {
                    (true, _) => "guard the column at or above 0 (if (j >= 0))".to_string(),
                    (false, true) => "guard the column below the width (if (j < W))".to_string(),
                    (false, false) => "guard the column below the width (if (j < W)), or pass \
                                       the width as the same constant at every launch in the \
                                       module"
                        .to_string(),
                }),
            ),
        };
        let decision = Decision {
            kind: Kind::Delinearize,
            target: memory.root.describe(),
            applied,
            params: serde_json::json!({ "access": memory.location }),
            reason,
            summary: String::new(),
            advice: advice.clone(),
        };
        let telling = Telling {
            kernel: &kernel.name,
            location,
            remark: !edge,
            blocked: advice.is_some(),
        };
        success &= early.settle(decision, telling, options);
    }
    (success, changed)
}

/// The conditions over arguments (`checkable`) that would prove the columns of `kernel`'s flat
/// indices inside their rows where nothing else does (`analysis::delinearize::needed`), each
/// with the location of the access it is for: what a run-time check (`steps::version`) would
/// establish.
pub fn needs(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    checkable: &dyn Fn(&Variable) -> bool,
) -> Vec<(Condition, String)> {
    if !Step::Delinearize.enabled(options) {
        return Vec::new();
    }
    let mut wanted = Vec::new();
    for finding in findings {
        let memory = &finding.memory;
        if !matches!(memory.name.as_str(), "memref.load" | "memref.store")
            || unsafe { mlirShapedTypeGetRank(mlirValueGetType(memory.memref)) } != 1
            || viewable(kernel, memory.memref).is_err()
        {
            continue;
        }
        let Some(Ok(flat)) = flat_index(kernel, memory) else {
            continue;
        };
        let range = |variable: &Variable| kernel.range(&flat.loops, variable);
        if column_in_row(&flat.column_expression, &flat.width, &flat.facts, &range).is_ok() {
            continue;
        }
        let conditions = needed(
            &flat.column_expression,
            &flat.width,
            &flat.facts,
            &range,
            checkable,
        );
        for condition in conditions.into_iter().flatten() {
            wanted.push((condition, memory.location.clone()));
        }
    }
    wanted
}

/// The flat index as the remark writes it (`100*loop0 + tid.x`), or `…` where not followed.
fn flat_words(outcome: &Result<(FlatIndex, analysis::delinearize::InRow), NotInRow>) -> String {
    outcome
        .as_ref()
        .ok()
        .and_then(|(flat, _)| {
            Some(format!(
                "({})*{} + {}",
                flat.row_words(),
                describe_expression(&flat.width)?,
                describe_expression(&flat.column_expression)?
            ))
        })
        .unwrap_or_else(|| "row*W + column".into())
}

/// Whether a view of `memref` can be made at the kernel's entry: it is defined before the
/// kernel's body and has the identity layout.
pub(crate) fn viewable(kernel: &Kernel, memref: MlirValue) -> Result<(), String> {
    let body = kernel.body();
    let inside = match ir::defining_operation(memref) {
        Some(owner) => ir::encloses(kernel.operation, owner),
        None => unsafe {
            let block = mlirBlockArgumentGetOwner(memref);
            mlirBlockGetParentRegion(block).ptr == body.ptr
                && block.ptr != mlirRegionGetFirstBlock(body).ptr
                || mlirBlockGetParentRegion(block).ptr != body.ptr
                    && ir::encloses(kernel.operation, mlirBlockGetParentOperation(block))
        },
    };
    if inside {
        return Err("its buffer is made inside the kernel".into());
    }
    let layout = crate::facts::extract::layout(
        unsafe { mlirValueGetType(memref) },
        0,
        analysis::MemorySpace::Global,
    );
    if layout.strides != [Some(1)] || layout.offset != Some(0) {
        return Err("its buffer's layout is not the identity".into());
    }
    Ok(())
}

impl FlatIndex {
    /// The row as the remark writes it (`?` where not followed, as promote writes an index).
    fn row_words(&self) -> String {
        describe_expression(&self.row_expression).unwrap_or_else(|| "?".into())
    }
}

/// The view of `memref` in rows of `width` (made at the kernel's entry on first use).
fn view(
    kernel: &Kernel,
    (memref, width): (MlirValue, &IndexExpression),
    location: MlirLocation,
    views: &mut Vec<(MlirValue, IndexExpression, MlirValue)>,
) -> MlirValue {
    if let Some((_, _, view)) = views
        .iter()
        .find(|(theirs, their_width, _)| unsafe { mlirValueEqual(*theirs, memref) } && their_width == width)
    {
        return *view;
    }
    let entry = unsafe { mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(kernel.body())) };
    let builder = Builder::before(entry).located(location);
    let memref_type = unsafe { mlirValueGetType(memref) };
    let element = ir::type_text(unsafe { mlirShapedTypeGetElementType(memref_type) });
    let space = unsafe { mlirMemRefTypeGetMemorySpace(memref_type) };
    let space = if space.ptr.is_null() {
        String::new()
    } else {
        format!(", {}", ir::attribute_text(space))
    };
    let dynamic = unsafe { mlirShapedTypeGetDynamicSize() };
    let (columns, result_text, static_width) = match width {
        IndexExpression::Constant(value) => (
            builder.index_constant(*value),
            format!("memref<?x{value}x{element}{space}>"),
            *value,
        ),
        _ => {
            let argument = width_argument(kernel, width, location);
            let one = builder.index_constant(1);
            (
                builder.index_binary("arith.maxsi", argument, one),
                format!("memref<?x?x{element}, strided<[?, 1]>{space}>"),
                dynamic,
            )
        }
    };
    let length = builder.dimension_size(memref, 0);
    let rows = builder.index_binary("arith.ceildivui", length, columns);
    let array = |values: &[i64]| {
        let text: Vec<String> = values.iter().map(i64::to_string).collect();
        builder
            .parse_attribute(&format!("array<i64: {}>", text.join(", ")))
            .expect("a dense i64 array parses")
    };
    let dynamic_width = static_width == dynamic;
    let mut operands = vec![memref, rows];
    if dynamic_width {
        operands.extend([columns, columns]);
    }
    let segments = builder
        .parse_attribute(&format!(
            "array<i32: 1, 0, {}, {}>",
            1 + usize::from(dynamic_width),
            usize::from(dynamic_width)
        ))
        .expect("a dense i32 array parses");
    let unit = builder
        .parse_attribute("unit")
        .expect("the unit attribute parses");
    let result = builder
        .parse_type(&result_text)
        .expect("the view's type parses");
    let operation = builder.create(
        "memref.reinterpret_cast",
        &operands,
        &[
            ("static_offsets", array(&[0])),
            ("static_sizes", array(&[dynamic, static_width])),
            ("static_strides", array(&[static_width, 1])),
            ("operandSegmentSizes", segments),
            (ROWS_VIEW, unit),
        ],
        &[result],
    );
    let view = unsafe { mlirOperationGetResult(operation, 0) };
    views.push((memref, width.clone(), view));
    view
}

/// The `index` value of the kernel argument a width names (`arg1`), cast where it is an integer.
fn width_argument(kernel: &Kernel, width: &IndexExpression, location: MlirLocation) -> MlirValue {
    let IndexExpression::Variable(Variable::Symbol(name)) = width else {
        unreachable!("a width is a constant or an argument (flat_index)")
    };
    let number: isize = name
        .trim_start_matches("arg")
        .parse()
        .expect("an argument symbol");
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let argument = unsafe { mlirBlockGetArgument(entry, number) };
    let builder = Builder::before(unsafe { mlirBlockGetFirstOperation(entry) }).located(location);
    index_of(&builder, argument)
}

/// `value` as an `index` (an `arith.index_cast` of an integer).
fn index_of(builder: &Builder, value: MlirValue) -> MlirValue {
    unsafe {
        if mlirTypeIsAIndex(mlirValueGetType(value)) {
            return value;
        }
        let index = mlirIndexTypeGet(mlirTypeGetContext(mlirValueGetType(value)));
        mlirOperationGetResult(
            builder.create("arith.index_cast", &[value], &[], &[index]),
            0,
        )
    }
}

/// `value` as an `index`, cast right where it is defined (so a value of the kernel's entry
/// block stays one there, where staging looks for a tile's indices).
fn index_where_defined(value: MlirValue) -> MlirValue {
    let anchor = match ir::defining_operation(value) {
        Some(owner) => unsafe { mlirOperationGetNextInBlock(owner) },
        None => unsafe { mlirBlockGetFirstOperation(mlirBlockArgumentGetOwner(value)) },
    };
    index_of(&Builder::before(anchor), value)
}

/// `Σ sign·term` as an `index` value before the builder's anchor (a term of `k` rows times
/// `k`).
fn sum(builder: &Builder, terms: &[(MlirValue, i64)]) -> MlirValue {
    let mut total: Option<MlirValue> = None;
    for &(term, sign) in terms {
        let term = match sign.unsigned_abs() {
            1 => index_where_defined(term),
            rows => builder.index_binary(
                "arith.muli",
                index_where_defined(term),
                builder.index_constant(rows as i64),
            ),
        };
        total = Some(match (total, sign > 0) {
            (None, true) => term,
            (None, false) => builder.index_binary("arith.subi", builder.index_constant(0), term),
            (Some(total), true) => builder.index_binary("arith.addi", total, term),
            (Some(total), false) => builder.index_binary("arith.subi", total, term),
        });
    }
    total.unwrap_or_else(|| builder.index_constant(0))
}

/// Moves the access `operation` onto the view of `memref` in rows of the split's width.
fn apply(
    kernel: &Kernel,
    operation: MlirOperation,
    memref: MlirValue,
    flat: &FlatIndex,
    views: &mut Vec<(MlirValue, IndexExpression, MlirValue)>,
) {
    let location = unsafe { mlirOperationGetLocation(operation) };
    let view = view(kernel, (memref, &flat.width), location, views);
    let builder = Builder::before(operation);
    let mut row = sum(&builder, &flat.row);
    let mut column = sum(&builder, &flat.column);
    if let (IndexExpression::Constant(columns), rows) = (&flat.width, flat.rows_from_column) {
        if rows != 0 {
            row = builder.index_binary("arith.addi", row, builder.index_constant(rows));
            column = builder.index_binary(
                "arith.addi",
                column,
                builder.index_constant(-rows * columns),
            );
        }
    }
    let flat_index = unsafe {
        mlirOperationGetOperand(
            operation,
            if ir::is_named(operation, "memref.load") {
                1
            } else {
                2
            },
        )
    };
    unsafe {
        if ir::is_named(operation, "memref.load") {
            let result = mlirOperationGetResult(operation, 0);
            let load = builder.create(
                "memref.load",
                &[view, row, column],
                &[],
                &[mlirValueGetType(result)],
            );
            mlirValueReplaceAllUsesOfWith(result, mlirOperationGetResult(load, 0));
        } else {
            let stored = mlirOperationGetOperand(operation, 0);
            builder.create("memref.store", &[stored, view, row, column], &[], &[]);
        }
        mlirOperationDestroy(operation);
    }
    // The flat index's own arithmetic, where nothing else reads it.
    ir::erase_unused(flat_index);
}

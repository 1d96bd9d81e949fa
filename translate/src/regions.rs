//! Ops with regions: `scf.for`, `scf.if`, `scf.while`, `scf.parallel`, `affine.for`,
//! `affine.if`.
//!
//! Model. Each region's single block is translated into a nested interpreter block (its
//! arguments are the induction variables and iteration arguments) before the op itself is
//! pushed, the order [`interp::KernelBuilder`] expects. `scf.parallel` with reductions (it has
//! results then) is unsupported, as the interpreter runs it without them. Any other op is
//! unknown here: `Err` with an empty reason.
//!
//! Cost. Linear in the regions' sizes.

use interp::Op;
use mlir_sys::*;

use gpu_mem_opt::ir;

use crate::affine;
use crate::translator::Translator;

/// The op for a region-holding `operation` named `name`, or why it cannot be translated.
pub(crate) fn translate(
    translator: &mut Translator,
    operation: MlirOperation,
    name: &str,
) -> Result<Op, String> {
    match name {
        "scf.for" => Ok(Op::For {
            unsigned: ir::attribute(operation, "unsignedCmp").is_some(),
            body: translator.region(operation, 0)?,
        }),
        "scf.if" => Ok(Op::If {
            then: translator.region(operation, 0)?,
            otherwise: translator.region(operation, 1)?,
        }),
        "scf.while" => Ok(Op::While {
            before: translator.region(operation, 0)?,
            after: translator.region(operation, 1)?,
        }),
        "scf.parallel" if unsafe { mlirOperationGetNumResults(operation) } > 0 => {
            Err("with reductions".into())
        }
        "scf.parallel" => Ok(Op::Parallel {
            body: translator.region(operation, 0)?,
        }),
        "affine.for" => affine_for(translator, operation),
        "func.call" => translator.call(operation),
        "affine.if" => {
            let condition = ir::attribute(operation, "condition")
                .and_then(affine::set_attribute)
                .ok_or("unreadable 'condition'")?;
            Ok(Op::AffineIf {
                condition,
                then: translator.region(operation, 0)?,
                otherwise: translator.region(operation, 1)?,
            })
        }
        _ => Err(String::new()),
    }
}

/// `affine.for`: bound maps, a positive step, the body.
fn affine_for(translator: &mut Translator, operation: MlirOperation) -> Result<Op, String> {
    let bound = |name: &str| {
        ir::attribute(operation, name)
            .and_then(affine::map_attribute)
            .ok_or_else(|| format!("unreadable '{name}'"))
    };
    let step = ir::attribute(operation, "step")
        .and_then(ir::integer)
        .filter(|&step| step > 0)
        .ok_or("a step that is not a positive integer")?;
    Ok(Op::AffineFor {
        lower: bound("lowerBoundMap")?,
        upper: bound("upperBoundMap")?,
        step,
        body: translator.region(operation, 0)?,
    })
}

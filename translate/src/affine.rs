//! MLIR affine expressions, maps and integer sets as the interpreter's trees.
//!
//! Model. Each MLIR affine expression kind has one [`AffineExpr`] variant; maps keep their
//! dimension and symbol counts (operands: dimensions first, then symbols, as every affine op
//! passes them); integer sets keep each constraint with its `== 0` / `>= 0` flag.
//!
//! Cost. Linear in the size of the expressions.

use interp::{AffineExpr, AffineMap, Constraint, IntegerSet};
use mlir_sys::*;

/// The interpreter form of an affine expression.
pub fn expression(expr: MlirAffineExpr) -> Option<AffineExpr> {
    unsafe {
        if mlirAffineExprIsADim(expr) {
            return usize::try_from(mlirAffineDimExprGetPosition(expr))
                .ok()
                .map(AffineExpr::Dimension);
        }
        if mlirAffineExprIsASymbol(expr) {
            return usize::try_from(mlirAffineSymbolExprGetPosition(expr))
                .ok()
                .map(AffineExpr::Symbol);
        }
        if mlirAffineExprIsAConstant(expr) {
            return Some(AffineExpr::Constant(mlirAffineConstantExprGetValue(expr)));
        }
        if !mlirAffineExprIsABinary(expr) {
            return None;
        }
        let left = expression(mlirAffineBinaryOpExprGetLHS(expr))?;
        let right = expression(mlirAffineBinaryOpExprGetRHS(expr))?;
        if mlirAffineExprIsAAdd(expr) {
            Some(left + right)
        } else if mlirAffineExprIsAMul(expr) {
            Some(left * right)
        } else if mlirAffineExprIsAMod(expr) {
            Some(left.modulo(right))
        } else if mlirAffineExprIsAFloorDiv(expr) {
            Some(left.floor_div(right))
        } else if mlirAffineExprIsACeilDiv(expr) {
            Some(left.ceil_div(right))
        } else {
            None
        }
    }
}

/// The interpreter form of an affine map.
pub fn map(map: MlirAffineMap) -> Option<AffineMap> {
    unsafe {
        Some(AffineMap {
            dimensions: usize::try_from(mlirAffineMapGetNumDims(map)).ok()?,
            symbols: usize::try_from(mlirAffineMapGetNumSymbols(map)).ok()?,
            results: (0..mlirAffineMapGetNumResults(map))
                .map(|position| expression(mlirAffineMapGetResult(map, position)))
                .collect::<Option<_>>()?,
        })
    }
}

/// The map held by an affine-map attribute.
pub fn map_attribute(attribute: MlirAttribute) -> Option<AffineMap> {
    unsafe {
        mlirAttributeIsAAffineMap(attribute).then(|| map(mlirAffineMapAttrGetValue(attribute)))?
    }
}

/// The set held by an integer-set attribute.
pub fn set_attribute(attribute: MlirAttribute) -> Option<IntegerSet> {
    unsafe {
        if !mlirAttributeIsAIntegerSet(attribute) {
            return None;
        }
        let set = mlirIntegerSetAttrGetValue(attribute);
        Some(IntegerSet {
            dimensions: usize::try_from(mlirIntegerSetGetNumDims(set)).ok()?,
            symbols: usize::try_from(mlirIntegerSetGetNumSymbols(set)).ok()?,
            constraints: (0..mlirIntegerSetGetNumConstraints(set))
                .map(|position| {
                    Some(Constraint {
                        expr: expression(mlirIntegerSetGetConstraint(set, position))?,
                        equality: mlirIntegerSetIsConstraintEq(set, position),
                    })
                })
                .collect::<Option<_>>()?,
        })
    }
}

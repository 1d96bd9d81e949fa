//! Reading MLIR attributes: enum keywords, static position/size lists, reassociations,
//! boolean arrays, and constants as interpreter bit patterns.
//!
//! Model. Enum attributes come in two shapes: `I64EnumAttr`s are plain integers
//! (`arith.cmpi` predicates), dialect enum attributes print as `#dialect<mnemonic keyword>`
//! (`#gpu<dim x>`, `#vector.kind<add>`, `#index<cmp_predicate slt>`); [`keyword`] gives the
//! integer as text or the last word inside the angle brackets. Constants become the bit
//! pattern of every element in the interpreter's encoding (floats through their exact `f64`
//! value, integers masked to their width); a dense splat is one pattern.
//!
//! Every function checks the attribute's kind before reading it and answers `None` when it
//! does not fit, so no input makes the C API assert.
//!
//! Cost. Linear in the attribute's size.

use interp::{encode, Dimension, ElementType};
use mlir_sys::*;

use gpu_mem_opt::ir;

/// The keyword of an enum attribute (`#gpu<dim x>` → `x`), or an integer one's value as text.
pub fn keyword(attribute: MlirAttribute) -> String {
    if let Some(value) = ir::integer(attribute) {
        return value.to_string();
    }
    let text = ir::attribute_text(attribute);
    let inner = text
        .rsplit_once('<')
        .map_or(text.as_str(), |(_, inner)| inner);
    let inner = inner.trim_end_matches('>');
    inner
        .rsplit(' ')
        .next()
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// The keyword of the enum attribute `name` of `operation`, if present.
pub fn keyword_of(operation: MlirOperation, name: &str) -> Option<String> {
    ir::attribute(operation, name).map(keyword)
}

/// A static list (`static_sizes = array<i64: 4, -9223372036854775808>`) as dimensions.
pub fn dimensions(operation: MlirOperation, name: &str) -> Option<Vec<Dimension>> {
    let dynamic = unsafe { mlirShapedTypeGetDynamicSize() };
    Some(
        ir::dense_i64_array(ir::attribute(operation, name)?)?
            .into_iter()
            .map(|value| {
                if value == dynamic {
                    Dimension::Dynamic
                } else {
                    Dimension::Static(value)
                }
            })
            .collect(),
    )
}

/// The elements of an array attribute.
fn array_elements(attribute: MlirAttribute) -> Option<Vec<MlirAttribute>> {
    unsafe {
        if !mlirAttributeIsAArray(attribute) {
            return None;
        }
        Some(
            (0..mlirArrayAttrGetNumElements(attribute))
                .map(|index| mlirArrayAttrGetElement(attribute, index))
                .collect(),
        )
    }
}

/// A reassociation (`[[0, 1], [2]]`): an array of arrays of integers.
pub fn groups(attribute: MlirAttribute) -> Option<Vec<Vec<usize>>> {
    array_elements(attribute)?
        .into_iter()
        .map(|group| {
            array_elements(group)?
                .into_iter()
                .map(|entry| usize::try_from(ir::integer(entry)?).ok())
                .collect()
        })
        .collect()
}

/// A boolean array: an array of bool attributes or an `array<i1: ...>`.
pub fn booleans(attribute: MlirAttribute) -> Option<Vec<bool>> {
    unsafe {
        if mlirAttributeIsADenseBoolArray(attribute) {
            return Some(
                (0..mlirDenseArrayGetNumElements(attribute))
                    .map(|index| mlirDenseBoolArrayGetElement(attribute, index))
                    .collect(),
            );
        }
    }
    array_elements(attribute)?
        .into_iter()
        .map(|entry| unsafe { mlirAttributeIsABool(entry).then(|| mlirBoolAttrGetValue(entry)) })
        .collect()
}

/// The low `width` bits of `value`.
fn masked(value: u64, width: u32) -> u64 {
    if width >= 64 {
        value
    } else {
        value & ((1u64 << width) - 1)
    }
}

/// The bit pattern of a scalar constant attribute (integer, float or bool) in `element`.
pub fn scalar_bits(attribute: MlirAttribute, element: ElementType) -> Option<u64> {
    unsafe {
        if mlirAttributeIsABool(attribute) {
            return Some(u64::from(mlirBoolAttrGetValue(attribute)));
        }
        if mlirAttributeIsAInteger(attribute) && !element.is_float() {
            let ty = mlirAttributeGetType(attribute);
            let value = if mlirTypeIsAInteger(ty) && mlirIntegerTypeIsUnsigned(ty) {
                mlirIntegerAttrGetValueUInt(attribute)
            } else if mlirTypeIsAInteger(ty) && mlirIntegerTypeIsSigned(ty) {
                mlirIntegerAttrGetValueSInt(attribute) as u64
            } else {
                mlirIntegerAttrGetValueInt(attribute) as u64
            };
            return Some(masked(value, element.bit_width()));
        }
        if mlirAttributeIsAFloat(attribute) && element.is_float() {
            return Some(encode(mlirFloatAttrGetValueDouble(attribute), element));
        }
    }
    None
}

/// The bit patterns of a constant: one for a scalar or a dense splat, else one per element
/// in row-major order.
pub fn element_bits(attribute: MlirAttribute, element: ElementType) -> Option<Vec<u64>> {
    unsafe {
        if !mlirAttributeIsADenseElements(attribute) {
            return scalar_bits(attribute, element).map(|bits| vec![bits]);
        }
        if mlirDenseElementsAttrIsSplat(attribute) {
            let splat = mlirDenseElementsAttrGetSplatValue(attribute);
            return scalar_bits(splat, element).map(|bits| vec![bits]);
        }
        let ty = mlirAttributeGetType(attribute);
        let rank = usize::try_from(mlirShapedTypeGetRank(ty)).ok()?;
        let sizes: Vec<u64> = (0..rank)
            .map(|dimension| mlirShapedTypeGetDimSize(ty, dimension as isize).max(0) as u64)
            .collect();
        let count = mlirElementsAttrGetNumElements(attribute).max(0) as u64;
        let mut index = vec![0u64; rank];
        let mut bits = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let value = mlirElementsAttrGetValue(attribute, rank as isize, index.as_mut_ptr());
            bits.push(scalar_bits(value, element)?);
            for dimension in (0..rank).rev() {
                index[dimension] += 1;
                if index[dimension] < sizes[dimension] {
                    break;
                }
                index[dimension] = 0;
            }
        }
        Some(bits)
    }
}

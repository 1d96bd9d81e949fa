//! MLIR types as interpreter types: element types, 1-D vectors, memrefs with their memory
//! space, and the strided layouts of memref parameters.
//!
//! Model. `index`, signless/signed/unsigned integers of 1 to 64 bits, `f16`, `bf16`, `f32`
//! and `f64` are elements; `vector<N x T>` (one fixed dimension) is a vector; `memref<... x T>`
//! of an element type is a memref. Memory spaces: none, `0`, `1` or
//! `#gpu.address_space<global>` are global; `3` or `<workgroup>` workgroup; `4` constant;
//! `5` or `<private>` private. Everything else (tensors, 2-D or scalable vectors, other float
//! formats, wider integers, other spaces) has no interpreter type: `None`.
//!
//! Layouts. Op results need no layout (the interpreter's descriptors carry strides); only
//! kernel parameters do, because their descriptors are built at launch. A layout MLIR can
//! express as strides and an offset (`strided<...>` or a strided affine map) becomes a
//! [`Layout`]; the identity is `None`; any other map is an error naming it.
//!
//! Cost. Constant per type (linear in the rank).

use interp::{Dimension, ElementType, Layout, MemRefType, MemorySpace, Type};
use mlir_sys::*;

use gpu_mem_opt::ir;

/// The interpreter element type of a scalar MLIR type.
pub fn element(ty: MlirType) -> Option<ElementType> {
    unsafe {
        if mlirTypeIsAIndex(ty) {
            Some(ElementType::Index)
        } else if mlirTypeIsAInteger(ty) {
            let width = mlirIntegerTypeGetWidth(ty);
            (1..=64)
                .contains(&width)
                .then_some(ElementType::Integer(width))
        } else if mlirTypeIsAF16(ty) {
            Some(ElementType::F16)
        } else if mlirTypeIsABF16(ty) {
            Some(ElementType::BF16)
        } else if mlirTypeIsAF32(ty) {
            Some(ElementType::F32)
        } else if mlirTypeIsAF64(ty) {
            Some(ElementType::F64)
        } else {
            None
        }
    }
}

/// The interpreter type of an MLIR value type.
pub fn value_type(ty: MlirType) -> Option<Type> {
    if let Some(element) = element(ty) {
        return Some(Type::Scalar(element));
    }
    unsafe {
        if mlirTypeIsAVector(ty) {
            if mlirVectorTypeIsScalable(ty) || mlirShapedTypeGetRank(ty) != 1 {
                return None;
            }
            let length = u32::try_from(mlirShapedTypeGetDimSize(ty, 0)).ok()?;
            let element = element(mlirShapedTypeGetElementType(ty))?;
            return (length > 0).then_some(Type::Vector(element, length));
        }
        if mlirTypeIsAMemRef(ty) {
            return memref_type(ty).map(Type::MemRef);
        }
    }
    None
}

/// The interpreter type of a ranked MLIR memref type.
pub fn memref_type(ty: MlirType) -> Option<MemRefType> {
    unsafe {
        if !mlirTypeIsAMemRef(ty) {
            return None;
        }
        let element = element(mlirShapedTypeGetElementType(ty))?;
        let shape = (0..mlirShapedTypeGetRank(ty) as isize)
            .map(|dimension| {
                if mlirShapedTypeIsDynamicDim(ty, dimension) {
                    Dimension::Dynamic
                } else {
                    Dimension::Static(mlirShapedTypeGetDimSize(ty, dimension))
                }
            })
            .collect();
        Some(MemRefType {
            element,
            shape,
            space: memory_space(ty)?,
        })
    }
}

/// The memory space of a memref type, `None` for spaces the interpreter does not model.
fn memory_space(ty: MlirType) -> Option<MemorySpace> {
    let space = unsafe { mlirMemRefTypeGetMemorySpace(ty) };
    if space.ptr.is_null() {
        return Some(MemorySpace::Global);
    }
    if let Some(number) = ir::integer(space) {
        return match number {
            0 | 1 => Some(MemorySpace::Global),
            3 => Some(MemorySpace::Workgroup),
            4 => Some(MemorySpace::Constant),
            5 => Some(MemorySpace::Private),
            _ => None,
        };
    }
    match ir::attribute_text(space).as_str() {
        "#gpu.address_space<global>" => Some(MemorySpace::Global),
        "#gpu.address_space<workgroup>" => Some(MemorySpace::Workgroup),
        "#gpu.address_space<private>" => Some(MemorySpace::Private),
        _ => None,
    }
}

/// The strided layout of a memref parameter type: `None` for the identity, an error for a
/// layout that is not strided.
pub fn layout(ty: MlirType) -> Result<Option<Layout>, String> {
    unsafe {
        let map = mlirMemRefTypeGetLayout(ty);
        if mlirAttributeIsAAffineMap(map) && mlirAffineMapIsIdentity(mlirAffineMapAttrGetValue(map))
        {
            return Ok(None);
        }
        let rank = usize::try_from(mlirShapedTypeGetRank(ty)).unwrap_or(0);
        let mut strides = vec![0i64; rank];
        let mut offset = 0i64;
        if mlirMemRefTypeGetStridesAndOffset(ty, strides.as_mut_ptr(), &mut offset).value == 0 {
            return Err(format!(
                "the layout of {} is not strided",
                ir::type_text(ty)
            ));
        }
        let dimension = |value: i64| {
            if mlirShapedTypeIsDynamicStrideOrOffset(value) {
                Dimension::Dynamic
            } else {
                Dimension::Static(value)
            }
        };
        Ok(Some(Layout {
            offset: dimension(offset),
            strides: strides.into_iter().map(dimension).collect(),
        }))
    }
}

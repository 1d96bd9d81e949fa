//! Which interpreter [`Op`] each MLIR op becomes, with its attributes.
//!
//! Model. Ops without attributes that matter map by name ([`plain`]: `arith`, `math`, `index`
//! arithmetic and casts, loads and stores, terminators, ...); ops with attributes read them
//! here (constants, predicates, static offsets/sizes/strides, reassociations, affine maps,
//! transfer permutation maps and masks, vector positions, reduction kinds, GPU dimensions and
//! shuffle modes); ops with regions are in [`crate::regions`]. The operands stay in MLIR
//! order, which is the interpreter's, except `memref.alloc`/`alloca`, which keep only their
//! dynamic sizes. An `Err` is the reason the op is unsupported (empty: unknown op).
//!
//! Cost. Constant per op plus the size of its attributes.

use interp::{
    Assertion, AtomicKind, Axis, Cast, Dimension, FloatBinary, FloatPredicate, FloatUnary,
    IntegerBinary, IntegerPredicate, Op, Printer, ReductionKind, ShuffleMode, Switch, SwitchCase,
    Transfer, TransferAxis, Type, ValueId,
};
use mlir_sys::*;

use gpu_mem_opt::ir;

use crate::attributes::{self, keyword_of};
use crate::translator::{type_of, Translator};
use crate::{affine, regions};

/// An op and its operands, or why it is unsupported.
pub(crate) type Translated = Result<(Op, Vec<ValueId>), String>;

/// Translates `operation` (named `name`, with translated `operands`).
pub(crate) fn translate(
    translator: &mut Translator,
    operation: MlirOperation,
    name: &str,
    operands: &[ValueId],
) -> Translated {
    if let Some(op) = plain(name) {
        return Ok((op, operands.to_vec()));
    }
    let op = match name {
        "arith.constant" | "index.constant" | "index.bool.constant" => constant(operation)?,
        "arith.cmpi" => Op::CmpI(integer_predicate(operation, "predicate")?),
        "index.cmp" => Op::CmpI(integer_predicate(operation, "pred")?),
        "arith.cmpf" => Op::CmpF(float_predicate(operation)?),
        "arith.truncf" => truncate_float(operation)?,
        "memref.alloc" | "memref.alloca" => return allocation(operation, name, operands),
        "memref.subview" => subview(operation)?,
        "memref.reinterpret_cast" => reinterpret_cast(operation)?,
        "memref.expand_shape" => Op::ExpandShape {
            reassociation: reassociation(operation)?,
            output_shape: static_list(operation, "static_output_shape")?,
        },
        "memref.collapse_shape" => Op::CollapseShape {
            reassociation: reassociation(operation)?,
        },
        "memref.get_global" => Op::GetGlobal(translator.global(operation)?),
        "memref.atomic_rmw" => Op::AtomicRmw(atomic_kind(operation)?),
        "vector.transfer_read" | "vector.transfer_write" => transfer(operation, name)?,
        "vector.extract" => Op::Extract(position(operation)?),
        "vector.insert" => Op::Insert(position(operation)?),
        "vector.shuffle" => Op::VectorShuffle(shuffle_mask(operation)?),
        "vector.reduction" => Op::Reduction(reduction_kind(operation)?),
        "affine.apply" => Op::AffineApply(map(operation, "map")?),
        "affine.min" => Op::AffineMin(map(operation, "map")?),
        "affine.max" => Op::AffineMax(map(operation, "map")?),
        "affine.load" => Op::AffineLoad(map(operation, "map")?),
        "affine.store" => Op::AffineStore(map(operation, "map")?),
        "gpu.thread_id" => Op::ThreadId(axis(operation)?),
        "gpu.block_id" => Op::BlockId(axis(operation)?),
        "gpu.block_dim" => Op::BlockDim(axis(operation)?),
        "gpu.grid_dim" => Op::GridDim(axis(operation)?),
        "gpu.shuffle" => Op::Shuffle(shuffle_mode(operation)?),
        "gpu.all_reduce" => Op::AllReduce(group_reduction(operation)?),
        "gpu.subgroup_broadcast" => Op::SubgroupBroadcast {
            first_active: match keyword_of(operation, "broadcast_type").as_deref() {
                Some("first_active_lane") => true,
                Some("specific_lane") => false,
                other => return Err(format!("broadcast type {other:?}")),
            },
        },
        "gpu.dynamic_shared_memory" => Op::DynamicSharedMemory,
        "memref.view" => Op::View,
        "vector.print" => vector_print(operation, operands)?,
        "cf.br" => {
            Op::Branch(translator.block_number(unsafe { mlirOperationGetSuccessor(operation, 0) })?)
        }
        "cf.cond_br" => Op::CondBranch {
            then: translator.block_number(unsafe { mlirOperationGetSuccessor(operation, 0) })?,
            otherwise: translator
                .block_number(unsafe { mlirOperationGetSuccessor(operation, 1) })?,
            then_arguments: ir::attribute(operation, "operandSegmentSizes")
                .and_then(ir::dense_i32_array)
                .and_then(|segments| usize::try_from(*segments.get(1)?).ok())
                .ok_or("unreadable 'operandSegmentSizes'")?,
        },
        "cf.switch" => Op::Switch(switch(translator, operation)?),
        "cf.assert" => Op::Assert(assertion(operation)?),
        "gpu.printf" => Op::Printf(
            ir::attribute(operation, "format")
                .filter(|&format| unsafe { mlirAttributeIsAString(format) })
                .map(|format| unsafe { ir::string_ref(mlirStringAttrGetValue(format)) })
                .ok_or("no 'format' string")?,
        ),
        "gpu.subgroup_reduce" => Op::SubgroupReduce {
            kind: group_reduction(operation)?,
            size: cluster(operation, "cluster_size", 32)?,
            stride: cluster(operation, "cluster_stride", 1)?,
        },
        "scf.reduce" if operands.is_empty() => Op::Yield,
        "scf.reduce" => return Err("with reductions".into()),
        _ => regions::translate(translator, operation, name)?,
    };
    Ok((op, operands.to_vec()))
}

/// `cf.assert`'s message and where `__assertfail` says it failed: the NVVM lowering's reading
/// of the location (`AssertOpToAssertfailLowering`): past call sites to the callee, then a
/// file and line, or a name with a file and line inside.
fn assertion(operation: MlirOperation) -> Result<Assertion, String> {
    let message = ir::attribute(operation, "msg")
        .filter(|&message| unsafe { mlirAttributeIsAString(message) })
        .map(|message| unsafe { ir::string_ref(mlirStringAttrGetValue(message)) })
        .ok_or("no 'msg' string")?;
    let unknown = || "(unknown)".to_string();
    let mut location = unsafe { mlirOperationGetLocation(operation) };
    while unsafe { mlirLocationIsACallSite(location) } {
        location = unsafe { mlirLocationCallSiteGetCallee(location) };
    }
    let file_line = |location: MlirLocation| unsafe {
        mlirLocationIsAFileLineColRange(location).then(|| {
            (
                ir::string_ref(mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(
                    location,
                ))),
                u32::try_from(mlirLocationFileLineColRangeGetStartLine(location)).unwrap_or(0),
            )
        })
    };
    let (function, inner) = match unsafe { mlirLocationIsAName(location) } {
        true => unsafe {
            (
                ir::string_ref(mlirIdentifierStr(mlirLocationNameGetName(location))),
                mlirLocationNameGetChildLoc(location),
            )
        },
        false => (unknown(), location),
    };
    let (file, line) = file_line(inner).unwrap_or_else(|| (unknown(), 0));
    Ok(Assertion {
        message,
        file,
        line,
        function,
    })
}

/// `cf.switch`: successor 0 is the default, successor `1 + i` the `i`-th case.
fn switch(translator: &Translator, operation: MlirOperation) -> Result<Switch, String> {
    let successor = |index: isize| {
        translator.block_number(unsafe { mlirOperationGetSuccessor(operation, index) })
    };
    let segments = |name: &str| {
        ir::attribute(operation, name)
            .and_then(ir::dense_i32_array)
            .ok_or_else(|| format!("unreadable '{name}'"))
    };
    let default_arguments = segments("operandSegmentSizes")?
        .get(1)
        .and_then(|&count| usize::try_from(count).ok())
        .ok_or("unreadable 'operandSegmentSizes'")?;
    let case_arguments = segments("case_operand_segments")?;
    let values = ir::attribute(operation, "case_values");
    let cases = case_arguments
        .iter()
        .enumerate()
        .map(|(index, &arguments)| {
            let value = values
                .map(|values| unsafe {
                    mlirElementsAttrGetValue(values, 1, [index as u64].as_mut_ptr())
                })
                .and_then(ir::integer)
                .ok_or("unreadable 'case_values'")?;
            Ok(SwitchCase {
                value,
                target: successor(1 + index as isize)?,
                arguments: usize::try_from(arguments).map_err(|_| "a negative segment")?,
            })
        })
        .collect::<Result<_, String>>()?;
    Ok(Switch {
        default: successor(0)?,
        default_arguments,
        cases,
    })
}

/// Ops that map by name alone.
fn plain(name: &str) -> Option<Op> {
    use IntegerBinary as I;
    Some(match name {
        "arith.addi" | "index.add" => Op::IntegerBinary(I::AddI),
        "arith.subi" | "index.sub" => Op::IntegerBinary(I::SubI),
        "arith.muli" | "index.mul" => Op::IntegerBinary(I::MulI),
        "arith.divsi" | "index.divs" => Op::IntegerBinary(I::DivSI),
        "arith.divui" | "index.divu" => Op::IntegerBinary(I::DivUI),
        "arith.remsi" | "index.rems" => Op::IntegerBinary(I::RemSI),
        "arith.remui" | "index.remu" => Op::IntegerBinary(I::RemUI),
        "arith.floordivsi" | "index.floordivs" => Op::IntegerBinary(I::FloorDivSI),
        "arith.ceildivsi" | "index.ceildivs" => Op::IntegerBinary(I::CeilDivSI),
        "arith.ceildivui" | "index.ceildivu" => Op::IntegerBinary(I::CeilDivUI),
        "arith.andi" | "index.and" => Op::IntegerBinary(I::AndI),
        "arith.ori" | "index.or" => Op::IntegerBinary(I::OrI),
        "arith.xori" | "index.xor" => Op::IntegerBinary(I::XOrI),
        "arith.shli" | "index.shl" => Op::IntegerBinary(I::ShLI),
        "arith.shrsi" | "index.shrs" => Op::IntegerBinary(I::ShRSI),
        "arith.shrui" | "index.shru" => Op::IntegerBinary(I::ShRUI),
        "arith.minsi" | "index.mins" => Op::IntegerBinary(I::MinSI),
        "arith.maxsi" | "index.maxs" => Op::IntegerBinary(I::MaxSI),
        "arith.minui" | "index.minu" => Op::IntegerBinary(I::MinUI),
        "arith.maxui" | "index.maxu" => Op::IntegerBinary(I::MaxUI),
        _ => {
            return float_plain(name)
                .or_else(|| cast(name))
                .or_else(|| other_plain(name))
        }
    })
}

/// Float arithmetic that maps by name.
fn float_plain(name: &str) -> Option<Op> {
    match name {
        "math.fma" => return Some(Op::Fma),
        "math.fpowi" => return Some(Op::PowI),
        _ => {}
    }
    let binary = FloatBinary::ALL.into_iter().find(|op| op.name() == name);
    let unary = FloatUnary::ALL.into_iter().find(|op| op.name() == name);
    binary
        .map(Op::FloatBinary)
        .or_else(|| unary.map(Op::FloatUnary))
}

/// Conversions that map by name (`arith.truncf` checks its rounding mode first).
fn cast(name: &str) -> Option<Op> {
    Some(Op::Cast(match name {
        "arith.extsi" => Cast::ExtSI,
        "arith.extui" => Cast::ExtUI,
        "arith.trunci" => Cast::TruncI,
        "arith.sitofp" => Cast::SIToFP,
        "arith.uitofp" => Cast::UIToFP,
        "arith.fptosi" => Cast::FPToSI,
        "arith.fptoui" => Cast::FPToUI,
        "arith.extf" => Cast::ExtF,
        "arith.index_cast" | "index.casts" => Cast::IndexCast,
        "arith.index_castui" | "index.castu" => Cast::IndexCastUI,
        "arith.bitcast" => Cast::Bitcast,
        _ => return None,
    }))
}

/// Memory, vector, GPU and terminator ops that map by name.
fn other_plain(name: &str) -> Option<Op> {
    Some(match name {
        "math.absi" => Op::AbsI,
        "arith.select" => Op::Select,
        "memref.load" => Op::Load,
        "memref.store" => Op::Store,
        "memref.dealloc" => Op::Dealloc,
        "memref.dim" => Op::Dim,
        "memref.extract_aligned_pointer_as_index" => Op::AlignedPointer,
        "memref.cast" | "memref.memory_space_cast" | "memref.assume_alignment" => Op::MemRefCast,
        "vector.load" => Op::VectorLoad,
        "vector.store" => Op::VectorStore,
        "vector.broadcast" => Op::Broadcast,
        "vector.splat" => Op::Splat,
        "gpu.lane_id" => Op::LaneId,
        "gpu.subgroup_id" => Op::SubgroupId,
        "gpu.num_subgroups" => Op::NumSubgroups,
        "gpu.subgroup_size" => Op::SubgroupSize,
        "gpu.barrier" => Op::Barrier,
        "gpu.return" | "gpu.terminator" | "func.return" => Op::Return,
        "scf.yield" | "affine.yield" => Op::Yield,
        "scf.condition" => Op::Condition,
        _ => return None,
    })
}

/// The attribute `name` of `operation`, or why the op cannot be translated.
fn required(operation: MlirOperation, name: &str) -> Result<MlirAttribute, String> {
    ir::attribute(operation, name).ok_or_else(|| format!("no '{name}' attribute"))
}

/// A static/dynamic list attribute such as `static_sizes`.
fn static_list(operation: MlirOperation, name: &str) -> Result<Vec<Dimension>, String> {
    attributes::dimensions(operation, name).ok_or_else(|| format!("unreadable '{name}'"))
}

/// The affine map attribute `name`.
fn map(operation: MlirOperation, name: &str) -> Result<interp::AffineMap, String> {
    affine::map_attribute(required(operation, name)?).ok_or_else(|| format!("unreadable '{name}'"))
}

/// `arith.constant`, `index.constant`, `index.bool.constant`: every element's bit pattern.
fn constant(operation: MlirOperation) -> Result<Op, String> {
    let result = unsafe { mlirOperationGetResult(operation, 0) };
    let (ty, _) = type_of(result);
    let length = match ty {
        Type::Scalar(_) => 1,
        Type::Vector(_, length) => length as usize,
        Type::MemRef(_) => return Err("a memref constant".into()),
    };
    let bits = attributes::element_bits(required(operation, "value")?, ty.element())
        .ok_or("a value the interpreter cannot read")?;
    if bits.len() != 1 && bits.len() != length {
        return Err(format!("{} values for {length} elements", bits.len()));
    }
    Ok(Op::Constant(bits))
}

/// Picks the entry of `names` that an enum attribute's keyword (or number) names.
fn choose<T: Copy>(keyword: &str, names: &[&str], values: &[T]) -> Option<T> {
    let position = keyword
        .parse::<usize>()
        .ok()
        .or_else(|| names.iter().position(|name| *name == keyword))?;
    values.get(position).copied()
}

/// The enum attribute `attribute` of `operation` as one of `values`, named by `names`.
fn enumerated<T: Copy>(
    operation: MlirOperation,
    attribute: &str,
    names: &[&str],
    values: &[T],
) -> Result<T, String> {
    let keyword = keyword_of(operation, attribute).ok_or(format!("no '{attribute}' attribute"))?;
    choose(&keyword, names, values).ok_or_else(|| format!("{attribute} '{keyword}'"))
}

/// The predicate of `arith.cmpi` (`predicate`, a number) or `index.cmp` (`pred`, a keyword).
fn integer_predicate(operation: MlirOperation, name: &str) -> Result<IntegerPredicate, String> {
    use IntegerPredicate::*;
    let names = [
        "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
    ];
    let values = [Eq, Ne, Slt, Sle, Sgt, Sge, Ult, Ule, Ugt, Uge];
    enumerated(operation, name, &names, &values)
}

/// The predicate of `arith.cmpf`.
fn float_predicate(operation: MlirOperation) -> Result<FloatPredicate, String> {
    use FloatPredicate::*;
    let names = [
        "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult",
        "ule", "une", "uno", "true",
    ];
    let values = [
        False, Oeq, Ogt, Oge, Olt, Ole, One, Ord, Ueq, Ugt, Uge, Ult, Ule, Une, Uno, True,
    ];
    enumerated(operation, "predicate", &names, &values)
}

/// `arith.truncf`, which rounds to nearest even unless a `roundingmode` says otherwise.
fn truncate_float(operation: MlirOperation) -> Result<Op, String> {
    match keyword_of(operation, "roundingmode").as_deref() {
        None | Some("0") | Some("to_nearest_even") => Ok(Op::Cast(Cast::TruncF)),
        Some(mode) => Err(format!("roundingmode {mode}")),
    }
}

/// `memref.alloc`/`alloca`: keeps the dynamic sizes, drops the layout's symbol operands.
fn allocation(operation: MlirOperation, name: &str, operands: &[ValueId]) -> Translated {
    let sizes = ir::attribute(operation, "operandSegmentSizes")
        .and_then(ir::dense_i32_array)
        .and_then(|segments| usize::try_from(*segments.first()?).ok())
        .unwrap_or(operands.len())
        .min(operands.len());
    let op = if name == "memref.alloc" {
        Op::Alloc
    } else {
        Op::Alloca
    };
    Ok((op, operands[..sizes].to_vec()))
}

/// `memref.subview`, with the dimensions a rank-reducing subview drops.
fn subview(operation: MlirOperation) -> Result<Op, String> {
    let offsets = static_list(operation, "static_offsets")?;
    let sizes = static_list(operation, "static_sizes")?;
    let strides = static_list(operation, "static_strides")?;
    let result = unsafe { mlirValueGetType(mlirOperationGetResult(operation, 0)) };
    let kept = crate::types::memref_type(result).ok_or("an unsupported result type")?;
    let dropped = dropped_dimensions(&sizes, &kept.shape).ok_or("an unmatched rank reduction")?;
    Ok(Op::Subview {
        offsets,
        sizes,
        strides,
        dropped,
    })
}

/// The dimensions of `sizes` (of size 1) that a rank reduction to `kept` drops: each size
/// matches the next kept size when equal, else it must be a static 1 and is dropped. (Where
/// MLIR could drop either of two size-1 dimensions, the choice does not change addresses.)
fn dropped_dimensions(sizes: &[Dimension], kept: &[Dimension]) -> Option<Vec<usize>> {
    let mut dropped = Vec::new();
    let mut next = 0;
    for (dimension, size) in sizes.iter().enumerate() {
        if kept.get(next) == Some(size) {
            next += 1;
        } else if *size == Dimension::Static(1) {
            dropped.push(dimension);
        } else {
            return None;
        }
    }
    (next == kept.len()).then_some(dropped)
}

/// `memref.reinterpret_cast`.
fn reinterpret_cast(operation: MlirOperation) -> Result<Op, String> {
    let offsets = static_list(operation, "static_offsets")?;
    let [offset] = offsets[..] else {
        return Err(format!("{} offsets", offsets.len()));
    };
    Ok(Op::ReinterpretCast {
        offset,
        sizes: static_list(operation, "static_sizes")?,
        strides: static_list(operation, "static_strides")?,
    })
}

/// The `reassociation` of `expand_shape`/`collapse_shape`.
fn reassociation(operation: MlirOperation) -> Result<Vec<Vec<usize>>, String> {
    attributes::groups(required(operation, "reassociation")?)
        .ok_or_else(|| "unreadable 'reassociation'".into())
}

/// `vector.transfer_read`/`transfer_write`: permutation map, `in_bounds`, mask.
fn transfer(operation: MlirOperation, name: &str) -> Result<Op, String> {
    let permutation = map(operation, "permutation_map")?;
    let axis = match permutation.results[..] {
        [interp::AffineExpr::Dimension(dimension)] => TransferAxis::Dimension(dimension),
        [interp::AffineExpr::Constant(0)] => TransferAxis::Broadcast,
        _ => return Err("a permutation map other than one dimension or 0".into()),
    };
    let in_bounds = ir::attribute(operation, "in_bounds")
        .and_then(attributes::booleans)
        .is_some_and(|flags| flags.first() == Some(&true));
    let masked = ir::attribute(operation, "operandSegmentSizes")
        .and_then(ir::dense_i32_array)
        .is_some_and(|segments| segments.last().is_some_and(|&count| count > 0));
    let memref =
        unsafe { mlirOperationGetOperand(operation, isize::from(name.ends_with("write"))) };
    let vector = unsafe {
        if name.ends_with("write") {
            mlirOperationGetOperand(operation, 0)
        } else {
            mlirOperationGetResult(operation, 0)
        }
    };
    if type_of(memref).0.element() != type_of(vector).0.element() {
        return Err("element types differ between memref and vector".into());
    }
    let transfer = Transfer {
        axis,
        in_bounds,
        masked,
    };
    Ok(if name.ends_with("write") {
        Op::TransferWrite(transfer)
    } else {
        Op::TransferRead(transfer)
    })
}

/// The single position of `vector.extract`/`insert` on a 1-D vector.
fn position(operation: MlirOperation) -> Result<Dimension, String> {
    match static_list(operation, "static_position")?[..] {
        [position] => Ok(position),
        ref other => Err(format!("{} positions", other.len())),
    }
}

/// The `mask` of a `vector.shuffle` of 1-D vectors.
fn shuffle_mask(operation: MlirOperation) -> Result<Vec<usize>, String> {
    let rank =
        unsafe { mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetResult(operation, 0))) };
    if rank != 1 {
        return Err(format!("a shuffle of {rank}-D vectors"));
    }
    ir::dense_i64_array(required(operation, "mask")?)
        .ok_or("unreadable 'mask'")?
        .into_iter()
        .map(|index| usize::try_from(index).map_err(|_| "a poison mask entry".to_string()))
        .collect()
}

/// The `kind` of `vector.reduction`.
fn reduction_kind(operation: MlirOperation) -> Result<ReductionKind, String> {
    use ReductionKind::*;
    let names = [
        "add", "mul", "minui", "minsi", "maxui", "maxsi", "and", "or", "xor", "minnumf", "maxnumf",
        "minimumf", "maximumf",
    ];
    let values = [
        Add, Mul, MinUI, MinSI, MaxUI, MaxSI, And, Or, XOr, MinNumF, MaxNumF, MinimumF, MaximumF,
    ];
    enumerated(operation, "kind", &names, &values)
}

/// What a `gpu.all_reduce` or `gpu.subgroup_reduce` combines with: its `op` attribute
/// (`#gpu<all_reduce_op add>`), or a body of one combining op of its two arguments.
fn group_reduction(operation: MlirOperation) -> Result<ReductionKind, String> {
    use ReductionKind::*;
    if ir::attribute(operation, "op").is_some() {
        let names = [
            "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or",
            "xor", "minimumf", "maximumf",
        ];
        let values = [
            Add, Mul, MinUI, MinSI, MinNumF, MaxUI, MaxSI, MaxNumF, And, Or, XOr, MinimumF,
            MaximumF,
        ];
        return enumerated(operation, "op", &names, &values);
    }
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(operation, 0)) };
    let operations = ir::block_operations(body);
    let [combining, terminator] = operations.as_slice() else {
        return Err("a reduction body other than one op and its yield".into());
    };
    let arguments: Vec<MlirValue> = (0..2)
        .map(|position| unsafe { mlirBlockGetArgument(body, position) })
        .collect();
    let uses_arguments = (0..2).all(|position| {
        let operand = unsafe { mlirOperationGetOperand(*combining, position) };
        arguments
            .iter()
            .any(|&argument| unsafe { mlirValueEqual(argument, operand) })
    });
    let yields_it = unsafe {
        mlirOperationGetNumOperands(*terminator) == 1
            && mlirValueEqual(
                mlirOperationGetOperand(*terminator, 0),
                mlirOperationGetResult(*combining, 0),
            )
    };
    if !uses_arguments || !yields_it {
        return Err("a reduction body other than one op of its two arguments".into());
    }
    let name = ir::operation_name(*combining);
    Ok(match name.as_str() {
        "arith.addf" | "arith.addi" => Add,
        "arith.mulf" | "arith.muli" => Mul,
        "arith.minui" => MinUI,
        "arith.minsi" => MinSI,
        "arith.maxui" => MaxUI,
        "arith.maxsi" => MaxSI,
        "arith.andi" => And,
        "arith.ori" => Or,
        "arith.xori" => XOr,
        "arith.minnumf" => MinNumF,
        "arith.maxnumf" => MaxNumF,
        "arith.minimumf" => MinimumF,
        "arith.maximumf" => MaximumF,
        _ => return Err(format!("a reduction body of {name}")),
    })
}

/// `vector.print` of a value (a scalar or 1-D vector) or of a punctuation mark alone; a string
/// literal is not printed by the interpreter yet.
fn vector_print(operation: MlirOperation, operands: &[ValueId]) -> Result<Op, String> {
    if ir::attribute(operation, "stringLiteral").is_some() {
        return Err("with a string".into());
    }
    let punctuation = keyword_of(operation, "punctuation").unwrap_or_else(|| "newline".into());
    Ok(match (operands.is_empty(), punctuation.as_str()) {
        (false, "newline") => Op::Print(Printer::Vector { newline: true }),
        (false, "no_punctuation") => Op::Print(Printer::Vector { newline: false }),
        (true, "newline") => Op::Print(Printer::Newline),
        (true, "comma") => Op::Print(Printer::Comma),
        (true, "open") => Op::Print(Printer::Open),
        (true, "close") => Op::Print(Printer::Close),
        (_, other) => return Err(format!("punctuation <{other}>")),
    })
}

/// The `cluster_size` or `cluster_stride` of `gpu.subgroup_reduce`, `default` where absent.
fn cluster(operation: MlirOperation, name: &str, default: u32) -> Result<u32, String> {
    match ir::attribute(operation, name) {
        None => Ok(default),
        Some(attribute) => ir::integer(attribute)
            .and_then(|value| u32::try_from(value).ok())
            .ok_or_else(|| format!("an unreadable '{name}'")),
    }
}

/// The `kind` of `memref.atomic_rmw`, by MLIR 22's `AtomicRMWKind` numbers.
fn atomic_kind(operation: MlirOperation) -> Result<AtomicKind, String> {
    use AtomicKind::{Assign, Float, Integer};
    use FloatBinary::*;
    use IntegerBinary::*;
    let kinds = [
        Float(AddF),
        Integer(AddI),
        Integer(AndI),
        Assign,
        Float(MaximumF),
        Float(MaxNumF),
        Integer(MaxSI),
        Integer(MaxUI),
        Float(MinimumF),
        Float(MinNumF),
        Integer(MinSI),
        Integer(MinUI),
        Float(MulF),
        Integer(MulI),
        Integer(OrI),
        Integer(XOrI),
    ];
    let number = ir::attribute(operation, "kind")
        .and_then(ir::integer)
        .ok_or("no 'kind' attribute")?;
    usize::try_from(number)
        .ok()
        .and_then(|number| kinds.get(number).copied())
        .ok_or_else(|| format!("atomic kind {number}"))
}

/// The `dimension` of a GPU id op.
fn axis(operation: MlirOperation) -> Result<Axis, String> {
    enumerated(
        operation,
        "dimension",
        &["x", "y", "z"],
        &[Axis::X, Axis::Y, Axis::Z],
    )
}

/// The `mode` of `gpu.shuffle`.
fn shuffle_mode(operation: MlirOperation) -> Result<ShuffleMode, String> {
    use ShuffleMode::*;
    enumerated(
        operation,
        "mode",
        &["xor", "up", "down", "idx"],
        &[Xor, Up, Down, Idx],
    )
}

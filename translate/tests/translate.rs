//! Translation from MLIR to the interpreter: every supported op translates and runs; every
//! unsupported construct becomes a clear error naming it (never a panic); layouts, globals
//! and `gpu.launch` captures come through.

use gpu_mem_opt::pipeline;
use interp::{Argument, Dimension, ElementType, Fill, HostBuffer, Layout, Op, Options, Scalar};
use melior::ir::Module;

const ALL_OPS: &str = include_str!("inputs/all_ops.mlir");
const UNSUPPORTED: &str = include_str!("inputs/unsupported.mlir");

/// Parses `source` and translates its kernel `name`.
fn translated(source: &str, name: &str) -> Result<interp::Kernel, translate::Error> {
    let context = pipeline::context();
    let module = Module::parse(&context, source).expect("the test input parses");
    let kernel = translate::find(module.as_operation().to_raw(), name)?;
    translate::translate(&kernel)
}

/// The names of the kernel's `Op::Unsupported`s, in pre-order.
fn unsupported(kernel: &interp::Kernel) -> Vec<String> {
    let mut names = Vec::new();
    kernel.body.walk(&mut |operation| {
        if let Op::Unsupported(name) = &operation.op {
            names.push(name.clone());
        }
    });
    names
}

/// A filled buffer argument.
fn buffer(element: ElementType, length: i64, fill: Fill) -> Argument {
    Argument::Buffer(HostBuffer::filled(element, &[length], fill))
}

#[test]
fn every_supported_op_translates_and_runs() {
    let kernel = translated(ALL_OPS, "all").unwrap();
    assert_eq!(unsupported(&kernel), Vec::<String>::new());
    assert_eq!(kernel.workgroup.len(), 1);
    assert_eq!(kernel.private.len(), 1);
    assert_eq!(kernel.globals.len(), 1);
    assert_eq!(kernel.globals[0].initial.len(), 4);
    let mut arguments = vec![
        buffer(ElementType::F32, 32, Fill::Random(1)),
        buffer(ElementType::Integer(32), 32, Fill::Iota),
        buffer(ElementType::F16, 32, Fill::Ones),
        Argument::Scalar(Scalar::integer(ElementType::Index, 3)),
        Argument::Scalar(Scalar::float(ElementType::F32, 2.0)),
    ];
    let trace = interp::run(
        &kernel,
        [1, 1, 1],
        [32, 1, 1],
        &mut arguments,
        &Options::default(),
    );
    assert!(trace.is_ok(), "{trace:?}");
}

#[test]
fn unsupported_ops_are_named_at_their_location() {
    let kernel = translated(UNSUPPORTED, "misc").unwrap();
    let names = unsupported(&kernel);
    for expected in [
        "vector.create_mask",
        "gpu.global_id",
        "scf.parallel (with reductions)",
        "scf.execute_region",
        "memref.generic_atomic_rmw",
        "memref.get_global (@res has an initial value that is not a dense constant)",
        "gpu.rotate",
    ] {
        assert!(
            names.iter().any(|name| name == expected),
            "{expected} not in {names:?}"
        );
    }
    let mut arguments = vec![
        buffer(ElementType::F32, 8, Fill::Zeros),
        Argument::Scalar(Scalar::integer(ElementType::Index, 2)),
    ];
    let error = interp::run(
        &kernel,
        [1, 1, 1],
        [4, 1, 1],
        &mut arguments,
        &Options::default(),
    )
    .unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with("unsupported operation 'vector.create_mask'"),
        "{error}"
    );
}

#[test]
fn unsupported_types_and_attributes_become_unsupported_ops() {
    let vectors = translated(UNSUPPORTED, "vec2d").unwrap();
    assert_eq!(
        unsupported(&vectors)[0],
        "vector.load (type vector<2x4xf32>)"
    );
    let rounding = translated(UNSUPPORTED, "rounding").unwrap();
    assert_eq!(unsupported(&rounding), ["arith.truncf (roundingmode 4)"]);
}

#[test]
fn unrepresentable_parameters_are_kernel_errors() {
    for (name, reason) in [
        ("types", "parameter 0 has type memref<4xi128>"),
        ("vecmem", "parameter 0 has type memref<4xvector<4xf32>>"),
        ("tensor", "parameter 0 has type tensor<4xf32>"),
        ("tiled_layout", "is not strided"),
    ] {
        let error = translated(UNSUPPORTED, name).unwrap_err().to_string();
        assert!(error.contains(reason), "{name}: {error}");
    }
    let missing = translated(UNSUPPORTED, "nothing").unwrap_err().to_string();
    assert!(
        missing.starts_with("no kernel named 'nothing' (kernels: vec2d, types"),
        "{missing}"
    );
}

#[test]
fn strided_parameters_keep_their_layout() {
    let kernel = translated(UNSUPPORTED, "permuted").unwrap();
    let expected = Layout {
        offset: Dimension::Static(0),
        strides: vec![Dimension::Static(1), Dimension::Static(4)],
    };
    assert_eq!(kernel.layout(0), Some(&expected));
    let identity = translated(ALL_OPS, "all").unwrap();
    assert_eq!(identity.layout(0), None);
}

#[test]
fn launch_bodies_capture_values_from_outside() {
    let source = r#"
      func.func @host(%in: memref<32xi32>) {
        %c1 = arith.constant 1 : index
        %c32 = arith.constant 32 : index
        %five = arith.constant 5 : i32
        gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
                   threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
          %v = memref.load %in[%tx] : memref<32xi32>
          %w = arith.addi %v, %five : i32
          memref.store %w, %in[%tx] : memref<32xi32>
          gpu.terminator
        }
        return
      }"#;
    let context = pipeline::context();
    let module = Module::parse(&context, source).unwrap();
    let root = module.as_operation().to_raw();
    let name = gpu_mem_opt::facts::kernels::find(root, None)[0]
        .name
        .clone();
    let kernel = translate::translate(&translate::find(root, &name).unwrap()).unwrap();
    assert_eq!(kernel.parameters().len(), 1);
    let mut arguments = vec![buffer(ElementType::Integer(32), 32, Fill::Iota)];
    interp::run(
        &kernel,
        [1, 1, 1],
        [32, 1, 1],
        &mut arguments,
        &Options::default(),
    )
    .unwrap();
    let Argument::Buffer(result) = &arguments[0] else {
        unreachable!()
    };
    let expected: Vec<f64> = (0..32).map(|value| f64::from(value + 5)).collect();
    assert_eq!(result.values(), expected);
}

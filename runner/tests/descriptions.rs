//! Launch descriptions: parsing, validation, and the parameter layout checked against PTX
//! (MLIR's memref descriptors and CUDA's bare pointers), all without a GPU.

use std::path::{Path, PathBuf};

use runner::description::{ArgumentKind, Convention, Description};
use runner::launch;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The description of `examples/transpose.mlir` as `gpu-mem-opt run` writes it.
fn transpose() -> Description {
    serde_json::from_str(
        r#"{ "version": 1, "ptx": "transpose.ptx", "kernel": "transpose",
             "grid": [32, 128, 1], "block": [32, 8, 1], "convention": "memref-descriptor",
             "arguments": [
               { "name": "in", "memref": { "element": "f32", "shape": [1024, 1024], "fill": "random:1" } },
               { "name": "out", "memref": { "element": "f32", "shape": [1024, 1024], "fill": "zeros",
                                            "output": "binary" } } ],
             "bytes_moved": 8388608 }"#,
    )
    .unwrap()
}

/// A CUDA kernel: two bare pointers, an `int`, and a `__constant__` binding.
fn scale() -> Description {
    serde_json::from_str(
        r#"{ "version": 1, "ptx": "scale.ptx", "kernel": "scale",
             "grid": [4, 1, 1], "block": [256, 1, 1], "convention": "bare-pointer",
             "arguments": [
               { "name": "in", "memref": { "element": "f32", "shape": [1024], "fill": "iota" } },
               { "name": "out", "memref": { "element": "f32", "shape": [1024], "fill": "zeros", "output": "text" } },
               { "name": "n", "scalar": { "element": "i32", "value": "1024" } },
               { "name": "factor", "memref": { "element": "f32", "shape": [4], "fill": "ones",
                                               "constant": "c_factor", "parameter": false } } ] }"#,
    )
    .unwrap()
}

#[test]
fn defaults_and_round_trip() {
    let description = transpose();
    assert_eq!(description.warmup, 3);
    assert_eq!(description.repeats, 20);
    assert_eq!(description.shared_bytes, 0);
    assert_eq!(description.convention, Convention::MemrefDescriptor);
    description.validate().unwrap();
    let text = serde_json::to_string(&description).unwrap();
    assert_eq!(
        serde_json::from_str::<Description>(&text).unwrap(),
        description
    );
    let ArgumentKind::Memref(out) = &description.arguments[1].kind else {
        panic!("out is a memref")
    };
    assert_eq!(out.strides(), vec![1024, 1]);
    assert_eq!(out.span(), 1024 * 1024);
}

#[test]
fn memref_descriptors_match_the_mlir_entry() {
    // Two 2-D memrefs: 2 × (2 pointers + offset + 2 sizes + 2 strides) = 14 parameters.
    let ptx = std::fs::read(data("transpose.ptx")).unwrap();
    launch::check(&transpose(), &ptx).unwrap();
    let packed = runner::parameters::pack(&transpose(), &[Some(0x1000), Some(0x2000)]).unwrap();
    let what: Vec<&str> = packed.iter().map(|p| p.what.as_str()).collect();
    assert_eq!(
        what,
        [
            "in.allocated",
            "in.aligned",
            "in.offset",
            "in.sizes[0]",
            "in.sizes[1]",
            "in.strides[0]",
            "in.strides[1]",
            "out.allocated",
            "out.aligned",
            "out.offset",
            "out.sizes[0]",
            "out.sizes[1]",
            "out.strides[0]",
            "out.strides[1]",
        ]
    );
    assert_eq!(packed[1].bytes, 0x1000u64.to_le_bytes());
    assert_eq!(packed[5].bytes, 1024u64.to_le_bytes());
    assert_eq!(packed[8].bytes, 0x2000u64.to_le_bytes());
}

#[test]
fn bare_pointers_scalars_and_constants_match_the_cuda_entry() {
    let ptx = std::fs::read(data("scale.ptx")).unwrap();
    launch::check(&scale(), &ptx).unwrap();
    let packed = runner::parameters::pack(&scale(), &[Some(8), Some(16), None, None]).unwrap();
    let sizes: Vec<usize> = packed.iter().map(|p| p.bytes.len()).collect();
    assert_eq!(sizes, [8, 8, 4]);
    assert_eq!(packed[2].bytes, 1024i32.to_le_bytes());
}

#[test]
fn a_wrong_layout_is_refused_with_the_parameter_list() {
    let mut wrong = transpose();
    wrong.convention = Convention::BarePointer;
    let ptx = std::fs::read(data("transpose.ptx")).unwrap();
    let error = launch::check(&wrong, &ptx).unwrap_err().to_string();
    assert!(error.contains("the PTX takes 14 parameters"), "{error}");
    assert!(
        error.contains("the description gives 2: in.allocated (8 B), out.allocated (8 B)"),
        "{error}"
    );
    let mut renamed = transpose();
    renamed.kernel = "transposed".into();
    let error = launch::check(&renamed, &ptx).unwrap_err().to_string();
    assert_eq!(error, "the PTX has no `.entry transposed(`");
}

#[test]
fn validation_names_the_problem() {
    let invalid = |edit: fn(&mut Description)| {
        let mut description = scale();
        edit(&mut description);
        description.validate().unwrap_err()
    };
    assert!(invalid(|d| d.grid = [0, 1, 1]).contains("must be positive"));
    assert!(
        invalid(|d| d.arguments[1].name = "in".into()).contains("two arguments are called 'in'")
    );
    assert!(invalid(|d| d.version = 2).contains("schema version 2"));
    let bad_fill = invalid(|d| {
        if let ArgumentKind::Memref(memref) = &mut d.arguments[0].kind {
            memref.fill = "gaussian".into();
        }
    });
    assert!(
        bad_fill.contains("argument 'in'") && bad_fill.contains("unknown fill 'gaussian'"),
        "{bad_fill}"
    );
    let bad_literal = invalid(|d| {
        if let ArgumentKind::Scalar(scalar) = &mut d.arguments[2].kind {
            scalar.value = "many".into();
        }
    });
    assert!(
        bad_literal.contains("'many' is not an integer"),
        "{bad_literal}"
    );
    let unknown: Result<Description, _> = serde_json::from_str(
        r#"{ "version": 1, "ptx": "a", "kernel": "k",
        "grid": [1,1,1], "block": [1,1,1], "convention": "stack", "arguments": [] }"#,
    );
    assert!(unknown.is_err());
}

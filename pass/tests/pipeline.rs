//! The pass driven from Rust through `pipeline`, as a DSL compiler would:
//! parse, run `gpu-mem-opt`, read the report, lower to PTX.

use std::path::PathBuf;

use gpu_mem_opt::{
    pipeline::{self, Diagnostics},
    Error,
};

/// The demo's naive transpose.
fn transpose() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/transpose.mlir")
}

/// The naive transpose's read is coalesced (4 sectors per request) and its
/// transposed write touches one sector per lane (32); the report says so.
#[test]
fn report_of_the_naive_transpose() {
    let context = pipeline::context();
    let diagnostics = Diagnostics::capture(&context);
    let mut module = pipeline::parse_file(&context, &diagnostics, &transpose()).unwrap();
    let path = std::env::temp_dir().join(format!("gmo-test-{}.json", std::process::id()));
    pipeline::run_pipeline(
        &context,
        &diagnostics,
        &mut module,
        &format!("gpu-mem-opt{{report={}}}", path.display()),
    )
    .unwrap();
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    std::fs::remove_file(&path).unwrap();
    let kernel = &report["kernels"][0];
    assert_eq!(kernel["name"], "transpose");
    assert_eq!(kernel["block"], serde_json::json!([32, 8, 1]));
    let sectors: Vec<f64> = kernel["accesses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|access| access["before"]["sectors_per_request"].as_f64().unwrap())
        .collect();
    assert_eq!(sectors, vec![4.0, 32.0]);
    let remarks = diagnostics.take();
    assert!(
        remarks
            .iter()
            .any(|line| line.contains("remark: gpu-mem-opt: kernel: 'transpose'")),
        "{remarks:?}"
    );
}

/// Lowering through NVVM yields PTX for the requested SM version.
#[test]
fn lowers_to_ptx() {
    let context = pipeline::context();
    let diagnostics = Diagnostics::capture(&context);
    let mut module = pipeline::parse_file(&context, &diagnostics, &transpose()).unwrap();
    let lowering = pipeline::lower_to_ptx_pipeline(90);
    pipeline::run_pipeline(&context, &diagnostics, &mut module, &lowering).unwrap();
    let objects = pipeline::ptx_of(&module);
    assert_eq!(objects.len(), 1);
    assert_eq!(objects[0].0, "kernels");
    assert!(objects[0].1.contains(".target sm_90"));
    assert!(objects[0].1.contains(".entry transpose"));
}

/// A bad option value fails the pipeline with the option's message.
#[test]
fn bad_option_is_a_pipeline_error() {
    let context = pipeline::context();
    let diagnostics = Diagnostics::capture(&context);
    let mut module = pipeline::parse_file(&context, &diagnostics, &transpose()).unwrap();
    let error = pipeline::run_pipeline(&context, &diagnostics, &mut module, "gpu-mem-opt{sm=33}")
        .unwrap_err();
    assert!(matches!(error, Error::Pipeline(_)));
    assert!(
        error.to_string().contains("unsupported target sm_33"),
        "{error}"
    );
}

/// A missing file is an I/O error naming the file.
#[test]
fn missing_file() {
    let context = pipeline::context();
    let diagnostics = Diagnostics::capture(&context);
    let error = pipeline::parse_file(&context, &diagnostics, &PathBuf::from("/nonexistent.mlir"))
        .err()
        .unwrap();
    assert!(
        error.to_string().starts_with("/nonexistent.mlir:"),
        "{error}"
    );
}

/// `pipeline::optimize` returns the report as typed data: the naive transpose's store is
/// staged, and a second module in the same process gets its own report.
#[test]
fn optimize_returns_the_typed_report() {
    let context = pipeline::context();
    let diagnostics = Diagnostics::capture(&context);
    for _ in 0..2 {
        let mut module = pipeline::parse_file(&context, &diagnostics, &transpose()).unwrap();
        let options = gpu_mem_opt::Options {
            assume_noalias: true,
            ..gpu_mem_opt::Options::default()
        };
        let report = pipeline::optimize(&mut module, &options).unwrap();
        assert_eq!(report.target, "sm_90");
        let kernel = &report.kernels[0];
        assert_eq!(kernel.name, "transpose");
        assert!(
            kernel.decisions.iter().any(|decision| {
                decision.kind == gpu_mem_opt::report::Kind::StageShared && decision.applied
            }),
            "{:?}",
            kernel.decisions
        );
        assert!(diagnostics
            .take()
            .iter()
            .any(|line| line.contains("stage-shared: arg 1")));
    }
}

/// The report's JSON reads back as the typed report: parsed and written again, it is the same
/// text, so a tool that reads `report=FILE` gets every decision, reason and number.
#[test]
fn the_report_round_trips_through_json() {
    let context = pipeline::context();
    let diagnostics = Diagnostics::capture(&context);
    let mut module = pipeline::parse_file(&context, &diagnostics, &transpose()).unwrap();
    let report = pipeline::optimize(&mut module, &gpu_mem_opt::Options::default()).unwrap();
    let text = serde_json::to_string_pretty(&report).unwrap();
    let read = gpu_mem_opt::report::Report::from_json(&text).unwrap();
    assert_eq!(serde_json::to_string_pretty(&read).unwrap(), text);
    assert!(read.kernels[0]
        .decisions
        .iter()
        .any(|decision| decision.applied));
    assert!(gpu_mem_opt::report::Report::from_json("{\"version\": 1}").is_err());
}

/// The C entry `gpuMemOptRunWithReport` hands the report's JSON to its callback, as a C or C++
/// DSL compiler would call it.
#[test]
fn the_c_entry_hands_back_the_report() {
    use gpu_mem_opt::ffi::{gpuMemOptRunWithReport, GpuMemOptOptions};
    use mlir_sys::MlirStringRef;
    unsafe extern "C" fn collect(piece: MlirStringRef, data: *mut std::ffi::c_void) {
        let text = unsafe { &mut *(data as *mut String) };
        let bytes = unsafe { std::slice::from_raw_parts(piece.data as *const u8, piece.length) };
        text.push_str(std::str::from_utf8(bytes).unwrap());
    }
    let context = pipeline::context();
    let diagnostics = Diagnostics::capture(&context);
    let module = pipeline::parse_file(&context, &diagnostics, &transpose()).unwrap();
    let empty = MlirStringRef {
        data: std::ptr::null(),
        length: 0,
    };
    let options = GpuMemOptOptions {
        sm: 90,
        block: [0; 3],
        report: empty,
        strict: false,
        vectorize: true,
        memory_space: true,
        stage_shared: true,
        pad: true,
        swizzle: true,
        assume_noalias: false,
        assume_alignment: 0,
        smem_budget: 48 * 1024,
        remarks: empty,
        relayout: true,
        relayout_launches: 0,
        version: true,
        bind_constants: false,
        delinearize: true,
        promote: true,
        coarsen: true,
        coarsen_grid: false,
        coarsen_factor: 0,
        register_tile: true,
        time_veto: true,
    };
    let mut text = String::new();
    let result = unsafe {
        gpuMemOptRunWithReport(
            module.as_operation().to_raw(),
            &options,
            Some(collect),
            &mut text as *mut String as *mut std::ffi::c_void,
        )
    };
    assert_eq!(result.value, 1);
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(report["version"], 1);
    assert_eq!(report["kernels"][0]["name"], "transpose");
}

/// A kernel that calls a math function (`math.absf`, lowered to libdevice's `__nv_fabsf`)
/// lowers to PTX with the call resolved: scripts/setup.sh links the toolkit's libdevice into
/// the build, which the lowering finds without an option. Without it the PTX declared an
/// extern `__nv_fabsf`, which the CUDA driver refused on the H200 (bench kernel `sad`).
#[test]
fn math_functions_link_libdevice() {
    let context = pipeline::context();
    let diagnostics = Diagnostics::capture(&context);
    let sad = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bench/kernels/sad.mlir");
    let mut module = pipeline::parse_file(&context, &diagnostics, &sad).unwrap();
    let ptx = pipeline::lower_to_ptx(&context, &diagnostics, &mut module, 90).unwrap();
    assert!(ptx.contains("abs.f32"), "{ptx}");
    assert!(!ptx.contains("__nv_"), "{ptx}");
}

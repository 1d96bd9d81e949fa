//! Driving MLIR from Rust: a context with every dialect and pass, parsing
//! with captured diagnostics, running textual pass pipelines, and reading the
//! PTX out of the `gpu.binary` that the NVVM lowering produces.
//!
//! This is what the command line (`gpu-mem-opt opt|ptx|report`) and the Rust
//! tests use; a DSL compiler that already has a context calls
//! [`register`] once and then [`run_pipeline`] on its own module.
//!
//! PTX comes from MLIR's `gpu-lower-to-nvvm-pipeline` with
//! `cubin-format=isa` (plus gpu-mem-opt's `gpu-mem-opt-lower-readonly` step,
//! see [`lower_to_ptx_pipeline`]): `gpu-module-to-binary` runs LLVM's NVPTX target
//! machine (the one `libLLVM.so` shared with MLIR) and stores the PTX text in
//! the `gpu.binary` object, which [`ptx_of`] reads.

use std::{cell::RefCell, path::Path, rc::Rc, sync::Once};

use melior::{
    dialect::DialectRegistry,
    ir::{
        operation::{OperationLike, WalkOrder, WalkResult},
        Module,
    },
    pass::PassManager,
    utility::{register_all_dialects, register_all_llvm_translations},
    Context,
};

use crate::{
    driver,
    ffi::{gpuMemOptRegisterPasses, install_emitters},
    ir,
    report::Report,
    Error, Options,
};

/// Registers MLIR's passes and gpu-mem-opt's with the global registry, once.
pub fn register() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| unsafe {
        mlir_sys::mlirRegisterAllPasses();
        gpuMemOptRegisterPasses();
    });
    install_emitters();
}

/// A context with every upstream dialect and LLVM translation registered.
pub fn context() -> Context {
    register();
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    register_all_llvm_translations(&context);
    context
}

/// Diagnostics printed the way `mlir-opt` prints them, collected in order.
#[derive(Clone, Default)]
pub struct Diagnostics(Rc<RefCell<Vec<String>>>);

impl Diagnostics {
    /// Attaches a handler to `context` that collects every diagnostic.
    pub fn capture(context: &Context) -> Diagnostics {
        let diagnostics = Diagnostics::default();
        let sink = diagnostics.0.clone();
        context.attach_diagnostic_handler(move |diagnostic| {
            let severity = match diagnostic.severity() {
                melior::diagnostic::DiagnosticSeverity::Error => "error",
                melior::diagnostic::DiagnosticSeverity::Warning => "warning",
                melior::diagnostic::DiagnosticSeverity::Remark => "remark",
                melior::diagnostic::DiagnosticSeverity::Note => "note",
            };
            let location = ir::location_text(diagnostic.location().to_raw());
            sink.borrow_mut()
                .push(format!("{location}: {severity}: {diagnostic}"));
            true
        });
        diagnostics
    }

    /// Takes the diagnostics collected so far.
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut self.0.borrow_mut())
    }
}

/// Parses the MLIR file at `path`; the error carries the parser's diagnostics.
pub fn parse_file<'c>(
    context: &'c Context,
    diagnostics: &Diagnostics,
    path: &Path,
) -> Result<Module<'c>, Error> {
    if let Err(source) = std::fs::metadata(path) {
        return Err(Error::Io {
            path: path.display().to_string(),
            source,
        });
    }
    let name = path.display().to_string();
    let raw = unsafe {
        mlir_sys::mlirModuleCreateParseFromFile(context.to_raw(), ir::string_ref_of(&name))
    };
    if raw.ptr.is_null() {
        return Err(Error::Parse(diagnostics.take().join("\n")));
    }
    Ok(unsafe { Module::from_raw(raw) })
}

/// Runs the textual pass pipeline `pipeline` (e.g. `builtin.module(gpu-mem-opt)`) on `module`.
pub fn run_pipeline(
    context: &Context,
    diagnostics: &Diagnostics,
    module: &mut Module,
    pipeline: &str,
) -> Result<(), Error> {
    let manager = PassManager::new(context);
    let text = pipeline
        .strip_prefix("builtin.module(")
        .and_then(|inner| inner.strip_suffix(')'))
        .unwrap_or(pipeline);
    let full = format!("builtin.module({text})");
    let mut parsed = true;
    let message = ir::printed(|callback, data| unsafe {
        parsed = mlir_sys::mlirParsePassPipeline(
            manager.as_operation_pass_manager().to_raw(),
            ir::string_ref_of(&full),
            callback,
            data,
        )
        .value
            != 0;
    });
    if !parsed {
        return Err(Error::Pipeline(format!(
            "invalid pass pipeline '{pipeline}': {}",
            message.trim_end()
        )));
    }
    manager
        .run(module)
        .map_err(|_| Error::Pipeline(diagnostics.take().join("\n")))
}

/// Runs gpu-mem-opt on `module` with `options` (remarks go to the context's diagnostics, the
/// report to the caller, and to `options.report` too when set), then verifies the module.
///
/// ```no_run
/// use gpu_mem_opt::{pipeline, Options};
/// let context = pipeline::context();
/// let diagnostics = pipeline::Diagnostics::capture(&context);
/// let path = std::path::Path::new("examples/transpose.mlir");
/// let mut module = pipeline::parse_file(&context, &diagnostics, path).unwrap();
/// let report = pipeline::optimize(&mut module, &Options::default()).unwrap();
/// for decision in &report.kernels[0].decisions {
///     println!("{:?} {}: {}", decision.kind, decision.applied, decision.reason);
/// }
/// ```
pub fn optimize(module: &mut Module, options: &Options) -> Result<Report, Error> {
    install_emitters();
    let root = module.as_operation().to_raw();
    let (success, report) = driver::optimize(root, options, driver::Mode::Optimize);
    if let Some(path) = &options.report {
        report.write(path)?;
    }
    if !success {
        return Err(Error::Pipeline(
            "gpu-mem-opt emitted errors (in the diagnostics; strict turns a blocked decision into one)".into(),
        ));
    }
    if !module.as_operation().verify() {
        return Err(Error::Pipeline(
            "the module does not verify after gpu-mem-opt".into(),
        ));
    }
    Ok(report)
}

/// The pipeline text that lowers GPU kernels to PTX for SM version `sm`: MLIR's
/// `gpu-lower-to-nvvm-pipeline` (`cubin-format=isa`, the PTX features of `analysis::target::ptx_features`)
/// with `gpu-mem-opt-lower-readonly` after `convert-gpu-to-nvvm`, registered by the glue as
/// `gpu-mem-opt-lower-to-ptx` (`memory_space::readonly` says why the step is needed).
pub fn lower_to_ptx_pipeline(sm: u32) -> String {
    format!("gpu-mem-opt-lower-to-ptx{{sm={sm}}}")
}

/// Lowers `module` (in `context`, whose diagnostics `diagnostics` collects) to PTX for SM
/// version `sm` with [`lower_to_ptx_pipeline`]; the PTX of every kernel module, concatenated.
/// The module is lowered in place (its `gpu.module`s become `gpu.binary`s).
///
/// ```no_run
/// use gpu_mem_opt::{pipeline, Options};
/// let context = pipeline::context();
/// let diagnostics = pipeline::Diagnostics::capture(&context);
/// let path = std::path::Path::new("examples/transpose.mlir");
/// let mut module = pipeline::parse_file(&context, &diagnostics, path).unwrap();
/// pipeline::optimize(&mut module, &Options::default()).unwrap();
/// let ptx = pipeline::lower_to_ptx(&context, &diagnostics, &mut module, 90).unwrap();
/// assert!(ptx.contains(".target sm_90"));
/// ```
pub fn lower_to_ptx(
    context: &Context,
    diagnostics: &Diagnostics,
    module: &mut Module,
    sm: u32,
) -> Result<String, Error> {
    run_pipeline(context, diagnostics, module, &lower_to_ptx_pipeline(sm))?;
    let ptx: String = ptx_of(module).into_iter().map(|(_, ptx)| ptx).collect();
    match unresolved_libdevice_call(&ptx) {
        Some(function) => Err(Error::Pipeline(format!(
            "the PTX calls libdevice's {function}, which was not linked (ptxas and the CUDA \
             driver reject it): name a CUDA toolkit with option toolkit=PATH of \
             gpu-mem-opt-lower-to-ptx or with CUDA_ROOT (PATH/nvvm/libdevice/libdevice.10.bc), \
             or run scripts/setup.sh, which links build/nvvm"
        ))),
        None => Ok(ptx),
    }
}

/// The first `__nv_*` function the PTX declares but does not define: a math function
/// lowered to a libdevice call with no libdevice linked.
fn unresolved_libdevice_call(ptx: &str) -> Option<&str> {
    ptx.lines().find_map(|line| {
        let declared = line.trim_start().strip_prefix(".extern .func")?;
        let name = declared
            .split(['(', ')', ' '])
            .find(|word| word.starts_with("__nv_"))?;
        Some(name)
    })
}

/// `(gpu.binary name, PTX text)` for every object in every `gpu.binary` of `module`.
pub fn ptx_of(module: &Module) -> Vec<(String, String)> {
    let mut objects = Vec::new();
    module
        .as_operation()
        .walk(WalkOrder::PreOrder, |operation| {
            let raw = operation.to_raw();
            if ir::is_named(raw, "gpu.binary") {
                let name = ir::symbol_name(raw).unwrap_or_default();
                if let Some(array) = ir::attribute(raw, "objects") {
                    for index in 0..unsafe { mlir_sys::mlirArrayAttrGetNumElements(array) } {
                        let object = unsafe { mlir_sys::mlirArrayAttrGetElement(array, index) };
                        let text =
                            unsafe { ir::string_ref(mlir_sys::mlirGPUObjectAttrGetObject(object)) };
                        objects.push((name.clone(), text));
                    }
                }
            }
            WalkResult::Advance
        });
    objects
}

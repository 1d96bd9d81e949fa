//! The subcommands: each parses its input, runs a pipeline through
//! [`gpu_mem_opt::pipeline`], prints diagnostics, and writes its output.

use std::path::Path;

use gpu_mem_opt::{
    pipeline::{self, Diagnostics},
    Error,
};

/// Prints the diagnostics collected so far to standard error.
fn flush(diagnostics: &Diagnostics) {
    for line in diagnostics.take() {
        eprintln!("{line}");
    }
}

/// Parses `file`, runs `pipeline_text` on it and hands the module to `finish`.
fn with_module(
    file: &Path,
    pipeline_text: &str,
    finish: impl FnOnce(&melior::ir::Module) -> Result<(), Error>,
) -> Result<(), Error> {
    let context = pipeline::context();
    let diagnostics = Diagnostics::capture(&context);
    let mut module = pipeline::parse_file(&context, &diagnostics, file)?;
    let result = pipeline::run_pipeline(&context, &diagnostics, &mut module, pipeline_text);
    flush(&diagnostics);
    result?;
    finish(&module)
}

/// Writes `text` to `output`, or to standard output.
fn write(output: Option<&Path>, text: &str) -> Result<(), Error> {
    match output {
        Some(path) => std::fs::write(path, text).map_err(|source| Error::Io {
            path: path.display().to_string(),
            source,
        }),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// `gpu-mem-opt opt`.
pub fn opt(file: &Path, output: Option<&Path>, options: &str) -> Result<(), Error> {
    with_module(file, &format!("gpu-mem-opt{{{options}}}"), |module| {
        write(output, &format!("{}\n", module.as_operation()))
    })
}

/// `gpu-mem-opt ptx`.
pub fn ptx(file: &Path, output: &Path, sm: u32, no_opt: bool, options: &str) -> Result<(), Error> {
    let lowering = pipeline::lower_to_ptx_pipeline(sm);
    let pipeline_text = if no_opt {
        lowering
    } else {
        format!("gpu-mem-opt{{sm={sm} {options}}},{lowering}")
    };
    with_module(file, &pipeline_text, |module| {
        let objects = pipeline::ptx_of(module);
        if objects.is_empty() {
            return Err(Error::Pipeline(
                "no gpu.module to lower: the file has no GPU kernels".into(),
            ));
        }
        let text: String = objects
            .iter()
            .map(|(name, ptx)| format!("// gpu.binary @{name}\n{ptx}\n"))
            .collect();
        write(Some(output), &text)
    })
}

/// `gpu-mem-opt report`.
pub fn report(file: &Path, options: &str) -> Result<(), Error> {
    let is_json = file
        .extension()
        .is_some_and(|extension| extension == "json");
    let json_path = if is_json {
        file.to_path_buf()
    } else {
        let path =
            std::env::temp_dir().join(format!("gpu-mem-opt-report-{}.json", std::process::id()));
        with_module(
            file,
            &format!("gpu-mem-opt{{{options} report={}}}", path.display()),
            |_| Ok(()),
        )?;
        path
    };
    let text = std::fs::read_to_string(&json_path).map_err(|source| Error::Io {
        path: json_path.display().to_string(),
        source,
    })?;
    if !is_json {
        let _ = std::fs::remove_file(&json_path);
    }
    let report: serde_json::Value = serde_json::from_str(&text)?;
    print!("{}", crate::table::render(&report));
    Ok(())
}

/// LLVM's `opt-viewer.py`, from `llvm-22-tools` (`$LLVM_BIN/../share/opt-viewer`).
fn opt_viewer() -> Result<std::path::PathBuf, Error> {
    let bin = std::env::var("LLVM_BIN").unwrap_or_else(|_| "/usr/lib/llvm-22/bin".into());
    let viewer = Path::new(&bin).join("../share/opt-viewer/opt-viewer.py");
    if viewer.exists() {
        Ok(viewer)
    } else {
        Err(Error::Pipeline(format!(
            "{} not found: install llvm-22-tools (make setup does) or set LLVM_BIN",
            viewer.display()
        )))
    }
}

/// `gpu-mem-opt report --html DIR`: the pass on `file` in the driver `gpu-mem-opt-opt` (beside
/// this program), its remarks collected by MLIR's remark engine as YAML (`DIR/remarks.yaml`)
/// and rendered by LLVM's opt-viewer as HTML, the source with every decision inline
/// (`DIR/index.html`); the table as `report` prints it too.
pub fn report_html(file: &Path, options: &str, directory: &Path) -> Result<(), Error> {
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |source| Error::Io { path, source }
    };
    std::fs::create_dir_all(directory).map_err(io(directory))?;
    let yaml = directory.join("remarks.yaml");
    let json = directory.join("report.json");
    let program = std::env::current_exe().map_err(io(Path::new("gpu-mem-opt")))?;
    let driver = program.with_file_name("gpu-mem-opt-opt");
    let status = std::process::Command::new(&driver)
        .arg("-p")
        .arg(format!(
            "builtin.module(gpu-mem-opt{{{options} report={}}})",
            json.display()
        ))
        .arg("--remarks-filter=gpu-mem-opt")
        .arg("--remark-format=yaml")
        .arg(format!("--remarks-output-file={}", yaml.display()))
        .arg(file)
        .arg("-o")
        .arg("/dev/null")
        .status()
        .map_err(io(&driver))?;
    if !status.success() {
        return Err(Error::Pipeline(format!(
            "{} failed ({status}) on {}",
            driver.display(),
            file.display()
        )));
    }
    let viewer = opt_viewer()?;
    // The venv `make setup` made beside the build (PyYAML and Pygments), else the system's.
    let venv = program.with_file_name("../venv/bin/python3");
    let python = if venv.exists() {
        venv
    } else {
        "python3".into()
    };
    let status = std::process::Command::new(&python)
        .arg(&viewer)
        .arg(&yaml)
        .arg("-o")
        .arg(directory)
        .arg("--source-dir")
        .arg(".")
        .stdout(std::process::Stdio::null())
        .status()
        .map_err(io(&viewer))?;
    if !status.success() {
        return Err(Error::Pipeline(format!(
            "{} failed ({status}) on {}",
            viewer.display(),
            yaml.display()
        )));
    }
    report(&json, "")?;
    println!("HTML: {}", directory.join("index.html").display());
    Ok(())
}

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

//! Build script of the pass crate.
//!
//! Two things make the crate self-contained for `cargo build`/`cargo test`:
//!
//! 1. The MLIR C API. Debian ships it only as static archives
//!    (`libMLIRCAPI*.a`), while melior in shared mode (the vendored mlir-sys's
//!    default, vendor/README.md) asks the linker for `-lMLIR-C`. We merge the
//!    archives into `libMLIR-C.a` in the build's profile directory
//!    (`target/release/`, where cargo puts its libraries: CMake links the plugin
//!    and the driver with the same file, and a crate that depends on this one
//!    gets it in its own target directory; nothing is written into the source
//!    tree). The archives are thin
//!    wrappers over `libMLIR.so`; they hold no copy of MLIR itself, so a process
//!    still has exactly one pass registry and one set of TypeIDs.
//!    Beside it goes a link to `libMLIR.so`'s versioned file, which Debian keeps
//!    off the loader's path: `cargo run` and `cargo test` of any crate that
//!    depends on this one put the profile directory on `LD_LIBRARY_PATH`, so
//!    their programs load MLIR with no rpath of their own.
//! 2. The C++ glue that the Rust code calls or is called by: the pass with its
//!    options (`dialect-glue/lib/Pass.cpp`) and the diagnostic shim
//!    (`dialect-glue/lib/Diagnostics.cpp`). They are compiled into this crate,
//!    so the static library CMake links into the plugin carries them once.

use std::{
    env,
    path::{Path, PathBuf},
    process::Command,
};

/// Debian's LLVM/MLIR 22 prefix (design.md, "Toolchain").
const DEFAULT_LLVM_PREFIX: &str = "/usr/lib/llvm-22";

fn main() {
    let prefix = PathBuf::from(
        env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| DEFAULT_LLVM_PREFIX.into()),
    );
    let workspace = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap())
        .parent()
        .unwrap()
        .to_path_buf();
    let glue = workspace.join("dialect-glue");
    // OUT_DIR is <target>/<profile>/build/<package>-<hash>/out.
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let library_directory = out.ancestors().nth(3).unwrap_or(&out).to_path_buf();

    merge_c_api(&prefix.join("lib"), &library_directory);
    link_runtime_library(&prefix.join("lib"), &library_directory, "libMLIR.so");
    println!(
        "cargo:rustc-link-search=native={}",
        library_directory.display()
    );

    let sources = [
        glue.join("lib").join("Pass.cpp"),
        glue.join("lib").join("Diagnostics.cpp"),
        glue.join("lib").join("Affine.cpp"),
    ];
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .std("c++17")
        .include(prefix.join("include"))
        .include(glue.join("include"))
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .flag("-Wno-unused-parameter")
        .define("_GNU_SOURCE", None)
        // The build folder scripts/setup.sh links the toolkit's nvvm/ into: where the
        // lowering finds libdevice for binaries that cargo builds (Pass.cpp, defaultToolkit).
        .define(
            "GPU_MEM_OPT_BUILD_FOLDER",
            Some(format!("{:?}", workspace.join("build").display().to_string()).as_str()),
        )
        .files(&sources);
    build.compile("gpu_mem_opt_glue");
    for source in &sources {
        println!("cargo:rerun-if-changed={}", source.display());
    }
    println!(
        "cargo:rerun-if-changed={}",
        glue.join("include").join("gpu-mem-opt.h").display()
    );
    println!("cargo:rustc-link-lib=dylib=MLIR");
    println!("cargo:rustc-link-lib=dylib=stdc++");
    // The crate's examples (`analysis_time`) are run directly too, not only through cargo.
    println!(
        "cargo:rustc-link-arg-examples=-Wl,-rpath,{}",
        prefix.join("lib").display()
    );
}

/// Merges every `libMLIRCAPI*.a` of `source` into `destination/libMLIR-C.a`.
fn merge_c_api(source: &Path, destination: &Path) {
    let target = destination.join("libMLIR-C.a");
    if target.exists() {
        return;
    }
    std::fs::create_dir_all(destination).expect("create the library directory");
    let mut archives: Vec<PathBuf> = std::fs::read_dir(source)
        .expect("read the LLVM lib directory")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy();
            name.starts_with("libMLIRCAPI") && name.ends_with(".a")
        })
        .collect();
    archives.sort();
    assert!(
        !archives.is_empty(),
        "no libMLIRCAPI*.a in {}: install libmlir-22-dev",
        source.display()
    );
    let partial = destination.join("libMLIR-C.a.partial");
    let mut script = format!("CREATE {}\n", partial.display());
    for archive in &archives {
        script.push_str(&format!("ADDLIB {}\n", archive.display()));
    }
    script.push_str("SAVE\nEND\n");
    let mut child = Command::new("ar")
        .arg("-M")
        .stdin(std::process::Stdio::piped())
        .spawn()
        .expect("run ar");
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    assert!(child.wait().unwrap().success(), "ar -M failed");
    std::fs::rename(&partial, &target).expect("move libMLIR-C.a into place");
}

/// Links `directory/<file>` to the versioned file behind `system/name` (a chain of symbolic
/// links ending in e.g. `libMLIR.so.22.1`, the name programs ask the loader for), replacing
/// an older link.
fn link_runtime_library(system: &Path, directory: &Path, name: &str) {
    let Ok(versioned) = std::fs::canonicalize(system.join(name)) else {
        println!("cargo:warning={name} not found in {}", system.display());
        return;
    };
    let Some(file_name) = versioned.file_name() else {
        return;
    };
    let link = directory.join(file_name);
    let _ = std::fs::remove_file(&link);
    if let Err(error) = std::os::unix::fs::symlink(&versioned, &link) {
        println!("cargo:warning=cannot link {}: {error}", link.display());
    }
}

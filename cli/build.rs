//! Build script of the command line: its binary, which `make build` copies to `build/bin`
//! and lit runs directly, finds Debian's `libMLIR.so` (kept off the loader's default path in
//! `/usr/lib/llvm-22/lib`) through an rpath. `cargo run` and `cargo test` need none: they put
//! the profile directory, where pass/build.rs links the library, on `LD_LIBRARY_PATH`.

/// Where Debian's LLVM/MLIR 22 keeps its shared libraries (design.md, "Toolchain").
const LLVM_LIBRARIES: &str = "/usr/lib/llvm-22/lib";

fn main() {
    println!("cargo:rustc-link-arg-bins=-Wl,-rpath,{LLVM_LIBRARIES}");
}

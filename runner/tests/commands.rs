//! The binary without a GPU: a clear error where a driver is needed, and every command that
//! needs none (check, compare) working.

use std::path::{Path, PathBuf};
use std::process::Command;

fn runner() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gpu-mem-opt-runner"))
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn scratch(name: &str) -> PathBuf {
    let directory =
        std::env::temp_dir().join(format!("runner-commands-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    directory
}

/// Writes a launch description for `tests/data/transpose.ptx` into `directory`.
fn transpose_description(directory: &Path) -> PathBuf {
    std::fs::copy(data("transpose.ptx"), directory.join("transpose.ptx")).unwrap();
    let path = directory.join("launch.json");
    std::fs::write(
        &path,
        r#"{ "version": 1, "ptx": "transpose.ptx", "kernel": "transpose",
             "grid": [32, 128, 1], "block": [32, 8, 1], "convention": "memref-descriptor",
             "arguments": [
               { "name": "in", "memref": { "element": "f32", "shape": [1024, 1024], "fill": "random:1" } },
               { "name": "out", "memref": { "element": "f32", "shape": [1024, 1024], "fill": "zeros", "output": "binary" } } ] }"#,
    )
    .unwrap();
    path
}

#[test]
fn without_a_driver_gpu_commands_say_so() {
    if runner::cuda::driver_present() {
        // A machine with a driver: opening must then work or fail for another reason.
        if let Err(error) = runner::cuda::Gpu::open() {
            assert!(!error.to_string().starts_with("no CUDA driver found"));
        }
        return;
    }
    let error = runner::cuda::Gpu::open().err().expect("no driver here");
    assert!(error
        .to_string()
        .starts_with("no CUDA driver found: libcuda.so could not be loaded"));
    let directory = scratch("no-driver");
    let description = transpose_description(&directory);
    for arguments in [vec!["launch", description.to_str().unwrap()], vec!["copy"]] {
        let output = runner().args(&arguments).output().unwrap();
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with("gpu-mem-opt-runner: no CUDA driver found"),
            "{arguments:?}: {stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&directory);
}

#[test]
fn check_needs_no_gpu() {
    let directory = scratch("check");
    let description = transpose_description(&directory);
    let output = runner().arg("check").arg(&description).output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("matches the PTX's .entry transpose"));
    let _ = std::fs::remove_dir_all(&directory);
}

#[test]
fn compare_results_with_interpreter_printouts() {
    let directory = scratch("compare");
    let bits: Vec<u8> = [1.5f32, -0.0, 3.0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    std::fs::write(directory.join("out.bin"), &bits).unwrap();
    std::fs::write(
        directory.join("result.json"),
        r#"{ "version": 1, "kernel": "k", "device": "test", "ms_median": 1.0, "ms_all": [1.0],
             "gbps": null, "outputs": [ { "name": "out", "path": "out.bin", "format": "binary",
             "element": "f32", "shape": [3] } ] }"#,
    )
    .unwrap();
    std::fs::write(directory.join("same.txt"), "1.5\n-0.0\n3.0\n").unwrap();
    std::fs::write(directory.join("other.txt"), "1.5\n0.0\n3.0\n").unwrap();
    let compare = |other: &str| {
        runner()
            .arg("compare")
            .arg(directory.join("result.json"))
            .arg(directory.join(other))
            .output()
            .unwrap()
    };
    let same = compare("same.txt");
    assert!(same.status.success());
    assert_eq!(
        String::from_utf8_lossy(&same.stdout),
        "out: identical: 3 elements\n"
    );
    let other = compare("other.txt");
    assert!(!other.status.success());
    assert!(String::from_utf8_lossy(&other.stdout).contains(
        "out: differ: 1 of 3 elements; first at element 1: -0.0 (0x80000000) against 0.0 (0x0)"
    ));
    let plain = runner()
        .args(["compare", "--element", "f32"])
        .arg(directory.join("out.bin"))
        .arg(directory.join("same.txt"))
        .output()
        .unwrap();
    assert!(
        plain.status.success(),
        "{}",
        String::from_utf8_lossy(&plain.stderr)
    );
    let _ = std::fs::remove_dir_all(&directory);
}

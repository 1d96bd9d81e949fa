//! The CUDA references of the suite: compiled to PTX an older driver accepts, and described
//! from the naive variant's launch.
//!
//! Model. `nvcc -ptx -arch=sm_90 -O3 -fmad=false` (no contraction into fused multiply-adds,
//! so products and sums round one by one like the MLIR kernels' `mul.rn`/`add.rn`); the
//! newest nvcc declares its own, newest PTX ISA, which a driver older than it refuses, so the
//! `.version` is lowered to the oldest one `ptxas` still assembles the code with, from 8.0
//! (what the MLIR lowering emits for sm_90). The description takes the naive variant's
//! buffers by name (dense, bare pointers), the reference's grid and block, its scalars
//! (resized at the check size) and its constant-memory bindings, and is checked against the
//! PTX's `.entry`.
//!
//! Cost. One nvcc run per `.cu`, one ptxas run per tried version.

use std::path::Path;

use crate::description::{
    Argument, ArgumentKind, Convention, Description, Element, MemRef, ScalarArgument,
};
use crate::error::{Error, Result};
use crate::files;
use crate::launch;

use super::tools::{self, Tools};
use super::{resize, CudaArgument, CudaEntry, KernelEntry, Size};

/// The oldest PTX ISA version tried for CUDA references (what the MLIR lowering emits).
const OLDEST_PTX: (u32, u32) = (8, 0);

/// The `.version` of `ptx`, as (major, minor).
fn ptx_version(ptx: &str) -> Option<(u32, u32)> {
    let line = ptx
        .lines()
        .find(|line| line.trim_start().starts_with(".version"))?;
    let (major, minor) = line.trim_start()[".version".len()..]
        .trim()
        .split_once('.')?;
    Some((major.parse().ok()?, minor.parse().ok()?))
}

/// `ptx` declaring `.version major.minor`.
fn with_ptx_version(ptx: &str, (major, minor): (u32, u32)) -> String {
    ptx.lines()
        .map(|line| {
            if line.trim_start().starts_with(".version") {
                format!(".version {major}.{minor}")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// Compiles a CUDA reference to PTX with the oldest `.version` ptxas accepts.
pub fn compile(tools: &Tools, nvcc: &Path, source: &Path, directory: &Path) -> Result<String> {
    let raw = directory.join("nvcc.ptx");
    std::fs::create_dir_all(directory).map_err(|error| Error::io(directory, error))?;
    let mut command = tools::command(nvcc, ["-ptx", "-arch=sm_90", "-O3", "-fmad=false"]);
    command.arg(source).arg("-o").arg(&raw);
    tools::output(&mut command, None)?;
    let ptx = files::read_text(&raw)?;
    let (Some(ptxas), Some(newest)) = (&tools.ptxas, ptx_version(&ptx)) else {
        return Ok(ptx);
    };
    let candidate = directory.join("candidate.ptx");
    let mut version = OLDEST_PTX;
    while version < newest {
        let text = with_ptx_version(&ptx, version);
        files::write(&candidate, &text)?;
        let mut check = tools::command(ptxas, ["-arch=sm_90", "-o", "/dev/null"]);
        check.arg(&candidate);
        if tools::output(&mut check, None).is_ok() {
            return Ok(text);
        }
        version = if version.1 >= 9 {
            (version.0 + 1, 0)
        } else {
            (version.0, version.1 + 1)
        };
    }
    Ok(ptx)
}

/// The CUDA reference's description, from the naive variant's at the same size.
pub fn describe(
    kernel: &KernelEntry,
    cuda: &CudaEntry,
    naive: &Description,
    size: Size,
    ptx: &str,
) -> Result<Description> {
    let buffer = |name: &str| -> Result<MemRef> {
        match naive.argument(name).map(|argument| &argument.kind) {
            Some(ArgumentKind::Memref(memref)) => Ok(MemRef {
                strides: None,
                offset: 0,
                ..memref.clone()
            }),
            _ => Err(Error::Invalid(format!(
                "kernel '{}': the CUDA reference names '{name}', which is not a buffer",
                kernel.name
            ))),
        }
    };
    let mut arguments = Vec::with_capacity(cuda.arguments.len());
    for (index, argument) in cuda.arguments.iter().enumerate() {
        let (name, kind) = match argument {
            CudaArgument::Buffer { buffer: name } => {
                (name.clone(), ArgumentKind::Memref(buffer(name)?))
            }
            CudaArgument::Constant { constant, symbol } => {
                let mut memref = buffer(constant)?;
                memref.constant = Some(symbol.clone());
                memref.parameter = false;
                (constant.clone(), ArgumentKind::Memref(memref))
            }
            CudaArgument::Scalar { scalar, value } => {
                let value = match size {
                    Size::Bench => value.clone(),
                    Size::Check => resize(value, &kernel.check.sizes),
                };
                let element = Element::parse(scalar)?;
                (
                    format!("scalar{index}"),
                    ArgumentKind::Scalar(ScalarArgument { element, value }),
                )
            }
        };
        arguments.push(Argument { name, kind });
    }
    let description = Description {
        ptx: format!("{}.ptx", cuda.kernel).into(),
        kernel: cuda.kernel.clone(),
        grid: match size {
            Size::Bench => cuda.grid,
            Size::Check => cuda.check_grid,
        },
        block: cuda.block,
        shared_bytes: 0,
        convention: Convention::BarePointer,
        arguments,
        ..naive.clone()
    };
    description
        .validate()
        .map_err(|error| Error::Invalid(format!("kernel '{}' (CUDA): {error}", kernel.name)))?;
    launch::check(&description, ptx.as_bytes())?;
    Ok(description)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ptx_versions_are_read_and_rewritten() {
        let ptx = "//\n.version 9.5\n.target sm_90\n";
        assert_eq!(ptx_version(ptx), Some((9, 5)));
        assert_eq!(
            with_ptx_version(ptx, (8, 0)),
            "//\n.version 8.0\n.target sm_90\n"
        );
    }
}

//! Kernel parameters: what each argument becomes in the `.entry`'s parameter list, and the
//! check of that list against the PTX before anything is launched.
//!
//! Model. Under MLIR's default calling convention ([`Convention::MemrefDescriptor`]) a rank-`r`
//! memref expands into `3 + 2r` 64-bit parameters: allocated pointer, aligned pointer, offset,
//! `r` sizes, `r` strides (so two 2-D memrefs make 14, see `examples/transpose.mlir`). Under
//! [`Convention::BarePointer`] (CUDA C++) a memref is one 64-bit pointer. A scalar is its bit
//! pattern in its element's bytes (`index` is 64-bit). Arguments with `parameter: false` (bound
//! only to constant memory) contribute nothing.
//!
//! The PTX `.entry NAME(...)` list gives each parameter's size (`.param .u64 ...`,
//! `.param .align 8 .b8 NAME[16]`); [`check`] demands the same count and sizes, so a wrong
//! description fails with a message instead of a launch that reads garbage.
//!
//! Cost. Linear in the number of parameters.

use crate::description::{ArgumentKind, Convention, Description};
use crate::error::{Error, Result};

/// One kernel parameter: what it is (for messages) and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parameter {
    /// The argument and the part of it, e.g. `out.sizes[1]`.
    pub what: String,
    /// Little-endian bytes, as the driver copies them.
    pub bytes: Vec<u8>,
}

impl Parameter {
    fn word(what: String, value: u64) -> Parameter {
        Parameter {
            what,
            bytes: value.to_le_bytes().to_vec(),
        }
    }
}

/// The parameters of `description`, given the device address of every memref argument
/// (`addresses[i]` for argument `i`; `None` for scalars).
pub fn pack(description: &Description, addresses: &[Option<u64>]) -> Result<Vec<Parameter>> {
    let mut parameters = Vec::new();
    for (index, argument) in description.arguments.iter().enumerate() {
        let name = &argument.name;
        match &argument.kind {
            ArgumentKind::Memref(memref) if memref.parameter => {
                let address = addresses.get(index).copied().flatten().ok_or_else(|| {
                    Error::Invalid(format!("argument '{name}' has no device address"))
                })?;
                parameters.push(Parameter::word(format!("{name}.allocated"), address));
                if description.convention == Convention::BarePointer {
                    continue;
                }
                parameters.push(Parameter::word(format!("{name}.aligned"), address));
                parameters.push(Parameter::word(
                    format!("{name}.offset"),
                    memref.offset as u64,
                ));
                for (dimension, &size) in memref.shape.iter().enumerate() {
                    parameters.push(Parameter::word(
                        format!("{name}.sizes[{dimension}]"),
                        size as u64,
                    ));
                }
                for (dimension, stride) in memref.strides().into_iter().enumerate() {
                    parameters.push(Parameter::word(
                        format!("{name}.strides[{dimension}]"),
                        stride as u64,
                    ));
                }
            }
            ArgumentKind::Memref(_) => {}
            ArgumentKind::Scalar(scalar) => {
                let bits = scalar.scalar()?.bits;
                parameters.push(Parameter {
                    what: name.clone(),
                    bytes: bits.to_le_bytes()[..scalar.element.bytes()].to_vec(),
                });
            }
        }
    }
    Ok(parameters)
}

/// The byte size of every parameter of `.entry kernel` in `ptx`.
pub fn entry_sizes(ptx: &str, kernel: &str) -> Result<Vec<usize>> {
    let missing = || Error::Invalid(format!("the PTX has no `.entry {kernel}(`"));
    let start = ptx
        .match_indices(".entry")
        .map(|(at, _)| at + ".entry".len())
        .find(|&at| {
            let rest = ptx[at..].trim_start();
            rest.strip_prefix(kernel)
                .is_some_and(|after| after.trim_start().starts_with('('))
        })
        .ok_or_else(missing)?;
    let open = start + ptx[start..].find('(').ok_or_else(missing)?;
    let close = open + ptx[open..].find(')').ok_or_else(missing)?;
    ptx[open + 1..close]
        .split(',')
        .map(str::trim)
        .filter(|declaration| !declaration.is_empty())
        .map(parameter_size)
        .collect()
}

/// The size of one `.param` declaration.
fn parameter_size(declaration: &str) -> Result<usize> {
    let unit = declaration
        .split_whitespace()
        .find_map(|token| match token {
            ".u8" | ".s8" | ".b8" | ".pred" => Some(1),
            ".u16" | ".s16" | ".b16" | ".f16" | ".bf16" => Some(2),
            ".u32" | ".s32" | ".b32" | ".f32" => Some(4),
            ".u64" | ".s64" | ".b64" | ".f64" => Some(8),
            _ => None,
        })
        .ok_or_else(|| Error::Invalid(format!("cannot size PTX parameter `{declaration}`")))?;
    let count = match (declaration.find('['), declaration.find(']')) {
        (Some(open), Some(close)) if open < close => declaration[open + 1..close]
            .trim()
            .parse::<usize>()
            .map_err(|_| Error::Invalid(format!("bad array size in `{declaration}`")))?,
        _ => 1,
    };
    Ok(unit * count)
}

/// Checks `parameters` against the `.entry`'s sizes.
pub fn check(parameters: &[Parameter], entry: &[usize], kernel: &str) -> Result<()> {
    let given: Vec<usize> = parameters.iter().map(|p| p.bytes.len()).collect();
    if given == entry {
        return Ok(());
    }
    let listing: Vec<String> = parameters
        .iter()
        .map(|p| format!("{} ({} B)", p.what, p.bytes.len()))
        .collect();
    Err(Error::Invalid(format!(
        "kernel '{kernel}': the PTX takes {} parameters of sizes {entry:?}, the description gives {}: {}",
        entry.len(),
        given.len(),
        listing.join(", ")
    )))
}

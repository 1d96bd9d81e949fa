//! The launch description: everything needed to run one kernel from PTX, as JSON.
//!
//! Model. A [`Description`] names a PTX file (relative to the description's own directory),
//! the `.entry` to launch, the grid, the block, the dynamic shared-memory bytes, the
//! parameter [`Convention`], the [`Argument`]s in parameter order, the warm-up and timed
//! repeat counts and the bytes the kernel moves (for the bandwidth figure). The schema, with
//! an example, is in the crate documentation ([`crate`]).
//!
//! Notation. Element types are spelled as in MLIR: `f16`, `bf16`, `f32`, `f64`, `index`,
//! `iN` ([`Element`]). Fills are the interpreter's specs (`zeros`, `ones`, `iota`,
//! `random:SEED`, each optionally followed by `:SHAPE`); scalar values are the interpreter's
//! literals, parsed by the interpreter's own code, so a description and a
//! `gpu-mem-opt interp --arg` line with the same specs mean the same data.
//!
//! Assumptions. Strides are non-negative element counts; a memref with no strides is
//! row-major. A constant-memory binding copies the argument's data into the module's
//! `.const` symbol before the launch; whether the argument is also passed as a parameter is
//! its own `parameter` flag (true by default).

use std::path::{Path, PathBuf};

use interpreter::{Argument as Value, ElementType, HostBuffer, MemRefType, MemorySpace, Scalar};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::files;

/// The schema version this crate reads and writes.
pub const VERSION: u32 = 1;

/// One kernel launch, as the JSON file describes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Description {
    /// Schema version ([`VERSION`]).
    pub version: u32,
    /// The PTX (or cubin) file, relative to the description's directory.
    pub ptx: PathBuf,
    /// The `.entry` to launch.
    pub kernel: String,
    /// Blocks in x, y, z.
    pub grid: [u32; 3],
    /// Threads per block in x, y, z.
    pub block: [u32; 3],
    /// Dynamic shared memory per block, in bytes.
    #[serde(default)]
    pub shared_bytes: u32,
    /// How memref arguments become kernel parameters.
    pub convention: Convention,
    /// The arguments, in parameter order.
    pub arguments: Vec<Argument>,
    /// Untimed launches before the timed ones.
    #[serde(default = "default_warmup")]
    pub warmup: u32,
    /// Timed launches; the result reports their median.
    #[serde(default = "default_repeats")]
    pub repeats: u32,
    /// Bytes one launch moves to and from global memory, for the bandwidth figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes_moved: Option<u64>,
}

fn default_warmup() -> u32 {
    3
}

fn default_repeats() -> u32 {
    20
}

fn default_true() -> bool {
    true
}

fn is_true(value: &bool) -> bool {
    *value
}

/// How a memref argument is passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Convention {
    /// MLIR's default: allocated pointer, aligned pointer, offset, sizes, strides (all 64-bit).
    MemrefDescriptor,
    /// One pointer (CUDA C++, MLIR's bare-pointer convention).
    BarePointer,
}

/// One argument: a name (outputs are compared by name) and its value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Argument {
    /// A name unique within the description.
    pub name: String,
    /// A buffer or a scalar.
    #[serde(flatten)]
    pub kind: ArgumentKind,
}

/// What an argument is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ArgumentKind {
    /// A buffer in device memory.
    Memref(MemRef),
    /// A scalar parameter.
    Scalar(ScalarArgument),
}

/// A buffer argument.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MemRef {
    /// Element type.
    pub element: Element,
    /// Sizes, outermost first.
    pub shape: Vec<i64>,
    /// Element strides, outermost first; row-major when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strides: Option<Vec<i64>>,
    /// Element offset of element `[0, ..., 0]`.
    #[serde(default)]
    pub offset: i64,
    /// How to fill it: an interpreter spec (`zeros`, `ones`, `iota`, `random:SEED`) without
    /// `:SHAPE` (the shape is `shape`).
    pub fill: String,
    /// Write it back after the launch, in this format.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<Format>,
    /// Copy its data into this `.const` symbol of the module before launching.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub constant: Option<String>,
    /// Whether it is a kernel parameter.
    #[serde(default = "default_true", skip_serializing_if = "is_true")]
    pub parameter: bool,
}

/// A scalar argument.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScalarArgument {
    /// Element type.
    pub element: Element,
    /// The literal, as `gpu-mem-opt interp --arg` takes it.
    pub value: String,
}

/// How an output is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Raw little-endian elements, row-major (`NAME.bin`).
    Binary,
    /// One element per line, exactly as `gpu-mem-opt interp --print-arg` prints (`NAME.txt`).
    Text,
}

impl Format {
    /// The file extension of the format.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Binary => "bin",
            Format::Text => "txt",
        }
    }
}

/// An element type, serialized with its MLIR spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Element(pub ElementType);

impl Element {
    /// Parses an MLIR element type name: `f16`, `bf16`, `f32`, `f64`, `index`, `iN` (1 ≤ N ≤ 64).
    pub fn parse(name: &str) -> Result<Element> {
        let element = match name {
            "f16" => ElementType::F16,
            "bf16" => ElementType::BF16,
            "f32" => ElementType::F32,
            "f64" => ElementType::F64,
            "index" => ElementType::Index,
            _ => match name.strip_prefix('i').map(str::parse::<u32>) {
                Some(Ok(width)) if (1..=64).contains(&width) => ElementType::Integer(width),
                _ => {
                    return Err(Error::Invalid(format!(
                        "unknown element type '{name}' (f16, bf16, f32, f64, index, iN)"
                    )))
                }
            },
        };
        Ok(Element(element))
    }

    /// The MLIR spelling.
    pub fn name(self) -> String {
        match self.0 {
            ElementType::F16 => "f16".into(),
            ElementType::BF16 => "bf16".into(),
            ElementType::F32 => "f32".into(),
            ElementType::F64 => "f64".into(),
            ElementType::Index => "index".into(),
            ElementType::Integer(width) => format!("i{width}"),
        }
    }

    /// Bytes per element in memory and in a parameter.
    pub fn bytes(self) -> usize {
        self.0.byte_width() as usize
    }
}

impl TryFrom<String> for Element {
    type Error = Error;

    fn try_from(name: String) -> Result<Element> {
        Element::parse(&name)
    }
}

impl From<Element> for String {
    fn from(element: Element) -> String {
        element.name()
    }
}

impl MemRef {
    /// A row-major parameter of `shape`, filled with zeros, not written back: what a launch
    /// whose caller uploads its own data describes.
    pub fn zeros(element: Element, shape: Vec<i64>) -> MemRef {
        MemRef {
            element,
            shape,
            strides: None,
            offset: 0,
            fill: "zeros".into(),
            output: None,
            constant: None,
            parameter: true,
        }
    }

    /// The element strides: the given ones, or row-major.
    pub fn strides(&self) -> Vec<i64> {
        self.strides
            .clone()
            .unwrap_or_else(|| self.row_major_strides())
    }

    /// The strides of the row-major layout of this shape.
    fn row_major_strides(&self) -> Vec<i64> {
        let mut strides = vec![1i64; self.shape.len()];
        for dimension in (0..self.shape.len().saturating_sub(1)).rev() {
            strides[dimension] = strides[dimension + 1] * self.shape[dimension + 1];
        }
        strides
    }

    /// Whether element `[i_0, ..., i_n]` lies at the row-major position: offset 0 and the
    /// row-major strides (a permuted layout spans exactly its elements too, so the span alone
    /// does not tell).
    pub fn is_row_major(&self) -> bool {
        self.offset == 0 && self.strides() == self.row_major_strides()
    }

    /// Number of elements (the product of the sizes).
    pub fn elements(&self) -> usize {
        self.shape.iter().product::<i64>().max(0) as usize
    }

    /// Elements of the device buffer: from 0 to one past the last element the layout reaches.
    pub fn span(&self) -> usize {
        if self.elements() == 0 {
            return 0;
        }
        let last: i64 = self
            .shape
            .iter()
            .zip(self.strides())
            .map(|(size, stride)| (size - 1) * stride)
            .sum();
        (self.offset + last + 1) as usize
    }

    /// The host data the fill spec gives, from the interpreter's own generator.
    pub fn host_data(&self) -> Result<HostBuffer> {
        self.fill_with_shape(&self.shape)
    }

    /// The interpreter's buffer for the fill spec and `shape`.
    fn fill_with_shape(&self, shape: &[i64]) -> Result<HostBuffer> {
        let memref = MemRefType {
            element: self.element.0,
            shape: shape
                .iter()
                .map(|&size| interpreter::Dimension::Static(size))
                .collect(),
            space: MemorySpace::Global,
        };
        match Value::parse(&self.fill, &interpreter::Type::MemRef(memref)) {
            Ok(Value::Buffer(buffer)) => Ok(buffer),
            Ok(Value::Scalar(_) | Value::Same(_)) => Err(Error::Invalid(format!(
                "fill '{}' is not a buffer fill",
                self.fill
            ))),
            Err(error) => Err(Error::Invalid(error.to_string())),
        }
    }

    /// Checks the layout: strides match the rank, are non-negative, the offset too.
    fn validate(&self) -> std::result::Result<(), String> {
        if self.shape.iter().any(|&size| size < 0) {
            return Err(format!("negative size in {:?}", self.shape));
        }
        let strides = self.strides();
        if strides.len() != self.shape.len() {
            return Err(format!(
                "{} strides for a rank-{} memref",
                strides.len(),
                self.shape.len()
            ));
        }
        if self.offset < 0 || strides.iter().any(|&stride| stride < 0) {
            return Err("negative offset or stride".into());
        }
        if self.constant.as_deref() == Some("") {
            return Err("empty constant symbol".into());
        }
        // The spec is checked on an empty buffer of the same rank: no data is generated, and
        // a spec carrying its own `:SHAPE` is refused (the shape is `shape`).
        self.fill_with_shape(&vec![0; self.shape.len()])
            .map(|_| ())
            .map_err(|error| error.to_string())
    }
}

impl ScalarArgument {
    /// The scalar's bit pattern, parsed by the interpreter's literal parser.
    pub fn scalar(&self) -> Result<Scalar> {
        Scalar::parse(&self.value, self.element.0).map_err(Error::Invalid)
    }
}

impl Description {
    /// Reads and validates the description at `path`.
    pub fn load(path: &Path) -> Result<Description> {
        let description: Description = files::read_json(path)?;
        description
            .validate()
            .map_err(|error| Error::Invalid(format!("{}: {error}", path.display())))?;
        Ok(description)
    }

    /// Writes the description to `path`.
    pub fn save(&self, path: &Path) -> Result<()> {
        files::write_json(path, self)
    }

    /// The PTX file of a description read from `path`.
    pub fn ptx_path(&self, path: &Path) -> PathBuf {
        path.parent().unwrap_or(Path::new(".")).join(&self.ptx)
    }

    /// The argument called `name`.
    pub fn argument(&self, name: &str) -> Option<&Argument> {
        self.arguments.iter().find(|argument| argument.name == name)
    }

    /// The memref arguments that are outputs, with their formats.
    pub fn outputs(&self) -> impl Iterator<Item = (&str, &MemRef, Format)> {
        self.arguments
            .iter()
            .filter_map(|argument| match &argument.kind {
                ArgumentKind::Memref(memref) => memref
                    .output
                    .map(|format| (argument.name.as_str(), memref, format)),
                ArgumentKind::Scalar(_) => None,
            })
    }

    /// Checks what the schema cannot: version, sizes, names, layouts, specs and literals.
    pub fn validate(&self) -> std::result::Result<(), String> {
        if self.version != VERSION {
            return Err(format!(
                "schema version {} (this runner reads {VERSION})",
                self.version
            ));
        }
        if self.grid.contains(&0) || self.block.contains(&0) {
            return Err(format!(
                "grid {:?} and block {:?} must be positive",
                self.grid, self.block
            ));
        }
        if self.repeats == 0 {
            return Err("repeats must be at least 1".into());
        }
        for (index, argument) in self.arguments.iter().enumerate() {
            let name = &argument.name;
            if self.arguments[..index]
                .iter()
                .any(|other| &other.name == name)
            {
                return Err(format!("two arguments are called '{name}'"));
            }
            let checked = match &argument.kind {
                ArgumentKind::Memref(memref) => memref.validate(),
                ArgumentKind::Scalar(scalar) => scalar
                    .scalar()
                    .map(|_| ())
                    .map_err(|error| error.to_string()),
            };
            checked.map_err(|error| format!("argument '{name}': {error}"))?;
        }
        Ok(())
    }
}

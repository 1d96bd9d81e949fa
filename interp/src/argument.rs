//! Kernel arguments: host buffers and scalars, parsed from specs and printed exactly.
//!
//! Model. A memref parameter takes a [`HostBuffer`]: element type, row-major shape and the bit
//! pattern of every element; a scalar parameter takes a [`Scalar`]. After a run, buffers hold
//! what the kernel left in them.
//!
//! Notation (specs, as on the command line). Memrefs: `zeros`, `ones`, `iota` (element `i` holds
//! `i` in the element type, rounded for floats), `random:SEED`; each may end in `:SHAPE` such as
//! `:1024x1024`, which is required when the memref type has dynamic sizes. Scalars: a literal
//! of the parameter's type (`42`, `-3`, `0x1f`, `true`, `2.5`, `inf`, `NaN`).
//!
//! Assumptions. `random:SEED` is deterministic: element `i` comes from SplitMix64 of
//! `(SEED, i)`; floats are uniform in [-1, 1) rounded to the type, integers are uniform bits
//! of the type's width. Printing writes one element per line in row-major order: integers
//! as signed decimals (`i1` as 0 or 1), floats in Rust's shortest round-trip form of the f32
//! (f16, bf16, f32) or f64 value, so parsing a line back gives the same bits.
//!
//! Cost. Linear in the number of elements.

use std::io::{self, Write};

use crate::error::Error;
use crate::float::{from_f64, to_f64};
use crate::integer::{mask, sign_extend};
use crate::ir::{ElementType, MemRefType, Type};

/// A scalar argument: an element type and a bit pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scalar {
    /// Element type.
    pub element: ElementType,
    /// Bit pattern, canonical for the type.
    pub bits: u64,
}

/// How to fill a new host buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// All zeros.
    Zeros,
    /// All ones.
    Ones,
    /// Element `i` holds `i`.
    Iota,
    /// Deterministic pseudo-random elements from a seed.
    Random(u64),
}

/// A buffer on the host: what a memref parameter receives and returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostBuffer {
    /// Element type.
    pub element: ElementType,
    /// Row-major shape.
    pub shape: Vec<i64>,
    /// Bit pattern of every element, row-major.
    pub data: Vec<u64>,
    /// Bytes past a 256-byte boundary where the buffer starts on the device (0: aligned, as
    /// `cudaMalloc` returns; spec suffix `@B`, a pointer into the middle of an allocation).
    pub misalignment: u64,
}

/// One kernel argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Argument {
    /// A scalar parameter's value.
    Scalar(Scalar),
    /// A memref parameter's buffer.
    Buffer(HostBuffer),
    /// The buffer of an earlier argument again (spec `same:N`): two parameters, one memory, as
    /// an in-place launch passes `out` = `in`.
    Same(usize),
}

/// The bit pattern of `value` in `element`: floats rounded to nearest even, integers truncated.
pub fn encode(value: f64, element: ElementType) -> u64 {
    if element.is_float() {
        from_f64(value, element)
    } else {
        (value as i64) as u64 & mask(element.bit_width())
    }
}

/// The value of a bit pattern of `element` (integers signed, `i1` as 0 or 1).
pub fn decode(bits: u64, element: ElementType) -> f64 {
    match element {
        ElementType::Integer(1) => bits as f64,
        ElementType::Integer(width) => sign_extend(bits, width) as f64,
        ElementType::Index => bits as i64 as f64,
        _ => to_f64(bits, element),
    }
}

/// One element as printed: exact and parseable back.
pub fn format_element(bits: u64, element: ElementType) -> String {
    match element {
        ElementType::Integer(1) => bits.to_string(),
        ElementType::Integer(width) => sign_extend(bits, width).to_string(),
        ElementType::Index => (bits as i64).to_string(),
        ElementType::F64 => format!("{:?}", f64::from_bits(bits)),
        _ => format!("{:?}", to_f64(bits, element) as f32),
    }
}

/// SplitMix64 of `seed` and `index`: a well-mixed 64-bit value.
fn split_mix(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Scalar {
    /// An integer or index scalar (truncated to the type).
    pub fn integer(element: ElementType, value: i64) -> Scalar {
        Scalar {
            element,
            bits: value as u64 & mask(element.bit_width()),
        }
    }

    /// A float scalar (rounded to the type).
    pub fn float(element: ElementType, value: f64) -> Scalar {
        Scalar {
            element,
            bits: from_f64(value, element),
        }
    }

    /// Parses a literal of type `element`.
    pub fn parse(literal: &str, element: ElementType) -> Result<Scalar, String> {
        if element.is_float() {
            let value: f64 = literal
                .parse()
                .map_err(|_| format!("'{literal}' is not a float"))?;
            return Ok(Scalar::float(element, value));
        }
        let value = match literal {
            "true" => 1,
            "false" => 0,
            _ => match literal.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16).map(|v| v as i64),
                None => literal.parse::<i64>(),
            }
            .map_err(|_| format!("'{literal}' is not an integer"))?,
        };
        Ok(Scalar::integer(element, value))
    }
}

impl HostBuffer {
    /// A buffer of the given shape filled as asked.
    pub fn filled(element: ElementType, shape: &[i64], fill: Fill) -> HostBuffer {
        let count = shape.iter().product::<i64>() as u64;
        let data = (0..count)
            .map(|index| match fill {
                Fill::Zeros => 0,
                Fill::Ones => encode(1.0, element),
                Fill::Iota if element.is_float() => encode(index as f64, element),
                Fill::Iota => index & mask(element.bit_width()),
                Fill::Random(seed) => {
                    let bits = split_mix(seed, index);
                    if element.is_float() {
                        let unit = (bits >> 11) as f64 / (1u64 << 53) as f64;
                        encode(unit * 2.0 - 1.0, element)
                    } else {
                        bits & mask(element.bit_width())
                    }
                }
            })
            .collect();
        HostBuffer {
            misalignment: 0,
            element,
            shape: shape.to_vec(),
            data,
        }
    }

    /// A buffer holding `values` (row-major), each encoded in the element type.
    pub fn from_values(element: ElementType, shape: &[i64], values: &[f64]) -> HostBuffer {
        HostBuffer {
            misalignment: 0,
            element,
            shape: shape.to_vec(),
            data: values.iter().map(|&value| encode(value, element)).collect(),
        }
    }

    /// The value of every element, row-major.
    pub fn values(&self) -> Vec<f64> {
        self.data
            .iter()
            .map(|&bits| decode(bits, self.element))
            .collect()
    }

    /// Writes one element per line, row-major.
    pub fn write_elements(&self, out: &mut impl Write) -> io::Result<()> {
        for &bits in &self.data {
            writeln!(out, "{}", format_element(bits, self.element))?;
        }
        Ok(())
    }
}

/// Parses `AxBxC` into sizes.
fn parse_shape(text: &str) -> Result<Vec<i64>, String> {
    text.split('x')
        .map(|size| {
            size.parse::<i64>()
                .ok()
                .filter(|&size| size >= 0)
                .ok_or_else(|| format!("'{size}' is not a size"))
        })
        .collect()
}

/// Parses a memref spec `KIND[:SEED][:SHAPE]` for a parameter of type `memref`.
fn parse_buffer(spec: &str, memref: &MemRefType) -> Result<HostBuffer, String> {
    let mut parts = spec.split(':');
    let fill = match parts.next() {
        Some("zeros") => Fill::Zeros,
        Some("ones") => Fill::Ones,
        Some("iota") => Fill::Iota,
        Some("random") => {
            let seed = parts.next().unwrap_or_default();
            Fill::Random(
                seed.parse()
                    .map_err(|_| format!("'{seed}' is not a seed (random:SEED)"))?,
            )
        }
        Some(other) => {
            return Err(format!(
                "unknown fill '{other}' (zeros, ones, iota, random:SEED)"
            ))
        }
        None => return Err("empty spec".into()),
    };
    let given = parts.next().map(parse_shape).transpose()?;
    if let Some(extra) = parts.next() {
        return Err(format!("unexpected '{extra}'"));
    }
    let sizes = match given {
        Some(sizes) if memref.accepts(&sizes) => sizes,
        Some(sizes) => {
            return Err(format!(
                "shape {sizes:?} does not fit the parameter's {:?}",
                memref.shape
            ))
        }
        None => memref
            .static_sizes()
            .ok_or("the parameter has dynamic sizes: add :SHAPE")?,
    };
    crate::memory::checked_length(&sizes, memref.element)?;
    Ok(HostBuffer::filled(memref.element, &sizes, fill))
}

/// The misalignment of spec suffix `@B`: a multiple of the element size below 256 bytes.
fn misalignment(bytes: &str, element: ElementType) -> Result<u64, String> {
    let width = u64::from(element.byte_width());
    match bytes.parse::<u64>() {
        Ok(bytes) if bytes < 256 && bytes % width == 0 => Ok(bytes),
        _ => Err(format!(
            "'@{bytes}' is not a misalignment: a multiple of {width} bytes below 256"
        )),
    }
}

impl Argument {
    /// Parses a spec for a parameter of type `ty`.
    pub fn parse(spec: &str, ty: &Type) -> Result<Argument, Error> {
        let parsed = match ty {
            Type::Scalar(element) => Scalar::parse(spec, *element).map(Argument::Scalar),
            Type::MemRef(memref) => match spec.strip_prefix("same:") {
                Some(index) => index
                    .parse()
                    .map(Argument::Same)
                    .map_err(|_| format!("'{index}' is not an argument number (same:N)")),
                None => {
                    let (fill, misalignment) = match spec.split_once('@') {
                        Some((fill, bytes)) => (fill, misalignment(bytes, memref.element)),
                        None => (spec, Ok(0)),
                    };
                    misalignment.and_then(|misalignment| {
                        parse_buffer(fill, memref).map(|host| {
                            Argument::Buffer(HostBuffer {
                                misalignment,
                                ..host
                            })
                        })
                    })
                }
            },
            Type::Vector(..) => Err("vector parameters are not supported".into()),
        };
        parsed.map_err(|reason| Error::Spec {
            spec: spec.to_string(),
            reason,
        })
    }
}

//! Output files: a buffer's elements written after a launch, and read back to compare.
//!
//! Notation. Binary: raw little-endian elements, row-major, nothing else (the element type and
//! shape are in the result JSON). Text: one element per line, row-major, exactly as
//! `gpu-mem-opt interp --print-arg N` prints it (the interpreter's own
//! [`interpreter::format_element`]): integers as signed decimals, floats in the shortest form
//! that parses back to the same value.
//!
//! Cost. Linear in the number of elements.

use std::path::Path;

use interpreter::{format_element, Scalar};

use crate::description::{Element, Format};
use crate::error::{Error, Result};
use crate::{files, layout};

/// A buffer's elements, from a run or a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Elements {
    /// Element type.
    pub element: Element,
    /// Bit pattern of every element, row-major.
    pub bits: Vec<u64>,
    /// Whether the bits are exact (binary); text loses NaN payloads.
    pub exact: bool,
}

impl Elements {
    /// Elements with exact bits.
    pub fn exact(element: Element, bits: Vec<u64>) -> Elements {
        Elements {
            element,
            bits,
            exact: true,
        }
    }

    /// Element `index` as the interpreter prints it.
    pub fn text(&self, index: usize) -> String {
        format_element(self.bits[index], self.element.0)
    }

    /// Writes the elements to `path` in `format`.
    pub fn write(&self, path: &Path, format: Format) -> Result<()> {
        match format {
            Format::Binary => files::write(path, layout::encode(&self.bits, self.element.bytes())),
            Format::Text => {
                let mut text = String::with_capacity(self.bits.len() * 12);
                for index in 0..self.bits.len() {
                    text.push_str(&self.text(index));
                    text.push('\n');
                }
                files::write(path, text)
            }
        }
    }

    /// Reads `path` written in `format` with elements of type `element`.
    pub fn read(path: &Path, format: Format, element: Element) -> Result<Elements> {
        match format {
            Format::Binary => {
                let bytes = files::read_bytes(path)?;
                if bytes.len() % element.bytes() != 0 {
                    return Err(Error::Invalid(format!(
                        "{}: {} bytes is not a whole number of {} elements",
                        path.display(),
                        bytes.len(),
                        element.name()
                    )));
                }
                Ok(Elements::exact(
                    element,
                    layout::decode(&bytes, element.bytes()),
                ))
            }
            Format::Text => {
                let bits = files::read_text(path)?
                    .lines()
                    .enumerate()
                    .map(|(line, text)| {
                        Scalar::parse(text.trim(), element.0)
                            .map(|scalar| scalar.bits)
                            .map_err(|error| {
                                Error::Invalid(format!("{}:{}: {error}", path.display(), line + 1))
                            })
                    })
                    .collect::<Result<_>>()?;
                Ok(Elements {
                    element,
                    bits,
                    exact: false,
                })
            }
        }
    }
}

//! What `compare` compares: a launch's result file, or a single output file.
//!
//! Model. A result file (`result.json`) holds named outputs with their element types; a
//! single file is a binary (`.bin`) or text (`.txt`, the interpreter's `--print-arg`
//! printout) output whose element type comes from the other side or from `--element`.
//! Comparing two results compares every output they share by name; otherwise one output.
//!
//! Cost. Reads the files; linear in their sizes.

use std::path::{Path, PathBuf};

use crate::compare::{compare, Comparison};
use crate::description::{Element, Format};
use crate::error::{Error, Result};
use crate::output::Elements;
use crate::result::LaunchResult;

/// One side of a comparison.
pub enum Source {
    /// A result file and its contents.
    Result(PathBuf, LaunchResult),
    /// A single output file in a format.
    File(PathBuf, Format),
}

impl Source {
    /// Opens `path`: `.json` is a result, `.bin`/`.txt` an output file.
    pub fn open(path: &Path) -> Result<Source> {
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        match extension {
            "json" => Ok(Source::Result(
                path.to_path_buf(),
                LaunchResult::load(path)?,
            )),
            "bin" => Ok(Source::File(path.to_path_buf(), Format::Binary)),
            "txt" => Ok(Source::File(path.to_path_buf(), Format::Text)),
            _ => Err(Error::Invalid(format!(
                "{}: expected a result .json, a binary .bin or a text .txt output",
                path.display()
            ))),
        }
    }

    /// The element type of output `name` (results only).
    fn element_of(&self, name: &str) -> Option<Element> {
        match self {
            Source::Result(_, result) => result
                .outputs
                .iter()
                .find(|output| output.name == name)
                .map(|output| output.element),
            Source::File(..) => None,
        }
    }

    /// The elements of output `name` (a file is its one output), typed `element` if a file.
    fn elements(&self, name: &str, element: Option<Element>) -> Result<Elements> {
        match self {
            Source::Result(path, result) => result.output(path, name),
            Source::File(path, format) => {
                let element = element.ok_or_else(|| {
                    Error::Invalid(format!(
                        "{}: give --element (the element type of a plain output file)",
                        path.display()
                    ))
                })?;
                Elements::read(path, *format, element)
            }
        }
    }
}

/// Compares `left` with `right`: the named output, every shared output of two results, or
/// the one output of a file. Returns each compared name with its comparison.
pub fn compare_sources(
    left: &Source,
    right: &Source,
    output: Option<&str>,
    element: Option<Element>,
) -> Result<Vec<(String, Comparison)>> {
    let names: Vec<String> = match (output, left, right) {
        (Some(name), ..) => vec![name.to_string()],
        (None, Source::Result(_, a), Source::Result(_, b)) => {
            let shared: Vec<String> = a
                .output_names()
                .into_iter()
                .filter(|name| b.output_names().contains(name))
                .collect();
            if shared.is_empty() {
                return Err(Error::Invalid("the results share no output name".into()));
            }
            shared
        }
        (None, Source::Result(path, result), _) | (None, _, Source::Result(path, result)) => {
            match result.output_names().as_slice() {
                [only] => vec![only.clone()],
                names => {
                    return Err(Error::Invalid(format!(
                        "{}: give --output (one of {})",
                        path.display(),
                        names.join(", ")
                    )))
                }
            }
        }
        (None, Source::File(..), Source::File(..)) => vec![String::new()],
    };
    names
        .into_iter()
        .map(|name| {
            let element = element
                .or_else(|| left.element_of(&name))
                .or_else(|| right.element_of(&name));
            let comparison = compare(
                &left.elements(&name, element)?,
                &right.elements(&name, element)?,
            );
            Ok((name, comparison))
        })
        .collect()
}

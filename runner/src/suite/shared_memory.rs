//! Shared-memory forms of a kernel, as text rewrites of `mlir-opt-22`'s printed (canonical)
//! form: workgroup attributions ⇄ `memref.alloc`s, and the fixed-padding baseline.
//!
//! Why text. Two baselines need them and neither exists as an upstream pass that keeps the
//! kernel runnable: upstream `nvgpu-optimize-shared-memory` only rewrites `memref.alloc`s in
//! workgroup memory, and the stock NVVM lowering turns such an alloc into a device `malloc`
//! (global memory, not shared), while workgroup attributions (`gpu.func ... workgroup(...)`)
//! lower to `.shared` variables. So that baseline runs as: attributions → allocs, the
//! upstream pass, allocs → attributions. The fixed-padding baseline pads the innermost
//! dimension of every shared buffer of rank ≥ 2 by 16 bytes and views it through a
//! `memref.subview` with the original sizes, as IREE's `GPUReduceBankConflicts` pads
//! allocations (128 bits by default).
//!
//! Assumptions. The input is what `mlir-opt-22` prints: a `gpu.func` header on one line
//! ending in `{`, its body indented two more spaces, its closing `}` at the header's
//! indentation, attributions printed `workgroup(%argN : TYPE, ...)`. An alloc nested deeper
//! than the body's top level cannot become an attribution and is an error. Every interpreter
//! check in the suite runs these rewritten kernels against the naive one.
//!
//! Cost. Linear in the text.

use crate::error::{Error, Result};

/// The MLIR memory-space attribute of shared memory.
const WORKGROUP: &str = "#gpu.address_space<workgroup>";

/// Padding of the fixed-padding baseline, in bytes (IREE's default: 128 bits).
pub const FIXED_PADDING_BYTES: usize = 16;

/// The position of the bracket closing the one opened just before `start`, counting `()`
/// and `<>` (`->` is not a bracket).
fn closing(text: &str, start: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 1i32;
    for index in start..bytes.len() {
        match bytes[index] {
            b'(' | b'<' => depth += 1,
            b'>' if index > 0 && bytes[index - 1] == b'-' => {}
            b')' | b'>' => {
                depth -= 1;
                if depth == 0 {
                    return Some(index);
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits at commas outside brackets.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (index, byte) in text.bytes().enumerate() {
        match byte {
            b'(' | b'<' | b'[' | b'{' => depth += 1,
            b')' | b'>' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                parts.push(text[start..index].trim());
                start = index + 1;
            }
            _ => {}
        }
    }
    if !text[start..].trim().is_empty() {
        parts.push(text[start..].trim());
    }
    parts
}

/// A `gpu.func` header line taken apart around its workgroup attributions.
struct Header {
    /// Leading spaces.
    indent: usize,
    /// Text before the attribution clause (ends after the arguments' `)`).
    before: String,
    /// `(name, type)` of every workgroup attribution.
    attributions: Vec<(String, String)>,
    /// Text after the clause.
    after: String,
}

impl Header {
    /// Parses `line` if it is a `gpu.func` header.
    fn parse(line: &str) -> Option<Header> {
        let indent = line.len() - line.trim_start().len();
        let at = line.find("gpu.func @")?;
        let open = at + line[at..].find('(')?;
        let arguments_end = closing(line, open + 1)? + 1;
        let rest = &line[arguments_end..];
        let (attributions, after) = if rest.starts_with(" workgroup(") {
            let clause_start = arguments_end + " workgroup(".len();
            let end = closing(line, clause_start)?;
            let attributions = split_top_level(&line[clause_start..end])
                .into_iter()
                .filter_map(|part| {
                    let (name, ty) = part.split_once(':')?;
                    Some((name.trim().to_string(), ty.trim().to_string()))
                })
                .collect();
            (attributions, line[end + 1..].to_string())
        } else {
            (Vec::new(), rest.to_string())
        };
        Some(Header {
            indent,
            before: line[..arguments_end].to_string(),
            attributions,
            after,
        })
    }

    /// The header line with `attributions`.
    fn render(&self, attributions: &[(String, String)]) -> String {
        if attributions.is_empty() {
            return format!("{}{}", self.before, self.after);
        }
        let clause: Vec<String> = attributions
            .iter()
            .map(|(name, ty)| format!("{name} : {ty}"))
            .collect();
        format!(
            "{} workgroup({}){}",
            self.before,
            clause.join(", "),
            self.after
        )
    }
}

/// The index of the line closing the function whose header is line `header` (indent `indent`).
fn function_end(lines: &[&str], header: usize, indent: usize) -> Result<usize> {
    let closing_line = format!("{}}}", " ".repeat(indent));
    (header + 1..lines.len())
        .find(|&index| lines[index].trim_end() == closing_line)
        .ok_or_else(|| Error::Invalid(format!("no closing brace for `{}`", lines[header].trim())))
}

/// Rewrites every `gpu.func` of `text` with `rewrite(header, body lines)`, which returns the
/// new header line and body lines.
fn rewrite_functions(
    text: &str,
    mut rewrite: impl FnMut(&Header, &[&str]) -> Result<(String, Vec<String>)>,
) -> Result<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut result: Vec<String> = Vec::with_capacity(lines.len());
    let mut index = 0;
    while index < lines.len() {
        let Some(header) = Header::parse(lines[index]) else {
            result.push(lines[index].to_string());
            index += 1;
            continue;
        };
        let end = function_end(&lines, index, header.indent)?;
        let (line, body) = rewrite(&header, &lines[index + 1..end])?;
        result.push(line);
        result.extend(body);
        result.push(lines[end].to_string());
        index = end + 1;
    }
    let mut joined = result.join("\n");
    joined.push('\n');
    Ok(joined)
}

/// Every workgroup attribution becomes a `memref.alloc` at the top of the body. Returns
/// `None` when the module has none.
pub fn attributions_to_allocs(text: &str) -> Result<Option<String>> {
    let mut found = false;
    let rewritten = rewrite_functions(text, |header, body| {
        let indent = " ".repeat(header.indent + 2);
        let mut lines: Vec<String> = header
            .attributions
            .iter()
            .map(|(name, ty)| format!("{indent}{name} = memref.alloc() : {ty}"))
            .collect();
        found |= !lines.is_empty();
        lines.extend(body.iter().map(|line| line.to_string()));
        Ok((header.render(&[]), lines))
    })?;
    Ok(found.then_some(rewritten))
}

/// Every workgroup `memref.alloc` at the top level of a kernel body becomes a workgroup
/// attribution (the inverse of [`attributions_to_allocs`]).
pub fn allocs_to_attributions(text: &str) -> Result<String> {
    rewrite_functions(text, |header, body| {
        let top = header.indent + 2;
        let mut attributions = header.attributions.clone();
        let mut kept = Vec::with_capacity(body.len());
        for line in body {
            let trimmed = line.trim_start();
            let alloc = trimmed
                .split_once(" = memref.alloc() : ")
                .filter(|(_, ty)| ty.contains(WORKGROUP));
            match alloc {
                Some((name, ty)) if line.len() - trimmed.len() == top => {
                    attributions.push((name.to_string(), ty.trim().to_string()));
                }
                Some(_) => {
                    return Err(Error::Invalid(format!(
                    "a workgroup alloc inside a region cannot become an attribution: `{trimmed}`"
                )))
                }
                None => kept.push(line.to_string()),
            }
        }
        Ok((header.render(&attributions), kept))
    })
}

/// A statically shaped shared memref type: sizes and element type.
struct SharedType {
    sizes: Vec<i64>,
    element: String,
}

impl SharedType {
    /// Parses `memref<AxBxT, #gpu.address_space<workgroup>>` (no layout).
    fn parse(ty: &str) -> Option<SharedType> {
        let inner = ty.strip_prefix("memref<")?.strip_suffix('>')?;
        let (shape, space) = inner.split_once(", ")?;
        if space != WORKGROUP {
            return None;
        }
        let mut parts: Vec<&str> = shape.split('x').collect();
        let element = parts.pop()?.to_string();
        let sizes = parts
            .iter()
            .map(|size| size.parse::<i64>().ok())
            .collect::<Option<Vec<_>>>()?;
        Some(SharedType { sizes, element })
    }

    /// Bytes per element of the element type, if it is a plain `iN`/`fN`/`bf16`.
    fn element_bytes(&self) -> Option<usize> {
        let bits: usize = match self.element.as_str() {
            "bf16" => 16,
            "index" => 64,
            name => name
                .strip_prefix('f')
                .or_else(|| name.strip_prefix('i'))?
                .parse()
                .ok()?,
        };
        Some(bits.div_ceil(8).next_power_of_two())
    }

    fn render(sizes: &[i64], element: &str, layout: Option<&[i64]>) -> String {
        let shape: Vec<String> = sizes.iter().map(i64::to_string).collect();
        let layout = layout.map_or(String::new(), |strides| {
            let strides: Vec<String> = strides.iter().map(i64::to_string).collect();
            format!("strided<[{}]>, ", strides.join(", "))
        });
        format!("memref<{}x{element}, {layout}{WORKGROUP}>", shape.join("x"))
    }
}

/// The fixed-padding baseline: every workgroup attribution of rank ≥ 2 gets its innermost
/// dimension padded by `bytes` and is used through a subview of the original sizes. Returns
/// `None` when no attribution qualifies.
pub fn fixed_padding(text: &str, bytes: usize) -> Result<Option<String>> {
    let mut found = false;
    let rewritten = rewrite_functions(text, |header, body| {
        let indent = " ".repeat(header.indent + 2);
        let mut attributions = Vec::new();
        let mut views = Vec::new();
        let mut replacements = Vec::new();
        for (name, ty) in &header.attributions {
            let parsed = SharedType::parse(ty).filter(|parsed| parsed.sizes.len() >= 2);
            let Some((shared, element_bytes)) =
                parsed.and_then(|shared| shared.element_bytes().map(|b| (shared, b)))
            else {
                attributions.push((name.clone(), ty.clone()));
                continue;
            };
            let mut padded = shared.sizes.clone();
            *padded.last_mut().expect("rank >= 2") += (bytes / element_bytes).max(1) as i64;
            let mut strides = vec![1i64; padded.len()];
            for dimension in (0..padded.len() - 1).rev() {
                strides[dimension] = strides[dimension + 1] * padded[dimension + 1];
            }
            let padded_type = SharedType::render(&padded, &shared.element, None);
            let view_type = SharedType::render(&shared.sizes, &shared.element, Some(&strides));
            let storage = format!("{name}_padded");
            let zeros = vec!["0"; padded.len()].join(", ");
            let ones = vec!["1"; padded.len()].join(", ");
            let sizes: Vec<String> = shared.sizes.iter().map(i64::to_string).collect();
            views.push(format!(
                "{indent}{name} = memref.subview {storage}[{zeros}] [{}] [{ones}] : {padded_type} to {view_type}",
                sizes.join(", ")
            ));
            replacements.push((ty.clone(), view_type));
            attributions.push((storage, padded_type));
        }
        found |= !views.is_empty();
        let mut lines = views;
        lines.extend(body.iter().map(|line| {
            replacements
                .iter()
                .fold(line.to_string(), |line, (from, to)| line.replace(from, to))
        }));
        Ok((header.render(&attributions), lines))
    })?;
    Ok(found.then_some(rewritten))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ATTRIBUTED: &str = "\
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tile(%arg0: memref<64x64xf32>) workgroup(%arg1 : memref<32x32xf32, #gpu.address_space<workgroup>>, %arg2 : memref<8xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 8, 1>} {
      %0 = memref.load %arg1[%c0, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
";

    #[test]
    fn attributions_become_allocs_and_back() {
        let allocs = attributions_to_allocs(ATTRIBUTED).unwrap().unwrap();
        assert!(allocs.contains(
            "    gpu.func @tile(%arg0: memref<64x64xf32>) kernel attributes {known_block_size = array<i32: 32, 8, 1>} {\n      %arg1 = memref.alloc() : memref<32x32xf32, #gpu.address_space<workgroup>>\n      %arg2 = memref.alloc() : memref<8xf32, #gpu.address_space<workgroup>>\n"
        ));
        assert_eq!(allocs_to_attributions(&allocs).unwrap(), ATTRIBUTED);
    }

    #[test]
    fn kernels_without_shared_memory_have_no_alloc_form() {
        let plain = "  gpu.func @k(%arg0: memref<4xf32>) kernel {\n    gpu.return\n  }\n";
        assert_eq!(attributions_to_allocs(plain).unwrap(), None);
        assert_eq!(fixed_padding(plain, 16).unwrap(), None);
    }

    #[test]
    fn nested_allocs_are_refused() {
        let nested = "  gpu.func @k() kernel {\n    scf.if %true {\n      %a = memref.alloc() : memref<4x4xf32, #gpu.address_space<workgroup>>\n    }\n    gpu.return\n  }\n";
        assert!(allocs_to_attributions(nested).is_err());
    }

    #[test]
    fn fixed_padding_pads_rank_two_buffers_by_sixteen_bytes() {
        let padded = fixed_padding(ATTRIBUTED, 16).unwrap().unwrap();
        assert!(padded.contains(
            "workgroup(%arg1_padded : memref<32x36xf32, #gpu.address_space<workgroup>>, %arg2 : memref<8xf32, #gpu.address_space<workgroup>>)"
        ));
        assert!(padded.contains(
            "      %arg1 = memref.subview %arg1_padded[0, 0] [32, 32] [1, 1] : memref<32x36xf32, #gpu.address_space<workgroup>> to memref<32x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>\n"
        ));
        assert!(padded.contains(
            "memref.load %arg1[%c0, %c0] : memref<32x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>"
        ));
    }
}

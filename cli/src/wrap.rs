//! `gpu-mem-opt wrap`: a kernel in a whole program, launched the way a DSL's host code
//! launches it, so that the pass sees the launch site and `diff --entry main` runs it.
//!
//! Model. `wrap FILE --kernel K --grid X,Y,Z [--block X,Y,Z] [--constant N=V]...` prints FILE
//! with a host `func.func @main` added to its top-level module: `main` takes the kernel's
//! parameters, `gpu.alloc`s a device copy of each memref (dynamic sizes read with `memref.dim`)
//! and `gpu.memcpy`s the host's data in, `gpu.launch_func`s K with constant sizes (and the
//! constant V for scalar parameter N, as host code that fixes a problem size passes it),
//! copies every memref back and deallocates. What the pass can prove from that launch site (distinct,
//! 256-byte aligned buffers, the block size) it then proves with its default options, and
//! `diff --entry main` compares the whole program before and after.
//!
//! Assumptions. K is a `gpu.func` in a `gpu.module` of a module marked
//! `gpu.container_module`, which has no `main` yet; its memref parameters have the identity
//! layout and the default memory space (what `gpu.alloc` returns), and it has no launch
//! contract (`gpu_mem_opt::contract`: `main` copies nothing into a constant symbol and runs no
//! pack kernel). Anything else is an error that says which.
//!
//! Cost. One parse; the output is FILE's text plus one function.

use std::path::Path;

use gpu_mem_opt::{facts::kernels::KernelKind, ir, pipeline};
use melior::ir::{attribute::StringAttribute, operation::OperationLike, BlockLike, OperationRef};

use crate::generate::kernel::device_copy;
use crate::interp::parse;

/// The host function's name.
const ENTRY: &str = "main";

/// `gpu-mem-opt wrap`: FILE's text with a host `main` that launches `kernel`.
pub fn wrap(
    file: &Path,
    kernel: &str,
    (grid, block): ([u32; 3], Option<[u32; 3]>),
    constants: &[(usize, i64)],
) -> Result<String, String> {
    let context = pipeline::context();
    let module = parse(&context, file)?;
    let root = module.as_operation().to_raw();
    if ir::attribute(root, "gpu.container_module").is_none() {
        return Err("the module needs the attribute gpu.container_module for a launch".into());
    }
    let found = translate::find(root, kernel).map_err(|error| error.to_string())?;
    if !matches!(found.kind, KernelKind::Function { .. }) {
        return Err(format!(
            "'{kernel}' is a gpu.launch body; wrap takes a gpu.func"
        ));
    }
    // `main` launches the ordinary way: a kernel whose launcher owes more cannot run from it.
    let obligations = gpu_mem_opt::contract::of(found.operation);
    if !obligations.is_empty() {
        let owed: Vec<String> = obligations.iter().map(|owed| owed.describe()).collect();
        return Err(format!(
            "kernel '{kernel}' has a launch contract that a host @{ENTRY} launching it the \
             ordinary way does not fulfil: {}",
            owed.join("; ")
        ));
    }
    let block = block.or(found.block.sizes()).ok_or_else(|| {
        format!(
            "kernel '{kernel}': {}; give --block X,Y,Z",
            found.block.describe()
        )
    })?;
    let function = unsafe { OperationRef::from_raw(found.operation) };
    let module_name = function
        .parent_operation()
        .and_then(|parent| parent.attribute("sym_name").ok())
        .and_then(|name| StringAttribute::try_from(name).ok())
        .map(|name| name.value().to_string())
        .ok_or("the kernel's gpu.module has no name")?;
    let text =
        std::fs::read_to_string(file).map_err(|error| format!("{}: {error}", file.display()))?;
    let mut operation = module.body().first_operation();
    while let Some(current) = operation {
        let name = current.attribute("sym_name").ok();
        if name
            .and_then(|name| StringAttribute::try_from(name).ok())
            .is_some_and(|name| name.value() == ENTRY)
        {
            return Err(format!("the module already has a @{ENTRY}"));
        }
        operation = current.next_in_block();
    }
    let end = closing_brace(&text).ok_or("no closing brace of the top-level module")?;
    let types: Vec<String> = ir::function_inputs(found.operation)
        .into_iter()
        .enumerate()
        .map(|(position, ty)| {
            let text = ir::type_text(ty);
            if text.starts_with("memref<") && text.contains(", ") {
                return Err(format!(
                    "parameter {position} is {text}: wrap allocates identity-layout memrefs in the default memory space"
                ));
            }
            Ok(text)
        })
        .collect::<Result<_, _>>()?;
    for &(position, _) in constants {
        match types.get(position) {
            Some(ty) if ty.starts_with('i') || ty == "index" => {}
            Some(ty) => {
                return Err(format!(
                    "--constant {position}=…: parameter {position} is {ty}, not an integer"
                ))
            }
            None => {
                return Err(format!(
                    "--constant {position}=…: kernel '{kernel}' has {} parameters",
                    types.len()
                ))
            }
        }
    }
    let host = host_function(&module_name, kernel, &types, (grid, block), constants);
    Ok(format!("{}{host}{}", &text[..end], &text[end..]))
}

/// Where the top-level module's closing brace is in `text`: the last `}` outside the comment
/// lines that may follow it (a test's CHECK lines often do, and they may hold braces).
fn closing_brace(text: &str) -> Option<usize> {
    let mut end = text.len();
    for line in text[..end].lines().rev() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with("//") {
            end = end.checked_sub(line.len())?;
            end = text[..end].trim_end_matches(['\n', '\r']).len();
            continue;
        }
        return text[..end].rfind('}');
    }
    None
}

/// The text of `main`: device copies of the memref parameters, the launch, the copies back.
fn host_function(
    module: &str,
    kernel: &str,
    types: &[String],
    (grid, block): ([u32; 3], [u32; 3]),
    constants: &[(usize, i64)],
) -> String {
    let parameters: Vec<String> = types
        .iter()
        .enumerate()
        .map(|(position, ty)| format!("%host{position}: {ty}"))
        .collect();
    let mut body = String::new();
    for (name, sizes) in [("grid", grid), ("block", block)] {
        for (axis, size) in ["x", "y", "z"].iter().zip(sizes) {
            body.push_str(&format!(
                "    %{name}_{axis} = arith.constant {size} : index\n"
            ));
        }
    }
    let mut arguments = Vec::new();
    let mut back = String::new();
    for (position, ty) in types.iter().enumerate() {
        let host = format!("%host{position}");
        if let Some(&(_, value)) = constants.iter().find(|&&(at, _)| at == position) {
            body.push_str(&format!(
                "    %constant{position} = arith.constant {value} : {ty}\n"
            ));
            arguments.push(format!("%constant{position} : {ty}"));
            continue;
        }
        if !ty.starts_with("memref<") {
            arguments.push(format!("{host} : {ty}"));
            continue;
        }
        let device = format!("%device{position}");
        body.push_str(&device_copy(&device, &host, ty));
        back.push_str(&format!(
            "    gpu.memcpy {host}, {device} : {ty}, {ty}\n    gpu.dealloc {device} : {ty}\n"
        ));
        arguments.push(format!("{device} : {ty}"));
    }
    let arguments = if arguments.is_empty() {
        String::new()
    } else {
        format!("\n        args({})", arguments.join(", "))
    };
    format!(
        "  // Added by `gpu-mem-opt wrap`: {kernel} launched from host code.\n  func.func @{ENTRY}({}) {{\n{body}    \
         gpu.launch_func @{module}::@{kernel} blocks in (%grid_x, %grid_y, %grid_z) threads in \
         (%block_x, %block_y, %block_z){arguments}\n{back}    return\n  }}\n",
        parameters.join(", ")
    )
}

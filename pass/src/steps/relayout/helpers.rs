//! The host helpers of a relaid buffer ([`super::host`]): one function per host operation on
//! it, emitted into the module (`…_alloc`, `…_upload`, `…_download`, `…_fill`, `…_free`), the
//! pack and unpack kernels between the written and the new layout, and the rewrite of each host
//! use into a call of its helper.

use mlir_sys::*;

use super::host::{Buffer, Pending, Use};
use super::CONVERSION_KERNEL_PREFIX;
use crate::{facts::launches::kernel_operand, ir, ir::builder::Builder};

/// Threads per block of the generated pack and unpack kernels.
pub(super) const COPY_BLOCK: i64 = 256;

/// Blocks of [`COPY_BLOCK`] threads that cover `elements` (at least one) one per thread.
pub(super) fn copy_blocks(elements: i64) -> i64 {
    (elements - 1) / COPY_BLOCK + 1
}

/// The types and names one buffer's rewrite uses.
struct Names {
    /// The written type, `memref<64x64x4xf32>`.
    written: String,
    /// The kernel's new type, `memref<64x64x4xf32, strided<[256, 1, 64]>>`.
    strided: String,
    /// The permuted row-major type the buffer is allocated as, `memref<64x4x64xf32>`.
    permuted: String,
    /// `reinterpret_cast` from the permuted type to the strided one.
    view: String,
    /// And back.
    unview: String,
    /// Helper names' stem, `gpu_mem_opt_relayout_lbm_arg0`.
    stem: String,
    /// The kernel's `gpu.module`.
    module: String,
    /// Elements.
    elements: i64,
    /// Element type, `f32`.
    element: String,
}

impl Names {
    /// The names for `entry`'s argument.
    fn of(entry: &Pending) -> Names {
        let element = unsafe {
            let entry_block = mlirRegionGetFirstBlock(entry.kernel.body());
            let value = mlirBlockGetArgument(entry_block, entry.index as isize);
            ir::type_text(mlirShapedTypeGetElementType(mlirValueGetType(value)))
        };
        let (list, dims) = (super::listed, super::dimensions);
        let (written_shape, shape) = (&entry.shape, &entry.choice.shape);
        let strides = &entry.choice.strides;
        let permuted_shape: Vec<i64> = entry.choice.order.iter().map(|&d| shape[d]).collect();
        let identity: Vec<usize> = (0..shape.len()).collect();
        let row_major =
            analysis::relayout::strides_for(&permuted_shape, &identity).unwrap_or_default();
        let written = format!("memref<{}x{element}>", dims(written_shape));
        let strided = format!(
            "memref<{}x{element}, {}>",
            dims(shape),
            super::strided(strides)
        );
        let permuted = format!("memref<{}x{element}>", dims(&permuted_shape));
        let module = unsafe { mlirOperationGetParentOperation(entry.kernel.operation) };
        Names {
            view: format!(
                "offset: [0], sizes: [{}], strides: [{}] : {permuted} to {strided}",
                list(shape),
                list(strides)
            ),
            unview: format!(
                "offset: [0], sizes: [{}], strides: [{}] : {strided} to {permuted}",
                list(&permuted_shape),
                list(&row_major)
            ),
            stem: format!(
                "gpu_mem_opt_relayout_{}_arg{}",
                entry.kernel.name, entry.index
            ),
            module: ir::symbol_name(module).unwrap_or_default(),
            elements: shape.iter().product(),
            written,
            strided,
            permuted,
            element,
        }
    }

    /// A `gpu.func` copying every element between the written layout (`shape`) and the new one
    /// (`packing`: from the written; else to it), one element per thread in the written
    /// row-major order; a split record's innermost index `e` is `(e / s, e mod s)` in the new.
    fn copy_kernel(&self, name: &str, entry: &Pending, packing: bool) -> String {
        let shape = &entry.shape;
        let (source, destination) = if packing {
            (&self.written, &self.strided)
        } else {
            (&self.strided, &self.written)
        };
        let constants: String = shape
            .iter()
            .enumerate()
            .map(|(dimension, size)| format!("    %n{dimension} = arith.constant {size} : index\n"))
            .collect();
        let mut delinearize = String::new();
        let mut rest = "%linear".to_string();
        let mut indices = vec![String::new(); shape.len()];
        for dimension in (1..shape.len()).rev() {
            delinearize += &format!(
                "      %i{dimension} = arith.remui {rest}, %n{dimension} : index\n      \
                 %r{dimension} = arith.divui {rest}, %n{dimension} : index\n"
            );
            indices[dimension] = format!("%i{dimension}");
            rest = format!("%r{dimension}");
        }
        indices[0] = rest;
        let mut split_indices = indices.clone();
        if let Some(size) = entry.choice.split {
            let last = split_indices.pop().unwrap_or_default();
            delinearize += &format!(
                "      %size = arith.constant {size} : index\n      \
                 %record = arith.divui {last}, %size : index\n      \
                 %field = arith.remui {last}, %size : index\n"
            );
            split_indices.extend(["%record".to_string(), "%field".to_string()]);
        }
        let (from, to) = if packing {
            (indices.join(", "), split_indices.join(", "))
        } else {
            (split_indices.join(", "), indices.join(", "))
        };
        format!(
            "gpu.func @{name}(%source: {source}, %destination: {destination}) kernel attributes \
             {{known_block_size = array<i32: {COPY_BLOCK}, 1, 1>}} {{\n\
             {constants}    %block = arith.constant {COPY_BLOCK} : index\n    \
             %total = arith.constant {elements} : index\n    \
             %bx = gpu.block_id x\n    %tx = gpu.thread_id x\n    \
             %base = arith.muli %bx, %block : index\n    \
             %linear = arith.addi %base, %tx : index\n    \
             %inside = arith.cmpi ult, %linear, %total : index\n    \
             scf.if %inside {{\n{delinearize}      \
             %value = memref.load %source[{from}] : {source}\n      \
             memref.store %value, %destination[{to}] : {destination}\n    }}\n    \
             gpu.return\n  }}",
            elements = self.elements,
        )
    }

    /// The pack and unpack kernels of `entry`, nothing else yet.
    fn conversions(&self, entry: &Pending) -> Generated {
        let (pack, unpack) = conversion_names(entry);
        Generated {
            kernels: vec![
                self.copy_kernel(&pack, entry, true),
                self.copy_kernel(&unpack, entry, false),
            ],
            helpers: Vec::new(),
        }
    }

    /// Lines that launch `kernel` over every element with `arguments`.
    fn launch(&self, kernel: &str, arguments: &str) -> String {
        let blocks = copy_blocks(self.elements);
        format!(
            "  %one = arith.constant 1 : index\n  %blocks = arith.constant {blocks} : index\n  \
             %threads = arith.constant {COPY_BLOCK} : index\n  \
             gpu.launch_func @{}::@{kernel} blocks in (%blocks, %one, %one) threads in \
             (%threads, %one, %one) args({arguments})\n",
            self.module
        )
    }
}

/// Whether `scope`'s symbol table has `name`.
fn defined(scope: MlirOperation, name: &str) -> bool {
    unsafe {
        let table = mlirSymbolTableCreate(scope);
        let found = !mlirSymbolTableLookup(table, ir::string_ref_of(name))
            .ptr
            .is_null();
        mlirSymbolTableDestroy(table);
        found
    }
}

/// The host helpers made so far in one pass run: each text (with `@NAME` for its name) once.
#[derive(Default)]
pub struct Helpers {
    /// Text and name of each.
    made: Vec<(String, String)>,
}

impl Helpers {
    /// The name of the helper `text` (`func.func private @NAME(…)`), adding it to `generated`
    /// as `stem_suffix` (or `stem_suffix_2`, … where `top` or this run has that name) when
    /// no helper has that text yet.
    fn name(
        &mut self,
        (top, stem, suffix): (MlirOperation, &str, &str),
        text: String,
        generated: &mut Generated,
    ) -> String {
        if let Some((_, name)) = self.made.iter().find(|(made, _)| *made == text) {
            return name.clone();
        }
        let base = format!("{stem}_{suffix}");
        let name = (1..)
            .map(|n| {
                if n == 1 {
                    base.clone()
                } else {
                    format!("{base}_{n}")
                }
            })
            .find(|name| !defined(top, name) && self.made.iter().all(|(_, made)| made != name))
            .expect("some suffix is free");
        generated
            .helpers
            .push(text.replacen("@NAME(", &format!("@{name}("), 1));
        self.made.push((text, name.clone()));
        name
    }
}

/// Moves every operation of `from`'s body block before the end of `to`'s body block (after
/// `anchor`, in order), skipping symbols `to` defines already.
fn move_ops(from: MlirOperation, to: MlirOperation, anchor: MlirOperation) {
    unsafe {
        let mut after = anchor;
        let mut operation =
            mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(from, 0)));
        while !operation.ptr.is_null() {
            let next = mlirOperationGetNextInBlock(operation);
            let name = ir::symbol_name(operation).unwrap_or_default();
            if !defined(to, &name) {
                mlirOperationRemoveFromParent(operation);
                mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(after), after, operation);
                after = operation;
            }
            operation = next;
        }
    }
}

/// One buffer's new IR, as text: the pack and unpack kernels and the host helpers.
struct Generated {
    /// `gpu.func`s for the kernel's `gpu.module`.
    kernels: Vec<String>,
    /// `func.func`s for the host function's module.
    helpers: Vec<String>,
}

impl Generated {
    /// Parses it in a module of its own (so every op verifies in its context, launches
    /// included) and moves the ops: kernels after `kernel`, helpers after `host`.
    fn insert(&self, names: &Names, kernel: MlirOperation, host: Option<MlirOperation>) {
        let text = format!(
            "module attributes {{gpu.container_module}} {{\ngpu.module @{} {{\n{}\n}}\n{}\n}}",
            names.module,
            self.kernels.join("\n"),
            self.helpers.join("\n")
        );
        unsafe {
            let context = mlirOperationGetContext(kernel);
            let parsed = mlirModuleCreateParse(context, ir::string_ref_of(&text));
            assert!(
                !parsed.ptr.is_null(),
                "gpu-mem-opt generated IR that does not parse:\n{text}"
            );
            let top = mlirModuleGetOperation(parsed);
            let body = mlirRegionGetFirstBlock(mlirOperationGetRegion(top, 0));
            let generated_module = mlirBlockGetFirstOperation(body);
            move_ops(
                generated_module,
                mlirOperationGetParentOperation(kernel),
                kernel,
            );
            if let Some(host) = host {
                move_ops(top, mlirOperationGetParentOperation(host), host);
            }
            mlirModuleDestroy(parsed);
        }
    }
}

/// The pack and unpack kernels' names for `entry`: `gpu_mem_opt_relayout_pack_lbm_arg0`.
fn conversion_names(entry: &Pending) -> (String, String) {
    let base = format!("{}_arg{}", entry.kernel.name, entry.index);
    (
        format!("{CONVERSION_KERNEL_PREFIX}pack_{base}"),
        format!("{CONVERSION_KERNEL_PREFIX}unpack_{base}"),
    )
}

/// Adds the pack and unpack kernels of a lone kernel's relaid argument beside the kernel, for
/// its launcher, and records them on the kernel (`gpu_mem_opt.relayout = {argN = {pack = @…,
/// unpack = @…, written = memref<…>}}`); their names.
pub fn add_conversions(entry: &Pending) -> (String, String) {
    let names = Names::of(entry);
    names
        .conversions(entry)
        .insert(&names, entry.kernel.operation, None);
    let (pack, unpack) = conversion_names(entry);
    let record = format!(
        "{{pack = @{pack}, unpack = @{unpack}, written = {}}}",
        names.written
    );
    let kernel = entry.kernel.operation;
    let existing = ir::attribute(kernel, super::CONTRACT_ATTRIBUTE)
        .map(ir::attribute_text)
        .and_then(|text| Some(text.strip_prefix('{')?.strip_suffix('}')?.to_string()))
        .filter(|text| !text.is_empty());
    let entries = existing
        .into_iter()
        .chain([format!("arg{} = {record}", entry.index)])
        .collect::<Vec<_>>()
        .join(", ");
    let attribute = Builder::before(kernel)
        .parse_attribute(&format!("{{{entries}}}"))
        .expect("the contract attribute parses");
    unsafe {
        mlirOperationSetAttributeByName(
            kernel,
            ir::string_ref_of(super::CONTRACT_ATTRIBUTE),
            attribute,
        )
    };
    (pack, unpack)
}

/// Rewrites `buffer` (its allocation, copies, fills, frees and launches) to the layout of
/// `entry`, the first relaid argument it is passed as.
pub(super) fn rewrite(buffer: &Buffer, entry: &Pending, helpers: &mut Helpers) {
    let names = Names::of(entry);
    let mut host = buffer.alloc;
    while !host.ptr.is_null() && !ir::is_named(host, "func.func") {
        host = unsafe { mlirOperationGetParentOperation(host) };
    }
    let top = unsafe { mlirOperationGetParentOperation(host) };
    let (pack, unpack) = conversion_names(entry);
    let (written, strided) = (&names.written, &names.strided);
    let mut generated = names.conversions(entry);
    let mut helper = |suffix: &str, text: String, generated: &mut Generated| {
        helpers.name((top, &names.stem, suffix), text, generated)
    };
    let alloc_name = helper(
        "alloc",
        format!(
            "func.func private @NAME() -> {strided} {{\n  %buffer = gpu.alloc () : {}\n  \
             %view = memref.reinterpret_cast %buffer to {}\n  return %view : {strided}\n}}",
            names.permuted, names.view
        ),
        &mut generated,
    );
    // One call per host op: the op, the helper, its operands after the view.
    let mut calls: Vec<(MlirOperation, String, Vec<MlirValue>)> = Vec::new();
    for used in &buffer.uses {
        let (operation, suffix, operands, parameter, body) = match *used {
            Use::Launch(..) => continue,
            Use::Upload(copy) | Use::Download(copy) => {
                let upload = matches!(used, Use::Upload(_));
                let other = unsafe { mlirOperationGetOperand(copy, if upload { 1 } else { 0 }) };
                let other_type = ir::type_text(unsafe { mlirValueGetType(other) });
                let body = if upload {
                    format!(
                        "  %temporary = gpu.alloc () : {written}\n  \
                         gpu.memcpy %temporary, %other : {written}, {other_type}\n{}  \
                         gpu.dealloc %temporary : {written}\n",
                        names.launch(&pack, &format!("%temporary : {written}, %view : {strided}"))
                    )
                } else {
                    format!(
                        "  %temporary = gpu.alloc () : {written}\n{}  \
                         gpu.memcpy %other, %temporary : {other_type}, {written}\n  \
                         gpu.dealloc %temporary : {written}\n",
                        names.launch(
                            &unpack,
                            &format!("%view : {strided}, %temporary : {written}")
                        )
                    )
                };
                let suffix = if upload { "upload" } else { "download" };
                (
                    copy,
                    suffix,
                    vec![other],
                    format!(", %other: {other_type}"),
                    body,
                )
            }
            Use::Fill(fill) => {
                let value = unsafe { mlirOperationGetOperand(fill, 1) };
                let body = format!(
                    "  %buffer = memref.reinterpret_cast %view to {}\n  \
                     gpu.memset %buffer, %value : {}, {}\n",
                    names.unview, names.permuted, names.element
                );
                (
                    fill,
                    "fill",
                    vec![value],
                    format!(", %value: {}", names.element),
                    body,
                )
            }
            Use::Free(free) => {
                let body = format!(
                    "  %buffer = memref.reinterpret_cast %view to {}\n  \
                     gpu.dealloc %buffer : {}\n",
                    names.unview, names.permuted
                );
                (free, "free", Vec::new(), String::new(), body)
            }
        };
        let text =
            format!("func.func private @NAME(%view: {strided}{parameter}) {{\n{body}  return\n}}");
        calls.push((operation, helper(suffix, text, &mut generated), operands));
    }
    generated.insert(&names, entry.kernel.operation, Some(host));
    // The host ops become calls of the helpers, on the view the new allocation returns.
    let call =
        |anchor: MlirOperation, callee: &str, operands: &[MlirValue], results: &[MlirType]| {
            let symbol = unsafe {
                mlirFlatSymbolRefAttrGet(mlirOperationGetContext(anchor), ir::string_ref_of(callee))
            };
            Builder::before(anchor).create("func.call", operands, &[("callee", symbol)], results)
        };
    let new_type = Builder::before(buffer.alloc)
        .parse_type(strided)
        .expect("the strided type parses");
    let allocated = call(buffer.alloc, &alloc_name, &[], &[new_type]);
    let view = unsafe { mlirOperationGetResult(allocated, 0) };
    for used in &buffer.uses {
        if let Use::Launch(site, position) = *used {
            let operand = kernel_operand(site, position).expect("classified as an operand");
            unsafe { mlirOperationSetOperand(site, operand as isize, view) };
        }
    }
    for (operation, helper, operands) in calls {
        let mut all = vec![view];
        all.extend(operands);
        call(operation, &helper, &all, &[]);
        unsafe { mlirOperationDestroy(operation) };
    }
    unsafe { mlirOperationDestroy(buffer.alloc) };
}

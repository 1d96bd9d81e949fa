//! A generated kernel: its parameters, workgroup buffers, launch and body,
//! rendered as one `gpu.module` with one `gpu.func @fuzz` (block size in
//! `known_block_size`, so `diff` needs no `--block`).
//!
//! Each parameter carries the argument spec `diff` runs it with
//! (`random:N` for memrefs, a literal for index scalars); every memref
//! parameter is a separate buffer, so the original kernel has no aliasing,
//! and every output element is written by exactly one thread, so the result
//! does not depend on the order threads run in.

use super::body::{Affine, Body, Element, RETURN};

/// How a kernel is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// A `gpu.func` with `known_block_size`.
    Function,
    /// A `gpu.func` alone, its block size known only at run time (`diff --block`): a lone
    /// kernel's `blockDim.x * blockIdx.x` is a product of two unknowns to the pass.
    Lone,
    /// A `gpu.func` without it, launched by `gpu.launch_func` with constant
    /// sizes in a host `func.func` (the block size comes from the launch site).
    LaunchedFunction,
    /// The same, launched with a buffer of its own for every memref parameter: the host
    /// `gpu.alloc`s each and copies its data in (the pass's launch facts then prove the
    /// arguments distinct and 256-byte aligned).
    AllocatedLaunch,
    /// The body of a `gpu.launch` in a host `func.func`.
    Launch,
}

/// The generated function's name.
pub const KERNEL_NAME: &str = "fuzz";
/// The host function of the `gpu.launch_func` forms.
pub const HOST_NAME: &str = "host";

/// The column of `gpu.launch` in a kernel written as a launch.
pub const LAUNCH_COLUMN: usize = 5;

/// `memref<AxBxT>` with an optional memory space suffix.
pub fn memref_type(shape: &[i64], element: Element, space: &str) -> String {
    let dimensions: String = shape.iter().map(|size| format!("{size}x")).collect();
    format!("memref<{dimensions}{}{space}>", element.name())
}

/// The workgroup address space suffix of a memref type.
pub const WORKGROUP: &str = ", #gpu.address_space<workgroup>";

/// A kernel parameter.
pub struct Parameter {
    /// Its SSA name.
    pub name: String,
    /// Its type.
    pub type_text: String,
    /// Its argument attributes (`{llvm.noalias}`), or empty.
    pub attributes: String,
    /// The argument spec for `diff --arg`.
    pub spec: String,
}

/// A memref the kernel reads or writes: its name, shape and type text.
#[derive(Clone)]
pub struct Buffer {
    /// The SSA value.
    pub name: String,
    /// Its shape.
    pub shape: Vec<i64>,
    /// `memref<...>`.
    pub type_text: String,
}

/// The thread and block ids and the launch sizes.
pub struct Ids {
    /// `gpu.thread_id x`, `y`.
    pub thread: [String; 2],
    /// `gpu.block_id x`, `y`.
    pub block: [String; 2],
    /// Threads per block in x, y.
    pub block_size: [i64; 2],
    /// Blocks in x, y.
    pub grid: [i64; 2],
    /// `gpu.thread_id z` and the block's size in z, when that is above 1.
    pub depth: Option<(String, i64)>,
}

impl Ids {
    /// The global thread index in dimension `dimension` (0: x, 1: y).
    pub fn global(&self, dimension: usize) -> Affine {
        Affine::term(
            &self.block[dimension],
            self.grid[dimension],
            self.block_size[dimension],
        )
        .plus(&self.thread[dimension], self.block_size[dimension], 1)
    }

    /// The z thread id as an affine term, if the block has a z extent.
    pub fn depth_term(&self) -> Option<Affine> {
        self.depth
            .as_ref()
            .map(|(value, extent)| Affine::term(value, *extent, 1))
    }

    /// Threads in dimension `dimension` over the whole grid.
    pub fn threads(&self, dimension: usize) -> i64 {
        self.grid[dimension] * self.block_size[dimension]
    }
}

/// A kernel under construction.
pub struct Kernel {
    /// The parameters, in order.
    parameters: Vec<Parameter>,
    /// `workgroup(...)` attributions.
    workgroup: Vec<String>,
    /// `memref.global` declarations of the gpu.module.
    globals: Vec<String>,
    /// The ids and launch.
    pub ids: Ids,
    /// The body.
    pub body: Body,
}

impl Kernel {
    /// A kernel with blocks of `block_size` threads in x, y and `depth` in z, and
    /// a grid of `grid` blocks.
    pub fn new(block_size: [i64; 2], depth: i64, grid: [i64; 2]) -> Kernel {
        let mut body = Body::default();
        let thread =
            ["x", "y"].map(|axis| body.define_at_entry("t", &format!("gpu.thread_id {axis}")));
        let block =
            ["x", "y"].map(|axis| body.define_at_entry("b", &format!("gpu.block_id {axis}")));
        for ((id, axis), size) in block.iter().zip(["x", "y"]).zip(block_size) {
            body.block_dimension(id, axis, size);
        }
        let depth = (depth > 1).then(|| (body.define_at_entry("t", "gpu.thread_id z"), depth));
        Kernel {
            parameters: Vec::new(),
            workgroup: Vec::new(),
            globals: Vec::new(),
            ids: Ids {
                thread,
                block,
                block_size,
                grid,
                depth,
            },
            body,
        }
    }

    /// Adds a memref parameter of `shape` (filled with `random:N` data).
    pub fn input(&mut self, shape: &[i64], element: Element, attributes: &str) -> Buffer {
        let spec = format!("random:{}", self.parameters.len() + 1);
        let type_text = memref_type(shape, element, "");
        self.parameter(shape, type_text, attributes, spec)
    }

    /// Adds a memref parameter of dynamic sizes (`memref<?x?xT>`), run with `shape`.
    pub fn dynamic_input(&mut self, shape: &[i64], element: Element, attributes: &str) -> Buffer {
        let sizes: Vec<String> = shape.iter().map(i64::to_string).collect();
        let spec = format!("random:{}:{}", self.parameters.len() + 1, sizes.join("x"));
        let type_text = format!("memref<{}{}>", "?x".repeat(shape.len()), element.name());
        self.parameter(shape, type_text, attributes, spec)
    }

    /// Adds an output memref parameter (random data too: outputs may also be read).
    pub fn output(&mut self, shape: &[i64], element: Element) -> Buffer {
        self.input(shape, element, "")
    }

    /// Adds an index parameter run with the value `value`; returns its name.
    pub fn index_parameter(&mut self, value: i64) -> String {
        let name = format!("%n{}", self.parameters.len());
        self.parameters.push(Parameter {
            name: name.clone(),
            type_text: "index".into(),
            attributes: String::new(),
            spec: value.to_string(),
        });
        name
    }

    /// Adds a memref parameter.
    fn parameter(
        &mut self,
        shape: &[i64],
        type_text: String,
        attributes: &str,
        spec: String,
    ) -> Buffer {
        let buffer = Buffer {
            name: format!("%arg{}", self.parameters.len()),
            shape: shape.to_vec(),
            type_text,
        };
        self.parameters.push(Parameter {
            name: buffer.name.clone(),
            type_text: buffer.type_text.clone(),
            attributes: attributes.to_string(),
            spec,
        });
        buffer
    }

    /// Adds a shared-memory buffer, as a workgroup attribution or, when
    /// `as_global`, a workgroup `memref.global` reached with `memref.get_global`.
    pub fn shared(&mut self, shape: &[i64], element: Element, as_global: bool) -> Buffer {
        let type_text = memref_type(shape, element, WORKGROUP);
        let name = if as_global {
            let symbol = format!("tile{}", self.globals.len());
            self.globals
                .push(format!("memref.global \"private\" @{symbol} : {type_text}"));
            self.body.define_at_entry(
                "tile",
                &format!("memref.get_global @{symbol} : {type_text}"),
            )
        } else {
            let name = format!("%tile{}", self.workgroup.len());
            self.workgroup.push(format!("{name} : {type_text}"));
            name
        };
        Buffer {
            name,
            shape: shape.to_vec(),
            type_text,
        }
    }

    /// Adds a constant table `memref.global "private" constant` holding `values`,
    /// in global memory or (when `in_constant_space`) in address space 4 reached
    /// through `memref.memory_space_cast`, as DSLs emit filter weights.
    pub fn constant_table(
        &mut self,
        values: &[i64],
        element: Element,
        in_constant_space: bool,
    ) -> Buffer {
        let shape = [values.len() as i64];
        let type_text = memref_type(&shape, element, "");
        let space = if in_constant_space { ", 4" } else { "" };
        let global_type = memref_type(&shape, element, space);
        let literals: Vec<String> = values
            .iter()
            .map(|value| {
                if element.is_integer() {
                    value.to_string()
                } else {
                    format!("{value}.5")
                }
            })
            .collect();
        let symbol = format!("table{}", self.globals.len());
        self.globals.push(format!(
            "memref.global \"private\" constant @{symbol} : {global_type} = dense<[{}]>",
            literals.join(", ")
        ));
        let global = self.body.define_at_entry(
            "table",
            &format!("memref.get_global @{symbol} : {global_type}"),
        );
        let name = if in_constant_space {
            self.body.define_at_entry(
                "table",
                &format!("memref.memory_space_cast {global} : {global_type} to {type_text}"),
            )
        } else {
            global
        };
        Buffer {
            name,
            shape: shape.to_vec(),
            type_text,
        }
    }

    /// The argument specs, in parameter order.
    pub fn specs(&self) -> Vec<String> {
        self.parameters
            .iter()
            .map(|parameter| parameter.spec.clone())
            .collect()
    }

    /// Passes the first memref parameter that fits in an earlier one's buffer that buffer
    /// (`same:N` in `specs`: static shapes of one element type, the later no larger), neither
    /// of them `{llvm.noalias}`; whether there was one.
    pub fn alias(&self, specs: &mut [String]) -> bool {
        let free = |parameter: &Parameter| {
            parameter.type_text.starts_with("memref") && !parameter.attributes.contains("noalias")
        };
        // `memref<4x96xf32>` → (elements, `f32`) for a static shape of the default layout.
        let sized = |text: &str| -> Option<(i64, String)> {
            let inner = text.strip_prefix("memref<")?.strip_suffix('>')?;
            let mut parts: Vec<&str> = inner.split('x').collect();
            let element = parts.pop()?.to_string();
            let count = parts.iter().try_fold(1i64, |total, size| {
                total.checked_mul(size.parse::<i64>().ok()?)
            })?;
            Some((count, element))
        };
        // Static shapes only: a dynamic one's sizes come from its own spec, which `same:N`
        // replaces by the earlier buffer's.
        let fits = |later: &Parameter, earlier: &Parameter| {
            matches!(
                (sized(&later.type_text), sized(&earlier.type_text)),
                (Some((small, a)), Some((large, b))) if a == b && small <= large
            )
        };
        for (later, parameter) in self.parameters.iter().enumerate().filter(|(_, p)| free(p)) {
            let earlier = self.parameters[..later]
                .iter()
                .position(|other| free(other) && fits(parameter, other));
            if let Some(earlier) = earlier {
                specs[later] = format!("same:{earlier}");
                return true;
            }
        }
        false
    }

    /// The argument specs of the kernel written as a launch body: the parameters
    /// the body uses, in parameter order (translate/src/launch.rs).
    pub fn launch_specs(&self) -> Vec<String> {
        let body = self.body.render(0);
        let used = |name: &str| {
            body.match_indices(name).any(|(position, _)| {
                !body[position + name.len()..]
                    .starts_with(|next: char| next.is_ascii_alphanumeric())
            })
        };
        self.parameters
            .iter()
            .filter(|parameter| used(&parameter.name))
            .map(|parameter| parameter.spec.clone())
            .collect()
    }

    /// The module's text with the kernel written in `form`, and the line of the
    /// `gpu.launch` when it is a launch body (its column is [`LAUNCH_COLUMN`]). A `gpu.func`
    /// reads its block size with `gpu.block_dim` where `dynamic` (always when lone), else as
    /// constants.
    pub fn render(&self, form: Form, dynamic: bool) -> (String, Option<usize>) {
        match form {
            Form::Function => (self.render_function(true, "", dynamic), None),
            Form::Lone => (self.render_function(false, "", true), None),
            Form::LaunchedFunction => (
                self.render_function(false, &self.host_launch_func(false), dynamic),
                None,
            ),
            Form::AllocatedLaunch => (
                self.render_function(false, &self.host_launch_func(true), dynamic),
                None,
            ),
            Form::Launch => {
                let (text, line) = self.render_launch();
                (text, Some(line))
            }
        }
    }

    /// A `gpu.module` with the kernel as a `gpu.func` (with `known_block_size`
    /// when `known`, its block size read with `gpu.block_dim` where `dynamic`), then `host`.
    fn render_function(&self, known: bool, host: &str, dynamic: bool) -> String {
        let [x, y] = self.ids.block_size;
        let z = self.block_depth();
        let known = if known {
            format!("\n        attributes {{known_block_size = array<i32: {x}, {y}, {z}>}}")
        } else {
            String::new()
        };
        format!(
            "module attributes {{gpu.container_module}} {{\n  gpu.module @kernels {{\n{}    \
             gpu.func @{KERNEL_NAME}({}){} kernel{known} {{\n{}      gpu.return\n    }}\n  }}\n{host}}}\n",
            self.globals(4),
            self.parameter_list(true),
            self.workgroup_clause(),
            self.body.render_sized(6, dynamic)
        )
    }

    /// A host `func.func` that launches the kernel with `gpu.launch_func`: with its own
    /// arguments, or (`allocated`) with a `gpu.alloc` copy of each memref argument.
    fn host_launch_func(&self, allocated: bool) -> String {
        let mut copies = String::new();
        let arguments = self
            .parameters
            .iter()
            .enumerate()
            .map(|(position, parameter)| {
                let type_text = &parameter.type_text;
                if !allocated || !type_text.starts_with("memref<") {
                    return format!("{} : {type_text}", parameter.name);
                }
                let device = format!("%device{position}");
                copies.push_str(&device_copy(&device, &parameter.name, type_text));
                format!("{device} : {type_text}")
            })
            .collect::<Vec<_>>()
            .join(", ");
        format!(
            "  func.func @{HOST_NAME}({}) {{\n{}{copies}    gpu.launch_func @kernels::@{KERNEL_NAME} \
             blocks in (%grid_x, %grid_y, %one) threads in (%block_x, %block_y, %block_z) \
             args({arguments})\n    return\n  }}\n",
            self.parameter_list(false),
            self.launch_constants()
        )
    }

    /// The module's text with the kernel written as the body of a `gpu.launch`
    /// in a host `func.func`, and the launch's line.
    fn render_launch(&self) -> (String, usize) {
        let head = format!(
            "module attributes {{gpu.container_module}} {{\n{}  func.func @{KERNEL_NAME}({}) {{\n{}",
            self.globals(2),
            self.parameter_list(true),
            self.launch_constants()
        );
        let line = head.lines().count() + 1;
        let text = format!(
            "{head}{}gpu.launch blocks(%launch_bx, %launch_by, %launch_bz) in (%launch_gx = %grid_x, \
             %launch_gy = %grid_y, %launch_gz = %one)\n        threads(%launch_tx, %launch_ty, %launch_tz) in \
             (%launch_sx = %block_x, %launch_sy = %block_y, %launch_sz = %block_z){} {{\n{}      \
             gpu.terminator\n    }}\n    return\n  }}\n}}\n",
            " ".repeat(LAUNCH_COLUMN - 1),
            self.workgroup_clause(),
            self.launch_body()
        );
        (text, line)
    }

    /// The body as a `gpu.launch` region holds it: an early exit ([`Body::exit`]) ends its
    /// block with `gpu.terminator`.
    fn launch_body(&self) -> String {
        self.body
            .render(6)
            .lines()
            .map(|line| match line.strip_suffix(RETURN) {
                Some(margin) if margin.trim().is_empty() => format!("{margin}gpu.terminator\n"),
                _ => format!("{line}\n"),
            })
            .collect()
    }

    /// The host's constants for a launch: grid, block and 1, one a line.
    fn launch_constants(&self) -> String {
        let [block_x, block_y] = self.ids.block_size;
        let [grid_x, grid_y] = self.ids.grid;
        [
            ("grid_x", grid_x),
            ("grid_y", grid_y),
            ("block_x", block_x),
            ("block_y", block_y),
            ("block_z", self.block_depth()),
            ("one", 1),
        ]
        .iter()
        .map(|(name, value)| format!("    %{name} = arith.constant {value} : index\n"))
        .collect()
    }

    /// Threads per block in z.
    /// Threads a block in x, y and z.
    pub fn block(&self) -> [i64; 3] {
        let [x, y] = self.ids.block_size;
        [x, y, self.block_depth()]
    }

    fn block_depth(&self) -> i64 {
        self.ids.depth.as_ref().map_or(1, |(_, extent)| *extent)
    }

    /// The parameters as a function signature lists them (with their
    /// attributes when `with_attributes`).
    fn parameter_list(&self, with_attributes: bool) -> String {
        self.parameters
            .iter()
            .map(|parameter| {
                let attributes = if parameter.attributes.is_empty() || !with_attributes {
                    String::new()
                } else {
                    format!(" {}", parameter.attributes)
                };
                format!("{}: {}{attributes}", parameter.name, parameter.type_text)
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// ` workgroup(...)`, or nothing without workgroup attributions.
    fn workgroup_clause(&self) -> String {
        if self.workgroup.is_empty() {
            String::new()
        } else {
            format!(" workgroup({})", self.workgroup.join(", "))
        }
    }

    /// The `memref.global` declarations, one a line, indented by `indent`.
    fn globals(&self, indent: usize) -> String {
        self.globals
            .iter()
            .map(|global| format!("{}{global}\n", " ".repeat(indent)))
            .collect()
    }
}

/// Host lines that allocate `device` on the GPU with the shape of `host` (a memref of
/// `type_text`, its dynamic sizes read with `memref.dim`) and copy `host` into it.
pub(crate) fn device_copy(device: &str, host: &str, type_text: &str) -> String {
    let inner = &type_text["memref<".len()..type_text.len() - 1];
    let mut lines = String::new();
    let mut sizes = Vec::new();
    for (dimension, size) in inner.split('x').enumerate() {
        if size == "?" {
            let index = format!("{device}_index{dimension}");
            let dim = format!("{device}_size{dimension}");
            lines.push_str(&format!(
                "    {index} = arith.constant {dimension} : index\n    {dim} = memref.dim {host}, {index} : {type_text}\n"
            ));
            sizes.push(dim);
        }
    }
    lines.push_str(&format!(
        "    {device} = gpu.alloc ({}) : {type_text}\n    gpu.memcpy {device}, {host} : {type_text}, {type_text}\n",
        sizes.join(", ")
    ));
    lines
}

//! From a [`Program`] to `gpu`/`memref` MLIR, as a DSL compiler emits it.
//!
//! Model. One kernel per statement, `@s0`, `@s1`, … in `gpu.module @kernels`: blocks of
//! [`BLOCK`] threads, thread `x` on the target's column `j` and `y` on its row `i`; a guard
//! keeps the threads whose target element exists and whose every read is inside its array;
//! a `sum` is an `scf.for` carrying the total. The kernel takes the arrays it touches, in
//! declaration order. The host function `@main` takes every array, `gpu.alloc`s a device copy
//! of each, copies them in, launches the kernels in statement order, copies every array back
//! and frees the copies: what a DSL's runtime does, and what lets gpu-mem-opt prove from the
//! launch sites that the buffers are distinct and 256-byte aligned.
//!
//! The text is what a builder would produce; it is parsed with melior by the caller. Writing
//! text keeps this example short; a compiler with its own IR would use melior's builders.

use std::fmt::Write as _;

use crate::syntax::{Expression, Index, Program, Statement, Variable};

/// Threads per block: 32 columns by 8 rows.
pub const BLOCK: [i64; 2] = [32, 8];

/// The MLIR type of array `index`.
fn array_type(program: &Program, index: usize) -> String {
    let [rows, columns] = program.arrays[index].shape;
    format!("memref<{rows}x{columns}xf32>")
}

/// The arrays statement `statement` reads or writes, in declaration order.
pub fn arrays_of(program: &Program, statement: &Statement) -> Vec<usize> {
    let mut used = vec![statement.target];
    collect_reads(&statement.value, &mut used);
    let mut sorted: Vec<usize> = (0..program.arrays.len())
        .filter(|index| used.contains(index))
        .collect();
    sorted.dedup();
    sorted
}

fn collect_reads(expression: &Expression, found: &mut Vec<usize>) {
    match expression {
        Expression::Number(_) => {}
        Expression::Read { array, .. } => found.push(*array),
        Expression::Binary(_, left, right) => {
            collect_reads(left, found);
            collect_reads(right, found);
        }
        Expression::Sum { body, .. } => collect_reads(body, found),
    }
}

/// The grid of statement `statement`: enough blocks to cover its target.
pub fn grid(program: &Program, statement: &Statement) -> [i64; 2] {
    let [rows, columns] = program.arrays[statement.target].shape;
    [
        (columns + BLOCK[0] - 1) / BLOCK[0],
        (rows + BLOCK[1] - 1) / BLOCK[1],
    ]
}

/// SSA text under construction for one kernel.
struct Body {
    lines: Vec<String>,
    next: usize,
    /// The source file's name, for locations.
    source: String,
    /// The line of the statement being emitted.
    line: usize,
    /// The location ops are given now.
    location: String,
    /// The SSA names of the arrays, by array index.
    arrays: Vec<Option<String>>,
}

impl Body {
    fn define(&mut self, text: &str) -> String {
        let name = format!("%v{}", self.next);
        self.next += 1;
        self.lines
            .push(format!("{name} = {text} {}", self.location));
        name
    }

    /// Locates the ops defined from now on at `column` of the statement's line.
    fn at(&mut self, column: usize) {
        self.location = location(&self.source, self.line, column);
    }

    fn index_constant(&mut self, value: i64) -> String {
        self.define(&format!("arith.constant {value} : index"))
    }

    /// The SSA index value of `index` with `variables` = (i, j, k).
    fn index(&mut self, index: Index, variables: &[String; 3]) -> String {
        let base = &variables[match index.variable {
            Variable::I => 0,
            Variable::J => 1,
            Variable::K => 2,
        }];
        if index.offset == 0 {
            return base.clone();
        }
        let offset = self.index_constant(index.offset);
        self.define(&format!("arith.addi {base}, {offset} : index"))
    }

    fn value(
        &mut self,
        program: &Program,
        expression: &Expression,
        variables: &[String; 3],
    ) -> String {
        match expression {
            // The exact bits, as MLIR accepts a float constant in hexadecimal.
            Expression::Number(value) => {
                self.define(&format!("arith.constant {:#010x} : f32", value.to_bits()))
            }
            Expression::Read {
                array,
                indices,
                column: at,
            } => {
                let statement = self.location.clone();
                self.at(*at);
                let [row, column] = indices.map(|index| self.index(index, variables));
                let memref = self.arrays[*array].clone().unwrap_or_default();
                let ty = array_type(program, *array);
                let loaded = self.define(&format!("memref.load {memref}[{row}, {column}] : {ty}"));
                self.location = statement;
                loaded
            }
            Expression::Binary(operator, left, right) => {
                let left = self.value(program, left, variables);
                let right = self.value(program, right, variables);
                let op = match operator {
                    '+' => "arith.addf",
                    '-' => "arith.subf",
                    '*' => "arith.mulf",
                    _ => "arith.divf",
                };
                self.define(&format!("{op} {left}, {right} : f32"))
            }
            Expression::Sum { extent, body } => {
                let zero = self.define("arith.constant 0.0 : f32");
                let [start, end, step] = [0, *extent, 1].map(|value| self.index_constant(value));
                let k = format!("%k{}", self.next);
                let total = format!("%total{}", self.next);
                let result = format!("%v{}", self.next);
                self.next += 1;
                self.lines.push(format!(
                    "{result} = scf.for {k} = {start} to {end} step {step} iter_args({total} = {zero}) -> (f32) {{"
                ));
                let inner = [variables[0].clone(), variables[1].clone(), k];
                let term = self.value(program, body, &inner);
                let next = self.define(&format!("arith.addf {total}, {term} : f32"));
                self.lines
                    .push(format!("scf.yield {next} : f32 {}", self.location));
                self.lines.push(format!("}} {}", self.location));
                result
            }
        }
    }

    /// The conjunction of the bounds every read and the target need, as an `i1`.
    fn guard(
        &mut self,
        program: &Program,
        statement: &Statement,
        variables: &[String; 3],
    ) -> String {
        let mut bounds: Vec<(Index, i64)> = Vec::new();
        let [rows, columns] = program.arrays[statement.target].shape;
        bounds.push((
            Index {
                variable: Variable::I,
                offset: 0,
            },
            rows,
        ));
        bounds.push((
            Index {
                variable: Variable::J,
                offset: 0,
            },
            columns,
        ));
        collect_bounds(program, &statement.value, &mut bounds);
        let mut conjunction: Option<String> = None;
        for (index, size) in bounds {
            let value = &variables[if index.variable == Variable::I { 0 } else { 1 }];
            // 0 <= value + offset < size, as value >= -offset and value < size - offset.
            let mut tests = Vec::new();
            if index.offset < 0 {
                let low = self.index_constant(-index.offset);
                tests.push(self.define(&format!("arith.cmpi sge, {value}, {low} : index")));
            }
            let high = self.index_constant(size - index.offset);
            tests.push(self.define(&format!("arith.cmpi slt, {value}, {high} : index")));
            for test in tests {
                conjunction = Some(match conjunction {
                    None => test,
                    Some(previous) => self.define(&format!("arith.andi {previous}, {test} : i1")),
                });
            }
        }
        conjunction.unwrap_or_default()
    }
}

/// The (index, size) pairs of every read of `i` or `j` in `expression`.
fn collect_bounds(program: &Program, expression: &Expression, found: &mut Vec<(Index, i64)>) {
    match expression {
        Expression::Number(_) => {}
        Expression::Read { array, indices, .. } => {
            for (index, size) in indices.iter().zip(program.arrays[*array].shape) {
                let needed = (*index, size);
                if index.variable != Variable::K && !found.contains(&needed) {
                    found.push(needed);
                }
            }
        }
        Expression::Binary(_, left, right) => {
            collect_bounds(program, left, found);
            collect_bounds(program, right, found);
        }
        Expression::Sum { body, .. } => collect_bounds(program, body, found),
    }
}

/// `loc("source":line:column)`.
fn location(source: &str, line: usize, column: usize) -> String {
    format!("loc({source:?}:{line}:{column})")
}

/// The kernel of statement `number`, its ops located in `source`.
fn kernel(program: &Program, number: usize, source: &str) -> String {
    let statement = &program.statements[number];
    let used = arrays_of(program, statement);
    let mut body = Body {
        lines: Vec::new(),
        next: 0,
        source: source.to_string(),
        line: statement.line,
        location: location(source, statement.line, 1),
        arrays: vec![None; program.arrays.len()],
    };
    let parameters: Vec<String> = used
        .iter()
        .map(|&array| {
            let name = format!("%{}", program.arrays[array].name);
            body.arrays[array] = Some(name.clone());
            format!("{name}: {}", array_type(program, array))
        })
        .collect();
    let tx = body.define("gpu.thread_id x");
    let ty = body.define("gpu.thread_id y");
    let bx = body.define("gpu.block_id x");
    let by = body.define("gpu.block_id y");
    let [width, height] = BLOCK.map(|size| body.index_constant(size));
    let column_base = body.define(&format!("arith.muli {bx}, {width} : index"));
    let j = body.define(&format!("arith.addi {column_base}, {tx} : index"));
    let row_base = body.define(&format!("arith.muli {by}, {height} : index"));
    let i = body.define(&format!("arith.addi {row_base}, {ty} : index"));
    let variables = [i.clone(), j.clone(), String::new()];
    let inside = body.guard(program, statement, &variables);
    body.lines.push(format!("scf.if {inside} {{"));
    let value = body.value(program, &statement.value, &variables);
    let target = body.arrays[statement.target].clone().unwrap_or_default();
    body.lines.push(format!(
        "memref.store {value}, {target}[{i}, {j}] : {} {}",
        array_type(program, statement.target),
        body.location
    ));
    body.lines.push(format!("}} {}", body.location));
    body.lines.push(format!("gpu.return {}", body.location));
    let mut text = format!(
        "    // line {}\n    gpu.func @s{number}({}) kernel\n        attributes {{known_block_size = array<i32: {}, {}, 1>}} {{\n",
        statement.line,
        parameters.join(", "),
        BLOCK[0],
        BLOCK[1]
    );
    let mut depth = 3;
    for line in body.lines {
        if line.starts_with('}') {
            depth -= 1;
        }
        let _ = writeln!(text, "{}{line}", "  ".repeat(depth));
        if line.ends_with('{') {
            depth += 1;
        }
    }
    text.push_str(&format!("    }} {}\n", body.location));
    text
}

/// The host function `@main`: each array's ops at its declaration, each launch at its
/// statement.
fn host(program: &Program, source: &str) -> String {
    let parameters: Vec<String> = (0..program.arrays.len())
        .map(|array| {
            format!(
                "%{}: {}",
                program.arrays[array].name,
                array_type(program, array)
            )
        })
        .collect();
    let mut text = format!("  func.func @main({}) {{\n", parameters.join(", "));
    let _ = writeln!(text, "    %one = arith.constant 1 : index");
    let _ = writeln!(text, "    %block_x = arith.constant {} : index", BLOCK[0]);
    let _ = writeln!(text, "    %block_y = arith.constant {} : index", BLOCK[1]);
    for (array, declared) in program.arrays.iter().enumerate() {
        let ty = array_type(program, array);
        let name = &declared.name;
        let at = location(source, declared.line, 1);
        let _ = writeln!(text, "    %device_{name} = gpu.alloc () : {ty} {at}");
        let _ = writeln!(
            text,
            "    gpu.memcpy %device_{name}, %{name} : {ty}, {ty} {at}"
        );
    }
    for (number, statement) in program.statements.iter().enumerate() {
        let [x, y] = grid(program, statement);
        let arguments: Vec<String> = arrays_of(program, statement)
            .iter()
            .map(|&array| {
                format!(
                    "%device_{} : {}",
                    program.arrays[array].name,
                    array_type(program, array)
                )
            })
            .collect();
        let at = location(source, statement.line, 1);
        let _ = writeln!(text, "    %grid_x{number} = arith.constant {x} : index");
        let _ = writeln!(text, "    %grid_y{number} = arith.constant {y} : index");
        let _ = writeln!(
            text,
            "    gpu.launch_func @kernels::@s{number} blocks in (%grid_x{number}, %grid_y{number}, %one) threads in (%block_x, %block_y, %one)\n        args({}) {at}",
            arguments.join(", ")
        );
    }
    for (array, declared) in program.arrays.iter().enumerate() {
        let ty = array_type(program, array);
        let name = &declared.name;
        let at = location(source, declared.line, 1);
        let _ = writeln!(
            text,
            "    gpu.memcpy %{name}, %device_{name} : {ty}, {ty} {at}"
        );
        let _ = writeln!(text, "    gpu.dealloc %device_{name} : {ty} {at}");
    }
    text.push_str("    return\n  }\n");
    text
}

/// The whole module: the kernels and the host function, every op located in `source` (the
/// program's file name) at the statement or declaration it comes from, so gpu-mem-opt's
/// remarks point into the program.
pub fn module(program: &Program, source: &str) -> String {
    let kernels: String = (0..program.statements.len())
        .map(|number| kernel(program, number, source))
        .collect();
    format!(
        "module attributes {{gpu.container_module}} {{\n  gpu.module @kernels {{\n{kernels}  }}\n{}}}\n",
        host(program, source)
    )
}

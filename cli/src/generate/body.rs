//! Writing a kernel body as MLIR text, one SSA value at a time.
//!
//! [`Body`] hands out fresh names (`%v12`), keeps index constants in a
//! prologue at the function's entry (so any region may use them: they
//! dominate everything) and indents nested regions (`scf.for`, `scf.if`).
//! [`Affine`] is an index expression `offset + sum c_i * v_i` over values
//! `v_i` with known ranges `0 <= v_i < extent_i` (thread and block ids, loop
//! variables): [`Affine::bounds`] gives its exact minimum and maximum, from
//! which the generator sizes memrefs so the original kernel stays in bounds.
//! [`Element`] is the element type and its arithmetic.

use std::collections::BTreeMap;

/// An element type of the generated memrefs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Element {
    /// 32-bit float.
    F32,
    /// 16-bit float.
    F16,
    /// 64-bit float.
    F64,
    /// 32-bit integer.
    I32,
    /// 8-bit integer: four elements share a bank word.
    I8,
    /// 64-bit integer.
    I64,
}

impl Element {
    /// Every element type, for random picks.
    pub const ALL: [Element; 6] = [
        Element::F32,
        Element::F16,
        Element::F64,
        Element::I32,
        Element::I8,
        Element::I64,
    ];

    /// The MLIR type name.
    pub fn name(self) -> &'static str {
        match self {
            Element::F32 => "f32",
            Element::F16 => "f16",
            Element::F64 => "f64",
            Element::I32 => "i32",
            Element::I8 => "i8",
            Element::I64 => "i64",
        }
    }

    /// Bytes per element.
    pub fn bytes(self) -> i64 {
        match self {
            Element::I8 => 1,
            Element::F16 => 2,
            Element::F32 | Element::I32 => 4,
            Element::F64 | Element::I64 => 8,
        }
    }

    /// Whether the type is an integer (arith's `i` ops, integer literals).
    pub fn is_integer(self) -> bool {
        matches!(self, Element::I32 | Element::I8 | Element::I64)
    }

    /// Elements in 16 bytes: the widest vector access.
    pub fn lanes_in_16_bytes(self) -> i64 {
        16 / self.bytes()
    }

    /// The `arith` addition op.
    pub fn add(self) -> &'static str {
        if self.is_integer() {
            "arith.addi"
        } else {
            "arith.addf"
        }
    }

    /// The `arith` multiplication op.
    pub fn multiply(self) -> &'static str {
        if self.is_integer() {
            "arith.muli"
        } else {
            "arith.mulf"
        }
    }

    /// The literal zero.
    fn zero(self) -> &'static str {
        if self.is_integer() {
            "0"
        } else {
            "0.0"
        }
    }
}

/// One term `coefficient * value` of an [`Affine`], with `0 <= value < extent`.
#[derive(Clone, Debug)]
pub struct Term {
    /// The SSA value (an index).
    pub value: String,
    /// The value's exclusive upper bound.
    pub extent: i64,
    /// Its coefficient.
    pub coefficient: i64,
}

/// An affine index `offset + sum of terms`.
#[derive(Clone, Debug, Default)]
pub struct Affine {
    /// The terms.
    pub terms: Vec<Term>,
    /// The constant.
    pub offset: i64,
}

impl Affine {
    /// `coefficient * value`, `0 <= value < extent`.
    pub fn term(value: &str, extent: i64, coefficient: i64) -> Affine {
        Affine::default().plus(value, extent, coefficient)
    }

    /// This expression plus `coefficient * value`.
    pub fn plus(mut self, value: &str, extent: i64, coefficient: i64) -> Affine {
        self.terms.push(Term {
            value: value.to_string(),
            extent,
            coefficient,
        });
        self
    }

    /// This expression plus `offset`.
    pub fn shifted(mut self, offset: i64) -> Affine {
        self.offset += offset;
        self
    }

    /// The smallest and the largest value over all values of the terms.
    pub fn bounds(&self) -> (i64, i64) {
        self.terms
            .iter()
            .fold((self.offset, self.offset), |(low, high), term| {
                let reach = term.coefficient * (term.extent - 1);
                (low + reach.min(0), high + reach.max(0))
            })
    }

    /// This expression times `factor`.
    pub fn times(mut self, factor: i64) -> Affine {
        for term in &mut self.terms {
            term.coefficient *= factor;
        }
        self.offset *= factor;
        self
    }

    /// This expression plus `other`.
    pub fn added(mut self, other: Affine) -> Affine {
        self.terms.extend(other.terms);
        self.offset += other.offset;
        self
    }

    /// The same expression moved so that its minimum is 0.
    pub fn starting_at_zero(self) -> Affine {
        let (low, _) = self.bounds();
        self.shifted(-low)
    }

    /// The exclusive upper bound of a non-negative expression: the extent a memref needs.
    pub fn extent(&self) -> i64 {
        self.bounds().1 + 1
    }
}

/// The bounds and step of an `scf.for`, as index values.
pub struct LoopRange {
    /// The first value.
    pub lower: String,
    /// The exclusive end.
    pub upper: String,
    /// The step.
    pub stride: String,
}

/// A kernel body under construction.
#[derive(Default)]
pub struct Body {
    /// Values defined at entry (ids, constants).
    prologue: Vec<String>,
    /// The body's lines, indented.
    lines: Vec<String>,
    /// Index constants already in the prologue.
    constants: BTreeMap<i64, String>,
    /// The number of the next fresh name.
    next_name: usize,
    /// Nesting depth of the current region.
    depth: usize,
    /// The block sizes products of block ids are written with ([`Body::block_dimension`]).
    block_dimensions: Vec<BlockDimension>,
}

/// A block size defined at entry, a constant or (rendered dynamic) `gpu.block_dim`.
struct BlockDimension {
    /// The block id it scales.
    block: String,
    /// Its SSA name.
    name: String,
    /// Its value.
    size: i64,
    /// `x` or `y`.
    axis: &'static str,
}

impl Body {
    /// A fresh SSA name `%stemN`.
    pub fn fresh(&mut self, stem: &str) -> String {
        self.next_name += 1;
        format!("%{stem}{}", self.next_name)
    }

    /// Emits `%name = definition` in the current region; returns the name.
    pub fn define(&mut self, stem: &str, definition: &str) -> String {
        let name = self.fresh(stem);
        self.line(&format!("{name} = {definition}"));
        name
    }

    /// Emits `%name = definition` at the function's entry; returns the name.
    pub fn define_at_entry(&mut self, stem: &str, definition: &str) -> String {
        let name = self.fresh(stem);
        self.prologue.push(format!("{name} = {definition}"));
        name
    }

    /// Defines the block size `size` along `axis` at entry, to scale `block` (a block id) by:
    /// `block * size` is then written `arith.muli %size, %block`, as CUDA's `blockDim.x *
    /// blockIdx.x`, its size a constant or `gpu.block_dim` as [`Body::render_sized`] says.
    pub fn block_dimension(&mut self, block: &str, axis: &'static str, size: i64) {
        let name = self.fresh("size");
        self.prologue
            .push(format!("{name} = arith.constant {size} : index"));
        self.block_dimensions.push(BlockDimension {
            block: block.to_string(),
            name,
            size,
            axis,
        });
    }

    /// Emits one line in the current region.
    pub fn line(&mut self, text: &str) {
        self.lines
            .push(format!("{}{text}", "  ".repeat(self.depth)));
    }

    /// Writes each counted loop without results whose bounds and step are index constants
    /// (`repeat`, `repeat_by`) as `affine.for`, as a DSL's affine lowering emits it (the pass
    /// lowers it back, `ir::affine`); returns how many.
    pub fn use_affine_loops(&mut self) -> usize {
        let values: BTreeMap<&str, i64> = self
            .constants
            .iter()
            .map(|(&value, name)| (name.as_str(), value))
            .collect();
        let mut count = 0;
        for line in &mut self.lines {
            let indent = line.len() - line.trim_start().len();
            let Some(rest) = line.trim_start().strip_prefix("scf.for ") else {
                continue;
            };
            let Some(rest) = rest.strip_suffix(" {") else {
                continue;
            };
            let words: Vec<&str> = rest.split(' ').collect();
            let [variable, "=", lower, "to", upper, "step", step] = words[..] else {
                continue;
            };
            let (Some(_), Some(_), Some(step)) =
                (values.get(lower), values.get(upper), values.get(step))
            else {
                continue;
            };
            *line = format!(
                "{}affine.for {variable} = {lower} to {upper} step {step} {{",
                " ".repeat(indent)
            );
            count += 1;
        }
        count
    }

    /// The index constant `value`, defined once at entry.
    pub fn index(&mut self, value: i64) -> String {
        if let Some(name) = self.constants.get(&value) {
            return name.clone();
        }
        let name = self.define_at_entry("c", &format!("arith.constant {value} : index"));
        self.constants.insert(value, name.clone());
        name
    }

    /// The element constant zero.
    pub fn zero(&mut self, element: Element) -> String {
        self.define_at_entry(
            "zero",
            &format!("arith.constant {} : {}", element.zero(), element.name()),
        )
    }

    /// The element constant `value` (a small integer, written `value.0` for a float), defined
    /// at entry.
    pub fn constant(&mut self, element: Element, value: i64) -> String {
        let literal = match element.is_integer() {
            true => value.to_string(),
            false => format!("{value}.0"),
        };
        self.define_at_entry(
            "e",
            &format!("arith.constant {literal} : {}", element.name()),
        )
    }

    /// Emits `expression` with `arith.muli`/`arith.addi`; returns the index value.
    pub fn affine(&mut self, expression: &Affine) -> String {
        let mut sum: Option<String> = None;
        for term in expression.terms.iter().filter(|term| term.coefficient != 0) {
            let sized = self.block_dimensions.iter().find(|dimension| {
                dimension.block == term.value && term.coefficient % dimension.size == 0
            });
            let product = if let Some(dimension) = sized {
                let (size, times) = (dimension.name.clone(), term.coefficient / dimension.size);
                let start = self.define("i", &format!("arith.muli {size}, {} : index", term.value));
                match times {
                    1 => start,
                    _ => {
                        let times = self.index(times);
                        self.define("i", &format!("arith.muli {start}, {times} : index"))
                    }
                }
            } else if term.coefficient == 1 {
                term.value.clone()
            } else {
                let coefficient = self.index(term.coefficient);
                self.define(
                    "i",
                    &format!("arith.muli {}, {coefficient} : index", term.value),
                )
            };
            sum = Some(match sum {
                None => product,
                Some(sum) => self.define("i", &format!("arith.addi {sum}, {product} : index")),
            });
        }
        match (sum, expression.offset) {
            (None, offset) => self.index(offset),
            (Some(sum), 0) => sum,
            (Some(sum), offset) => {
                let offset = self.index(offset);
                self.define("i", &format!("arith.addi {sum}, {offset} : index"))
            }
        }
    }

    /// `left + right` in `element`.
    pub fn add(&mut self, element: Element, left: &str, right: &str) -> String {
        self.binary(element.add(), element, left, right)
    }

    /// `left * right` in `element`.
    pub fn multiply(&mut self, element: Element, left: &str, right: &str) -> String {
        self.binary(element.multiply(), element, left, right)
    }

    /// `op left, right : element`.
    fn binary(&mut self, op: &str, element: Element, left: &str, right: &str) -> String {
        self.define("v", &format!("{op} {left}, {right} : {}", element.name()))
    }

    /// The sum of the lanes of `vector`, a `vector<lanes x element>`.
    pub fn reduce(&mut self, element: Element, vector: &str, lanes: i64) -> String {
        let name = element.name();
        self.define(
            "v",
            &format!("vector.reduction <add>, {vector} : vector<{lanes}x{name}> into {name}"),
        )
    }

    /// `memref.load memref[indices]`.
    pub fn load(&mut self, memref: &str, memref_type: &str, indices: &[String]) -> String {
        self.define(
            "v",
            &format!(
                "memref.load {memref}[{}] : {memref_type}",
                indices.join(", ")
            ),
        )
    }

    /// `vector.load memref[indices]` of `lanes` elements.
    pub fn vector_load(
        &mut self,
        memref: &str,
        memref_type: &str,
        indices: &[String],
        element: Element,
        lanes: i64,
    ) -> String {
        self.define(
            "w",
            &format!(
                "vector.load {memref}[{}] : {memref_type}, vector<{lanes}x{}>",
                indices.join(", "),
                element.name()
            ),
        )
    }

    /// `vector.store vector, memref[indices]` of `lanes` elements.
    pub fn vector_store(
        &mut self,
        vector: &str,
        memref: &str,
        memref_type: &str,
        indices: &[String],
        element: Element,
        lanes: i64,
    ) {
        self.line(&format!(
            "vector.store {vector}, {memref}[{}] : {memref_type}, vector<{lanes}x{}>",
            indices.join(", "),
            element.name()
        ));
    }

    /// `memref.store value, memref[indices]`.
    pub fn store(&mut self, value: &str, memref: &str, memref_type: &str, indices: &[String]) {
        self.line(&format!(
            "memref.store {value}, {memref}[{}] : {memref_type}",
            indices.join(", ")
        ));
    }

    /// `value < upper` as an `i1` (an unsigned compare of index values).
    pub fn below(&mut self, value: &str, upper: i64) -> String {
        let upper = self.index(upper);
        self.define("p", &format!("arith.cmpi ult, {value}, {upper} : index"))
    }

    /// `value == 0` as an `i1`, for an index value.
    pub fn is_zero(&mut self, value: &str) -> String {
        let zero = self.index(0);
        self.define("p", &format!("arith.cmpi eq, {value}, {zero} : index"))
    }

    /// The `i32` constant `value`, defined at entry (a shuffle's offset or width).
    pub fn word(&mut self, value: i64) -> String {
        self.define_at_entry("w", &format!("arith.constant {value} : i32"))
    }

    /// `gpu.shuffle mode value, offset, width` of an `element`; returns the value and `valid`.
    pub fn shuffle(
        &mut self,
        mode: &str,
        (value, offset, width): (&str, &str, &str),
        element: Element,
    ) -> (String, String) {
        let (shuffled, valid) = (self.fresh("s"), self.fresh("ok"));
        self.line(&format!(
            "{shuffled}, {valid} = gpu.shuffle {mode} {value}, {offset}, {width} : {}",
            element.name()
        ));
        (shuffled, valid)
    }

    /// `left && right`.
    pub fn and(&mut self, left: &str, right: &str) -> String {
        self.define("p", &format!("arith.andi {left}, {right} : i1"))
    }

    /// `scf.for variable = lower to upper step stride` (index values) with one
    /// accumulator of `element` starting at `initial`; `iteration` builds the
    /// body from the accumulator and returns the next one. Returns the loop's result.
    pub fn accumulate(
        &mut self,
        variable: &str,
        range: &LoopRange,
        element: Element,
        initial: &str,
        iteration: impl FnOnce(&mut Body, &str) -> String,
    ) -> String {
        let accumulator = self.fresh("acc");
        let result = self.fresh("sum");
        let name = element.name();
        self.line(&format!(
            "{result} = scf.for {variable} = {} to {} step {} iter_args({accumulator} = {initial}) -> ({name}) {{",
            range.lower, range.upper, range.stride
        ));
        self.depth += 1;
        let next = iteration(self, &accumulator);
        self.line(&format!("scf.yield {next} : {name}"));
        self.depth -= 1;
        self.line("}");
        result
    }

    /// The loop range `0..count`, step 1.
    pub fn up_to(&mut self, count: i64) -> LoopRange {
        LoopRange {
            lower: self.index(0),
            upper: self.index(count),
            stride: self.index(1),
        }
    }

    /// `scf.for` from 0 to `count` without results; `step` builds the iteration.
    pub fn repeat(&mut self, count: i64, step: impl FnOnce(&mut Body, &str)) {
        self.repeat_by(count, 1, step);
    }

    /// `scf.for` over `0, stride, …, stride·(count − 1)` without results; `step` builds the
    /// iteration.
    pub fn repeat_by(&mut self, count: i64, stride: i64, step: impl FnOnce(&mut Body, &str)) {
        let variable = self.fresh("r");
        let range = LoopRange {
            lower: self.index(0),
            upper: self.index(count * stride),
            stride: self.index(stride),
        };
        self.iterate(&variable, &range, |body| step(body, &variable));
    }

    /// `scf.for variable = lower to upper step stride` (index values) without results, for a
    /// `variable` named beforehand (an [`Affine`] of it already built); `step` builds the
    /// iteration.
    pub fn iterate(&mut self, variable: &str, range: &LoopRange, step: impl FnOnce(&mut Body)) {
        self.line(&format!(
            "scf.for {variable} = {} to {} step {} {{",
            range.lower, range.upper, range.stride
        ));
        self.depth += 1;
        step(self);
        self.depth -= 1;
        self.line("}");
    }

    /// `scf.if condition -> element` yielding `then` or `otherwise`, each built in its region.
    pub fn choose(
        &mut self,
        condition: &str,
        element: Element,
        then: impl FnOnce(&mut Body) -> String,
        otherwise: impl FnOnce(&mut Body) -> String,
    ) -> String {
        let name = element.name();
        let result = self.fresh("v");
        self.line(&format!("{result} = scf.if {condition} -> {name} {{"));
        self.depth += 1;
        let value = then(self);
        self.line(&format!("scf.yield {value} : {name}"));
        self.depth -= 1;
        self.line("} else {");
        self.depth += 1;
        let value = otherwise(self);
        self.line(&format!("scf.yield {value} : {name}"));
        self.depth -= 1;
        self.line("}");
        result
    }

    /// `scf.if condition` without results, with an `else`.
    pub fn either(
        &mut self,
        condition: &str,
        then: impl FnOnce(&mut Body),
        otherwise: impl FnOnce(&mut Body),
    ) {
        self.line(&format!("scf.if {condition} {{"));
        self.depth += 1;
        then(self);
        self.depth -= 1;
        self.line("} else {");
        self.depth += 1;
        otherwise(self);
        self.depth -= 1;
        self.line("}");
    }

    /// A fresh block label `^bbN`, for [`Body::block`] and the branches to it.
    pub fn label(&mut self) -> String {
        self.next_name += 1;
        format!("^bb{}", self.next_name)
    }

    /// Starts the block `label` with `arguments` (name, type): the lines after it are its
    /// body, up to the next block; the kernel's closing terminator ends the last one.
    pub fn block(&mut self, label: &str, arguments: &[(&str, &str)]) {
        let arguments: Vec<String> = arguments
            .iter()
            .map(|(name, type_text)| format!("{name}: {type_text}"))
            .collect();
        if arguments.is_empty() {
            self.line(&format!("{label}:"));
        } else {
            self.line(&format!("{label}({}):", arguments.join(", ")));
        }
    }

    /// `cf.br` to `label` with `operands` (value, type) for its arguments.
    pub fn jump(&mut self, label: &str, operands: &[(&str, &str)]) {
        self.line(&format!("cf.br {}", successor(label, operands)));
    }

    /// `cf.cond_br condition` to `then` or `otherwise`, each a label and its operands.
    pub fn fork(
        &mut self,
        condition: &str,
        then: (&str, &[(&str, &str)]),
        otherwise: (&str, &[(&str, &str)]),
    ) {
        self.line(&format!(
            "cf.cond_br {condition}, {}, {}",
            successor(then.0, then.1),
            successor(otherwise.0, otherwise.1)
        ));
    }

    /// Ends the current block with the kernel's return (`gpu.return`; a launch body's
    /// rendering makes it `gpu.terminator`).
    pub fn exit(&mut self) {
        self.line(RETURN);
    }

    /// `scf.if condition` without results (no `else`).
    pub fn when(&mut self, condition: &str, then: impl FnOnce(&mut Body)) {
        self.line(&format!("scf.if {condition} {{"));
        self.depth += 1;
        then(self);
        self.depth -= 1;
        self.line("}");
    }

    /// The body's text: prologue, then lines, each indented by `indent` spaces.
    pub fn render(&self, indent: usize) -> String {
        self.render_sized(indent, false)
    }

    /// The body, its block sizes `gpu.block_dim` where `dynamic` (a lone kernel's
    /// `blockDim.x`), else constants.
    pub fn render_sized(&self, indent: usize, dynamic: bool) -> String {
        let margin = " ".repeat(indent);
        let sized = |line: &String| {
            let dimension = self
                .block_dimensions
                .iter()
                .find(|dimension| dynamic && line.starts_with(&format!("{} = ", dimension.name)));
            match dimension {
                Some(dimension) => format!("{} = gpu.block_dim {}", dimension.name, dimension.axis),
                None => line.clone(),
            }
        };
        self.prologue
            .iter()
            .map(sized)
            .chain(self.lines.iter().cloned())
            .map(|line| format!("{margin}{line}\n"))
            .collect()
    }
}

/// The line [`Body::exit`] writes.
pub const RETURN: &str = "gpu.return";

/// A branch's successor: `label`, or `label(values : types)`.
fn successor(label: &str, operands: &[(&str, &str)]) -> String {
    if operands.is_empty() {
        return label.to_string();
    }
    let (values, types): (Vec<&str>, Vec<&str>) = operands.iter().copied().unzip();
    format!("{label}({} : {})", values.join(", "), types.join(", "))
}

#[cfg(test)]
mod tests {
    use super::{Affine, Body};

    #[test]
    fn bounds_cover_negative_coefficients() {
        let expression = Affine::term("%t", 32, -2).plus("%b", 4, 3).shifted(5);
        assert_eq!(expression.bounds(), (5 - 62, 5 + 9));
        assert_eq!(expression.starting_at_zero().bounds(), (0, 71));
    }

    #[test]
    fn constants_are_shared_and_come_first() {
        let mut body = Body::default();
        let index = body.affine(&Affine::term("%t", 8, 4).shifted(4));
        assert_eq!(index, "%i3");
        let text = body.render(0);
        assert_eq!(
            text,
            "%c1 = arith.constant 4 : index\n%i2 = arith.muli %t, %c1 : index\n\
             %i3 = arith.addi %i2, %c1 : index\n"
        );
    }
}

//! `gpu.printf` and `cf.assert`'s message: each active thread formats the format string with its own argument values, in
//! thread order, and the text joins the program's output (issue 32).
//!
//! Model. C's `printf` conversions as CUDA's `vprintf` applies them: `%d %i` signed, `%u %x %X
//! %o` unsigned, `%c`, `%f %F %e %E %g %G` of the value as a `double` (MLIR's lowering extends
//! every float to `f64`), `%%`; flags `-` and `0`, a width and a precision; length modifiers
//! (`hh h l ll z j t`) are read and ignored, since the argument's own type gives its width. A
//! thread's lines come after the lines of the threads before it, and a launch's after the
//! previous launch's: the order the hardware leaves open is fixed here, so output compares.
//! A failed `cf.assert` prints what CUDA's `__assertfail` prints (`file:line: function:
//! block: [x,y,z], thread: [x,y,z] Assertion `msg` failed.`), once per failing thread, and
//! stops the program with [`Error::Assertion`], which keeps everything printed before.
//!
//! Assumptions. `%s` and `%p` (no strings or pointers reach a kernel's printf in MLIR) and a
//! conversion without its argument are errors naming the format.
//!
//! Cost. Linear in the format per thread.

use crate::error::Error;
use crate::float::to_f64;
use crate::ir::{ElementType, Operation};
use crate::ops::Assertion;

use super::values::operands;
use super::Executor;

/// One argument: its bits and type.
type Argument = (u64, ElementType);

/// A conversion's flags, width and precision.
#[derive(Default)]
struct Spec {
    /// `-`: pad on the right.
    left: bool,
    /// `0`: pad numbers with zeros.
    zero: bool,
    /// `+`: a sign on positive numbers.
    plus: bool,
    /// The field width.
    width: usize,
    /// The precision.
    precision: Option<usize>,
}

impl Spec {
    /// `text` padded to the width.
    fn pad(&self, text: String, numeric: bool) -> String {
        if text.len() >= self.width {
            return text;
        }
        let fill = self.width - text.len();
        if self.left {
            format!("{text}{}", " ".repeat(fill))
        } else if self.zero && numeric {
            let (sign, digits) = match text.strip_prefix(['-', '+']) {
                Some(rest) => (&text[..1], rest),
                None => ("", text.as_str()),
            };
            format!("{sign}{}{digits}", "0".repeat(fill))
        } else {
            format!("{}{text}", " ".repeat(fill))
        }
    }
}

/// How glibc prints a value that is not finite (`nan`, `-nan`, `inf`, `-inf`), or `None`.
fn non_finite(value: f64) -> Option<&'static str> {
    match (
        value.is_nan(),
        value.is_infinite(),
        value.is_sign_negative(),
    ) {
        (true, _, true) => Some("-nan"),
        (true, _, false) => Some("nan"),
        (_, true, true) => Some("-inf"),
        (_, true, false) => Some("inf"),
        _ => None,
    }
}

/// `text` in capitals for an upper-case conversion (`%E`, `%G`).
fn cased(text: String, upper: bool) -> String {
    if upper {
        text.to_uppercase()
    } else {
        text
    }
}

/// A finite `value` as `%e` with `precision` digits (`1.500000e+01`), and its exponent.
fn scientific(value: f64, precision: usize) -> (String, i32) {
    let text = format!("{value:.precision$e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let sign = if exponent < 0 { '-' } else { '+' };
    (format!("{mantissa}e{sign}{:02}", exponent.abs()), exponent)
}

/// `value` as `%g` with `precision` significant digits (C99 7.19.6.1): the exponent `X` of its
/// `%e` form picks scientific notation below -4 or from the precision on, trailing zeros
/// dropped; also what `printMemref*` and `vector.print` print (C++'s `operator<<`, 6 digits).
pub(super) fn general(value: f64, precision: usize, upper: bool) -> String {
    if let Some(text) = non_finite(value) {
        return cased(text.into(), upper);
    }
    if value == 0.0 {
        return if value.is_sign_negative() { "-0" } else { "0" }.into();
    }
    let precision = precision.max(1);
    let (text, exponent) = scientific(value, precision - 1);
    if exponent < -4 || exponent >= precision as i32 {
        let (mantissa, rest) = text.split_at(text.find('e').unwrap_or(text.len()));
        return cased(format!("{}{rest}", trimmed(mantissa)), upper);
    }
    let decimals = (precision as i32 - 1 - exponent).max(0) as usize;
    trimmed(&format!("{value:.decimals$}")).to_string()
}

/// A decimal number without trailing zeros after its point (nor the point itself).
fn trimmed(text: &str) -> &str {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        text
    }
}

/// A float conversion of `value`.
fn float(conversion: char, value: f64, spec: &Spec) -> String {
    let upper = conversion.is_ascii_uppercase();
    if let Some(text) = non_finite(value) {
        return cased(text.into(), upper);
    }
    let precision = spec.precision.unwrap_or(6);
    let text = match conversion.to_ascii_lowercase() {
        'f' => format!("{value:.precision$}"),
        'e' => cased(scientific(value, precision).0, upper),
        _ => general(value, precision, upper),
    };
    if spec.plus && value >= 0.0 {
        format!("+{text}")
    } else {
        text
    }
}

/// An integer conversion of `bits` of `element`.
fn integer(conversion: char, (bits, element): Argument, spec: &Spec) -> String {
    let width = element.bit_width();
    let unsigned = if width >= 64 {
        bits
    } else {
        bits & ((1u64 << width) - 1)
    };
    let signed = if width >= 64 || width == 0 {
        bits as i64
    } else {
        ((bits << (64 - width)) as i64) >> (64 - width)
    };
    let digits = match conversion {
        'd' | 'i' if spec.plus && signed >= 0 => format!("+{signed}"),
        'd' | 'i' => signed.to_string(),
        'u' => unsigned.to_string(),
        'x' => format!("{unsigned:x}"),
        'X' => format!("{unsigned:X}"),
        'o' => format!("{unsigned:o}"),
        _ => char::from_u32(unsigned as u32).map_or_else(String::new, String::from),
    };
    match spec.precision {
        Some(precision)
            if conversion != 'c' && digits.trim_start_matches('-').len() < precision =>
        {
            let (sign, rest) = digits
                .strip_prefix('-')
                .map_or(("", digits.as_str()), |rest| ("-", rest));
            format!("{sign}{}{rest}", "0".repeat(precision - rest.len()))
        }
        _ => digits,
    }
}

/// `format` with `arguments` substituted, or why it cannot be.
fn formatted(format: &str, arguments: &[Argument]) -> Result<String, String> {
    let mut text = String::new();
    let mut next = arguments.iter();
    let mut characters = format.chars().peekable();
    while let Some(character) = characters.next() {
        if character != '%' {
            text.push(character);
            continue;
        }
        if characters.peek() == Some(&'%') {
            characters.next();
            text.push('%');
            continue;
        }
        let mut spec = Spec::default();
        while let Some(&flag) = characters.peek() {
            match flag {
                '-' => spec.left = true,
                '0' => spec.zero = true,
                '+' => spec.plus = true,
                ' ' | '#' => {}
                _ => break,
            }
            characters.next();
        }
        let number = |characters: &mut std::iter::Peekable<std::str::Chars>| {
            let mut digits = String::new();
            while let Some(&digit) = characters.peek().filter(|c| c.is_ascii_digit()) {
                digits.push(digit);
                characters.next();
            }
            digits.parse::<usize>().ok()
        };
        spec.width = number(&mut characters).unwrap_or(0);
        if characters.peek() == Some(&'.') {
            characters.next();
            spec.precision = Some(number(&mut characters).unwrap_or(0));
        }
        while matches!(characters.peek(), Some('h' | 'l' | 'z' | 'j' | 't' | 'L')) {
            characters.next();
        }
        let conversion = characters
            .next()
            .ok_or_else(|| format!("'{format}' ends inside a conversion"))?;
        let argument = *next
            .next()
            .ok_or_else(|| format!("'{format}' has more conversions than arguments"))?;
        let (converted, numeric) = match conversion {
            'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'c' => {
                (integer(conversion, argument, &spec), conversion != 'c')
            }
            'f' | 'F' | 'e' | 'E' | 'g' | 'G' => {
                let value = if argument.1.is_float() {
                    to_f64(argument.0, argument.1)
                } else {
                    argument.0 as i64 as f64
                };
                (float(conversion, value, &spec), true)
            }
            other => return Err(format!("the conversion %{other} in '{format}'")),
        };
        text.push_str(&spec.pad(converted, numeric));
    }
    Ok(text)
}

impl Executor<'_> {
    /// `gpu.printf` for `lanes`, in thread order.
    pub(super) fn printf(
        &mut self,
        operation: &Operation,
        format: &str,
        lanes: &[u32],
    ) -> Result<(), Error> {
        for &t in lanes {
            let arguments: Vec<Argument> = operation
                .operands
                .iter()
                .map(|&value| (self.scalar(value, t), self.element(value)))
                .collect();
            let text = formatted(format, &arguments).map_err(|why| self.trap(operation, t, why))?;
            self.output.push_str(&text);
        }
        Ok(())
    }

    /// `cf.assert`: every thread of `lanes` where the condition is false prints the line
    /// `__assertfail` prints (CUDA's device runtime), in thread order; then the launch stops.
    pub(super) fn assert(
        &mut self,
        operation: &Operation,
        assertion: &Assertion,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let condition = operands::<1>(operation)?[0];
        let failed: Vec<u32> = lanes
            .iter()
            .copied()
            .filter(|&t| self.scalar(condition, t) & 1 == 0)
            .collect();
        let Some(&first) = failed.first() else {
            return Ok(());
        };
        let [bx, by, bz] = self.block_id;
        for &t in &failed {
            let [tx, ty, tz] = self.thread_coordinates(t);
            let line = format!(
                "{}:{}: {}: block: [{bx},{by},{bz}], thread: [{tx},{ty},{tz}] Assertion `{}` failed.\n",
                assertion.file, assertion.line, assertion.function, assertion.message
            );
            self.output.push_str(&line);
        }
        Err(Error::Assertion {
            location: operation.location.clone(),
            thread: self.qualified_thread_name(first),
            message: assertion.message.clone(),
            printed: std::mem::take(&mut self.output),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_print_as_c_does() {
        let index = |value: i64| (value as u64, ElementType::Index);
        let byte = (2u64, ElementType::Integer(8));
        let three = (3.0f64.to_bits(), ElementType::F64);
        assert_eq!(
            formatted("Hello from %lld, %d, %f\n", &[index(1), byte, three]).unwrap(),
            "Hello from 1, 2, 3.000000\n"
        );
        assert_eq!(
            formatted("%5d|%-4x|%04i", &[index(-7), index(255), index(-3)]).unwrap(),
            "   -7|ff  |-003"
        );
        assert_eq!(
            formatted(
                "%.2e %g %g %%",
                &[three, three, (1e-5f64.to_bits(), ElementType::F64)]
            )
            .unwrap(),
            "3.00e+00 3 1e-05 %"
        );
        assert!(formatted("%s", &[index(0)]).is_err());
        assert!(formatted("%d %d", &[index(0)]).is_err());
    }
}

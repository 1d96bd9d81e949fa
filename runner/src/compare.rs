//! Bit-for-bit comparison of two buffers' elements.
//!
//! Model. Two element lists are equal when they have the same type and length and every
//! element has the same bit pattern. When either side was read from text (the interpreter's
//! printout), elements are compared in their printed form, which is exact for every value
//! except NaN payloads (all NaNs print `NaN`). A difference is reported with its count, the
//! first differing position (row-major index) and both values with their bits, and the
//! largest absolute difference of the values, which tells a rounding difference from a wrong
//! kernel at a glance.
//!
//! Cost. Linear in the number of elements.

use std::fmt;

use interpreter::decode;

use crate::output::Elements;

/// The outcome of comparing two buffers.
#[derive(Clone, Debug, PartialEq)]
pub enum Comparison {
    /// Every element is equal.
    Identical {
        /// Number of elements.
        elements: usize,
    },
    /// The buffers differ in type or length.
    Incompatible(String),
    /// Some elements differ.
    Different {
        /// Number of elements.
        elements: usize,
        /// Number of differing elements.
        differing: usize,
        /// The first differing element: index, left value, right value.
        first: (usize, String, String),
        /// Largest absolute difference of the values.
        largest: f64,
    },
}

impl Comparison {
    /// Whether the buffers are bit-for-bit identical.
    pub fn is_identical(&self) -> bool {
        matches!(self, Comparison::Identical { .. })
    }
}

/// Element `index` with its bits, for a message.
fn describe(elements: &Elements, index: usize) -> String {
    format!("{} (0x{:x})", elements.text(index), elements.bits[index])
}

/// Compares `left` with `right`.
pub fn compare(left: &Elements, right: &Elements) -> Comparison {
    if left.element != right.element || left.bits.len() != right.bits.len() {
        return Comparison::Incompatible(format!(
            "{} {} elements against {} {} elements",
            left.bits.len(),
            left.element.name(),
            right.bits.len(),
            right.element.name()
        ));
    }
    let exact = left.exact && right.exact;
    let equal = |index: usize| {
        if exact {
            left.bits[index] == right.bits[index]
        } else {
            left.bits[index] == right.bits[index] || left.text(index) == right.text(index)
        }
    };
    let mut differing = 0;
    let mut first = None;
    let mut largest = 0f64;
    for index in 0..left.bits.len() {
        if equal(index) {
            continue;
        }
        differing += 1;
        first.get_or_insert(index);
        let gap = (decode(left.bits[index], left.element.0)
            - decode(right.bits[index], right.element.0))
        .abs();
        if gap > largest || gap.is_nan() {
            largest = gap;
        }
    }
    match first {
        None => Comparison::Identical {
            elements: left.bits.len(),
        },
        Some(index) => Comparison::Different {
            elements: left.bits.len(),
            differing,
            first: (index, describe(left, index), describe(right, index)),
            largest,
        },
    }
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Comparison::Identical { elements } => write!(f, "identical: {elements} elements"),
            Comparison::Incompatible(why) => write!(f, "incompatible: {why}"),
            Comparison::Different {
                elements,
                differing,
                first: (index, left, right),
                largest,
            } => write!(
                f,
                "differ: {differing} of {elements} elements; first at element {index}: {left} against {right}; largest difference {largest}"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::description::Element;

    fn f32s(values: &[f32]) -> Elements {
        Elements::exact(
            Element::parse("f32").unwrap(),
            values.iter().map(|v| u64::from(v.to_bits())).collect(),
        )
    }

    #[test]
    fn identical_and_different() {
        assert!(compare(&f32s(&[1.0, 2.0]), &f32s(&[1.0, 2.0])).is_identical());
        let different = compare(&f32s(&[1.0, 2.0, 3.0]), &f32s(&[1.0, 2.5, 4.0]));
        assert_eq!(
            different.to_string(),
            "differ: 2 of 3 elements; first at element 1: 2.0 (0x40000000) against 2.5 (0x40200000); largest difference 1"
        );
    }

    #[test]
    fn signed_zero_is_a_difference() {
        assert!(!compare(&f32s(&[0.0]), &f32s(&[-0.0])).is_identical());
    }

    #[test]
    fn type_or_length_mismatch_is_incompatible() {
        let int = Elements::exact(Element::parse("i32").unwrap(), vec![1, 2]);
        assert!(matches!(
            compare(&f32s(&[1.0, 2.0]), &int),
            Comparison::Incompatible(_)
        ));
        assert!(matches!(
            compare(&f32s(&[1.0]), &f32s(&[1.0, 2.0])),
            Comparison::Incompatible(_)
        ));
    }

    #[test]
    fn text_nans_compare_equal_by_their_printed_form() {
        let quiet = f32s(&[f32::NAN]);
        let mut payload = f32s(&[f32::NAN]);
        payload.bits[0] |= 1;
        assert!(!compare(&quiet, &payload).is_identical());
        payload.exact = false;
        assert!(compare(&quiet, &payload).is_identical());
    }
}

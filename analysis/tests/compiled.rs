//! A compiled index expression (`IndexExpression::compile`) evaluates to what the expression
//! itself does, for every expression form, or declines exactly where the expression is unknown.

use analysis::expression::{IndexExpression, Variable};
use proptest::prelude::*;

/// The variables the expressions read, by slot.
const VARIABLES: [Variable; 3] = [Variable::ThreadX, Variable::ThreadY, Variable::ThreadZ];

fn expression() -> impl Strategy<Value = IndexExpression> {
    let leaf = prop_oneof![
        (-50i64..50).prop_map(IndexExpression::Constant),
        (0usize..3).prop_map(|slot| IndexExpression::Variable(VARIABLES[slot].clone())),
        Just(IndexExpression::Constant(i64::MAX / 3)),
    ];
    leaf.prop_recursive(5, 32, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| IndexExpression::Add(Box::new(a), Box::new(b))),
            (inner.clone(), -7i64..8)
                .prop_map(|(a, factor)| IndexExpression::Multiply(Box::new(a), factor)),
            (inner.clone(), -2i64..9)
                .prop_map(|(a, divisor)| IndexExpression::FloorDivide(Box::new(a), divisor)),
            (inner.clone(), -2i64..9)
                .prop_map(|(a, modulus)| IndexExpression::Modulo(Box::new(a), modulus)),
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| IndexExpression::Xor(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| IndexExpression::ShiftRight(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| IndexExpression::ShiftLeft(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| a.minimum(b)),
            (inner.clone(), inner).prop_map(|(a, b)| a.maximum(b)),
        ]
    })
}

proptest! {
    #[test]
    fn compiled_agrees_with_the_expression(expression in expression(), values in prop::array::uniform3(-40i64..40)) {
        let slot = |variable: &Variable| VARIABLES.iter().position(|known| known == variable);
        let value = |variable: &Variable| slot(variable).map(|position| values[position]);
        let compiled = expression.compile(&slot).expect("every variable has a slot");
        let direct = expression.evaluate(&value).ok();
        let fast = compiled.evaluate(&values);
        // Deep expressions may exceed the compiled stack: then it declines, never differs.
        prop_assert!(fast.is_none() || fast == direct, "{fast:?} vs {direct:?}");
        if direct.is_none() {
            prop_assert_eq!(fast, None);
        }
    }
}

#[test]
fn unknown_parts_and_other_variables_do_not_compile() {
    let slot = |variable: &Variable| (variable == &Variable::ThreadX).then_some(0);
    assert!(IndexExpression::Unknown("data".into())
        .compile(&slot)
        .is_none());
    assert!(IndexExpression::Variable(Variable::BlockX)
        .compile(&slot)
        .is_none());
}

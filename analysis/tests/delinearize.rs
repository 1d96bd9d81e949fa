//! `analysis::delinearize`: whatever it proves holds for every value the facts allow
//! (brute force over small ranges, with chains of two facts), and the patterns real code
//! writes are proven.

use analysis::delinearize::{column_in_row, holds, needed, Range};
use analysis::{Condition, IndexExpression, LoopId, Relation, Variable};
use proptest::prelude::*;

/// The variables of the brute force, each over `0..=7`.
const VARIABLES: [Variable; 3] = [
    Variable::ThreadX,
    Variable::BlockX,
    Variable::Loop(LoopId(0)),
];

/// `c0·tid.x + c1·bid.x + c2·loop0 + c3·w + constant`, `w` the symbol `w`.
fn form(coefficients: &[i64; 4], constant: i64) -> IndexExpression {
    let mut expression = IndexExpression::Constant(constant);
    for (variable, &coefficient) in VARIABLES.iter().zip(coefficients) {
        expression = expression + IndexExpression::from(variable.clone()) * coefficient;
    }
    expression + IndexExpression::from(Variable::Symbol("w".into())) * coefficients[3]
}

fn relation() -> impl Strategy<Value = Relation> {
    prop_oneof![
        Just(Relation::Less),
        Just(Relation::LessEqual),
        Just(Relation::Greater),
        Just(Relation::GreaterEqual),
        Just(Relation::Equal),
    ]
}

fn expression() -> impl Strategy<Value = IndexExpression> {
    (prop::array::uniform4(-2i64..=2), -8i64..=8)
        .prop_map(|(coefficients, constant)| form(&coefficients, constant))
}

/// Every variable in `0..=7`, the symbol `w` in `-4..=12`.
fn ranges(variable: &Variable) -> Range {
    match variable {
        Variable::Symbol(_) => (Some(-4), Some(12)),
        _ => (Some(0), Some(7)),
    }
}

/// The conditions of the strategy's triples.
fn conditions_of(raw: Vec<(IndexExpression, Relation, IndexExpression)>) -> Vec<Condition> {
    raw.into_iter()
        .map(|(left, relation, right)| Condition::new(left, relation, right))
        .collect()
}

/// The variables' values in brute-force assignment `assignment` (of `8³·17`).
fn value_in(assignment: i64) -> impl Fn(&Variable) -> Option<i64> {
    move |variable: &Variable| {
        Some(match variable {
            Variable::ThreadX => assignment % 8,
            Variable::BlockX => assignment / 8 % 8,
            Variable::Loop(_) => assignment / 64 % 8,
            _ => assignment / 512 - 4,
        })
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Soundness: where `0 ≤ column < width` is proven, no assignment inside the ranges that
    /// satisfies every condition breaks it.
    #[test]
    fn what_is_proven_holds_everywhere(
        column in expression(),
        width in expression(),
        conditions in prop::collection::vec((expression(), relation(), expression()), 0..3),
    ) {
        let conditions = conditions_of(conditions);
        if column_in_row(&column, &width, &conditions, &ranges).is_err() {
            return Ok(());
        }
        for assignment in 0..8i64.pow(3) * 17 {
            let value = value_in(assignment);
            let holds = conditions.iter().all(|condition| condition.holds(&value).unwrap());
            if holds {
                let (column, width) = (column.evaluate(&value).unwrap(), width.evaluate(&value).unwrap());
                prop_assert!((0..width).contains(&column), "column {column}, width {width}");
            }
        }
    }

    /// Soundness of [`holds`] for any goal: where it is proven, every assignment inside the
    /// ranges that satisfies the conditions satisfies the goal (up to four conditions, so
    /// that sums of two facts are tried).
    #[test]
    fn a_proven_goal_holds_everywhere(
        goal in (expression(), relation(), expression()),
        conditions in prop::collection::vec((expression(), relation(), expression()), 0..5),
    ) {
        let goal = Condition::new(goal.0, goal.1, goal.2);
        let conditions = conditions_of(conditions);
        if holds(&goal, &conditions, &ranges).is_none() {
            return Ok(());
        }
        for assignment in 0..8i64.pow(3) * 17 {
            let value = value_in(assignment);
            if conditions.iter().all(|condition| condition.holds(&value).unwrap()) {
                prop_assert!(goal.holds(&value).unwrap(), "{goal:?} fails");
            }
        }
    }

    /// What [`needed`] asks for is enough: with its conditions added, the column is proven
    /// (and so, by the soundness above, in its row wherever they hold).
    #[test]
    fn what_is_needed_suffices(
        column in expression(),
        width in expression(),
        conditions in prop::collection::vec((expression(), relation(), expression()), 0..3),
    ) {
        let mut conditions = conditions_of(conditions);
        let symbols = |variable: &Variable| matches!(variable, Variable::Symbol(_));
        let unbounded_symbol = |variable: &Variable| match variable {
            Variable::Symbol(_) => (None, None),
            _ => (Some(0), Some(7)),
        };
        if let Some(wanted) = needed(&column, &width, &conditions, &unbounded_symbol, &symbols) {
            for condition in &wanted {
                prop_assert!(condition.variables().iter().all(symbols));
            }
            conditions.extend(wanted);
            prop_assert!(column_in_row(&column, &width, &conditions, &unbounded_symbol).is_ok());
        }
    }

    /// The guard `column < width && column >= 0` itself always proves it, whatever else holds.
    #[test]
    fn the_bounds_themselves_prove_it(
        column in expression(),
        width in expression(),
        others in prop::collection::vec((expression(), relation(), expression()), 0..2),
    ) {
        let mut conditions = conditions_of(others);
        conditions.push(Condition::new(column.clone(), Relation::Less, width.clone()));
        conditions.push(Condition::new(column.clone(), Relation::GreaterEqual, IndexExpression::Constant(0)));
        prop_assert!(column_in_row(&column, &width, &conditions, &ranges).is_ok());
    }
}

//! Flattened indices read as rows (issue 31): `A[row·W + column]` is `A2[row][column]` of a
//! 2-D view `A2` with rows of `W` elements, provided `0 ≤ column < W` wherever the access runs.
//!
//! CUDA code indexes a 2-D array through a flat pointer (`A[i*NY + j]`, `W` a constant or an
//! `int` argument). The view `A2 = A` reinterpreted with sizes `[⌈n / W⌉, W]` and strides
//! `[W, 1]` reaches the same element at the same address, so the rewrite changes nothing at run
//! time; but every analysis then sees two dimensions (a footprint box of rows × columns, not a
//! 1-D span of whole rows). A memref index must lie inside its dimension, so the view is only
//! taken where `0 ≤ column < W` is proven; the row is then in bounds because the flat index
//! was (`0 ≤ row·W + column < n` with `0 ≤ column < W` gives `0 ≤ row < ⌈n / W⌉`).
//!
//! **Proof.** Each bound is a goal `g ≤ 0` over an affine form (`−column ≤ 0`, `column − W + 1
//! ≤ 0`). The facts are the access's guard conjuncts and its loops' bounds, each written
//! `f ≤ 0` (`x < y` is `x − y + 1 ≤ 0`). A goal holds by fact `f` when `g − f ≤ 0` for every
//! value the variables can take in their ranges (thread ids below the block size, block ids
//! and loop counters from their first value): the largest value of `g − f` over those ranges
//! is at most 0. The empty fact `0 ≤ 0` stands for the ranges alone (`tid.x < 32 = W`). One
//! fact suffices for the guards real code writes (`j < ny`, `j < NJ − 1` with the column
//! `j + 1`, `j > 0` with the column `j − 1`); two are summed where a bound is a chain (`j < n`
//! and `n ≤ 4096`, the second a run-time check's); longer chains are not searched. The same
//! prover answers other goals over the same facts ([`holds`]: a loop runs at least once).
//!
//! Cost: O(facts² · variables) per goal.

use std::collections::BTreeMap;

use crate::expression::{IndexExpression, Variable};
use crate::matrix::{Condition, Relation};

/// The smallest and largest value a variable can take, `None` where unbounded.
pub type Range = (Option<i64>, Option<i64>);

/// An affine form `Σ c·v + constant`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Form {
    /// Non-zero coefficients.
    variables: BTreeMap<Variable, i64>,
    /// The constant part.
    constant: i64,
}

impl Form {
    /// The affine form of `expression`; `None` with a quasi-affine or unknown part.
    fn of(expression: &IndexExpression) -> Option<Form> {
        let linear = expression.linear().ok()?;
        linear.is_affine().then_some(Form {
            variables: linear.variables,
            constant: linear.constant,
        })
    }

    /// `self + factor·other`, `None` on overflow.
    fn plus_times(&self, other: &Form, factor: i64) -> Option<Form> {
        let mut sum = self.clone();
        for (variable, coefficient) in &other.variables {
            let entry = sum.variables.entry(variable.clone()).or_insert(0);
            *entry = entry.checked_add(coefficient.checked_mul(factor)?)?;
        }
        sum.variables.retain(|_, coefficient| *coefficient != 0);
        sum.constant = sum
            .constant
            .checked_add(other.constant.checked_mul(factor)?)?;
        Some(sum)
    }

    /// The form as an index expression.
    fn expression(&self) -> IndexExpression {
        self.variables.iter().fold(
            IndexExpression::Constant(self.constant),
            |sum, (variable, &coefficient)| {
                sum + IndexExpression::from(variable.clone()) * coefficient
            },
        )
    }

    /// The largest value over `range`, `None` where unbounded or on overflow.
    fn maximum(&self, range: &dyn Fn(&Variable) -> Range) -> Option<i64> {
        self.variables
            .iter()
            .try_fold(self.constant, |total, (variable, &coefficient)| {
                let (lowest, highest) = range(variable);
                let extreme = if coefficient > 0 { highest? } else { lowest? };
                total.checked_add(coefficient.checked_mul(extreme)?)
            })
    }
}

/// One fact `form ≤ 0`, with the words that state it.
struct Fact {
    /// The form.
    form: Form,
    /// Where it comes from, as written (`loop0 < arg1`).
    words: String,
}

/// The facts `condition` states, each as `form ≤ 0` (none for `≠` or an unmodelled side). A
/// bound by a maximum or a minimum states one fact for each side (`x ≥ max(a, b)`: `x ≥ a` and
/// `x ≥ b`; PathFinder's `tx >= validXmin`, `validXmin = max(-blkX, 0)`); as a goal, each
/// must hold.
fn facts_of(condition: &Condition) -> Vec<Fact> {
    use IndexExpression::{Maximum, Minimum};
    let (at_least, at_most) = match condition.relation {
        Relation::Greater | Relation::GreaterEqual => (true, false),
        Relation::Less | Relation::LessEqual => (false, true),
        _ => (false, false),
    };
    // The extremum, and whether it is the left side.
    let extremum = match (&condition.left, &condition.right) {
        (_, Maximum(first, second)) if at_least => Some((false, [first, second])),
        (_, Minimum(first, second)) if at_most => Some((false, [first, second])),
        (Maximum(first, second), _) if at_most => Some((true, [first, second])),
        (Minimum(first, second), _) if at_least => Some((true, [first, second])),
        _ => None,
    };
    if let Some((on_left, parts)) = extremum {
        return parts
            .into_iter()
            .flat_map(|part| {
                let (left, right) = if on_left {
                    ((**part).clone(), condition.right.clone())
                } else {
                    (condition.left.clone(), (**part).clone())
                };
                facts_of(&Condition::new(left, condition.relation, right))
            })
            .collect();
    }
    let (Some(left), Some(right)) = (Form::of(&condition.left), Form::of(&condition.right)) else {
        return Vec::new();
    };
    let words = format!(
        "{} {} {}",
        describe(&left),
        relation_symbol(condition.relation),
        describe(&right)
    );
    let difference = |minuend: &Form, subtrahend: &Form, plus: i64| {
        let form = minuend.plus_times(subtrahend, -1)?;
        Some(Form {
            constant: form.constant.checked_add(plus)?,
            ..form
        })
    };
    let forms = match condition.relation {
        Relation::Less => vec![difference(&left, &right, 1)],
        Relation::LessEqual => vec![difference(&left, &right, 0)],
        Relation::Greater => vec![difference(&right, &left, 1)],
        Relation::GreaterEqual => vec![difference(&right, &left, 0)],
        Relation::Equal => vec![difference(&left, &right, 0), difference(&right, &left, 0)],
        Relation::NotEqual => Vec::new(),
    };
    forms
        .into_iter()
        .flatten()
        .map(|form| Fact {
            form,
            words: words.clone(),
        })
        .collect()
}

/// `<`, `≤`, … as remarks write them.
fn relation_symbol(relation: Relation) -> &'static str {
    match relation {
        Relation::Less => "<",
        Relation::LessEqual => "<=",
        Relation::Greater => ">",
        Relation::GreaterEqual => ">=",
        Relation::Equal => "==",
        Relation::NotEqual => "!=",
    }
}

/// `2·tid.x + loop0 − 1`: an affine form as remarks write it.
fn describe(form: &Form) -> String {
    let mut text = String::new();
    for (variable, &coefficient) in &form.variables {
        let sign = if coefficient < 0 { " - " } else { " + " };
        let size = coefficient.unsigned_abs();
        let term = if size == 1 {
            variable.to_string()
        } else {
            format!("{size}*{variable}")
        };
        if text.is_empty() {
            text = if coefficient < 0 {
                format!("-{term}")
            } else {
                term
            };
        } else {
            text = format!("{text}{sign}{term}");
        }
    }
    match (text.is_empty(), form.constant) {
        (true, constant) => constant.to_string(),
        (false, 0) => text,
        (false, constant) if constant < 0 => format!("{text} - {}", constant.unsigned_abs()),
        (false, constant) => format!("{text} + {constant}"),
    }
}

/// The least and the greatest value of `expression` over `range`; `None` where a variable it
/// reads leaves either unbounded ([`bounds`]), or on overflow.
pub fn extremes(
    expression: &IndexExpression,
    range: &dyn Fn(&Variable) -> Range,
) -> Option<(i64, i64)> {
    match bounds(expression, range) {
        (Some(least), Some(greatest)) => Some((least, greatest)),
        _ => None,
    }
}

/// A lower and an upper bound of `expression` over `range`, each where known: exact for an
/// affine expression (its form's extremes), else from its parts (a clamp's `min` and `max`
/// are bounded by either side, a sum by the sums of its parts' bounds, a floor division and
/// a remainder by a positive constant by their ranges); unknown on overflow.
pub fn bounds(expression: &IndexExpression, range: &dyn Fn(&Variable) -> Range) -> Range {
    if let Some(form) = Form::of(expression) {
        let least = Form::default()
            .plus_times(&form, -1)
            .and_then(|negated| negated.maximum(range)?.checked_neg());
        return (least, form.maximum(range));
    }
    let both = |a: Option<i64>, b: Option<i64>, join: fn(i64, i64) -> Option<i64>| join(a?, b?);
    let either = |a: Option<i64>, b: Option<i64>, pick: fn(i64, i64) -> i64| match (a, b) {
        (Some(a), Some(b)) => Some(pick(a, b)),
        (a, b) => a.or(b),
    };
    match expression {
        IndexExpression::Add(left, right) => {
            let ((a, b), (c, d)) = (bounds(left, range), bounds(right, range));
            (both(a, c, i64::checked_add), both(b, d, i64::checked_add))
        }
        IndexExpression::Multiply(inner, factor) => {
            let (low, high) = bounds(inner, range);
            let scale = |value: Option<i64>| value?.checked_mul(*factor);
            if *factor >= 0 {
                (scale(low), scale(high))
            } else {
                (scale(high), scale(low))
            }
        }
        IndexExpression::Minimum(left, right) => {
            let ((a, b), (c, d)) = (bounds(left, range), bounds(right, range));
            (both(a, c, |a, b| Some(a.min(b))), either(b, d, i64::min))
        }
        IndexExpression::Maximum(left, right) => {
            let ((a, b), (c, d)) = (bounds(left, range), bounds(right, range));
            (either(a, c, i64::max), both(b, d, |a, b| Some(a.max(b))))
        }
        IndexExpression::FloorDivide(inner, divisor) if *divisor > 0 => {
            let (low, high) = bounds(inner, range);
            (
                low.map(|low| low.div_euclid(*divisor)),
                high.map(|high| high.div_euclid(*divisor)),
            )
        }
        IndexExpression::Modulo(inner, modulus) if *modulus > 0 => match bounds(inner, range) {
            (Some(low), Some(high)) if low >= 0 && high < *modulus => (Some(low), Some(high)),
            _ => (Some(0), Some(modulus - 1)),
        },
        _ => (None, None),
    }
}

/// `expression` as remarks write it, when affine.
pub fn describe_expression(expression: &IndexExpression) -> Option<String> {
    Form::of(expression).map(|form| describe(&form))
}

/// `expression` as remarks write it, affine or not (`loop0 mod 32`; `?` for what the model
/// does not follow).
fn written(expression: &IndexExpression) -> String {
    if let Some(affine) = describe_expression(expression) {
        return affine;
    }
    match expression {
        IndexExpression::Add(left, right) => format!("{} + {}", written(left), written(right)),
        IndexExpression::Multiply(inner, factor) => format!("{factor}*({})", written(inner)),
        IndexExpression::FloorDivide(inner, divisor) => format!("({}) / {divisor}", written(inner)),
        IndexExpression::Modulo(inner, modulus) => format!("({}) mod {modulus}", written(inner)),
        IndexExpression::Xor(left, right) => format!("({} ^ {})", written(left), written(right)),
        IndexExpression::ShiftRight(left, right) => {
            format!("({} >> {})", written(left), written(right))
        }
        IndexExpression::ShiftLeft(left, right) => {
            format!("({} << {})", written(left), written(right))
        }
        IndexExpression::Minimum(left, right) => {
            format!("min({}, {})", written(left), written(right))
        }
        IndexExpression::Maximum(left, right) => {
            format!("max({}, {})", written(left), written(right))
        }
        IndexExpression::Constant(_)
        | IndexExpression::Variable(_)
        | IndexExpression::Unknown(_) => "?".into(),
    }
}

/// `condition` as remarks write it (`tid.x + 32*bid.x < arg0`, `(loop0) mod 32 == 0`).
pub fn describe_condition(condition: &Condition) -> String {
    let side = written;
    format!(
        "{} {} {}",
        side(&condition.left),
        relation_symbol(condition.relation),
        side(&condition.right)
    )
}

/// Why `0 ≤ column < width` holds: the fact behind each bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InRow {
    /// What proves `column ≥ 0`.
    pub lower: String,
    /// What proves `column < width`.
    pub upper: String,
}

/// What proves `goal ≤ 0`: the variables' ranges alone, a fact, or the sum of two facts.
fn proof(goal: &Form, facts: &[Fact], range: &dyn Fn(&Variable) -> Range) -> Option<String> {
    let bounded = |form: &Form| form.maximum(range).is_some_and(|maximum| maximum <= 0);
    if bounded(goal) {
        return Some("the id and loop ranges".into());
    }
    let single = facts
        .iter()
        .find_map(|fact| bounded(&goal.plus_times(&fact.form, -1)?).then(|| fact.words.clone()));
    single.or_else(|| {
        facts.iter().enumerate().find_map(|(position, first)| {
            let rest = goal.plus_times(&first.form, -1)?;
            facts[position + 1..].iter().find_map(|second| {
                bounded(&rest.plus_times(&second.form, -1)?)
                    .then(|| format!("{} and {}", first.words, second.words))
            })
        })
    })
}

/// What proves `goal` wherever `conditions` hold and each variable lies in its `range`;
/// `None` where it is not proven (or is `≠`, which no fact of this form proves).
pub fn holds(
    goal: &Condition,
    conditions: &[Condition],
    range: &dyn Fn(&Variable) -> Range,
) -> Option<String> {
    let goals = facts_of(goal);
    if goals.is_empty() {
        return None;
    }
    let facts: Vec<Fact> = conditions.iter().flat_map(facts_of).collect();
    let proofs: Option<Vec<String>> = goals
        .iter()
        .map(|goal| proof(&goal.form, &facts, range))
        .collect();
    let mut proofs = proofs?;
    proofs.dedup();
    Some(proofs.join("; "))
}

/// Why `0 ≤ column < width` is not proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotInRow {
    /// In words, as remarks write it.
    pub reason: String,
    /// Whether it is the lower bound, `column ≥ 0`, that no fact proves (else the upper one,
    /// or the forms are not affine).
    pub below_zero: bool,
}

impl From<String> for NotInRow {
    fn from(reason: String) -> NotInRow {
        NotInRow {
            reason,
            below_zero: false,
        }
    }
}

/// Whether `0 ≤ column < width` wherever `conditions` hold and each variable lies in its
/// `range`: the facts that prove it, or why it is not proven.
pub fn column_in_row(
    column: &IndexExpression,
    width: &IndexExpression,
    conditions: &[Condition],
    range: &dyn Fn(&Variable) -> Range,
) -> Result<InRow, NotInRow> {
    let (Some(column_form), Some(width_form)) = (Form::of(column), Form::of(width)) else {
        return Err(String::from("the column or the width is not affine").into());
    };
    let facts: Vec<Fact> = conditions.iter().flat_map(facts_of).collect();
    let lower_goal = Form::default().plus_times(&column_form, -1);
    let upper_goal = column_form.plus_times(&width_form, -1).map(|form| Form {
        constant: form.constant.saturating_add(1),
        ..form
    });
    let (Some(lower_goal), Some(upper_goal)) = (lower_goal, upper_goal) else {
        return Err(String::from("index arithmetic overflows 64 bits").into());
    };
    let column_words = describe(&column_form);
    let width_words = describe(&width_form);
    let lower = proof(&lower_goal, &facts, range).ok_or_else(|| NotInRow {
        reason: format!("no guard or loop bound proves the column {column_words} >= 0"),
        below_zero: true,
    })?;
    let upper = proof(&upper_goal, &facts, range).ok_or_else(|| {
        NotInRow::from(format!(
            "no guard or loop bound proves the column {column_words} < the width {width_words}"
        ))
    })?;
    Ok(InRow { lower, upper })
}

/// What `0 ≤ column < width` needs beyond `conditions` where they do not prove it: one
/// condition per unproven bound over the variables `checkable` accepts alone (kernel
/// arguments, fixed for a launch, so that a run-time check at the kernel's entry can
/// establish it), such that it and one of `conditions` prove the bound ([`column_in_row`]
/// then holds with them added). `None` where some bound needs more than that (a thread id or
/// a loop counter without a range, or no fact that leaves only checkable variables).
pub fn needed(
    column: &IndexExpression,
    width: &IndexExpression,
    conditions: &[Condition],
    range: &dyn Fn(&Variable) -> Range,
    checkable: &dyn Fn(&Variable) -> bool,
) -> Option<Vec<Condition>> {
    let (column_form, width_form) = (Form::of(column)?, Form::of(width)?);
    let lower_goal = Form::default().plus_times(&column_form, -1)?;
    let upper_goal = column_form.plus_times(&width_form, -1).map(|form| Form {
        constant: form.constant.saturating_add(1),
        ..form
    })?;
    let facts: Vec<Fact> = conditions.iter().flat_map(facts_of).collect();
    let mut wanted = Vec::new();
    for goal in [lower_goal, upper_goal] {
        if proof(&goal, &facts, range).is_some() {
            continue;
        }
        // The goal less a fact (or nothing), its checkable part kept and the rest at its
        // largest: `checkable + maximum ≤ 0` with the fact proves the goal.
        let rests = std::iter::once(Some(goal.clone()))
            .chain(facts.iter().map(|fact| goal.plus_times(&fact.form, -1)));
        let found = rests.flatten().find_map(|rest| {
            let (kept, bounded): (BTreeMap<_, _>, BTreeMap<_, _>) = rest
                .variables
                .into_iter()
                .partition(|(variable, _)| checkable(variable));
            let maximum = Form {
                variables: bounded,
                constant: rest.constant,
            }
            .maximum(range)?;
            (!kept.is_empty()).then_some(Form {
                variables: kept,
                constant: maximum,
            })
        })?;
        // `arg0 ≤ 4096` rather than `arg0 − 4096 ≤ 0`: the words a proof quotes.
        let bound = found.constant.checked_neg()?;
        let variables = Form {
            constant: 0,
            ..found
        };
        wanted.push(Condition::new(
            variables.expression(),
            Relation::LessEqual,
            IndexExpression::Constant(bound),
        ));
    }
    Some(wanted)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn symbol(name: &str) -> IndexExpression {
        Variable::Symbol(name.into()).into()
    }

    /// Thread ids below 32, block ids and loop counters from 0, symbols unbounded.
    fn ranges(variable: &Variable) -> Range {
        match variable {
            Variable::ThreadX | Variable::ThreadY | Variable::ThreadZ => (Some(0), Some(31)),
            Variable::BlockX | Variable::BlockY | Variable::BlockZ | Variable::Loop(_) => {
                (Some(0), None)
            }
            Variable::Symbol(_) => (None, None),
        }
    }

    fn global_x() -> IndexExpression {
        IndexExpression::from(Variable::BlockX) * 32 + IndexExpression::from(Variable::ThreadX)
    }

    /// `40 - 2·tid.x` over threads 0 to 31 runs from -22 to 40; a block id, unbounded above,
    /// leaves the greatest value unknown, and a quasi-affine part both.
    #[test]
    fn extremes_take_each_coefficient_at_its_end() {
        let thread = || IndexExpression::from(Variable::ThreadX);
        let falling = IndexExpression::Constant(40) + thread() * -2;
        assert_eq!(extremes(&falling, &ranges), Some((-22, 40)));
        assert_eq!(extremes(&global_x(), &ranges), None);
        assert_eq!(extremes(&thread().floor_divide(4), &ranges), Some((0, 7)));
        let unknown = IndexExpression::Unknown("a load".into());
        assert_eq!(extremes(&(thread() + unknown), &ranges), None);
    }

    /// A staged copy's clamped row `min(max(r, 0), dim − 1)`, `dim` unknown: at most what `r`
    /// reaches (the minimum's one known side); no lower bound, since `dim − 1` may be -1.
    #[test]
    fn a_clamp_is_bounded_by_its_known_sides() {
        let row = global_x() + (-1);
        let clamped = row
            .clone()
            .maximum(IndexExpression::Constant(0))
            .minimum(symbol("dim") + (-1));
        let narrow = |variable: &Variable| match variable {
            Variable::BlockX => (Some(0), Some(3)),
            other => ranges(other),
        };
        assert_eq!(bounds(&clamped, &narrow), (None, Some(126)));
        assert_eq!(bounds(&clamped, &ranges), (None, None));
        let floor = row.maximum(IndexExpression::Constant(0));
        assert_eq!(bounds(&floor, &narrow), (Some(0), Some(126)));
    }

    fn expression() -> impl Strategy<Value = IndexExpression> {
        let leaf = prop_oneof![
            (-8i64..8).prop_map(IndexExpression::Constant),
            Just(IndexExpression::from(Variable::ThreadX)),
            Just(IndexExpression::from(Variable::Loop(crate::LoopId(0)))),
        ];
        leaf.prop_recursive(4, 24, 2, |inner| {
            prop_oneof![
                (inner.clone(), inner.clone()).prop_map(|(a, b)| a + b),
                (inner.clone(), -3i64..4).prop_map(|(a, factor)| a * factor),
                (inner.clone(), 1i64..6).prop_map(|(a, divisor)| a.floor_divide(divisor)),
                (inner.clone(), 1i64..6)
                    .prop_map(|(a, modulus)| IndexExpression::Modulo(Box::new(a), modulus)),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| a.minimum(b)),
                (inner.clone(), inner).prop_map(|(a, b)| a.maximum(b)),
            ]
        })
    }

    proptest! {
        /// Every value an expression takes over thread ids 0 to 31 and a loop 0 to 9 lies
        /// within its bounds (brute force over all 320 points).
        #[test]
        fn bounds_contain_every_value(expression in expression()) {
            let range = |variable: &Variable| match variable {
                Variable::ThreadX => (Some(0), Some(31)),
                _ => (Some(0), Some(9)),
            };
            let (least, greatest) = bounds(&expression, &range);
            for (thread, trip) in (0..32).flat_map(|thread| (0..10).map(move |trip| (thread, trip))) {
                let value = expression.evaluate(&|variable| match variable {
                    Variable::ThreadX => Some(thread),
                    _ => Some(trip),
                }).unwrap();
                prop_assert!(least.is_none_or(|least| least <= value), "{value} < {least:?}");
                prop_assert!(greatest.is_none_or(|greatest| value <= greatest), "{value} > {greatest:?}");
            }
        }
    }

    /// ATAX's kernel 2: `j = 32·bid.x + tid.x` under `if (j < ny)`, rows of `ny`.
    #[test]
    fn the_edge_guard_proves_the_column_below_an_argument_width() {
        let guard = Condition::new(global_x(), Relation::Less, symbol("arg1"));
        let proven = column_in_row(&global_x(), &symbol("arg1"), &[guard], &ranges).unwrap();
        assert_eq!(proven.upper, "tid.x + 32*bid.x < arg1");
        assert_eq!(proven.lower, "the id and loop ranges");
    }

    /// PathFinder's `tx >= validXmin` with `validXmin = max(-blkX, 0)`: the guard bounds `tx`
    /// by both sides, so the column `blkX + tx` is at least 0; a minimum below bounds nothing.
    #[test]
    fn a_bound_by_a_maximum_states_both_sides() {
        let tx: IndexExpression = Variable::ThreadX.into();
        let block_x = symbol("blkX");
        let floor = IndexExpression::Maximum(
            Box::new(block_x.clone() * -1),
            Box::new(IndexExpression::Constant(0)),
        );
        let column = block_x.clone() + tx.clone();
        let guard = Condition::new(tx.clone(), Relation::GreaterEqual, floor);
        let goal = Condition::new(
            column.clone(),
            Relation::GreaterEqual,
            IndexExpression::Constant(0),
        );
        assert!(holds(&goal, &[guard], &ranges).is_some());
        let weaker = IndexExpression::Minimum(
            Box::new(block_x * -1),
            Box::new(IndexExpression::Constant(0)),
        );
        let guard = Condition::new(tx, Relation::GreaterEqual, weaker);
        assert_eq!(holds(&goal, &[guard], &ranges), None);
    }

    /// 2DConv's `A[(i−1)·NJ + (j+1)]` under `j < NJ − 1 && j > 0`: the column `j + 1` and `j − 1`.
    #[test]
    fn shifted_columns_are_proven_by_shifted_guards() {
        let j = global_x();
        let guards = [
            Condition::new(j.clone(), Relation::Less, symbol("nj") + (-1)),
            Condition::new(j.clone(), Relation::Greater, IndexExpression::Constant(0)),
        ];
        for column in [j.clone() + 1, j.clone() + (-1), j.clone()] {
            assert!(column_in_row(&column, &symbol("nj"), &guards, &ranges).is_ok());
        }
        let error = column_in_row(&(j + 2), &symbol("nj"), &guards, &ranges).unwrap_err();
        assert!(error.reason.contains("< the width nj"), "{}", error.reason);
        assert!(!error.below_zero);
    }

    /// GESUMMV under a run-time check: `j < n` and `n ≤ 4096` together prove `j < 4096`, and
    /// the edge guard `i < n` proves that the loop `0 ≤ j < n` runs at least once.
    #[test]
    fn two_facts_chain_and_a_guard_proves_a_loop_runs() {
        let j: IndexExpression = Variable::Loop(crate::LoopId(0)).into();
        let facts = [
            Condition::new(j.clone(), Relation::Less, symbol("arg0")),
            Condition::new(
                symbol("arg0"),
                Relation::LessEqual,
                IndexExpression::Constant(4096),
            ),
        ];
        let proven = column_in_row(&j, &IndexExpression::Constant(4096), &facts, &ranges).unwrap();
        assert_eq!(proven.upper, "loop0 < arg0 and arg0 <= 4096");
        let guard = Condition::new(global_x(), Relation::Less, symbol("arg0"));
        let runs = Condition::new(IndexExpression::Constant(0), Relation::Less, symbol("arg0"));
        assert_eq!(
            holds(&runs, &[guard], &ranges).as_deref(),
            Some("tid.x + 32*bid.x < arg0")
        );
        assert_eq!(holds(&runs, &[], &ranges), None);
    }

    /// GESUMMV as a lone kernel: `j < n` bounds the column, nothing bounds `n`; the check
    /// `n − 4096 ≤ 0` is what is needed, and with it the column is proven.
    #[test]
    fn a_bound_on_an_argument_is_what_a_check_needs() {
        let j: IndexExpression = Variable::Loop(crate::LoopId(0)).into();
        let mut facts = vec![
            Condition::new(
                j.clone(),
                Relation::GreaterEqual,
                IndexExpression::Constant(0),
            ),
            Condition::new(j.clone(), Relation::Less, symbol("arg0")),
        ];
        let width = IndexExpression::Constant(4096);
        let arguments = |variable: &Variable| matches!(variable, Variable::Symbol(_));
        let wanted = needed(&j, &width, &facts, &ranges, &arguments).unwrap();
        assert_eq!(wanted.len(), 1);
        assert_eq!(describe_expression(&wanted[0].left).unwrap(), "arg0");
        assert_eq!(wanted[0].right, IndexExpression::Constant(4096));
        facts.extend(wanted);
        assert!(column_in_row(&j, &width, &facts, &ranges).is_ok());
        // A column bounded by nothing at all needs more than a check of arguments.
        assert_eq!(needed(&j, &width, &[], &ranges, &arguments), None);
    }

    /// A column no fact bounds (a loop up to another argument) is not proven.
    #[test]
    fn a_bound_by_another_argument_proves_nothing() {
        let j: IndexExpression = Variable::Loop(crate::LoopId(0)).into();
        let bound = Condition::new(j.clone(), Relation::Less, symbol("arg1"));
        let error =
            column_in_row(&j, &IndexExpression::Constant(100), &[bound], &ranges).unwrap_err();
        assert!(error.reason.contains("< the width 100"), "{}", error.reason);
    }

    /// A column one left of a loop from 0 (a stencil's west neighbour, unguarded) is below 0
    /// at the first trip: the missing bound is the lower one, which the advice names.
    #[test]
    fn a_missing_lower_bound_is_named() {
        let j: IndexExpression = Variable::Loop(crate::LoopId(0)).into();
        let bound = Condition::new(j.clone(), Relation::Less, 100);
        let error = column_in_row(
            &(j + (-1)),
            &IndexExpression::Constant(100),
            &[bound],
            &ranges,
        )
        .unwrap_err();
        assert!(error.below_zero, "{}", error.reason);
        assert!(error.reason.ends_with(">= 0"), "{}", error.reason);
    }
}

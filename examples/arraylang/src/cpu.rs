//! The reference: a plain sequential evaluation of a [`Program`] in `f32`, in the order the
//! kernels compute (a `sum` from 0.0 upward in `k`), so the GPU code must match it bit for bit.

use crate::syntax::{Expression, Index, Program, Variable};

/// Runs `program` on `arrays` (row-major, one per declared array), in place.
pub fn evaluate(program: &Program, arrays: &mut [Vec<f32>]) {
    for statement in &program.statements {
        let [rows, columns] = program.arrays[statement.target].shape;
        let mut updates = Vec::new();
        for i in 0..rows {
            for j in 0..columns {
                if let Some(value) = value(program, arrays, &statement.value, [i, j, 0]) {
                    updates.push(((i * columns + j) as usize, value));
                }
            }
        }
        for (position, value) in updates {
            arrays[statement.target][position] = value;
        }
    }
}

/// The value at `(i, j, k)`, or `None` when a read falls outside its array.
fn value(
    program: &Program,
    arrays: &[Vec<f32>],
    expression: &Expression,
    at: [i64; 3],
) -> Option<f32> {
    let index = |index: &Index| {
        let base = match index.variable {
            Variable::I => at[0],
            Variable::J => at[1],
            Variable::K => at[2],
        };
        base + index.offset
    };
    Some(match expression {
        Expression::Number(number) => *number,
        Expression::Read { array, indices, .. } => {
            let [rows, columns] = program.arrays[*array].shape;
            let [row, column] = [index(&indices[0]), index(&indices[1])];
            if !(0..rows).contains(&row) || !(0..columns).contains(&column) {
                return None;
            }
            arrays[*array][(row * columns + column) as usize]
        }
        Expression::Binary(operator, left, right) => {
            let left = value(program, arrays, left, at)?;
            let right = value(program, arrays, right, at)?;
            match operator {
                '+' => left + right,
                '-' => left - right,
                '*' => left * right,
                _ => left / right,
            }
        }
        Expression::Sum { extent, body } => {
            let mut total = 0.0f32;
            for k in 0..*extent {
                total += value(program, arrays, body, [at[0], at[1], k])?;
            }
            total
        }
    })
}

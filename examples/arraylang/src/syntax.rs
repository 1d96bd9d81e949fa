//! The language: arrays of `f32` with two dimensions, and statements that define every element
//! of one array from others.
//!
//! ```text
//! # comments run to the end of the line
//! array A[64, 96] = random 1         # an input: random values from seed 1
//! array B[96, 64]                    # zeros
//! B[i, j] = A[j, i]                  # a transpose
//! C[i, j] = sum(k, A[i, k] * B[k, j])    # a matrix product (k runs over A's columns)
//! D[i, j] = 0.25 * (A[i-1, j] + A[i+1, j] + A[i, j-1] + A[i, j+1])   # a stencil
//! ```
//!
//! A statement `T[i, j] = e` sets `T[i, j]` for every `(i, j)` of `T` where every read of `e` is
//! inside its array; other elements keep their value. `i` and `j` name `T`'s row and column,
//! `k` a reduction index; an index is one of them plus or minus a constant. `sum(k, e)` adds
//! `e` for `k` from 0 to the extent of the first dimension `k` indexes, in order, from 0.0. The
//! right side must not read `T` (the statement runs in parallel). Expressions: numbers, reads,
//! `+ - * /`, parentheses, `sum`.
//!
//! Errors carry `line:column`.

use std::fmt;

/// A parse or check error at a position of the program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl std::error::Error for SyntaxError {}

impl fmt::Display for SyntaxError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// An index variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variable {
    /// The target's row.
    I,
    /// The target's column.
    J,
    /// The reduction index.
    K,
}

/// `variable + offset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Index {
    /// The variable.
    pub variable: Variable,
    /// The constant added.
    pub offset: i64,
}

/// An expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Expression {
    /// A literal.
    Number(f32),
    /// `array[row, column]`.
    Read {
        /// The array's position in [`Program::arrays`].
        array: usize,
        /// Row and column indices.
        indices: [Index; 2],
        /// The read's column in its line (1-based), for locations.
        column: usize,
    },
    /// A binary operation: `+`, `-`, `*` or `/`.
    Binary(char, Box<Expression>, Box<Expression>),
    /// `sum(k, body)` with `k` running over `0..extent`.
    Sum {
        /// How many terms.
        extent: i64,
        /// The term, over `k`.
        body: Box<Expression>,
    },
}

/// A declared array.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Array {
    /// Its name.
    pub name: String,
    /// Rows and columns.
    pub shape: [i64; 2],
    /// The seed of its random initial values; zeros when `None`.
    pub seed: Option<u64>,
    /// The declaration's line.
    pub line: usize,
}

/// `target[i, j] = value`.
#[derive(Debug, Clone, PartialEq)]
pub struct Statement {
    /// The array defined.
    pub target: usize,
    /// Its value.
    pub value: Expression,
    /// The statement's line.
    pub line: usize,
}

/// A parsed and checked program.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Program {
    /// Arrays in declaration order.
    pub arrays: Vec<Array>,
    /// Statements in order.
    pub statements: Vec<Statement>,
}

/// A token and its column.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Name(String),
    Number(f64),
    Symbol(char),
}

fn tokens(text: &str, line: usize) -> Result<Vec<(Token, usize)>, SyntaxError> {
    let characters: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut position = 0;
    while position < characters.len() {
        let character = characters[position];
        let start = position;
        if character == '#' {
            break;
        } else if character.is_whitespace() {
            position += 1;
        } else if character.is_ascii_alphabetic() || character == '_' {
            while position < characters.len()
                && (characters[position].is_ascii_alphanumeric() || characters[position] == '_')
            {
                position += 1;
            }
            let name: String = characters[start..position].iter().collect();
            found.push((Token::Name(name), start + 1));
        } else if character.is_ascii_digit() || character == '.' {
            while position < characters.len()
                && (characters[position].is_ascii_digit() || characters[position] == '.')
            {
                position += 1;
            }
            let literal: String = characters[start..position].iter().collect();
            let value = literal.parse().map_err(|_| SyntaxError {
                line,
                column: start + 1,
                message: format!("'{literal}' is not a number"),
            })?;
            found.push((Token::Number(value), start + 1));
        } else if "[](),=+-*/".contains(character) {
            found.push((Token::Symbol(character), start + 1));
            position += 1;
        } else {
            return Err(SyntaxError {
                line,
                column: start + 1,
                message: format!("unexpected '{character}'"),
            });
        }
    }
    Ok(found)
}

/// A cursor over one line's tokens.
struct Line<'p> {
    tokens: Vec<(Token, usize)>,
    next: usize,
    line: usize,
    end: usize,
    program: &'p Program,
    target: Option<usize>,
    /// The extent of the innermost `sum` being parsed, once a read fixes it.
    extent: Option<i64>,
}

impl Line<'_> {
    fn error(&self, column: usize, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            line: self.line,
            column,
            message: message.into(),
        }
    }

    fn column(&self) -> usize {
        self.tokens
            .get(self.next)
            .map_or(self.end, |(_, column)| *column)
    }

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.next).map(|(token, _)| token)
    }

    fn take(&mut self) -> Option<Token> {
        let token = self.peek().cloned();
        self.next += usize::from(token.is_some());
        token
    }

    fn symbol(&mut self, expected: char) -> Result<(), SyntaxError> {
        let column = self.column();
        match self.take() {
            Some(Token::Symbol(found)) if found == expected => Ok(()),
            _ => Err(self.error(column, format!("expected '{expected}'"))),
        }
    }

    fn name(&mut self) -> Result<(String, usize), SyntaxError> {
        let column = self.column();
        match self.take() {
            Some(Token::Name(name)) => Ok((name, column)),
            _ => Err(self.error(column, "expected a name")),
        }
    }

    fn integer(&mut self) -> Result<i64, SyntaxError> {
        let column = self.column();
        match self.take() {
            Some(Token::Number(value)) if value.fract() == 0.0 && value >= 0.0 => Ok(value as i64),
            _ => Err(self.error(column, "expected a whole number")),
        }
    }

    fn finished(&self) -> Result<(), SyntaxError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error(self.column(), "unexpected text after the statement")),
        }
    }

    fn array(&self, name: &str, column: usize) -> Result<usize, SyntaxError> {
        self.program
            .arrays
            .iter()
            .position(|array| array.name == name)
            .ok_or_else(|| self.error(column, format!("no array named '{name}'")))
    }

    fn index(&mut self) -> Result<(Index, usize), SyntaxError> {
        let (name, column) = self.name()?;
        let variable = match name.as_str() {
            "i" => Variable::I,
            "j" => Variable::J,
            "k" => Variable::K,
            _ => return Err(self.error(column, format!("'{name}' is not an index (i, j or k)"))),
        };
        let offset = match self.peek() {
            Some(Token::Symbol(sign @ ('+' | '-'))) => {
                let negative = *sign == '-';
                self.take();
                let amount = self.integer()?;
                if negative {
                    -amount
                } else {
                    amount
                }
            }
            _ => 0,
        };
        Ok((Index { variable, offset }, column))
    }

    fn expression(&mut self) -> Result<Expression, SyntaxError> {
        let mut left = self.term()?;
        while let Some(Token::Symbol(operator @ ('+' | '-'))) = self.peek().cloned() {
            self.take();
            left = Expression::Binary(operator, Box::new(left), Box::new(self.term()?));
        }
        Ok(left)
    }

    fn term(&mut self) -> Result<Expression, SyntaxError> {
        let mut left = self.factor()?;
        while let Some(Token::Symbol(operator @ ('*' | '/'))) = self.peek().cloned() {
            self.take();
            left = Expression::Binary(operator, Box::new(left), Box::new(self.factor()?));
        }
        Ok(left)
    }

    fn factor(&mut self) -> Result<Expression, SyntaxError> {
        let column = self.column();
        match self.take() {
            Some(Token::Number(value)) => Ok(Expression::Number(value as f32)),
            Some(Token::Symbol('(')) => {
                let inner = self.expression()?;
                self.symbol(')')?;
                Ok(inner)
            }
            Some(Token::Symbol('-')) => Ok(Expression::Binary(
                '-',
                Box::new(Expression::Number(0.0)),
                Box::new(self.factor()?),
            )),
            Some(Token::Name(name)) if name == "sum" => self.sum(column),
            Some(Token::Name(name)) => self.read(&name, column),
            _ => Err(self.error(column, "expected a number, a read, '(' or sum")),
        }
    }

    fn sum(&mut self, column: usize) -> Result<Expression, SyntaxError> {
        if self.extent.is_some() {
            return Err(self.error(column, "sums do not nest"));
        }
        self.symbol('(')?;
        let (index, index_column) = self.index()?;
        if index
            != (Index {
                variable: Variable::K,
                offset: 0,
            })
        {
            return Err(self.error(index_column, "a sum runs over k"));
        }
        self.symbol(',')?;
        self.extent = Some(-1);
        let body = self.expression()?;
        let extent = self.extent.take().filter(|&extent| extent >= 0);
        self.symbol(')')?;
        let extent =
            extent.ok_or_else(|| self.error(column, "the sum's body reads nothing at k"))?;
        Ok(Expression::Sum {
            extent,
            body: Box::new(body),
        })
    }

    fn read(&mut self, name: &str, column: usize) -> Result<Expression, SyntaxError> {
        let array = self.array(name, column)?;
        if Some(array) == self.target {
            return Err(self.error(
                column,
                format!("'{name}' is read and written by one statement"),
            ));
        }
        self.symbol('[')?;
        let (row, row_column) = self.index()?;
        self.symbol(',')?;
        let (column_index, column_column) = self.index()?;
        self.symbol(']')?;
        let shape = self.program.arrays[array].shape;
        for ((index, at), size) in [(row, row_column), (column_index, column_column)]
            .iter()
            .zip(shape)
        {
            if index.variable != Variable::K {
                continue;
            }
            if index.offset < 0 {
                return Err(self.error(*at, "k minus a constant reads before the array's start"));
            }
            match self.extent {
                None => return Err(self.error(*at, "k outside a sum")),
                Some(-1) if index.offset >= size => {
                    return Err(self.error(*at, format!("k + {} is past '{name}'", index.offset)))
                }
                Some(-1) => self.extent = Some(size - index.offset),
                Some(extent) if extent + index.offset > size => {
                    return Err(self.error(
                        *at,
                        format!(
                            "k runs to {extent}, outside '{name}' ({size} along this dimension)"
                        ),
                    ))
                }
                Some(_) => {}
            }
        }
        Ok(Expression::Read {
            array,
            indices: [row, column_index],
            column,
        })
    }
}

/// Parses and checks `text`.
pub fn parse(text: &str) -> Result<Program, SyntaxError> {
    let mut program = Program::default();
    for (number, content) in text.lines().enumerate() {
        let line_number = number + 1;
        let tokens = tokens(content, line_number)?;
        if tokens.is_empty() {
            continue;
        }
        let mut line = Line {
            tokens,
            next: 0,
            line: line_number,
            end: content.len() + 1,
            program: &program,
            target: None,
            extent: None,
        };
        if line.peek() == Some(&Token::Name("array".into())) {
            line.take();
            let array = declaration(&mut line)?;
            program.arrays.push(array);
        } else {
            let statement = statement(&mut line, line_number)?;
            program.statements.push(statement);
        }
    }
    Ok(program)
}

/// `array NAME[ROWS, COLUMNS] [= random SEED]`.
fn declaration(line: &mut Line) -> Result<Array, SyntaxError> {
    let (name, column) = line.name()?;
    if line.program.arrays.iter().any(|array| array.name == name) {
        return Err(line.error(column, format!("'{name}' is declared twice")));
    }
    line.symbol('[')?;
    let rows = line.integer()?;
    line.symbol(',')?;
    let columns = line.integer()?;
    line.symbol(']')?;
    if rows < 1 || columns < 1 {
        return Err(line.error(column, "an array has at least one row and one column"));
    }
    let seed = match line.peek() {
        Some(Token::Symbol('=')) => {
            line.take();
            let (word, at) = line.name()?;
            if word != "random" {
                return Err(line.error(at, "expected 'random SEED'"));
            }
            Some(line.integer()? as u64)
        }
        _ => None,
    };
    line.finished()?;
    Ok(Array {
        name,
        shape: [rows, columns],
        seed,
        line: line.line,
    })
}

/// `TARGET[i, j] = EXPRESSION`.
fn statement(line: &mut Line, number: usize) -> Result<Statement, SyntaxError> {
    let (name, column) = line.name()?;
    let target = line.array(&name, column)?;
    line.symbol('[')?;
    for expected in ["i", "j"] {
        let (index, at) = line.name()?;
        if index != expected {
            return Err(line.error(at, format!("a statement defines {name}[i, j]")));
        }
        if expected == "i" {
            line.symbol(',')?;
        }
    }
    line.symbol(']')?;
    line.symbol('=')?;
    line.target = Some(target);
    let value = line.expression()?;
    line.finished()?;
    Ok(Statement {
        target,
        value,
        line: number,
    })
}

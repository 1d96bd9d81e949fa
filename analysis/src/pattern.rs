//! Access-pattern classes (Jang et al., seed-000 §1–2) and MAP ids (Fang & Varbanescu, seed-003 §1).
//!
//! **Patterns.** Jang classifies each row of the access matrix (one array dimension) over a
//! subset of its columns. We classify two subsets: the *across-threads* part (columns
//! `tid.x/y/z`: which lanes touch which elements) and the *within-thread* part (loop
//! columns: how one thread walks the array). Block ids only select the block's tile, so they
//! belong to neither part. A row over a part, with precedence (seed-000 §1.3):
//!
//! 1. a data-dependent index, or a floor division/remainder over the part's variables, is
//!    `random`;
//! 2. more than one non-zero coefficient adds `overlapping`;
//! 3. each non-zero coefficient adds `linear` (+1), `reverse` (−1) or `strided` (other);
//! 4. a non-zero constant or symbol term on a row with a non-zero coefficient adds `shifted`;
//! 5. a row without non-zero coefficients adds nothing (it is invariant).
//!
//! The access's class for the part is `random` if any row is; otherwise the tags of all rows
//! are pooled, `linear` is dropped when any other tag is present (`Y[i][i+j]` is
//! overlapping, `Y[i][2j]` strided, as in Jang's examples), and no tag left means `uniform`,
//! one means that tag, several mean `compound` (`Y[N−1−i]` is reverse and shifted).
//! Errata applied (seed-000 §8): a reverse index with a symbolic offset (`N−1−i`) is
//! compound, not plain reverse; a row with no coefficients (Jang leaves it unnamed) makes
//! the part `uniform`.
//!
//! **MAP ids.** For a rank-2 access, the eMAP is the 2×2 matrix of `(tid.y, tid.x)`
//! coefficients of (row index, column index), entries 0 or 1, numbered 01–16 by seed-003's
//! reconstructed table (§1.3, keyed on the matrix); the iMAP comes from the loop columns:
//! none is Single (1), one loop on the column index only is Row (2), one on the row index
//! only is Column (3), one on each is Block (4); Table 3 then requires the row index to
//! depend on threads (H) and/or the column index (L): Single both, Row H only, Column L
//! only, Block both or neither. The id is `100·iMAP + eMAP`. Neighbor (5) spans five
//! accesses, so a single access never has it; other strides and shapes have no id.
//!
//! Cost: linear in the size of the index trees.

use std::collections::BTreeSet;

use serde::{Serialize, Serializer};

use crate::expression::{LinearForm, Variable};
use crate::matrix::Access;

/// Jang's access-pattern classes, named as in the JSON report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Pattern {
    /// The part's variables do not move the address.
    Uniform,
    /// Each dimension advances by +1 with one variable.
    Linear,
    /// A dimension moves by −1 against its variable.
    Reverse,
    /// Linear with a constant or symbolic offset.
    Shifted,
    /// One dimension is driven by several variables.
    Overlapping,
    /// A coefficient other than ±1.
    Strided,
    /// Data-dependent or not affine in the part's variables.
    Random,
    /// Several of the above at once.
    Compound,
}

/// The across-threads and within-thread patterns of an access, and its MAP id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Classification {
    /// Pattern over the thread-id columns.
    pub across_threads: Pattern,
    /// Pattern over the loop columns.
    pub within_thread: Pattern,
    /// Fang's MAP id, for rank-2 accesses that have one.
    pub map: Option<MapId>,
}

/// Fang's intra-thread patterns (iMAP digits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntraThread {
    /// One element per thread (1).
    Single = 1,
    /// A walk along the row (2).
    Row = 2,
    /// A walk down the column (3).
    Column = 3,
    /// A two-dimensional block (4).
    Block = 4,
}

/// A MAP id: iMAP digit and eMAP number, printed as `100·iMAP + eMAP` (e.g. 108).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MapId {
    /// The intra-thread pattern.
    pub intra_thread: IntraThread,
    /// The eMAP number, 1–16.
    pub emap: u8,
}

impl MapId {
    /// The numeric id, e.g. 108 for Single on eMAP-08.
    pub fn number(&self) -> u32 {
        100 * self.intra_thread as u32 + u32::from(self.emap)
    }
}

impl Serialize for MapId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u32(self.number())
    }
}

/// eMAP matrices `[[M00, M01], [M10, M11]]` (rows: row index, column index; columns: tid.y, tid.x), numbered 01–16 (seed-003 §1.3).
const EMAPS: [[[i64; 2]; 2]; 16] = [
    [[0, 0], [0, 0]],
    [[0, 0], [0, 1]],
    [[0, 0], [1, 0]],
    [[0, 1], [0, 0]],
    [[1, 0], [0, 0]],
    [[0, 0], [1, 1]],
    [[0, 1], [0, 1]],
    [[1, 0], [0, 1]],
    [[1, 0], [1, 0]],
    [[0, 1], [1, 0]],
    [[1, 1], [0, 0]],
    [[1, 1], [1, 0]],
    [[0, 1], [1, 1]],
    [[1, 0], [1, 1]],
    [[1, 1], [0, 1]],
    [[1, 1], [1, 1]],
];

/// Classifies `access` (see the module essay).
pub fn classify(access: &Access) -> Classification {
    let forms: Option<Vec<LinearForm>> = access
        .indices
        .iter()
        .map(|index| index.linear().ok())
        .collect();
    let Some(forms) = forms else {
        return Classification {
            across_threads: Pattern::Random,
            within_thread: Pattern::Random,
            map: None,
        };
    };
    let is_loop = |variable: &Variable| matches!(variable, Variable::Loop(_));
    Classification {
        across_threads: part_pattern(&forms, &Variable::is_thread),
        within_thread: part_pattern(&forms, &is_loop),
        map: map_id(access, &forms),
    }
}

/// The pattern of the columns `in_part` selects.
fn part_pattern(forms: &[LinearForm], in_part: &dyn Fn(&Variable) -> bool) -> Pattern {
    let mut tags = BTreeSet::new();
    for form in forms {
        let quasi_in_part = form
            .quasi_affine
            .iter()
            .any(|(part, _)| part.variables().iter().any(in_part));
        if quasi_in_part {
            return Pattern::Random;
        }
        let coefficients: Vec<i64> = form
            .variables
            .iter()
            .filter(|(variable, _)| in_part(variable))
            .map(|(_, &coefficient)| coefficient)
            .collect();
        if coefficients.is_empty() {
            continue;
        }
        if coefficients.len() > 1 {
            tags.insert(Pattern::Overlapping);
        }
        tags.extend(coefficients.iter().map(|&coefficient| match coefficient {
            1 => Pattern::Linear,
            -1 => Pattern::Reverse,
            _ => Pattern::Strided,
        }));
        let symbolic = form
            .variables
            .keys()
            .any(|variable| matches!(variable, Variable::Symbol(_)));
        if form.constant != 0 || symbolic {
            tags.insert(Pattern::Shifted);
        }
    }
    if tags.len() > 1 {
        tags.remove(&Pattern::Linear);
    }
    let mut tags = tags.into_iter();
    match (tags.next(), tags.next()) {
        (None, _) => Pattern::Uniform,
        (Some(tag), None) => tag,
        _ => Pattern::Compound,
    }
}

/// Fang's MAP id of a rank-2 access with 0/1 thread coefficients, if it has one.
fn map_id(access: &Access, forms: &[LinearForm]) -> Option<MapId> {
    let [row, column] = forms else {
        return None;
    };
    let uses_z = forms
        .iter()
        .any(|form| form.coefficient(&Variable::ThreadZ) != 0);
    if uses_z || !row.is_affine() || !column.is_affine() {
        return None;
    }
    let thread_row = |form: &LinearForm| {
        [
            form.coefficient(&Variable::ThreadY),
            form.coefficient(&Variable::ThreadX),
        ]
    };
    let matrix = [thread_row(row), thread_row(column)];
    let emap = EMAPS.iter().position(|candidate| *candidate == matrix)? as u8 + 1;
    let intra_thread = intra_thread(access, row, column)?;
    let row_uses_threads = matrix[0] != [0, 0];
    let column_uses_threads = matrix[1] != [0, 0];
    let valid = match intra_thread {
        IntraThread::Single => row_uses_threads && column_uses_threads,
        IntraThread::Row => row_uses_threads && !column_uses_threads,
        IntraThread::Column => !row_uses_threads && column_uses_threads,
        IntraThread::Block => row_uses_threads == column_uses_threads,
    };
    valid.then_some(MapId { intra_thread, emap })
}

/// The iMAP from the loop columns: each loop with coefficient 1 in exactly one index.
fn intra_thread(access: &Access, row: &LinearForm, column: &LinearForm) -> Option<IntraThread> {
    let loops_in = |form: &LinearForm| -> Vec<(Variable, i64)> {
        form.variables
            .iter()
            .filter(|(variable, _)| matches!(variable, Variable::Loop(_)))
            .map(|(variable, &coefficient)| (variable.clone(), coefficient))
            .collect()
    };
    let (row_loops, column_loops) = (loops_in(row), loops_in(column));
    let unit_single = |loops: &[(Variable, i64)]| match loops {
        [] => Some(None),
        [(variable, 1)] => Some(Some(variable.clone())),
        _ => None,
    };
    let pattern = match (unit_single(&row_loops)?, unit_single(&column_loops)?) {
        (None, None) => IntraThread::Single,
        (None, Some(_)) => IntraThread::Row,
        (Some(_), None) => IntraThread::Column,
        (Some(row_loop), Some(column_loop)) if row_loop != column_loop => IntraThread::Block,
        _ => return None,
    };
    let loops_exist = row_loops
        .iter()
        .chain(&column_loops)
        .all(|(variable, _)| matches!(variable, Variable::Loop(id) if id.0 < access.loops.len()));
    loops_exist.then_some(pattern)
}

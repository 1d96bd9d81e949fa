//! Structured control flow: blocks, `scf.if`/`affine.if`, `scf.for`/`affine.for`, `scf.while`,
//! `scf.parallel`, and affine value ops.
//!
//! Model. A conditional splits the active threads by their condition and runs each branch with
//! its part (a branch with no thread is skipped); each part copies its branch's yielded values
//! into the results. A counted loop keeps the threads still iterating: each round drops (and
//! hands its iteration values to the results of) every thread whose induction variable reached
//! its own upper bound, runs the body for the rest, moves their yielded values into the
//! iteration arguments and steps their induction variables. `scf.while` alternates its before
//! block (whose `scf.condition` drops threads) and after block the same way. `scf.parallel`
//! is nested counted loops in row-major order (no reductions).
//!
//! Assumptions. Steps are positive (MLIR's requirement), else an error; induction variables wrap
//! at their width; every round of every loop counts against the options' iteration limit.
//!
//! Cost. Per round: the body's ops once for all iterating threads, plus copies of the carried
//! values of those threads.

use crate::affine::{AffineMap, IntegerSet};
use crate::error::Error;
use crate::integer::{compare, mask, sign_extend};
use crate::ir::{Block, Operation, ValueId};
use crate::ops::{IntegerPredicate, Op};

use super::values::{malformed, operands, result, Slot};
use super::Executor;

/// The per-thread loop control of one counted loop.
struct Counting {
    /// Exclusive upper bound per thread (indexed by thread id).
    upper: Vec<u64>,
    /// Step per thread.
    step: Vec<u64>,
    /// Bit width of the induction variable.
    width: u32,
    /// Compare unsigned instead of signed.
    unsigned: bool,
}

/// The loop body of a counted loop: runs for the given threads and returns the yielded values.
type Body<'b, 'k> = &'b mut dyn FnMut(&mut Executor<'k>, &[u32]) -> Result<&'k [ValueId], Error>;

/// What [`Executor::round_state`] compares between two rounds of a loop.
#[derive(PartialEq)]
struct RoundState {
    changes: u64,
    printed: usize,
    active: Vec<u32>,
    carried: Vec<Slot>,
}

/// The induction variable and the carried values of a counted loop's body.
fn loop_variables<'k>(
    operation: &Operation,
    body: &'k Block,
) -> Result<(ValueId, &'k [ValueId]), Error> {
    let (&induction, carried) = body
        .arguments
        .split_first()
        .ok_or_else(|| malformed(operation, "the body has no induction variable"))?;
    Ok((induction, carried))
}

impl<'k> Executor<'k> {
    /// Runs a block for `lanes` and returns its terminator's operands (none without terminator).
    pub(super) fn run_block(
        &mut self,
        block: &'k Block,
        lanes: &[u32],
    ) -> Result<&'k [ValueId], Error> {
        for operation in &block.operations {
            if matches!(operation.op, Op::Yield | Op::Condition | Op::Return) {
                return Ok(&operation.operands);
            }
            self.execute(operation, lanes)?;
        }
        Ok(&[])
    }

    /// Counts one loop round against the iteration limit.
    fn count_iteration(&mut self, operation: &Operation) -> Result<(), Error> {
        self.iterations += 1;
        if self.iterations > self.iteration_limit {
            return Err(Error::IterationLimit {
                location: operation.location.clone(),
                limit: self.iteration_limit,
            });
        }
        Ok(())
    }

    /// Splits `lanes` into the threads where `predicate` holds and the others.
    fn partition(
        &self,
        lanes: &[u32],
        mut predicate: impl FnMut(&Self, u32) -> Result<bool, Error>,
    ) -> Result<(Vec<u32>, Vec<u32>), Error> {
        let (mut yes, mut no) = (Vec::new(), Vec::new());
        for &t in lanes {
            if predicate(self, t)? {
                yes.push(t);
            } else {
                no.push(t);
            }
        }
        Ok((yes, no))
    }

    /// Runs `then` for `taken` and `otherwise` for `not_taken`, each yielding into the results.
    fn branch(
        &mut self,
        operation: &'k Operation,
        [then, otherwise]: [&'k Block; 2],
        [taken, not_taken]: [Vec<u32>; 2],
    ) -> Result<(), Error> {
        for (block, lanes) in [(then, taken), (otherwise, not_taken)] {
            if !lanes.is_empty() {
                let yielded = self.run_block(block, &lanes)?;
                self.copy_values(operation, yielded, &operation.results, &lanes)?;
            }
        }
        Ok(())
    }

    /// `func.call`: the arguments become the body's parameters, the returned values the results.
    pub(super) fn run_call(
        &mut self,
        operation: &'k Operation,
        body: &'k Block,
        lanes: &[u32],
    ) -> Result<(), Error> {
        self.copy_values(operation, &operation.operands, &body.arguments, lanes)?;
        let returned = self.run_block(body, lanes)?;
        self.copy_values(operation, returned, &operation.results, lanes)
    }

    /// A body of several blocks (`Op::Graph`): the lowest-numbered block that threads wait at
    /// runs for all of them; its terminator sends each thread on with its block arguments.
    pub(super) fn run_graph(
        &mut self,
        operation: &'k Operation,
        blocks: &'k [Block],
        lanes: &[u32],
    ) -> Result<(), Error> {
        let mut waiting: Vec<Vec<u32>> = vec![Vec::new(); blocks.len()];
        if let Some(first) = waiting.first_mut() {
            *first = lanes.to_vec();
        }
        while let Some(current) = waiting.iter().position(|threads| !threads.is_empty()) {
            self.count_iteration(operation)?;
            let threads = std::mem::take(&mut waiting[current]);
            let block = &blocks[current];
            for step in &block.operations {
                let mut send = |executor: &mut Self,
                                target: usize,
                                from: &'k [ValueId],
                                going: &[u32]| {
                    if going.is_empty() {
                        return Ok(());
                    }
                    let to = &blocks
                        .get(target)
                        .ok_or_else(|| malformed(step, "a branch to a block that is not there"))?
                        .arguments;
                    executor.copy_values(step, from, to, going)?;
                    let joined = &mut waiting[target];
                    joined.extend_from_slice(going);
                    joined.sort_unstable();
                    joined.dedup();
                    Ok::<(), Error>(())
                };
                match &step.op {
                    Op::Branch(target) => send(self, *target, &step.operands, &threads)?,
                    Op::CondBranch {
                        then,
                        otherwise,
                        then_arguments,
                    } => {
                        let (condition, arguments) = step
                            .operands
                            .split_first()
                            .ok_or_else(|| malformed(step, "no condition"))?;
                        let split = (*then_arguments).min(arguments.len());
                        let (taken, not_taken) = self.partition(&threads, |executor, t| {
                            Ok(executor.scalar(*condition, t) & 1 == 1)
                        })?;
                        send(self, *then, &arguments[..split], &taken)?;
                        send(self, *otherwise, &arguments[split..], &not_taken)?;
                    }
                    Op::Switch(switch) => {
                        let (flag, arguments) = step
                            .operands
                            .split_first()
                            .ok_or_else(|| malformed(step, "no flag"))?;
                        let mut remaining = threads.clone();
                        let mut start = switch.default_arguments;
                        for case in &switch.cases {
                            let end = (start + case.arguments).min(arguments.len());
                            let (taken, rest) = self.partition(&remaining, |executor, t| {
                                Ok(executor.signed(*flag, t) == case.value)
                            })?;
                            send(self, case.target, &arguments[start.min(end)..end], &taken)?;
                            remaining = rest;
                            start = end;
                        }
                        let defaults = switch.default_arguments.min(arguments.len());
                        send(self, switch.default, &arguments[..defaults], &remaining)?;
                    }
                    Op::Return => {}
                    _ => {
                        self.execute(step, &threads)?;
                        continue;
                    }
                }
                break;
            }
        }
        Ok(())
    }

    /// `scf.if`.
    pub(super) fn run_if(
        &mut self,
        operation: &'k Operation,
        then: &'k Block,
        otherwise: &'k Block,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [condition] = operands(operation)?;
        let (taken, not_taken) = self.partition(lanes, |executor, t| {
            Ok(executor.scalar(condition, t) & 1 == 1)
        })?;
        self.branch(operation, [then, otherwise], [taken, not_taken])
    }

    /// `affine.if`.
    pub(super) fn run_affine_if(
        &mut self,
        operation: &'k Operation,
        condition: &IntegerSet,
        then: &'k Block,
        otherwise: &'k Block,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let (taken, not_taken) = self.partition(lanes, |executor, t| {
            let inputs = executor.signed_operands(&operation.operands, t);
            condition
                .contains(&inputs)
                .map_err(|_| executor.trap(operation, t, "integer set divides by zero"))
        })?;
        self.branch(operation, [then, otherwise], [taken, not_taken])
    }

    /// The signed values of `values` in thread `t`.
    pub(super) fn signed_operands(&self, values: &[ValueId], t: u32) -> Vec<i64> {
        values.iter().map(|&value| self.signed(value, t)).collect()
    }

    /// The results of `map` on `values` in thread `t`.
    pub(super) fn evaluate_map(
        &self,
        operation: &Operation,
        map: &AffineMap,
        values: &[ValueId],
        t: u32,
    ) -> Result<Vec<i64>, Error> {
        if values.len() != map.inputs() {
            return Err(malformed(
                operation,
                format!(
                    "the map takes {} operands, {} given",
                    map.inputs(),
                    values.len()
                ),
            ));
        }
        let mut results = Vec::with_capacity(map.results.len());
        map.evaluate(&self.signed_operands(values, t), &mut results)
            .map_err(|_| self.trap(operation, t, "affine map divides by zero"))?;
        Ok(results)
    }

    /// `affine.apply`, `affine.min`, `affine.max`.
    pub(super) fn affine_value(
        &mut self,
        operation: &'k Operation,
        map: &AffineMap,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let value = result(operation)?;
        let width = self.element(value).bit_width();
        let single = matches!(operation.op, Op::AffineApply(_));
        if map.results.is_empty() || (single && map.results.len() != 1) {
            return Err(malformed(operation, "wrong number of map results"));
        }
        self.define(operation, value, lanes, |executor, t, out| {
            let results = executor.evaluate_map(operation, map, &operation.operands, t)?;
            let chosen = match operation.op {
                Op::AffineMax(_) => results.iter().max(),
                _ => results.iter().min(),
            };
            out[0] = chosen.map_or(0, |&value| value as u64 & mask(width));
            Ok(())
        })
    }

    /// Per-thread upper bounds and steps from `bounds`, checking that steps are positive.
    fn counting(
        &self,
        operation: &Operation,
        lanes: &[u32],
        width: u32,
        unsigned: bool,
        bounds: impl Fn(&Self, u32) -> Result<(u64, u64), Error>,
    ) -> Result<Counting, Error> {
        let mut counting = Counting {
            upper: vec![0; self.threads],
            step: vec![0; self.threads],
            width,
            unsigned,
        };
        for &t in lanes {
            let (upper, step) = bounds(self, t)?;
            if sign_extend(step, width) <= 0 {
                return Err(self.trap(
                    operation,
                    t,
                    format!("loop step {} is not positive", sign_extend(step, width)),
                ));
            }
            counting.upper[t as usize] = upper;
            counting.step[t as usize] = step;
        }
        Ok(counting)
    }

    /// Runs a counted loop whose induction variable and carried values already hold their
    /// initial values for `lanes`.
    fn counted_loop(
        &mut self,
        operation: &'k Operation,
        induction: ValueId,
        carried: &'k [ValueId],
        lanes: &[u32],
        counting: &Counting,
        body: Body<'_, 'k>,
    ) -> Result<(), Error> {
        let predicate = if counting.unsigned {
            IntegerPredicate::Ult
        } else {
            IntegerPredicate::Slt
        };
        let mut active = lanes.to_vec();
        loop {
            let (continuing, finished) = self.partition(&active, |executor, t| {
                Ok(compare(
                    predicate,
                    executor.scalar(induction, t),
                    counting.upper[t as usize],
                    counting.width,
                ))
            })?;
            self.copy_values(operation, carried, &operation.results, &finished)?;
            if continuing.is_empty() {
                return Ok(());
            }
            self.count_iteration(operation)?;
            let yielded = body(self, &continuing)?;
            self.copy_values(operation, yielded, carried, &continuing)?;
            self.define(operation, induction, &continuing, |_, t, value| {
                value[0] = value[0].wrapping_add(counting.step[t as usize]) & mask(counting.width);
                Ok(())
            })?;
            active = continuing;
        }
    }

    /// Runs the counted loop `operation` whose body is `body` (see [`Self::counted_loop`]).
    fn counted_body(
        &mut self,
        operation: &'k Operation,
        body: &'k Block,
        lanes: &[u32],
        counting: &Counting,
    ) -> Result<(), Error> {
        let (induction, carried) = loop_variables(operation, body)?;
        self.counted_loop(
            operation,
            induction,
            carried,
            lanes,
            counting,
            &mut |executor, lanes| executor.run_block(body, lanes),
        )
    }

    /// `scf.for`.
    pub(super) fn run_for(
        &mut self,
        operation: &'k Operation,
        unsigned: bool,
        body: &'k Block,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [lower, upper, step] = operands(operation)?;
        let (induction, carried) = loop_variables(operation, body)?;
        let width = self.element(induction).bit_width();
        self.copy_values(operation, &[lower], &[induction], lanes)?;
        self.copy_values(operation, &operation.operands[3..], carried, lanes)?;
        let counting = self.counting(operation, lanes, width, unsigned, |executor, t| {
            Ok((executor.scalar(upper, t), executor.scalar(step, t)))
        })?;
        self.counted_body(operation, body, lanes, &counting)
    }

    /// `affine.for`.
    pub(super) fn run_affine_for(
        &mut self,
        operation: &'k Operation,
        [lower, upper]: [&'k AffineMap; 2],
        step: i64,
        body: &'k Block,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let bounds_end = lower.inputs() + upper.inputs();
        if operation.operands.len() < bounds_end
            || lower.results.is_empty()
            || upper.results.is_empty()
        {
            return Err(malformed(operation, "bounds do not match the operands"));
        }
        let (lower_operands, rest) = operation.operands.split_at(lower.inputs());
        let (upper_operands, inits) = rest.split_at(upper.inputs());
        let (induction, carried) = loop_variables(operation, body)?;
        self.define(operation, induction, lanes, |executor, t, value| {
            let bounds = executor.evaluate_map(operation, lower, lower_operands, t)?;
            value[0] = bounds.into_iter().max().unwrap_or_default() as u64;
            Ok(())
        })?;
        self.copy_values(operation, inits, carried, lanes)?;
        let counting = self.counting(operation, lanes, 64, false, |executor, t| {
            let bounds = executor.evaluate_map(operation, upper, upper_operands, t)?;
            Ok((
                bounds.into_iter().min().unwrap_or_default() as u64,
                step as u64,
            ))
        })?;
        self.counted_body(operation, body, lanes, &counting)
    }

    /// `scf.while`.
    pub(super) fn run_while(
        &mut self,
        operation: &'k Operation,
        before: &'k Block,
        after: &'k Block,
        lanes: &[u32],
    ) -> Result<(), Error> {
        self.copy_values(operation, &operation.operands, &before.arguments, lanes)?;
        let mut active = lanes.to_vec();
        // Each round's state at its start is the last round's at its end: taken once a round.
        let mut start = self.round_state(&before.arguments, &active);
        loop {
            self.count_iteration(operation)?;
            let (&condition, forwarded) = self
                .run_block(before, &active)?
                .split_first()
                .ok_or_else(|| {
                    malformed(operation, "the before block must end in scf.condition")
                })?;
            let (continuing, finished) = self.partition(&active, |executor, t| {
                Ok(executor.scalar(condition, t) & 1 == 1)
            })?;
            self.copy_values(operation, forwarded, &operation.results, &finished)?;
            if continuing.is_empty() {
                return Ok(());
            }
            self.copy_values(operation, forwarded, &after.arguments, &continuing)?;
            let yielded = self.run_block(after, &continuing)?;
            self.copy_values(operation, yielded, &before.arguments, &continuing)?;
            active = continuing;
            let end = self.round_state(&before.arguments, &active);
            if end == start {
                return Err(Error::Spin {
                    location: operation.location.clone(),
                });
            }
            start = end;
        }
    }

    /// All that one round of a loop can change: memory, the printed output, which threads
    /// run and their carried values. A round that leaves it as it was will repeat forever.
    fn round_state(&self, carried: &[ValueId], active: &[u32]) -> RoundState {
        RoundState {
            changes: self.memory.changes,
            printed: self.output.len(),
            active: active.to_vec(),
            carried: carried
                .iter()
                .map(|&value| self.slots[value.0 as usize].gather(active))
                .collect(),
        }
    }

    /// `scf.parallel` (without reductions).
    pub(super) fn run_parallel(
        &mut self,
        operation: &'k Operation,
        body: &'k Block,
        lanes: &[u32],
    ) -> Result<(), Error> {
        if operation.operands.len() != 3 * body.arguments.len() || !operation.results.is_empty() {
            return Err(malformed(
                operation,
                "scf.parallel with reductions is not supported",
            ));
        }
        self.parallel_dimension(operation, body, 0, lanes)
    }

    /// Runs dimensions `dimension..` of an `scf.parallel` for `lanes`.
    fn parallel_dimension(
        &mut self,
        operation: &'k Operation,
        body: &'k Block,
        dimension: usize,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let rank = body.arguments.len();
        if dimension == rank {
            return self.run_block(body, lanes).map(|_| ());
        }
        let induction = body.arguments[dimension];
        let [lower, upper, step] =
            [0, 1, 2].map(|segment| operation.operands[segment * rank + dimension]);
        let width = self.element(induction).bit_width();
        self.copy_values(operation, &[lower], &[induction], lanes)?;
        let counting = self.counting(operation, lanes, width, false, |executor, t| {
            Ok((executor.scalar(upper, t), executor.scalar(step, t)))
        })?;
        self.counted_loop(
            operation,
            induction,
            &[],
            lanes,
            &counting,
            &mut |executor, lanes| {
                executor.parallel_dimension(operation, body, dimension + 1, lanes)?;
                Ok(&[])
            },
        )
    }
}

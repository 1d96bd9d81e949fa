//! The memory trace: per memory op, every warp request's lane addresses and the measured metrics.
//!
//! Model. A memory op executes for all active threads of a block at once; its threads fall into
//! warps of 32 consecutive linear thread ids (`tid.x + tid.y·Bx + tid.z·Bx·By`), and each warp
//! with an active thread issues one request: the byte address of every lane (`None` when the
//! lane is inactive) and the bytes each lane accesses. Requests feed the analysis crate's
//! [`MetricsAccumulator`] (the same definitions as the static analysis: sectors per request,
//! bank-conflict degree, distinct addresses), one accumulator per op.
//!
//! Notation. Ops are listed in the kernel's pre-order; each is named by its location and MLIR
//! op name. A vector access of `n` elements whose elements are contiguous is one request of
//! `n · element_bytes`; a strided one is `n` requests of one element each.
//!
//! Assumptions. Masked-off or padded elements of a transfer still count in the requests of
//! their lane, which start at the lane's element 0 (the hardware would issue the vector access
//! of the whole lane); a lane whose elements are all masked off or out of bounds issues none.
//!
//! Cost. O(32 log 32) per request for the metrics; raw requests are kept only on request.
//! Every metric is unchanged when all addresses of a request move by a multiple of
//! `Q = lcm(32, bank shift period)` bytes (the static analysis's premise, `analysis::metrics`),
//! so each op remembers, per residue modulo `Q` of its first active lane's address, the last
//! request relative to that lane: a loop that shifts the request per iteration costs one
//! comparison of 32 offsets per request instead of the metrics.

use std::collections::HashMap;

use analysis::request::{shift_period, Metrics, MetricsAccumulator, Request};
use analysis::target::BankModel;

use crate::ir::{Kernel, MemorySpace, Operation};
use crate::ops::Op;

/// Threads per warp.
pub const WARP_SIZE: usize = 32;

/// Whether an op reads or writes memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessKind {
    /// A read.
    Load,
    /// A write.
    Store,
}

/// One warp request as measured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarpRequest {
    /// Byte address per lane, `None` for an inactive lane.
    pub addresses: Vec<Option<u64>>,
    /// Bytes each active lane accesses.
    pub access_bytes: u32,
}

/// What one memory op did over the whole launch.
#[derive(Clone, Debug, PartialEq)]
pub struct AccessTrace {
    /// The op's location.
    pub location: String,
    /// The MLIR op name.
    pub op: String,
    /// Read or write.
    pub kind: AccessKind,
    /// The memory space accessed (`None` if the op never ran).
    pub space: Option<MemorySpace>,
    /// Measured metrics over all its requests.
    pub metrics: Metrics,
    /// The running totals the metrics average: requests, sectors, wavefronts, ideal
    /// wavefronts and distinct addresses summed over all its requests.
    pub totals: MetricsAccumulator,
    /// Every request, in execution order, when the options asked to keep them.
    pub requests: Vec<WarpRequest>,
    /// The totals over the blocks where the op ran for the most threads: a guarded kernel's
    /// interior blocks, where its edge guards hold for every thread (what the static
    /// analysis's interior-block metrics claim), if the grid has one.
    pub fullest_blocks: MetricsAccumulator,
    /// How many threads it ran for in each of those blocks (over all its executions).
    pub fullest_block_lanes: u64,
}

/// The trace of one launch.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    /// Every memory op of the kernel, in pre-order.
    pub accesses: Vec<AccessTrace>,
    /// What host code printed (runner-utils printers); empty for a kernel.
    pub output: String,
    /// The kernels host code launched, in order; empty for a kernel.
    pub launches: Vec<Launch>,
}

/// One launch made by host code.
#[derive(Clone, Debug, PartialEq)]
pub struct Launch {
    /// The launched kernel.
    pub kernel: String,
    /// Grid size in blocks.
    pub grid: [u32; 3],
    /// Block size in threads.
    pub block: [u32; 3],
    /// FNV-1a of each argument's elements after the launch (`None` for a scalar).
    pub digests: Vec<Option<u64>>,
    /// The memory buffer (in allocation order) each argument views (`None` for a scalar): an
    /// inline `gpu.launch` passes its captured values in the order of their first use, which
    /// a rewrite may change, so two runs' arguments pair by buffer.
    pub buffers: Vec<Option<usize>>,
    /// The launch's own trace.
    pub trace: Trace,
}

impl Trace {
    /// The first access at `location`.
    pub fn access(&self, location: &str) -> Option<&AccessTrace> {
        self.accesses
            .iter()
            .find(|access| access.location == location)
    }
}

/// Read or write, for the memory ops; `None` for every other op.
fn access_kind(op: &Op) -> Option<AccessKind> {
    match op {
        Op::Load | Op::AffineLoad(_) | Op::VectorLoad | Op::TransferRead(_) => {
            Some(AccessKind::Load)
        }
        // An atomic read-modify-write is counted with the stores: it writes.
        Op::Store
        | Op::AffineStore(_)
        | Op::VectorStore
        | Op::TransferWrite(_)
        | Op::AtomicRmw(_) => Some(AccessKind::Store),
        _ => None,
    }
}

/// A request up to a shift by a multiple of the metrics' period, with its metrics.
#[derive(Clone, PartialEq)]
struct Shape {
    /// Each lane's address minus the first active lane's (`None`: inactive).
    offsets: [Option<u64>; WARP_SIZE],
    /// The first active lane's address modulo the period.
    residue: u64,
    /// Bytes per lane.
    access_bytes: u32,
}

impl Shape {
    /// The shape of `addresses` (at least one lane active) under `period`.
    fn of(addresses: &[Option<u64>; WARP_SIZE], access_bytes: u32, period: u64) -> Shape {
        let first = addresses.iter().flatten().next().copied().unwrap_or(0);
        Shape {
            offsets: addresses.map(|address| address.map(|address| address.wrapping_sub(first))),
            residue: first % period,
            access_bytes,
        }
    }
}

/// Collects requests during a launch.
pub(crate) struct Recorder {
    index: HashMap<*const Operation, usize>,
    accesses: Vec<AccessTrace>,
    accumulators: Vec<MetricsAccumulator>,
    /// Per op and residue of the first active address modulo `period`: the last request
    /// shape and its single-request metrics (filled on first use).
    last: Vec<Vec<Option<(Shape, MetricsAccumulator)>>>,
    /// `Q`: every metric's period in bytes.
    period: u64,
    keep_requests: bool,
    bank_model: BankModel,
    /// Per op: its requests in the block running now.
    block: Vec<MetricsAccumulator>,
    /// Per op: its requests in the blocks where it ran for the most threads, and that number.
    fullest: Vec<(MetricsAccumulator, u64)>,
}

impl Recorder {
    /// A recorder for every memory op of `kernel`.
    pub(crate) fn new(kernel: &Kernel, keep_requests: bool, bank_model: BankModel) -> Recorder {
        let mut index = HashMap::new();
        let mut accesses = Vec::new();
        kernel.body.walk(&mut |operation| {
            if let Some(kind) = access_kind(&operation.op) {
                index.insert(operation as *const Operation, accesses.len());
                accesses.push(AccessTrace {
                    location: operation.location.clone(),
                    op: operation.op.name().to_string(),
                    kind,
                    space: None,
                    metrics: MetricsAccumulator::default().metrics(),
                    totals: MetricsAccumulator::default(),
                    requests: Vec::new(),
                    fullest_blocks: MetricsAccumulator::default(),
                    fullest_block_lanes: 0,
                });
            }
        });
        Recorder {
            accumulators: vec![MetricsAccumulator::default(); accesses.len()],
            last: vec![Vec::new(); accesses.len()],
            block: vec![Default::default(); accesses.len()],
            fullest: vec![Default::default(); accesses.len()],
            period: shift_period(bank_model),
            index,
            accesses,
            keep_requests,
            bank_model,
        }
    }

    /// Records one execution of `operation`: `addresses[i]` is the address of thread `lanes[i]`
    /// (ascending), each accessing `access_bytes`.
    pub(crate) fn record(
        &mut self,
        operation: &Operation,
        space: MemorySpace,
        lanes: &[u32],
        addresses: &[u64],
        access_bytes: u32,
    ) {
        let position = self.index[&(operation as *const Operation)];
        self.accesses[position].space = Some(space);
        let mut warp_addresses = [None; WARP_SIZE];
        let mut start = 0;
        while start < lanes.len() {
            let warp = lanes[start] as usize / WARP_SIZE;
            let mut end = start;
            while end < lanes.len() && lanes[end] as usize / WARP_SIZE == warp {
                warp_addresses[lanes[end] as usize % WARP_SIZE] = Some(addresses[end]);
                end += 1;
            }
            self.count(position, &warp_addresses, access_bytes);
            if self.keep_requests {
                self.accesses[position].requests.push(WarpRequest {
                    addresses: warp_addresses.to_vec(),
                    access_bytes,
                });
            }
            warp_addresses = [None; WARP_SIZE];
            start = end;
        }
    }

    /// Adds one warp request (at least one lane active) to the totals of access `position`.
    fn count(&mut self, position: usize, addresses: &[Option<u64>; WARP_SIZE], access_bytes: u32) {
        let shape = Shape::of(addresses, access_bytes, self.period);
        let slots = &mut self.last[position];
        if slots.is_empty() {
            slots.resize(self.period as usize, None);
        }
        let slot = &mut slots[shape.residue as usize];
        let single = match slot {
            Some((last, single)) if *last == shape => single.clone(),
            _ => {
                let mut single = MetricsAccumulator::default();
                let request = Request {
                    addresses,
                    access_bytes,
                };
                single.add(&request, self.bank_model);
                *slot = Some((shape, single.clone()));
                single
            }
        };
        self.accumulators[position].merge(&single, 1);
        self.block[position].merge(&single, 1);
    }

    /// Ends a block: each op's requests in it join the fullest blocks' where it ran for as
    /// many threads as there, or replace them where it ran for more.
    pub(crate) fn end_block(&mut self) {
        for (block, fullest) in self.block.iter_mut().zip(&mut self.fullest) {
            let requests = std::mem::take(block);
            if requests.lanes > fullest.1 {
                *fullest = (requests.clone(), requests.lanes);
            } else if requests.lanes == fullest.1 && requests.lanes > 0 {
                fullest.0.merge(&requests, 1);
            }
        }
    }

    /// The finished trace.
    pub(crate) fn finish(mut self) -> Trace {
        for ((access, accumulator), fullest) in self
            .accesses
            .iter_mut()
            .zip(self.accumulators)
            .zip(self.fullest)
        {
            access.metrics = accumulator.metrics();
            access.totals = accumulator;
            (access.fullest_blocks, access.fullest_block_lanes) = fullest;
        }
        Trace {
            accesses: self.accesses,
            output: String::new(),
            launches: Vec::new(),
        }
    }
}

//! Running the calibration cases on the GPU.
//!
//! Model. The module is loaded once; each table is allocated and filled on the device the
//! first time a case names it (`chase_init`, `identity_init`) and kept for later cases;
//! constant tables are uploaded to their `.const` symbols before the case; a case with
//! `flush` first copies a buffer twice the size of the largest L2 (2 × 64 MiB) so its loads
//! miss in L2. Every case runs once to warm up, then [`REPEATS`] times: latency cases read
//! the kernel's cycle count after each launch, throughput cases are timed with CUDA events.
//!
//! Cost. About 150 cases × 6 launches; the B7 copies move 2 GiB each, so a run takes seconds.

use std::collections::HashMap;

use crate::cuda::{self, DeviceBuffer, Function, Gpu, Module, Timer};
use crate::error::Result;
use crate::parameters::Parameter;
use crate::result;

use super::fit::Row;
use super::pack;
use super::plan::{
    Argument, Case, ConstantTable, Measure, Table, CONSTANT_CHASE_WORDS, CONSTANT_IDENTITY_WORDS,
};

/// Timed launches per case (after one warm-up launch).
pub const REPEATS: usize = 5;
/// Bytes copied to evict L2 before a `flush` case: twice the 50 MiB L2 of an H100, rounded up.
const FLUSH_BYTES: usize = 128 << 20;
/// Threads per block and blocks of the table-filling kernels (grid-stride).
const FILL_SHAPE: ([u32; 3], [u32; 3]) = ([1024, 1, 1], [256, 1, 1]);
/// Bytes of the sink buffer (one word per thread of the largest block).
const SINK_BYTES: usize = 4 * 1024;

/// Device state shared by the cases of one run.
struct Bench<'a> {
    gpu: &'a Gpu,
    module: Module,
    tables: HashMap<Table, DeviceBuffer>,
    cycles: DeviceBuffer,
    sink: DeviceBuffer,
    flush: Option<(DeviceBuffer, DeviceBuffer)>,
}

impl Bench<'_> {
    /// The device buffer of `table`, filled the first time.
    fn table(&mut self, table: Table) -> Result<u64> {
        if let Some(buffer) = self.tables.get(&table) {
            return Ok(buffer.address());
        }
        let buffer = self.gpu.allocate(table.bytes() as usize)?;
        let (name, mut parameters) = match table {
            Table::Chase { words, stride } => (
                "chase_init",
                vec![word(buffer.address()), int(words), int(stride)],
            ),
            Table::Identity { words } => {
                ("identity_init", vec![word(buffer.address()), int(words)])
            }
            Table::Scratch { .. } => ("", Vec::new()),
        };
        if !name.is_empty() {
            let function = self.module.function(name)?;
            let (grid, block) = FILL_SHAPE;
            self.gpu
                .launch(&function, grid, block, 0, &mut parameters)?;
            self.gpu.synchronize()?;
        }
        let address = buffer.address();
        self.tables.insert(table, buffer);
        Ok(address)
    }

    /// Uploads a constant table to its symbol.
    fn constant(&self, table: ConstantTable) -> Result<()> {
        let (symbol, values): (&str, Vec<u32>) = match table {
            ConstantTable::Chase { words, stride } => (
                "constant_chase",
                (0..CONSTANT_CHASE_WORDS)
                    .map(|index| (index + stride) % words)
                    .collect(),
            ),
            ConstantTable::Identity => {
                ("constant_identity", (0..CONSTANT_IDENTITY_WORDS).collect())
            }
        };
        let bytes: Vec<u8> = values
            .iter()
            .flat_map(|value| value.to_le_bytes())
            .collect();
        let (pointer, room) = self.module.global(symbol)?;
        cuda::upload_to(pointer, room, &bytes)
    }

    /// Runs `case`: one warm-up launch, then [`REPEATS`] measured ones.
    fn run(&mut self, case: &Case) -> Result<Row> {
        if let Some(table) = case.constant {
            self.constant(table)?;
        }
        let mut addresses = Vec::with_capacity(case.parameters.len());
        for argument in &case.parameters {
            addresses.push(match argument {
                Argument::Table(table) => self.table(*table)?,
                Argument::Cycles => self.cycles.address(),
                Argument::Sink => self.sink.address(),
                Argument::Int(_) | Argument::Long(_) => 0,
            });
        }
        let mut parameters: Vec<Vec<u8>> = pack(case, &addresses)
            .into_iter()
            .map(|parameter: Parameter| parameter.bytes)
            .collect();
        let function = self.module.function(case.kernel)?;
        let mut values = Vec::with_capacity(REPEATS);
        for repeat in 0..=REPEATS {
            if case.flush {
                self.flush()?;
            }
            let value = self.launch(case, &function, &mut parameters)?;
            if repeat > 0 {
                values.push(value);
            }
        }
        let unit = match case.measure {
            Measure::Cycles { .. } => "cycles",
            Measure::Bandwidth { .. } => "GB/s",
        };
        Ok(Row::new(case, unit, &values))
    }

    /// One launch of `case`, measured.
    fn launch(&self, case: &Case, function: &Function, parameters: &mut [Vec<u8>]) -> Result<f64> {
        let (grid, block) = ([case.blocks, 1, 1], [case.threads, 1, 1]);
        match case.measure {
            Measure::Cycles { operations } => {
                self.gpu.launch(function, grid, block, 0, parameters)?;
                self.gpu.synchronize()?;
                let bytes = self.cycles.download()?;
                let cycles = i64::from_le_bytes(bytes[..8].try_into().expect("8 bytes"));
                Ok(cycles as f64 / operations as f64)
            }
            Measure::Bandwidth { bytes } => {
                let timer = Timer::new()?;
                timer.start()?;
                self.gpu.launch(function, grid, block, 0, parameters)?;
                Ok(result::gbps(bytes, timer.stop()?))
            }
        }
    }

    /// Evicts L2 with a device-to-device copy of [`FLUSH_BYTES`].
    fn flush(&mut self) -> Result<()> {
        if self.flush.is_none() {
            self.flush = Some((
                self.gpu.allocate(FLUSH_BYTES)?,
                self.gpu.allocate(FLUSH_BYTES)?,
            ));
        }
        let (from, to) = self.flush.as_ref().expect("allocated above");
        self.gpu.copy(to, from, FLUSH_BYTES)?;
        self.gpu.synchronize()
    }
}

/// The parameter bytes of a 64-bit word.
fn word(value: u64) -> Vec<u8> {
    value.to_le_bytes().to_vec()
}

/// The parameter bytes of a 32-bit unsigned integer.
fn int(value: u32) -> Vec<u8> {
    value.to_le_bytes().to_vec()
}

/// Runs every case of `cases` from the PTX `image` on `gpu`.
pub fn run(gpu: &Gpu, image: &[u8], cases: &[Case]) -> Result<Vec<Row>> {
    let mut bench = Bench {
        gpu,
        module: gpu.load_module(image)?,
        tables: HashMap::new(),
        cycles: gpu.allocate(8)?,
        sink: gpu.allocate(SINK_BYTES)?,
        flush: None,
    };
    let mut rows = Vec::with_capacity(cases.len());
    for case in cases {
        eprintln!(
            "calibrate: {} {}: {}",
            case.bench, case.kernel, case.variant
        );
        rows.push(bench.run(case)?);
    }
    Ok(rows)
}

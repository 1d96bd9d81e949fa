//! One launch from a description: fill, launch, check outputs, time, write the result.
//!
//! Model. [`check`] validates a description against its PTX without a GPU (the `.entry`
//! exists and takes exactly the parameters the description packs). [`execute`] then, on the
//! GPU: loads the module, fills every buffer argument with the interpreter's generator and
//! uploads it (through its layout) to its own device buffer and/or (row-major) to its
//! `.const` symbol, packs the parameters, launches once and writes the outputs (so in-place
//! kernels give the output of one launch on the generated inputs, comparable across variants
//! and with the interpreter), then launches `warmup` times untimed and `repeats` times each
//! between two CUDA events, and writes `result.json` with the median.
//!
//! Cost. Filling is linear in the data on the CPU; the timed part is the kernel alone.

use std::path::Path;

use crate::cuda::{self, DeviceBuffer, Gpu, Module, Timer};
use crate::description::{ArgumentKind, Description, MemRef};
use crate::error::{Error, Result};
use crate::files;
use crate::layout;
use crate::output::Elements;
use crate::parameters;
use crate::result::{self, LaunchResult, OutputFile};

/// Shared memory a kernel may use without opting in, in bytes.
const DEFAULT_SHARED_LIMIT: u32 = 48 * 1024;

/// Whether `image` is an ELF cubin rather than PTX text.
fn is_cubin(image: &[u8]) -> bool {
    image.starts_with(b"\x7fELF")
}

/// Checks `description` against the module `image` (PTX is checked, a cubin is trusted).
pub fn check(description: &Description, image: &[u8]) -> Result<()> {
    if is_cubin(image) {
        return Ok(());
    }
    let ptx = std::str::from_utf8(image)
        .map_err(|_| Error::Invalid("the PTX is not UTF-8 text".into()))?;
    let entry = parameters::entry_sizes(ptx, &description.kernel)?;
    let placeholders = vec![Some(0); description.arguments.len()];
    let packed = parameters::pack(description, &placeholders)?;
    parameters::check(&packed, &entry, &description.kernel)
}

/// Runs the description read from `path` on `gpu`, writing outputs and `result.json` into
/// `out`.
pub fn execute(
    gpu: &Gpu,
    description: &Description,
    path: &Path,
    out: &Path,
) -> Result<LaunchResult> {
    let image = files::read_bytes(&description.ptx_path(path))?;
    check(description, &image)?;
    let module = gpu.load_module(&image)?;
    let function = module.function(&description.kernel)?;
    if description.shared_bytes > DEFAULT_SHARED_LIMIT {
        function.allow_shared(description.shared_bytes)?;
    }
    let (buffers, addresses) = upload_arguments(gpu, &module, description)?;
    let mut packed: Vec<Vec<u8>> = parameters::pack(description, &addresses)?
        .into_iter()
        .map(|parameter| parameter.bytes)
        .collect();
    let launch = |packed: &mut [Vec<u8>]| {
        gpu.launch(
            &function,
            description.grid,
            description.block,
            description.shared_bytes,
            packed,
        )
    };
    launch(&mut packed)?;
    gpu.synchronize()?;
    let outputs = write_outputs(description, out, |index, _| {
        buffers[index]
            .as_ref()
            .map(DeviceBuffer::download)
            .transpose()
    })?;
    for _ in 0..description.warmup {
        launch(&mut packed)?;
    }
    gpu.synchronize()?;
    let timer = Timer::new()?;
    let mut ms_all = Vec::with_capacity(description.repeats as usize);
    for _ in 0..description.repeats {
        timer.start()?;
        launch(&mut packed)?;
        ms_all.push(timer.stop()?);
    }
    let ms_median = result::median(&ms_all);
    let launched = LaunchResult {
        version: crate::description::VERSION,
        kernel: description.kernel.clone(),
        device: gpu.name().to_string(),
        ms_median,
        ms_all,
        gbps: description
            .bytes_moved
            .map(|bytes| result::gbps(bytes, ms_median)),
        outputs,
    };
    launched.save(&out.join("result.json"))?;
    Ok(launched)
}

/// Device buffers of the memref parameters (by argument index) and their addresses.
type Uploaded = (Vec<Option<DeviceBuffer>>, Vec<Option<u64>>);

/// Fills and uploads every memref argument: to its own buffer if it is a parameter, to its
/// `.const` symbol if it has one.
fn upload_arguments(gpu: &Gpu, module: &Module, description: &Description) -> Result<Uploaded> {
    let mut buffers = Vec::with_capacity(description.arguments.len());
    for argument in &description.arguments {
        let ArgumentKind::Memref(memref) = &argument.kind else {
            buffers.push(None);
            continue;
        };
        let host = memref.host_data()?;
        let bytes = layout::scatter(memref, &host.data);
        if let Some(symbol) = &memref.constant {
            // A constant global has the identity layout: the elements, row-major.
            let dense = layout::encode(&host.data, memref.element.bytes());
            let (address, room) = module.global(symbol)?;
            cuda::upload_to(address, room, &dense).map_err(|error| {
                Error::Invalid(format!(
                    "argument '{}' into '{symbol}': {error}",
                    argument.name
                ))
            })?;
        }
        if memref.parameter {
            let buffer = gpu.allocate(bytes.len())?;
            buffer.upload(&bytes)?;
            buffers.push(Some(buffer));
        } else {
            buffers.push(None);
        }
    }
    let addresses = buffers
        .iter()
        .map(|buffer| buffer.as_ref().map(DeviceBuffer::address))
        .collect();
    Ok((buffers, addresses))
}

/// Writes every output argument, whose device bytes `bytes_of(index, memref)` gives;
/// returns what was written.
fn write_outputs(
    description: &Description,
    out: &Path,
    mut bytes_of: impl FnMut(usize, &MemRef) -> Result<Option<Vec<u8>>>,
) -> Result<Vec<OutputFile>> {
    let mut written = Vec::new();
    for (index, argument) in description.arguments.iter().enumerate() {
        let ArgumentKind::Memref(memref) = &argument.kind else {
            continue;
        };
        let Some(format) = memref.output else {
            continue;
        };
        let Some(bytes) = bytes_of(index, memref)? else {
            continue;
        };
        let bits = layout::gather(memref, &bytes);
        let file = format!("{}.{}", argument.name, format.extension());
        Elements::exact(memref.element, bits).write(&out.join(&file), format)?;
        written.push(OutputFile {
            name: argument.name.clone(),
            path: file.into(),
            format,
            element: memref.element,
            shape: memref.shape.clone(),
        });
    }
    Ok(written)
}

/// The device that [`dry_run`] reports.
pub const DRY_RUN_DEVICE: &str = "dry run (no GPU)";

/// Everything [`execute`] does without a GPU: checks the PTX, fills every argument, and
/// writes each output as it was filled (no kernel runs; no times). It proves a description
/// and its files on the build machine before they are carried to a GPU.
pub fn dry_run(description: &Description, path: &Path, out: &Path) -> Result<LaunchResult> {
    check(
        description,
        &files::read_bytes(&description.ptx_path(path))?,
    )?;
    let outputs = write_outputs(description, out, |_, memref| {
        let host = memref.host_data()?;
        Ok(Some(layout::scatter(memref, &host.data)))
    })?;
    let launched = LaunchResult {
        version: crate::description::VERSION,
        kernel: description.kernel.clone(),
        device: DRY_RUN_DEVICE.to_string(),
        ms_median: 0.0,
        ms_all: Vec::new(),
        gbps: None,
        outputs,
    };
    launched.save(&out.join("result.json"))?;
    Ok(launched)
}

//! Running a compiled program on an NVIDIA GPU where one is present, with gpu-mem-opt-runner's
//! CUDA driver bindings: the arrays in device buffers of their own, filled with the initial
//! values, each statement's kernel launched in program order with the grid and block its host
//! code launches it with ([`crate::emit::grid`], [`crate::emit::BLOCK`]), and the arrays read
//! back for [`crate::Compiled::check`].
//!
//! Each launch is described the way the runner describes one ([`launches`]: a
//! [`Description`] whose memref arguments are the statement's arrays, packed under MLIR's
//! memref-descriptor convention) and checked against the PTX's `.entry` before anything runs
//! ([`check`]), which a machine without a GPU checks as well (the tests). Constant memory needs
//! no copying: the host code in the module launches the kernels, so the pass leaves their
//! arguments out of it.

use runner::{
    cuda::{self, Gpu},
    description::{Argument, ArgumentKind, Convention, Description, Element, MemRef, VERSION},
    launch, parameters,
};

use crate::{emit, Compiled, Error};

/// A run on the GPU: the device's name and every array afterwards, in declaration order.
pub type GpuRun = (String, Vec<Vec<f32>>);

/// One statement's launch: its description and the arrays it passes, in parameter order.
pub struct Launch {
    /// The launch as the runner describes it (PTX path unused: the module is in memory).
    pub description: Description,
    /// The program's arrays, by declaration index, in parameter order.
    pub arrays: Vec<usize>,
}

/// The runner's `f32`.
fn f32_element() -> Element {
    Element::parse("f32").expect("f32 is an element type")
}

/// Every statement's launch, in program order.
pub fn launches(compiled: &Compiled) -> Vec<Launch> {
    let program = &compiled.program;
    program
        .statements
        .iter()
        .enumerate()
        .map(|(number, statement)| {
            let arrays = emit::arrays_of(program, statement);
            let arguments = arrays
                .iter()
                .map(|&array| Argument {
                    name: program.arrays[array].name.clone(),
                    kind: ArgumentKind::Memref(MemRef::zeros(
                        f32_element(),
                        program.arrays[array].shape.to_vec(),
                    )),
                })
                .collect();
            let [x, y] = emit::grid(program, statement);
            Launch {
                description: Description {
                    version: VERSION,
                    ptx: "kernels.ptx".into(),
                    kernel: format!("s{number}"),
                    grid: [x as u32, y as u32, 1],
                    block: [emit::BLOCK[0] as u32, emit::BLOCK[1] as u32, 1],
                    shared_bytes: 0,
                    convention: Convention::MemrefDescriptor,
                    arguments,
                    warmup: 0,
                    repeats: 0,
                    bytes_moved: None,
                },
                arrays,
            }
        })
        .collect()
}

/// Checks every launch against the PTX: its `.entry` exists and takes exactly the parameters
/// the launch packs.
pub fn check(compiled: &Compiled) -> Result<(), Error> {
    checked(compiled).map(|_| ())
}

/// Every launch ([`launches`]), each checked against the PTX.
fn checked(compiled: &Compiled) -> Result<Vec<Launch>, Error> {
    let launches = launches(compiled);
    for launch in &launches {
        launch::check(&launch.description, compiled.ptx.as_bytes())
            .map_err(|error| Error::Gpu(error.to_string()))?;
    }
    Ok(launches)
}

/// Checks every launch against the PTX ([`check`]), then runs the optimized program on the
/// GPU: the device's name and the arrays afterwards, or `None` where no CUDA driver is present.
pub fn run(compiled: &Compiled) -> Result<Option<GpuRun>, Error> {
    let launches = checked(compiled)?;
    if !cuda::driver_present() {
        return Ok(None);
    }
    let failed = |error: runner::error::Error| Error::Gpu(error.to_string());
    let gpu = Gpu::open().map_err(failed)?;
    let module = gpu.load_module(compiled.ptx.as_bytes()).map_err(failed)?;
    let buffers = compiled
        .initial
        .iter()
        .map(|values| {
            let bytes: Vec<u8> = values
                .iter()
                .flat_map(|value| value.to_le_bytes())
                .collect();
            let buffer = gpu.allocate(bytes.len()).map_err(failed)?;
            buffer.upload(&bytes).map_err(failed)?;
            Ok(buffer)
        })
        .collect::<Result<Vec<_>, Error>>()?;
    for launch in &launches {
        let function = module
            .function(&launch.description.kernel)
            .map_err(failed)?;
        let addresses: Vec<Option<u64>> = launch
            .arrays
            .iter()
            .map(|&array| Some(buffers[array].address()))
            .collect();
        let mut packed: Vec<Vec<u8>> = parameters::pack(&launch.description, &addresses)
            .map_err(failed)?
            .into_iter()
            .map(|parameter| parameter.bytes)
            .collect();
        let description = &launch.description;
        gpu.launch(
            &function,
            description.grid,
            description.block,
            0,
            &mut packed,
        )
        .map_err(failed)?;
    }
    gpu.synchronize().map_err(failed)?;
    let arrays = buffers
        .iter()
        .map(|buffer| {
            let bytes = buffer.download().map_err(failed)?;
            Ok(bytes
                .chunks_exact(4)
                .map(|word| f32::from_le_bytes([word[0], word[1], word[2], word[3]]))
                .collect())
        })
        .collect::<Result<Vec<Vec<f32>>, Error>>()?;
    Ok(Some((gpu.name().to_string(), arrays)))
}

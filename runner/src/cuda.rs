//! The CUDA driver, loaded at run time: device, module, device buffers, launches, event timers.
//!
//! Model. [`Gpu::open`] first checks that `libcuda.so` can be loaded at all (cudarc's dynamic
//! loading would otherwise panic on the first call) and reports [`Error::NoDriver`] when not;
//! then it retains device 0's primary context and makes it current on this thread. Everything
//! runs on the default stream of that context, in order, from one thread. Handles free
//! themselves when dropped ([`Module`], [`DeviceBuffer`], [`Timer`]).
//!
//! PTX is JIT-compiled by the driver with its error log captured, so an unsupported PTX
//! version or a malformed module is reported with the driver's own message.
//!
//! Assumptions. One device (ordinal 0); a driver new enough for CUDA 12.0's API (any driver
//! that runs sm_90 is).

use std::ffi::{c_void, CString};
use std::sync::Arc;

use cudarc::driver::{result, sys, CudaContext, DriverError};

use crate::error::{Error, Result};

/// Whether `libcuda.so` can be loaded on this machine.
pub fn driver_present() -> bool {
    // SAFETY: only tries to dlopen the library names cudarc knows; nothing is called.
    unsafe { sys::is_culib_present() }
}

/// Converts a driver error, naming what was being done.
fn cuda(call: impl Into<String>) -> impl FnOnce(DriverError) -> Error {
    move |error| Error::Cuda {
        call: call.into(),
        message: error.to_string(),
    }
}

/// An open device with a current context.
pub struct Gpu {
    context: Arc<CudaContext>,
    name: String,
}

impl Gpu {
    /// Opens device 0, or says why not ([`Error::NoDriver`] without a driver).
    pub fn open() -> Result<Gpu> {
        if !driver_present() {
            return Err(Error::NoDriver);
        }
        let context = CudaContext::new(0).map_err(cuda("opening device 0"))?;
        let name = context.name().map_err(cuda("cuDeviceGetName"))?;
        Ok(Gpu { context, name })
    }

    /// The device's name, as the driver reports it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Loads a module from PTX text (or a cubin), JIT-compiling PTX.
    pub fn load_module(&self, image: &[u8]) -> Result<Module> {
        self.context
            .bind_to_thread()
            .map_err(cuda("cuCtxSetCurrent"))?;
        let mut image = image.to_vec();
        image.push(0);
        let mut log = vec![0u8; 16 * 1024];
        let mut options = [
            sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
            sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
        ];
        let mut values = [log.as_mut_ptr() as *mut c_void, log.len() as *mut c_void];
        let mut module = std::ptr::null_mut();
        // SAFETY: the image is NUL-terminated and outlives the call; the option arrays hold
        // two entries each and the log buffer is as long as its declared size.
        let loaded = unsafe {
            sys::cuModuleLoadDataEx(
                &mut module,
                image.as_ptr() as *const c_void,
                options.len() as u32,
                options.as_mut_ptr(),
                values.as_mut_ptr(),
            )
            .result()
        };
        loaded.map_err(|error| {
            let end = log.iter().position(|&byte| byte == 0).unwrap_or(0);
            Error::Cuda {
                call: "cuModuleLoadDataEx".into(),
                message: format!("{error}: {}", String::from_utf8_lossy(&log[..end]).trim()),
            }
        })?;
        Ok(Module { raw: module })
    }

    /// Allocates `bytes` of device memory (at least one byte).
    pub fn allocate(&self, bytes: usize) -> Result<DeviceBuffer> {
        // SAFETY: the context is current; the pointer is freed once, on drop.
        let pointer = unsafe { result::malloc_sync(bytes.max(1)) }
            .map_err(cuda(format!("cuMemAlloc of {bytes} bytes")))?;
        Ok(DeviceBuffer { pointer, bytes })
    }

    /// Launches `function` on the default stream (asynchronously).
    pub fn launch(
        &self,
        function: &Function,
        grid: [u32; 3],
        block: [u32; 3],
        shared_bytes: u32,
        parameters: &mut [Vec<u8>],
    ) -> Result<()> {
        let mut pointers: Vec<*mut c_void> = parameters
            .iter_mut()
            .map(|bytes| bytes.as_mut_ptr() as *mut c_void)
            .collect();
        // SAFETY: the function comes from a loaded module; each parameter pointer points to
        // bytes of the size the `.entry` declares (checked by `parameters::check`), which
        // the driver copies before `cuLaunchKernel` returns.
        unsafe {
            result::launch_kernel(
                function.raw,
                (grid[0], grid[1], grid[2]),
                (block[0], block[1], block[2]),
                shared_bytes,
                std::ptr::null_mut(),
                &mut pointers,
            )
        }
        .map_err(cuda("cuLaunchKernel"))
    }

    /// Waits for everything launched so far; a kernel fault surfaces here.
    pub fn synchronize(&self) -> Result<()> {
        self.context
            .synchronize()
            .map_err(cuda("cuCtxSynchronize (a kernel failed)"))
    }

    /// Copies `bytes` from `source` to `destination` on the device (asynchronously).
    pub fn copy(
        &self,
        destination: &DeviceBuffer,
        source: &DeviceBuffer,
        bytes: usize,
    ) -> Result<()> {
        // SAFETY: both buffers hold at least `bytes` (callers pass the smaller size).
        unsafe {
            result::memcpy_dtod_async(
                destination.pointer,
                source.pointer,
                bytes.min(destination.bytes).min(source.bytes),
                std::ptr::null_mut(),
            )
        }
        .map_err(cuda("cuMemcpyDtoDAsync"))
    }
}

/// A loaded module.
pub struct Module {
    raw: sys::CUmodule,
}

impl Module {
    /// The `.entry` called `name`.
    pub fn function(&self, name: &str) -> Result<Function> {
        let symbol =
            CString::new(name).map_err(|_| Error::Invalid(format!("bad name '{name}'")))?;
        // SAFETY: the module is loaded until `self` drops.
        let raw = unsafe { result::module::get_function(self.raw, symbol) }
            .map_err(cuda(format!("cuModuleGetFunction '{name}'")))?;
        Ok(Function { raw })
    }

    /// The address and size of the global (e.g. `.const`) symbol `name`.
    pub fn global(&self, name: &str) -> Result<(sys::CUdeviceptr, usize)> {
        let symbol =
            CString::new(name).map_err(|_| Error::Invalid(format!("bad name '{name}'")))?;
        // SAFETY: the module is loaded until `self` drops.
        unsafe { result::module::get_global(self.raw, symbol) }
            .map_err(cuda(format!("cuModuleGetGlobal '{name}'")))
    }
}

/// A kernel of a loaded module (valid while the module is).
pub struct Function {
    raw: sys::CUfunction,
}

impl Function {
    /// Allows the kernel `bytes` of dynamic shared memory (needed above 48 KiB).
    pub fn allow_shared(&self, bytes: u32) -> Result<()> {
        // SAFETY: the function comes from a loaded module.
        unsafe {
            result::function::set_function_attribute(
                self.raw,
                sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                bytes as i32,
            )
        }
        .map_err(cuda("cuFuncSetAttribute (dynamic shared memory)"))
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        // SAFETY: loaded once, unloaded once.
        let _ = unsafe { result::module::unload(self.raw) };
    }
}

/// Device memory.
pub struct DeviceBuffer {
    pointer: sys::CUdeviceptr,
    bytes: usize,
}

impl DeviceBuffer {
    /// The device address.
    pub fn address(&self) -> u64 {
        self.pointer
    }

    /// Copies `data` to the start of the buffer (synchronously).
    pub fn upload(&self, data: &[u8]) -> Result<()> {
        upload_to(self.pointer, self.bytes, data)
    }

    /// The buffer's bytes (synchronously, after the work before it).
    pub fn download(&self) -> Result<Vec<u8>> {
        let mut data = vec![0u8; self.bytes];
        // SAFETY: `data` holds exactly the buffer's size.
        unsafe { result::memcpy_dtoh_sync(&mut data, self.pointer) }
            .map_err(cuda("cuMemcpyDtoH"))?;
        Ok(data)
    }
}

/// Copies `data` to device address `pointer`, which has room for `room` bytes.
pub fn upload_to(pointer: sys::CUdeviceptr, room: usize, data: &[u8]) -> Result<()> {
    if data.len() > room {
        return Err(Error::Invalid(format!(
            "{} bytes do not fit in {room} bytes of device memory",
            data.len()
        )));
    }
    // SAFETY: the destination has room for `data` (checked above).
    unsafe { result::memcpy_htod_sync(pointer, data) }.map_err(cuda("cuMemcpyHtoD"))
}

impl Drop for DeviceBuffer {
    fn drop(&mut self) {
        // SAFETY: allocated once, freed once.
        let _ = unsafe { result::free_sync(self.pointer) };
    }
}

/// A pair of events around work on the default stream.
pub struct Timer {
    start: sys::CUevent,
    stop: sys::CUevent,
}

impl Timer {
    /// Two new events.
    pub fn new() -> Result<Timer> {
        let flags = sys::CUevent_flags::CU_EVENT_DEFAULT;
        let start = result::event::create(flags).map_err(cuda("cuEventCreate"))?;
        let stop = result::event::create(flags).map_err(cuda("cuEventCreate"))?;
        Ok(Timer { start, stop })
    }

    /// Records the start event.
    pub fn start(&self) -> Result<()> {
        // SAFETY: the event is alive; the null stream is the default stream.
        unsafe { result::event::record(self.start, std::ptr::null_mut()) }
            .map_err(cuda("cuEventRecord"))
    }

    /// Records the stop event, waits for it, and returns the milliseconds since the start.
    pub fn stop(&self) -> Result<f64> {
        // SAFETY: both events are alive and recorded on the same stream.
        unsafe {
            result::event::record(self.stop, std::ptr::null_mut())
                .map_err(cuda("cuEventRecord"))?;
            result::event::synchronize(self.stop).map_err(cuda("cuEventSynchronize"))?;
            result::event::elapsed(self.start, self.stop)
                .map(f64::from)
                .map_err(cuda("cuEventElapsedTime"))
        }
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        // SAFETY: created once, destroyed once.
        unsafe {
            let _ = result::event::destroy(self.start);
            let _ = result::event::destroy(self.stop);
        }
    }
}

//! NVGPU passes.

melior_macro::passes!("NVGPU", [mlirCreateNVGPUOptimizeSharedMemory,]);

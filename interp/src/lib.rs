//! Reference interpreter for gpu-mem-opt kernels: see the module essays.

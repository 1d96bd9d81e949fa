/*===- gpu-mem-opt.h - C interface of gpu-mem-opt ------------------*- C -*-===*
 *
 * The one C header of gpu-mem-opt. It mirrors, item for item, the `extern "C"`
 * items of `pass/src/ffi.rs`: what Rust exports (the pass entry points, option
 * validation) and what the C++ glue exports to Rust (diagnostics, registration).
 *
 * A DSL compiler that embeds gpu-mem-opt links `target/release/libgpu_mem_opt.a`,
 * `target/release/libMLIR-C.a`, `-lMLIR -lLLVM` (from /usr/lib/llvm-22/lib) and the
 * C++ standard library: exactly the flags of `pkg-config --cflags --libs
 * build/lib/pkgconfig/gpu-mem-opt.pc` (examples/c/embed.c builds with those
 * alone). It then calls `gpuMemOptRegisterPasses()` once and names
 * the pass in a pipeline: `builtin.module(gpu-mem-opt{sm=90 block=32,8,1})`; or
 * fills a `GpuMemOptOptions` and calls `gpuMemOptRun` on an operation directly,
 * or `gpuMemOptRunWithReport` to get the report's JSON back. Remarks and errors
 * go through MLIR's diagnostic engine: attach a handler to the context
 * (`mlirContextAttachDiagnosticHandler`) to receive them.
 *
 *===----------------------------------------------------------------------===*/

#ifndef GPU_MEM_OPT_H
#define GPU_MEM_OPT_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Implemented in Rust (pass/src/ffi.rs) ----------------------------- */

/** Options of the `gpu-mem-opt` pass; one field per pass option. */
typedef struct GpuMemOptOptions {
  /** Target SM version, e.g. 90 (option `sm`). */
  uint32_t sm;
  /** Block size X, Y, Z; all zero means "from the IR" (option `block`). */
  uint32_t block[3];
  /** Path of the JSON report, empty for none (option `report`). */
  MlirStringRef report;
  /** Turn "could not optimize" into an error (option `strict`). */
  bool strict;
  /** Transform switches (options `vectorize`, `memory-space`, `stage-shared`,
   *  `pad`, `swizzle`). */
  bool vectorize;
  bool memory_space;
  bool stage_shared;
  bool pad;
  bool swizzle;
  /** Assume memref kernel arguments never alias (option `assume-noalias`). */
  bool assume_noalias;
  /** Alignment in bytes assumed for memref kernel arguments (option
   *  `assume-alignment`). */
  uint32_t assume_alignment;
  /** Shared-memory budget per block in bytes (option `smem-budget`). */
  uint32_t smem_budget;
  /** What remarks say (option `remarks`): "summary" (what changed and the
   *  gain) or "detailed" (also MAP ids, rules and cycle costs). */
  MlirStringRef remarks;
  /** Reorder a global argument's dimensions in memory (option `relayout`). */
  bool relayout;
  /** Launches the launcher keeps a lone kernel's new layout for; 0: unknown,
   *  so no argument is relaid (option `relayout-launches`). */
  uint32_t relayout_launches;
  /** Where nothing proves a fact, check it at run time: vector accesses, the
   *  read-only path, staged stores, a lone kernel specialized (option
   *  `version`). */
  bool version;
  /** A kernel with no launch site in the module may read a small read-only
   *  argument from constant memory, which its launcher must copy into the
   *  kernel's symbol before each launch (option `bind-constants`). */
  bool bind_constants;
  /** Read flat indices `A[i*W + j]` as rows and columns of a 2-D view of the
   *  buffer where the column is proven inside its row (option `delinearize`). */
  bool delinearize;
  /** Keep an element a loop reads and writes at one loop-invariant index in a
   *  register across the loop (option `promote`). */
  bool promote;
  /** Give each block the work of several blocks along one grid dimension,
   *  rewriting the launches in the module (option `coarsen`). */
  bool coarsen;
  /** A lone kernel may be coarsened or register-tiled, its launcher dividing
   *  the grid as the launch contract says (option `coarsen-grid`). */
  bool coarsen_grid;
  /** The factor coarsen uses; 0: Little's law picks it (option
   *  `coarsen-factor`). */
  uint32_t coarsen_factor;
  /** Give each thread a tile of the outputs of an accumulation loop, the
   *  loads they share issued once, rewriting the launches in the module
   *  (option `register-tile`). */
  bool register_tile;
  /** A trade the time model does not predict to pay is not made (a register
   *  tile no faster, a relayout 2x slower); false makes it anyway (option
   *  `time-veto`). */
  bool time_veto;
} GpuMemOptOptions;

/** Checks option values; on failure writes a message into `message` (a
 *  callback receiving the text) and returns false. */
bool gpuMemOptValidateOptions(const GpuMemOptOptions *options,
                              MlirStringCallback message, void *userData);

/** Runs gpu-mem-opt on `op` and everything nested in it. */
MlirLogicalResult gpuMemOptRun(MlirOperation op,
                               const GpuMemOptOptions *options);

/** Runs gpu-mem-opt on `op` like `gpuMemOptRun` and hands the report (JSON,
 *  schema version 1, as option `report` writes it) to `report`, in pieces. */
MlirLogicalResult gpuMemOptRunWithReport(MlirOperation op,
                                         const GpuMemOptOptions *options,
                                         MlirStringCallback report,
                                         void *userData);

/** Runs the test pass that prints what the access analysis found. */
MlirLogicalResult gpuMemOptTestAccessAnalysis(MlirOperation op,
                                              const GpuMemOptOptions *options);

/** Runs the test pass `gpu-mem-opt-test-plan{step=…}`: gpu-mem-opt with the
 *  remarks of `step` only (vectorize, memory-space, stage-shared or
 *  shared-layout); an unknown step is an error at `op`. */
MlirLogicalResult gpuMemOptTestPlan(MlirOperation op,
                                    const GpuMemOptOptions *options,
                                    MlirStringRef step);

/** `gpu-mem-opt-lower-readonly`: marks the aligned pointers that gpu-mem-opt
 *  recorded (kernel attribute `gpu_mem_opt.readonly_pointers`) `noalias
 *  readonly` on every `llvm.func` under `op`. */
MlirLogicalResult gpuMemOptLowerReadonly(MlirOperation op);

/** `gpu-mem-opt-lower-math`: every f32 `math.sqrt` under `op` becomes a call
 *  of `llvm.nvvm.sqrt.rn.f` (`sqrt.rn.f32`, as nvcc's `sqrtf`), before the
 *  conversion to NVVM. */
MlirLogicalResult gpuMemOptLowerMath(MlirOperation op);

/** The PTX feature string (e.g. "+ptx80") LLVM needs for SM version `sm`. */
MlirStringRef gpuMemOptPtxFeatures(uint32_t sm);

/* ---- Implemented in C++ (dialect-glue/lib) ----------------------------- */

/** Severity of a diagnostic emitted from Rust. */
typedef enum GpuMemOptSeverity {
  GpuMemOptSeverityError = 0,
  GpuMemOptSeverityWarning = 1,
  GpuMemOptSeverityRemark = 2,
  GpuMemOptSeverityNote = 3,
} GpuMemOptSeverity;

/** Emits a diagnostic at `location` through MLIR's diagnostic engine. */
void gpuMemOptEmitDiagnostic(MlirLocation location, GpuMemOptSeverity severity,
                             MlirStringRef message);

/** What an optimization remark reports (MLIR 22's remark kinds). */
typedef enum GpuMemOptRemarkKind {
  GpuMemOptRemarkPassed = 0,
  GpuMemOptRemarkMissed = 1,
  GpuMemOptRemarkAnalysis = 2,
} GpuMemOptRemarkKind;

/** Emits the remark `gpu-mem-opt: <name>: <message>` at `location` as a
 *  diagnostic, and, where the context's remark engine is on (mlir-opt's
 *  `--remarks-filter=gpu-mem-opt --remark-format=yaml ...`), as an
 *  optimization remark of `kind`, category `gpu-mem-opt`, name `name`, about
 *  the kernel `function` (empty: none). */
void gpuMemOptEmitRemark(MlirLocation location, GpuMemOptRemarkKind kind,
                         MlirStringRef name, MlirStringRef function,
                         MlirStringRef message);

/** Rewrites the `affine.for`, `affine.load` and `affine.store` ops in
 *  `kernel` as `scf.for`, `memref.load` and `memref.store` (what
 *  `-lower-affine` makes of them), their indices and bounds as `affine.apply`,
 *  `affine.max` and `affine.min`. The caller checks that no other affine op
 *  needs their values to stay affine dimensions. */
MlirLogicalResult gpuMemOptLowerAffine(MlirOperation kernel);

/** Registers the passes `gpu-mem-opt`, `gpu-mem-opt-test-access-analysis`,
 *  `gpu-mem-opt-test-plan`,
 *  `gpu-mem-opt-lower-readonly` and the pipelines `gpu-mem-opt-lower-to-ptx`
 *  and `gpu-mem-opt-to-ptx` with MLIR's pass registry; a second call (the
 *  plugin loaded into a driver that links them) does nothing. */
void gpuMemOptRegisterPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* GPU_MEM_OPT_H */

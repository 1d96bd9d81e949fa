//===- Pass.cpp - gpu-mem-opt pass registration and options -------*- C++ -*-===//
//
// The C++ side of the `gpu-mem-opt` pass. MLIR's C API cannot give an external
// pass options, so the options live here, on a `PassWrapper`, and
// `runOnOperation` hands them to the one Rust entry point as a plain
// `GpuMemOptOptions` struct (dialect-glue/include/gpu-mem-opt.h). Option values
// are validated by Rust when the pipeline is parsed, so a bad value is an error
// before anything runs. Everything the pass decides is decided in Rust.
//
// Registered here: the pass `gpu-mem-opt`, the test pass
// `gpu-mem-opt-test-access-analysis` (prints the access analysis as remarks),
// the test pass `gpu-mem-opt-test-plan{step=…}` (one step's remarks only),
// the lowering step `gpu-mem-opt-lower-readonly` (marks the pointers of
// read-only arguments `noalias readonly` once kernels are `llvm.func`s, so
// NVPTX emits `ld.global.nc`), the pipeline `gpu-mem-opt-lower-to-ptx` (MLIR's
// NVVM lowering with that step after `convert-gpu-to-nvvm`, PTX as the output
// format) and the pipeline `gpu-mem-opt-to-ptx` (the pass, then that lowering).
//
//===----------------------------------------------------------------------===//

#include "gpu-mem-opt.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <dlfcn.h>
#include <string>

using namespace mlir;

namespace {

/// The options every gpu-mem-opt pass shares, and their conversion to the
/// C struct that Rust reads.
template <typename Derived>
class GpuMemOptPassBase : public PassWrapper<Derived, OperationPass<>> {
public:
  using Base = PassWrapper<Derived, OperationPass<>>;

  GpuMemOptPassBase() = default;
  GpuMemOptPassBase(const GpuMemOptPassBase &other) : Base(other) {}

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<affine::AffineDialect, arith::ArithDialect,
                    gpu::GPUDialect, memref::MemRefDialect, scf::SCFDialect,
                    vector::VectorDialect>();
  }

  LogicalResult initializeOptions(
      StringRef text,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Base::initializeOptions(text, errorHandler)))
      return failure();
    std::string message;
    GpuMemOptOptions options = toC();
    if (gpuMemOptValidateOptions(&options, appendTo, &message))
      return success();
    return errorHandler(message);
  }

  /// The options as the C struct of gpu-mem-opt.h; valid while `this` lives.
  GpuMemOptOptions toC() const {
    GpuMemOptOptions options{};
    options.sm = sm;
    for (size_t i = 0; i < block.size() && i < 3; ++i)
      options.block[i] = block[i];
    // More than three values is a user error that Rust reports: mark it.
    if (block.size() > 3)
      options.block[0] = options.block[1] = options.block[2] = UINT32_MAX;
    options.report = mlirStringRefCreate(report.getValue().data(),
                                         report.getValue().size());
    options.strict = strict;
    options.vectorize = vectorize;
    options.memory_space = memorySpace;
    options.stage_shared = stageShared;
    options.pad = pad;
    options.swizzle = swizzle;
    options.assume_noalias = assumeNoalias;
    options.assume_alignment = assumeAlignment;
    options.smem_budget = smemBudget;
    options.remarks = mlirStringRefCreate(remarks.getValue().data(),
                                          remarks.getValue().size());
    options.relayout = relayout;
    options.relayout_launches = relayoutLaunches;
    options.version = version;
    options.bind_constants = bindConstants;
    options.delinearize = delinearize;
    options.promote = promote;
    options.coarsen = coarsen;
    options.coarsen_grid = coarsenGrid;
    options.coarsen_factor = coarsenFactor;
    options.register_tile = registerTile;
    options.time_veto = timeVeto;
    return options;
  }

protected:
  using Base::getOperation;
  using Base::signalPassFailure;

  /// Collects a message that Rust writes in pieces.
  static void appendTo(MlirStringRef piece, void *userData) {
    static_cast<std::string *>(userData)->append(piece.data, piece.length);
  }

  typename Base::template Option<unsigned> sm{
      *this, "sm", llvm::cl::desc("Target SM version (e.g. 80, 90)"),
      llvm::cl::init(90)};
  typename Base::template ListOption<unsigned> block{
      *this, "block",
      llvm::cl::desc("Block size X,Y,Z for kernels whose IR does not give it")};
  typename Base::template Option<std::string> report{
      *this, "report",
      llvm::cl::desc("Write the JSON report (schema version 1) to this path")};
  typename Base::template Option<bool> strict{
      *this, "strict",
      llvm::cl::desc("Make 'could not optimize' an error, not a remark"),
      llvm::cl::init(false)};
  typename Base::template Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("Merge a thread's accesses into wider vector accesses; "
                     "false: no rewrite, no remark, each candidate reported "
                     "as 'option vectorize=false'"),
      llvm::cl::init(true)};
  typename Base::template Option<bool> memorySpace{
      *this, "memory-space",
      llvm::cl::desc("Choose read-only and constant memory for arguments; "
                     "false: no rewrite, no remark, each argument reported "
                     "as 'option memory-space=false'"),
      llvm::cl::init(true)};
  typename Base::template Option<bool> stageShared{
      *this, "stage-shared",
      llvm::cl::desc("Stage global accesses through shared-memory tiles; "
                     "false: no rewrite, no remark, each global access "
                     "reported as 'option stage-shared=false'"),
      llvm::cl::init(true)};
  typename Base::template Option<bool> pad{
      *this, "pad",
      llvm::cl::desc("Pad shared-memory rows to remove bank conflicts; with "
                     "swizzle=false too: no rewrite, no remark, each buffer "
                     "reported as 'options pad=false swizzle=false'"),
      llvm::cl::init(true)};
  typename Base::template Option<bool> swizzle{
      *this, "swizzle",
      llvm::cl::desc("Swizzle shared-memory rows to remove bank conflicts; "
                     "with pad=false too: no rewrite, no remark, each buffer "
                     "reported as 'options pad=false swizzle=false'"),
      llvm::cl::init(true)};
  typename Base::template Option<bool> assumeNoalias{
      *this, "assume-noalias",
      llvm::cl::desc("Assume memref kernel arguments never alias"),
      llvm::cl::init(false)};
  typename Base::template Option<unsigned> assumeAlignment{
      *this, "assume-alignment",
      llvm::cl::desc("Alignment in bytes of memref kernel arguments (0: the "
                     "element size only)"),
      llvm::cl::init(0)};
  typename Base::template Option<unsigned> smemBudget{
      *this, "smem-budget",
      llvm::cl::desc("Shared memory per block, in bytes, for all buffers"),
      llvm::cl::init(48 * 1024)};
  typename Base::template Option<std::string> remarks{
      *this, "remarks",
      llvm::cl::desc("What remarks say: summary (what changed and the gain) "
                     "or detailed (also MAP ids, rules and cycle costs; the "
                     "report always has the whole reason)"),
      llvm::cl::init("summary")};
  typename Base::template Option<bool> relayout{
      *this, "relayout",
      llvm::cl::desc("Reorder a global memref argument's dimensions in memory "
                     "(array of structures to structure of arrays); false: no "
                     "rewrite, no remark, each argument reported as 'option "
                     "relayout=false'"),
      llvm::cl::init(true)};
  typename Base::template Option<unsigned> relayoutLaunches{
      *this, "relayout-launches",
      llvm::cl::desc("Launches the launcher keeps a kernel's new argument "
                     "layout for (it passes the buffer in the strided layout "
                     "of the kernel's type); 0: unknown, no argument is relaid"),
      llvm::cl::init(0)};
  typename Base::template Option<bool> delinearize{
      *this, "delinearize",
      llvm::cl::desc("Read a flat index A[i*W + j] on a 1-D buffer as row i, "
                     "column j of a 2-D view where 0 <= j < W is proven "
                     "(same addresses); false: no rewrite, no remark, each "
                     "candidate reported as 'option delinearize=false'"),
      llvm::cl::init(true)};
  typename Base::template Option<bool> promote{
      *this, "promote",
      llvm::cl::desc("Keep an element a loop reads and writes at one "
                     "loop-invariant index (tmp[i] += ...) in a register "
                     "across the loop: loaded before it, stored after it; "
                     "false: no rewrite, no remark, each candidate reported "
                     "as 'option promote=false'"),
      llvm::cl::init(true)};
  typename Base::template Option<bool> registerTile{
      *this, "register-tile",
      llvm::cl::desc("Give each thread a tile of the outputs of a loop that "
                     "accumulates (matmul's 4x4), the loads the outputs share "
                     "issued once, and rewrite the grid of its launches in the "
                     "module; false: no rewrite, no remark, each kernel "
                     "reported as 'option register-tile=false'"),
      llvm::cl::init(true)};
  typename Base::template Option<bool> timeVeto{
      *this, "time-veto",
      llvm::cl::desc("A trade the time model does not predict to pay is not "
                     "made: a register tile no faster, a relayout 2x slower; "
                     "false: made anyway, to measure the model's choice "
                     "against the alternative"),
      llvm::cl::init(true)};
  typename Base::template Option<bool> coarsen{
      *this, "coarsen",
      llvm::cl::desc("Give each block the work of several blocks along one grid "
                     "dimension (its loads issued together), where Little's law "
                     "says more bytes in flight keep DRAM busy, and rewrite the "
                     "grid of its launches in the module; false: no rewrite, no "
                     "remark, each kernel reported as 'option coarsen=false'"),
      llvm::cl::init(true)};
  typename Base::template Option<bool> coarsenGrid{
      *this, "coarsen-grid",
      llvm::cl::desc("A kernel with no launch site in the module may be "
                     "coarsened or register-tiled: its launcher must then divide the grid as the "
                     "report's launch_contract says (each divided dimension a "
                     "multiple of the factor); false: a lone kernel keeps its "
                     "grid"),
      llvm::cl::init(false)};
  typename Base::template Option<unsigned> coarsenFactor{
      *this, "coarsen-factor",
      llvm::cl::desc("The factor coarsen uses where it is legal and divides the "
                     "grid (2 to 32); 0: the one Little's law picks (1, 2, 4 or "
                     "8)"),
      llvm::cl::init(0)};
  typename Base::template Option<bool> bindConstants{
      *this, "bind-constants",
      llvm::cl::desc("A kernel with no launch site in the module may read a "
                     "small read-only argument from constant memory: its "
                     "launcher must then copy the argument's data into the "
                     "kernel's constant symbol before each launch (the "
                     "report's launch_contract); false: the read-only path "
                     "serves it and the launch stays as written"),
      llvm::cl::init(false)};
  typename Base::template Option<bool> version{
      *this, "version",
      llvm::cl::desc("Where nothing proves a fact, check it at run time: where "
                     "only a memref argument's unknown alignment keeps accesses "
                     "scalar, the vector access behind a check of the aligned "
                     "pointer (the scalar accesses are the fallback); where only "
                     "writes to other arguments may alias a read-only one, "
                     "ld.global.nc (ld.const where Algorithm 3 picks constant "
                     "memory) in a copy of the body behind a check that their "
                     "bytes do not overlap; where only other arguments' accesses "
                     "keep a store in a loop from its staged copy-out, the "
                     "staged loop behind such a check; where only an int "
                     "argument's value keeps a flat index flat (j < n, rows of "
                     "W: n <= W) or only other arguments keep an element from "
                     "a register, a lone kernel specialized: the optimized body "
                     "behind a check at its entry, the code as written the "
                     "fallback"),
      llvm::cl::init(true)};
};

/// `gpu-mem-opt`: analyse, decide, rewrite, explain.
class GpuMemOptPass : public GpuMemOptPassBase<GpuMemOptPass> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GpuMemOptPass)

  StringRef getArgument() const final { return "gpu-mem-opt"; }
  StringRef getDescription() const final {
    return "Make GPU kernels use memory well: vector width, memory spaces, "
           "shared-memory staging, bank-conflict padding and swizzles";
  }
  void runOnOperation() final {
    GpuMemOptOptions options = toC();
    if (mlirLogicalResultIsFailure(gpuMemOptRun(wrap(getOperation()), &options)))
      signalPassFailure();
  }
};

/// `gpu-mem-opt-test-access-analysis`: print the analysis, change nothing.
class GpuMemOptTestAccessAnalysisPass
    : public GpuMemOptPassBase<GpuMemOptTestAccessAnalysisPass> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GpuMemOptTestAccessAnalysisPass)

  StringRef getArgument() const final {
    return "gpu-mem-opt-test-access-analysis";
  }
  StringRef getDescription() const final {
    return "Test pass: print gpu-mem-opt's access matrices, patterns and warp "
           "metrics as remarks";
  }
  void runOnOperation() final {
    GpuMemOptOptions options = toC();
    if (mlirLogicalResultIsFailure(
            gpuMemOptTestAccessAnalysis(wrap(getOperation()), &options)))
      signalPassFailure();
  }
};

/// `gpu-mem-opt-test-plan{step=…}`: the pass, showing one step's decisions only,
/// so that a step's tests need not expect the other steps' remarks.
class GpuMemOptTestPlanPass : public GpuMemOptPassBase<GpuMemOptTestPlanPass> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GpuMemOptTestPlanPass)

  GpuMemOptTestPlanPass() = default;
  GpuMemOptTestPlanPass(const GpuMemOptTestPlanPass &other)
      : GpuMemOptPassBase<GpuMemOptTestPlanPass>(other) {}

  StringRef getArgument() const final { return "gpu-mem-opt-test-plan"; }
  StringRef getDescription() const final {
    return "Test pass: run gpu-mem-opt and show the remarks of one step only";
  }
  void runOnOperation() final {
    GpuMemOptOptions options = toC();
    MlirStringRef name =
        mlirStringRefCreate(step.getValue().data(), step.getValue().size());
    if (mlirLogicalResultIsFailure(
            gpuMemOptTestPlan(wrap(getOperation()), &options, name)))
      signalPassFailure();
  }

private:
  Option<std::string> step{
      *this, "step",
      llvm::cl::desc("The step whose remarks to show: delinearize, promote, "
                     "vectorize, memory-space, stage-shared, relayout or "
                     "shared-layout"),
      llvm::cl::init("stage-shared")};
};

/// `gpu-mem-opt-lower-readonly`: the LLVM-level half of the `readonly`
/// decision (pass/src/steps/memory_space/{readonly,checked}.rs), run after
/// convert-gpu-to-nvvm.
class GpuMemOptLowerReadonlyPass
    : public PassWrapper<GpuMemOptLowerReadonlyPass, OperationPass<>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GpuMemOptLowerReadonlyPass)

  StringRef getArgument() const final { return "gpu-mem-opt-lower-readonly"; }
  StringRef getDescription() const final {
    return "Mark the aligned pointers of the arguments gpu-mem-opt chose for "
           "the read-only path noalias readonly, and its run-time-checked loads "
           "invariant loads of global memory, or of constant memory for a "
           "constant copy (run before convert-gpu-to-nvvm, where it names the "
           "marked loads so that their marks survive it, and after it)";
  }
  void runOnOperation() final {
    if (mlirLogicalResultIsFailure(gpuMemOptLowerReadonly(wrap(getOperation()))))
      signalPassFailure();
  }
};

/// `gpu-mem-opt-lower-math`: writes f32 `math.sqrt` as a call of the intrinsic
/// `llvm.nvvm.sqrt.rn.f`, `sqrt.rn.f32` (nvcc's `sqrtf`), where libdevice's
/// `__nv_sqrtf` gives `sqrt.approx.f32` (pass/src/lowering.rs).
class GpuMemOptLowerMathPass
    : public PassWrapper<GpuMemOptLowerMathPass, OperationPass<>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GpuMemOptLowerMathPass)

  StringRef getArgument() const final { return "gpu-mem-opt-lower-math"; }
  StringRef getDescription() const final {
    return "Write f32 math.sqrt as llvm.nvvm.sqrt.rn.f, correctly rounded "
           "(sqrt.rn.f32, as nvcc's sqrtf), before convert-gpu-to-nvvm lowers "
           "it to libdevice's approximate __nv_sqrtf";
  }
  void getDependentDialects(DialectRegistry &registry) const final {
    registry.insert<LLVM::LLVMDialect>();
  }
  void runOnOperation() final {
    if (mlirLogicalResultIsFailure(gpuMemOptLowerMath(wrap(getOperation()))))
      signalPassFailure();
  }
};

/// What the `toolkit` option of both lowering pipelines says.
constexpr const char *kToolkitDescription =
    "CUDA toolkit root whose nvvm/libdevice/libdevice.10.bc is linked for "
    "math functions (math.absf, math.exp, ...: calls to __nv_*); default: "
    "$CUDA_ROOT, $CUDA_HOME or $CUDA_PATH as MLIR reads them, else the "
    "toolkit set up beside gpu-mem-opt's build (build/nvvm), else "
    "/usr/local/cuda";

/// Options of the `gpu-mem-opt-lower-to-ptx` pipeline.
struct LowerToPtxOptions : public PassPipelineOptions<LowerToPtxOptions> {
  Option<unsigned> sm{*this, "sm", llvm::cl::desc("Target SM version"),
                      llvm::cl::init(90)};
  Option<std::string> toolkit{*this, "toolkit",
                              llvm::cl::desc(kToolkitDescription)};
};

/// Options of the `gpu-mem-opt-to-ptx` pipeline.
struct ToPtxOptions : public PassPipelineOptions<ToPtxOptions> {
  Option<unsigned> sm{*this, "sm", llvm::cl::desc("Target SM version"),
                      llvm::cl::init(90)};
  Option<std::string> passOptions{
      *this, "options",
      llvm::cl::desc("Options for the gpu-mem-opt pass, e.g. 'block=32,8,1'")};
  Option<std::string> toolkit{*this, "toolkit",
                              llvm::cl::desc(kToolkitDescription)};
};

/// Whether `root` holds libdevice where MLIR's NVVM serializer looks for it.
bool hasLibdevice(StringRef root) {
  SmallString<256> path(root);
  llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
  return llvm::sys::fs::is_regular_file(path);
}

/// The toolkit root the lowering links libdevice from when `toolkit` is not
/// given: empty where one of MLIR's own variables names it (MLIR reads them),
/// else the folder above this code's binary or plugin, else the checkout's
/// build folder (both hold the `nvvm` link that scripts/setup.sh makes to the
/// PyPI toolkit), else /usr/local/cuda; empty when none has libdevice. Without libdevice a kernel
/// that calls a math function lowers to PTX that ptxas rejects
/// (`pipeline::lower_to_ptx` says so).
std::string defaultToolkit() {
  for (const char *variable : {"CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"})
    if (const char *value = std::getenv(variable); value && *value)
      return "";
  SmallVector<std::string, 3> candidates;
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&gpuMemOptRegisterPasses), &info) &&
      info.dli_fname)
    candidates.push_back(info.dli_fname);
  candidates.push_back(llvm::sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&gpuMemOptRegisterPasses)));
  for (const std::string &binary : candidates) {
    SmallString<256> real;
    if (binary.empty() || llvm::sys::fs::real_path(binary, real))
      continue;
    StringRef root =
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(real));
    if (hasLibdevice(root))
      return root.str();
  }
#ifdef GPU_MEM_OPT_BUILD_FOLDER
  if (hasLibdevice(GPU_MEM_OPT_BUILD_FOLDER))
    return GPU_MEM_OPT_BUILD_FOLDER;
#endif
  return hasLibdevice("/usr/local/cuda") ? "/usr/local/cuda" : "";
}

/// The pass after which `gpu-mem-opt-lower-readonly` runs: from here on
/// kernels are `llvm.func`s with memref descriptors expanded.
constexpr llvm::StringLiteral kConvertGpuToNvvm = "convert-gpu-to-nvvm";

/// The empty toolkit option of the stock pipeline's gpu-module-to-binary,
/// which the toolkit root is written into.
constexpr const char *kToolkitOption = "toolkit=";

/// Adds MLIR's NVVM lowering for `sm` (PTX text in the gpu.binary) to `pm`,
/// with `lower-affine` and `gpu-mem-opt-lower-readonly` first and
/// `gpu-mem-opt-lower-readonly` again right after convert-gpu-to-nvvm. The
/// stock pipeline is built, printed and re-parsed with the step inserted, so
/// it follows LLVM's pipeline instead of copying it.
LogicalResult buildLowering(OpPassManager &pm, unsigned sm, StringRef toolkit,
                            function_ref<LogicalResult(const Twine &)> onError) {
  gpu::GPUToNVVMPipelineOptions nvvm;
  nvvm.cubinChip = "sm_" + std::to_string(sm);
  MlirStringRef features = gpuMemOptPtxFeatures(sm);
  nvvm.cubinFeatures = std::string(features.data, features.length);
  nvvm.cubinFormat = "isa";
  OpPassManager stock(pm.getOpAnchorName());
  gpu::buildLowerToNVVMPassPipeline(stock, nvvm);
  std::string text;
  llvm::raw_string_ostream stream(text);
  stock.printAsTextualPipeline(stream);
  StringRef inner(text);
  std::string anchor = (pm.getOpAnchorName() + "(").str();
  if (inner.consume_front(anchor))
    inner.consume_back(")");
  size_t convert = inner.find(kConvertGpuToNvvm);
  size_t options = convert == StringRef::npos ? convert : inner.find('}', convert);
  if (options == StringRef::npos)
    return onError("gpu-mem-opt-lower-to-ptx: LLVM's NVVM pipeline has no " +
                   kConvertGpuToNvvm + "{...}: " + inner);
  // lower-affine first: the stock pipeline runs it after convert-scf-to-cf, so the scf.for it
  // makes of a kernel's affine.for is never lowered (a DSL's affine kernel fails to translate).
  // gpu-mem-opt-lower-readonly before the conversion too: it names the loads
  // marked for the read-only path, whose marks a printed and re-parsed module
  // keeps only as attributes, which the conversion drops.
  std::string pipeline =
      ("lower-affine,gpu-mem-opt-lower-math,gpu-mem-opt-lower-readonly," +
       inner.take_front(options + 1) +
       ",gpu-mem-opt-lower-readonly" + inner.drop_front(options + 1))
          .str();
  std::string root = toolkit.empty() ? defaultToolkit() : toolkit.str();
  if (!root.empty()) {
    if (root.find_first_of(" ,{}\"'") != std::string::npos)
      return onError("gpu-mem-opt-lower-to-ptx: toolkit path '" + root +
                     "' has a space, comma, brace or quote, which a pass "
                     "pipeline cannot carry; link or move it");
    size_t binary = pipeline.find(kToolkitOption);
    if (binary == std::string::npos)
      return onError("gpu-mem-opt-lower-to-ptx: LLVM's NVVM pipeline has no " +
                     Twine(kToolkitOption) + "}: " + pipeline);
    pipeline.insert(binary + strlen(kToolkitOption), root);
  }
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (failed(parsePassPipeline(pipeline, pm, errorStream)))
    return onError("gpu-mem-opt-lower-to-ptx: " + errors);
  return success();
}

/// Builds `gpu-mem-opt{sm=N <options>}` followed by the lowering to PTX.
LogicalResult buildToPtx(OpPassManager &pm, const ToPtxOptions &options,
                         function_ref<LogicalResult(const Twine &)> onError) {
  auto pass = std::make_unique<GpuMemOptPass>();
  std::string text =
      "sm=" + std::to_string(options.sm) + " " + options.passOptions.getValue();
  if (failed(pass->initializeOptions(text, onError)))
    return failure();
  pm.addPass(std::move(pass));
  return buildLowering(pm, options.sm, options.toolkit, onError);
}

} // namespace

extern "C" void gpuMemOptRegisterPasses(void) {
  // Registering twice is a no-op: `gpu-mem-opt-opt` registers the passes at
  // start-up, and `--load-pass-plugin=libGpuMemOpt.so` would register them
  // again from the plugin's own copy, which LLVM rejects as a different pass.
  if (PassInfo::lookup("gpu-mem-opt"))
    return;
  PassRegistration<GpuMemOptPass>();
  PassRegistration<GpuMemOptTestAccessAnalysisPass>();
  PassRegistration<GpuMemOptTestPlanPass>();
  PassRegistration<GpuMemOptLowerReadonlyPass>();
  PassRegistration<GpuMemOptLowerMathPass>();
  registerPassPipeline(
      "gpu-mem-opt-lower-to-ptx",
      "Lower GPU kernels through NVVM to PTX (gpu.binary in 'isa' format), "
      "applying gpu-mem-opt's read-only decisions after convert-gpu-to-nvvm",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> onError) {
        LowerToPtxOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        return buildLowering(pm, options.sm, options.toolkit, onError);
      },
      [](function_ref<void(const detail::PassOptions &)> describe) {
        describe(LowerToPtxOptions());
      });
  registerPassPipeline(
      "gpu-mem-opt-to-ptx",
      "Run gpu-mem-opt, then lower GPU kernels through NVVM to PTX "
      "(gpu.binary in 'isa' format)",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> onError) {
        ToPtxOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        return buildToPtx(pm, options, onError);
      },
      [](function_ref<void(const detail::PassOptions &)> describe) {
        describe(ToPtxOptions());
      });
}

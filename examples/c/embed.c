/* gpu-mem-opt from C, as a C or C++ DSL compiler embeds it (issue 19).
 *
 * Build: cc examples/c/embed.c $(pkg-config --cflags --libs build/lib/pkgconfig/gpu-mem-opt.pc)
 * Run:   ./a.out examples/transpose.mlir
 *
 * Parses an MLIR file, runs gpu-mem-opt on it with the default options, receives every
 * remark through a diagnostic handler and the report's JSON through a callback, and prints
 * how many remarks and report bytes it got and whether the module still verifies. Exit status
 * 1 on any failure. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu-mem-opt.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

/* Writes a piece of text to standard error. */
static void to_stderr(MlirStringRef text, void *user_data) {
  (void)user_data;
  fwrite(text.data, 1, text.length, stderr);
}

/* Counts remarks and prints every diagnostic on standard error. */
static MlirLogicalResult on_diagnostic(MlirDiagnostic diagnostic, void *user_data) {
  int *remarks = user_data;
  if (mlirDiagnosticGetSeverity(diagnostic) == MlirDiagnosticRemark)
    ++*remarks;
  mlirDiagnosticPrint(diagnostic, to_stderr, NULL);
  fputc('\n', stderr);
  return mlirLogicalResultSuccess();
}

/* Appends a piece of the report to a growing buffer. */
struct Text {
  char *data;
  size_t length;
};
static void append(MlirStringRef piece, void *user_data) {
  struct Text *text = user_data;
  text->data = realloc(text->data, text->length + piece.length + 1);
  memcpy(text->data + text->length, piece.data, piece.length);
  text->length += piece.length;
  text->data[text->length] = '\0';
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s FILE.mlir\n", argv[0]);
    return 1;
  }
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(context);
  int remarks = 0;
  mlirContextAttachDiagnosticHandler(context, on_diagnostic, &remarks, NULL);
  gpuMemOptRegisterPasses();

  MlirModule module = mlirModuleCreateParseFromFile(context, mlirStringRefCreateFromCString(argv[1]));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "cannot parse %s\n", argv[1]);
    return 1;
  }
  MlirStringRef empty = mlirStringRefCreate("", 0);
  GpuMemOptOptions options = {
      .sm = 90, .block = {0, 0, 0}, .report = empty, .strict = false,
      .vectorize = true, .memory_space = true, .stage_shared = true,
      .pad = true, .swizzle = true, .assume_noalias = false,
      .assume_alignment = 0, .smem_budget = 48 * 1024,
      .remarks = mlirStringRefCreateFromCString("summary"),
      .relayout = true, .relayout_launches = 0, .version = true,
      .bind_constants = false, .delinearize = true,
      .promote = true, .time_veto = true};
  struct Text report = {NULL, 0};
  MlirOperation root = mlirModuleGetOperation(module);
  if (mlirLogicalResultIsFailure(gpuMemOptRunWithReport(root, &options, append, &report))) {
    fprintf(stderr, "gpu-mem-opt failed\n");
    return 1;
  }
  int verified = mlirOperationVerify(root);
  printf("remarks: %d\nreport: %zu bytes, %s\nverifies: %s\n", remarks, report.length,
         report.data && strstr(report.data, "\"kernels\"") ? "with kernels" : "without kernels",
         verified ? "yes" : "no");
  free(report.data);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return verified ? 0 : 1;
}

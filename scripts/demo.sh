#!/usr/bin/env bash
# `make demo`: gpu-mem-opt on the naive transpose of examples/transpose.mlir:
# the remarks, the report as a table, and facts from the PTX.
set -euo pipefail
example=examples/transpose.mlir
out=build/demo
mkdir -p $out

echo "== gpu-mem-opt on $example, in stock mlir-opt-22 with the plugin =="
mlir-opt-22 --load-pass-plugin=build/lib/libGpuMemOpt.so \
  -p "builtin.module(gpu-mem-opt{report=$out/report.json})" $example -o $out/optimized.mlir
echo
echo "== The report ($out/report.json) as a table =="
build/bin/gpu-mem-opt report $out/report.json
echo
echo "== PTX for sm_90 ($out/transpose.ptx) =="
build/bin/gpu-mem-opt ptx $example -o $out/transpose.ptx 2>/dev/null
grep -E '^\.(version|target)' $out/transpose.ptx
echo "global loads:  $(grep -cE 'ld\.global' $out/transpose.ptx)   global stores: $(grep -cE 'st\.global' $out/transpose.ptx)"
echo "memory instructions:"; grep -oE '(ld|st)\.[a-z0-9.]+' $out/transpose.ptx | sort | uniq -c
build/bin/ptxas -arch=sm_90 -v $out/transpose.ptx -o $out/transpose.cubin 2>&1 | grep -E 'registers|Compiling' | sed 's/^ptxas info *: /ptxas: /'

program=examples/transpose_program.mlir
echo
echo "== The same kernel in a whole program ($program): the host's gpu.allocs prove what the launcher knows =="
build/bin/gpu-mem-opt opt $program -o $out/program.mlir 2>&1 | grep -E 'remark: gpu-mem-opt: (readonly|stage-shared)' | sed 's/^.*remark: gpu-mem-opt: /  /'
build/bin/gpu-mem-opt ptx $program -o $out/program.ptx 2>/dev/null
echo "memory instructions:"; grep -oE '(ld|st)\.[a-z0-9.]+' $out/program.ptx | sort | uniq -c
echo "the whole program on the reference interpreter, host code included, before and after the pass:"
build/bin/gpu-mem-opt diff $program --entry transpose | sed 's/^/  /'

# remarks FILE KINDS: the pass's remarks of KINDS (a regex) on FILE, indented; its PTX in $out.
remarks() {
  local name; name=$(basename "$1" .mlir)
  build/bin/gpu-mem-opt opt "$1" -o "$out/$name.mlir" 2>&1 | grep -E "remark: gpu-mem-opt: ($2)" | sed 's/^.*remark: gpu-mem-opt: /  /'
  build/bin/gpu-mem-opt ptx "$1" -o "$out/$name.ptx" 2>/dev/null
}

records=examples/float4_sum.mlir
echo
echo "== A kernel nothing proves aligned ($records): the 16-byte load behind a run-time check =="
remarks $records vectorize
echo "memory instructions (aligned: one 16-byte load; otherwise four ld.global.b32):"
grep -oE '(ld|st)\.global[a-z0-9.]*' $out/float4_sum.ptx | sort | uniq -c
echo "both paths on the reference interpreter: an aligned buffer, then one 4 bytes past a 256-byte boundary:"
build/bin/gpu-mem-opt diff $records --kernel float4_sums --grid 8,1,1 | sed 's/^/  /'
build/bin/gpu-mem-opt diff $records --kernel float4_sums --grid 8,1,1 --arg random:1@4 --arg zeros | sed 's/^/  /'

coefficients=examples/convolution.mlir
echo
echo "== A run-time check only where it pays ($coefficients): every load comes before the store =="
remarks $coefficients 'readonly|stage-shared'
echo "memory instructions (plain ld.global: nothing to reorder, and L1 serves the window's and the coefficients' reuse):"
grep -oE '(ld|st)\.(global|const)[a-z0-9.]*' $out/convolution.ptx | sort | uniq -c
echo "on the reference interpreter, before and after the pass:"
build/bin/gpu-mem-opt diff $coefficients --kernel convolution --grid 4,1,1 | sed 's/^/  /'

// The pass's options are declared in Pass.cpp (what --help lists), the C header, its Rust
// mirror (ffi.rs) and options.rs's table, and documented in docs/pass.md: one name set in all
// five, checked here so that none drifts from --help (issue 34). Adding an option means adding
// it to each; this test names the place it is missing from.

// RUN: python3 %S/../../scripts/check_options.py %S/../.. | FileCheck %s
// CHECK: 24 options agree: assume-alignment, assume-noalias, bind-constants, block, coarsen, coarsen-factor, coarsen-grid, delinearize, memory-space, pad, promote, register-tile, relayout, relayout-launches, remarks, report, sm, smem-budget, stage-shared, strict, swizzle, time-veto, vectorize, version

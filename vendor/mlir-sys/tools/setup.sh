#!/bin/sh

set -e

[ -n "$CI" ]

llvm_version=22

brew install llvm@$llvm_version
llvm_prefix=$(brew --prefix llvm@$llvm_version)

echo MLIR_SYS_${llvm_version}0_PREFIX=$llvm_prefix >>$GITHUB_ENV
echo LD_LIBRARY_PATH=$llvm_prefix/lib:$LD_LIBRARY_PATH >>$GITHUB_ENV

# For the discovery of the zstd library on macOS
echo LIBRARY_PATH=$(brew --prefix)/lib >>$GITHUB_ENV

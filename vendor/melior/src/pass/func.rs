//! Func passes.

melior_macro::passes!("Func", [mlirCreateFuncDuplicateFunctionEliminationPass,]);

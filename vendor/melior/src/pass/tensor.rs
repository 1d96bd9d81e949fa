//! Tensor passes.

melior_macro::passes!("Tensor", [mlirCreateTensorFoldTensorSubsetOpsPass,]);

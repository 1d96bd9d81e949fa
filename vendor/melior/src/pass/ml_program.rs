//! MLProgram passes.

melior_macro::passes!(
    "MLProgram",
    [mlirCreateMLProgramMLProgramPipelineGlobalsPass,]
);

//! Transforms: each applies one kind of decision from a plan and re-derives
//! nothing. `pad` widens a shared buffer's rows; `swizzle` permutes chunks
//! within rows by rewriting the innermost index of every access.

pub mod pad;
pub mod swizzle;

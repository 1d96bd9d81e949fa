//! Transforms: each applies one kind of decision from a plan and re-derives
//! nothing. `subview` folds static views of a shared buffer into its accesses; `pad` widens a shared buffer's rows; `swizzle` permutes chunks
//! within rows by rewriting the innermost index of every access; `readonly` marks a kernel
//! argument for the non-coherent read-only path; `constant` moves one to constant memory; `vectorize` merges a thread's accesses into
//! aligned vector accesses; `stage_shared` routes an access through a workgroup tile so the block
//! moves it coalesced; `stage_loop` does so per tile of a loop's iterations, after
//! `stage_guard` moves the loop out of an edge guard; `stage_loop_store` stages a store in a
//! nest of loops whole, copied out after them; `stage_halo` stages a stencil's loads
//! through one halo tile.

pub mod constant;
pub mod pad;
pub mod readonly;
pub mod stage_guard;
pub mod stage_halo;
pub mod stage_loop;
pub mod stage_loop_store;
pub mod stage_shared;
pub mod subview;
pub mod swizzle;
pub mod vectorize;

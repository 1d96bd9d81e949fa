//! Shared-memory kernels of seed-004 §6.5 and §10.2 (Gao's dissertation, our reconstructions
//! marked (R) there), each as the accesses of one buffer for a given intra-pad `p`, plus the
//! `f16` vector tiles of issue 5. Writes to the buffer are stores, reads are loads (the kind
//! changes no metric; upstream's swizzle pass needs both).

use analysis::{
    Access, AccessKind, Block, Condition, IndexExpression, Loop, MemorySpace, MemrefLayout,
    Relation,
};

use super::{iv, shared, tx, ty};

/// A reconstructed kernel: the accesses of its shared buffer for a given intra-pad.
pub type Kernel = fn(i64) -> Vec<Access>;

/// `access` as a write.
pub fn store(mut access: Access) -> Access {
    access.kind = AccessKind::Store;
    access
}

/// `access` under `condition` (an `scf.if` on thread ids or loop variables).
pub fn guarded(mut access: Access, condition: Condition) -> Access {
    access.guard.push(condition);
    access
}

/// `access` inside `enclosing`, which becomes its innermost loop.
pub fn inside(mut access: Access, enclosing: Loop) -> Access {
    access.loops.push(enclosing);
    access
}

/// Fig. 4.5A (cases 19, 20): `A[32][32+p]`, read `A[tx][0]`, one warp.
pub fn column_read_32(pad: i64) -> Vec<Access> {
    vec![shared(&[32, 32 + pad], vec![tx(), 0.into()])]
}

/// Fig. 4.5B (cases 21, 22): `A[4][32+p]`, read `A[ty][4·tx]`, block (8, 4).
pub fn two_dimensional_warp(pad: i64) -> Vec<Access> {
    vec![shared(&[4, 32 + pad], vec![ty(), tx() * 4])]
}

/// Fig. 8.1(b) (cases 26, 27): `A[16][24+p]`, read `A[ty][tx]`, block 16×16.
pub fn pitch_24_rows(pad: i64) -> Vec<Access> {
    vec![shared(&[16, 24 + pad], vec![ty(), tx()])]
}

/// 3DFD (R): `s_data[24][24+p]`, 16×16 block, the centre and guarded halo writes, then the
/// radius-4 cross stencil reads.
pub fn finite_difference_3d(pad: i64) -> Vec<Access> {
    let shape = [24, 24 + pad];
    let halo_row = || Condition::new(ty(), Relation::Less, 4);
    let halo_column = || Condition::new(tx(), Relation::Less, 4);
    let stencil = Loop::constant(1, 5, 1);
    vec![
        store(shared(&shape, vec![ty() + 4, tx() + 4])),
        store(guarded(shared(&shape, vec![ty(), tx() + 4]), halo_row())),
        store(guarded(
            shared(&shape, vec![ty() + 20, tx() + 4]),
            halo_row(),
        )),
        store(guarded(shared(&shape, vec![ty() + 4, tx()]), halo_column())),
        store(guarded(
            shared(&shape, vec![ty() + 4, tx() + 20]),
            halo_column(),
        )),
        inside(shared(&shape, vec![ty() + 4 - iv(0), tx() + 4]), stencil),
        inside(shared(&shape, vec![ty() + 4 + iv(0), tx() + 4]), stencil),
        inside(shared(&shape, vec![ty() + 4, tx() + 4 - iv(0)]), stencil),
        inside(shared(&shape, vec![ty() + 4, tx() + 4 + iv(0)]), stencil),
    ]
}

/// CUDA SDK convolutionRowsKernel (R): `s_Data[4][160+p]`, block 16×4, 10 writes and 8×17 tap reads.
pub fn convolution_rows(pad: i64) -> Vec<Access> {
    let shape = [4, 160 + pad];
    let main = Loop::constant(1, 9, 1);
    let taps = Loop::constant(-8, 9, 1);
    vec![
        store(inside(shared(&shape, vec![ty(), tx() + iv(0) * 16]), main)),
        store(shared(&shape, vec![ty(), tx()])),
        store(shared(&shape, vec![ty(), tx() + 144])),
        inside(
            inside(shared(&shape, vec![ty(), tx() + iv(0) * 16 + iv(1)]), main),
            taps,
        ),
    ]
}

/// CUDA SDK convolutionColumnsKernel (R): `s_Data[16][81+p]`, block 16×8, 10 writes and 8×17 tap reads.
pub fn convolution_columns(pad: i64) -> Vec<Access> {
    let shape = [16, 81 + pad];
    let main = Loop::constant(1, 9, 1);
    let taps = Loop::constant(-8, 9, 1);
    vec![
        store(inside(shared(&shape, vec![tx(), ty() + iv(0) * 8]), main)),
        store(shared(&shape, vec![tx(), ty()])),
        store(shared(&shape, vec![tx(), ty() + 72])),
        inside(
            inside(shared(&shape, vec![tx(), ty() + iv(0) * 8 + iv(1)]), main),
            taps,
        ),
    ]
}

/// Classic 32×32 transpose (R), block 32×8: write `tile[ty+j][tx]`, read `tile[tx][ty+j]`, j = 0, 8, 16, 24.
pub fn transpose_32(pad: i64) -> Vec<Access> {
    let shape = [32, 32 + pad];
    let rows = Loop::constant(0, 32, 8);
    vec![
        store(inside(shared(&shape, vec![ty() + iv(0), tx()]), rows)),
        inside(shared(&shape, vec![tx(), ty() + iv(0)]), rows),
    ]
}

/// 16×16 transpose (R), block 16×16 (16×2 warps): write `tile[ty][tx]`, read `tile[tx][ty]`.
pub fn transpose_16(pad: i64) -> Vec<Access> {
    let shape = [16, 16 + pad];
    vec![
        store(shared(&shape, vec![ty(), tx()])),
        shared(&shape, vec![tx(), ty()]),
    ]
}

/// shfl_scan pattern A (R): `sums[32][8+p]`, 1-D warps down a column, `sums[tx][ty]`, block 32×8.
pub fn shfl_pattern_a(pad: i64) -> Access {
    shared(&[32, 8 + pad], vec![tx(), ty()])
}

/// shfl_scan pattern B (R): 4×8 warps along rows, `sums[4·ty + tx/8][tx mod 8]`, block 32×8.
pub fn shfl_pattern_b(pad: i64) -> Access {
    shared(
        &[32, 8 + pad],
        vec![ty() * 4 + tx().floor_divide(8), tx().modulo(8)],
    )
}

/// shfl_scan, the buffer as case 38 states it: pattern A alone.
pub fn shfl_column(pad: i64) -> Vec<Access> {
    vec![shfl_pattern_a(pad)]
}

/// shfl_scan, both patterns on one buffer (R): write A, read B.
pub fn shfl_both(pad: i64) -> Vec<Access> {
    vec![store(shfl_pattern_a(pad)), shfl_pattern_b(pad)]
}

/// Rodinia needle_cuda_shared_1 (R): the two anti-diagonal writes of `temp[17][17+p]`, block 16.
pub fn needleman_wunsch(pad: i64) -> Vec<Access> {
    let shape = [17, 17 + pad];
    let active = || Condition::new(tx(), Relation::LessEqual, iv(0));
    vec![
        store(guarded(
            inside(
                shared(&shape, vec![iv(0) - tx() + 1, tx() + 1]),
                Loop::constant(0, 16, 1),
            ),
            active(),
        )),
        store(guarded(
            inside(
                shared(&shape, vec![tx() * -1 + 16, tx() + 16 - iv(0)]),
                Loop::constant(0, 15, 1),
            ),
            active(),
        )),
    ]
}

/// Rodinia lud_diagonal (R): read `shadow[tx][i]` for `tx > i`, i < 15, block 16.
pub fn lud_diagonal(pad: i64) -> Vec<Access> {
    let access = shared(&[16, 16 + pad], vec![tx(), iv(0)]);
    vec![guarded(
        inside(access, Loop::constant(0, 15, 1)),
        Condition::new(tx(), Relation::Greater, iv(0)),
    )]
}

/// Rodinia lud_perimeter (R): read `peri_col[tx-16][i]` for `tx ≥ 16`, i < 16, block 32.
pub fn lud_perimeter(pad: i64) -> Vec<Access> {
    let access = shared(&[16, 16 + pad], vec![tx() - 16, iv(0)]);
    vec![guarded(
        inside(access, Loop::constant(0, 16, 1)),
        Condition::new(tx(), Relation::GreaterEqual, 16),
    )]
}

/// One sm_90 kernel row of seed-004 §10.2: its case number, name, accesses and block.
pub struct GaoCase {
    /// Row number in §10.2.
    pub case: u32,
    /// Short name for tables.
    pub name: &'static str,
    /// The buffer's accesses for a pad.
    pub kernel: Kernel,
    /// Thread-block size.
    pub block: Block,
}

/// Every sm_90 (CONV) row of §10.2 that is a kernel.
pub fn gao_sm90_cases() -> Vec<GaoCase> {
    let case = |case, name, kernel: Kernel, block| GaoCase {
        case,
        name,
        kernel,
        block,
    };
    vec![
        case(
            20,
            "A[32][32] A[tx][0]",
            column_read_32,
            Block::new(32, 1, 1),
        ),
        case(
            22,
            "A[4][32] A[ty][4tx]",
            two_dimensional_warp,
            Block::new(8, 4, 1),
        ),
        case(
            27,
            "A[16][24] A[ty][tx]",
            pitch_24_rows,
            Block::new(16, 16, 1),
        ),
        case(
            33,
            "3DFD s_data[24][24]",
            finite_difference_3d,
            Block::new(16, 16, 1),
        ),
        case(
            34,
            "CS-CRK s_Data[4][160]",
            convolution_rows,
            Block::new(16, 4, 1),
        ),
        case(
            35,
            "CS-CCK s_Data[16][81]",
            convolution_columns,
            Block::new(16, 8, 1),
        ),
        case(36, "transpose 32x32", transpose_32, Block::new(32, 8, 1)),
        case(37, "transpose 16x16", transpose_16, Block::new(16, 16, 1)),
        case(38, "shfl sums[32][8] A", shfl_column, Block::new(32, 8, 1)),
        case(
            39,
            "NW temp[17][17]",
            needleman_wunsch,
            Block::new(16, 1, 1),
        ),
        case(
            40,
            "lud_diagonal shadow",
            lud_diagonal,
            Block::new(16, 1, 1),
        ),
        case(
            40,
            "lud_perimeter peri_col",
            lud_perimeter,
            Block::new(32, 1, 1),
        ),
    ]
}

/// The static shape of an access's buffer.
pub fn shape_of(access: &Access) -> Vec<i64> {
    access
        .layout
        .shape
        .iter()
        .map(|size| size.expect("static shape"))
        .collect()
}

/// A shared `f16` buffer of `shape` read or written as `vector<8xf16>` (16 bytes) at `indices`.
pub fn f16_vector(kind: AccessKind, shape: &[i64], indices: Vec<IndexExpression>) -> Access {
    let mut access = Access::new(
        kind,
        MemrefLayout::row_major(shape, 2, MemorySpace::Shared),
        indices,
    );
    access.vector_width = 8;
    access
}

/// An `f16` tile `[32][columns]` (columns a multiple of 8), one warp (block 32): a coalesced
/// copy in (thread t of iteration k writes 16-byte chunk `t + 32k` in row-major order), then a
/// column-wise read (lane i reads row i, chunk c, for every chunk c).
pub fn f16_tile(columns: i64) -> Vec<Access> {
    let shape = [32, columns];
    let chunks = columns / 8;
    let chunk = tx() + iv(0) * 32;
    let copy_in = inside(
        f16_vector(
            AccessKind::Store,
            &shape,
            vec![chunk.clone().floor_divide(chunks), chunk.modulo(chunks) * 8],
        ),
        Loop::constant(0, chunks, 1),
    );
    let column_read = inside(
        f16_vector(AccessKind::Load, &shape, vec![tx(), iv(0) * 8]),
        Loop::constant(0, chunks, 1),
    );
    vec![copy_in, column_read]
}

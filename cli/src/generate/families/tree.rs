//! The tree family: a block's values summed through a rank-1 shared buffer level by level, as
//! the cuda-samples reduction writes it (reduction_kernel.cu, reduce0-3). Each thread stores
//! its value (a load of a global input, or two added: reduce3's first level) at
//! `sdata[tid]`; a barrier; then for each level a subset of the threads adds a partner:
//!
//! * interleaved (reduce1): `i = c·s·tid` for `s = 1, 2, 4, …` (`1 << level`) with `c` 2 or 4,
//!   `if i + (c-1)·s < B: sdata[i] += sdata[i + s]`: strided addresses, bank conflicts that a
//!   skew (pad after every 32 elements) removes;
//! * sequential (reduce2): `if tid < s: sdata[tid] += sdata[tid + s]` for `s = B/2, …, 1`
//!   (`(B/2) >> level`): conflict-free already.
//!
//! A barrier ends each level; thread 0 stores `sdata[0]` at the block's element of the output.
//! The buffer is a workgroup attribution or a workgroup `memref.global` of `B` elements or a
//! few more, the levels an `scf.for` over the level. Blocks are 32 to 256 threads in x. The
//! interpreter adds in the order written, so totals agree bit for bit before and after a
//! pass that only moves where elements live.

use super::new_input;
use crate::generate::body::{Affine, Element};
use crate::generate::kernel::Kernel;
use crate::generate::random::Random;

/// One block total through a shared tree.
pub fn tree(random: &mut Random, element: Element) -> Kernel {
    let threads = random.pick(&[32, 64, 128, 256]);
    let mut kernel = Kernel::new([threads, 1], 1, [random.range(1, 4), 1]);
    let tid = kernel.ids.thread[0].clone();
    let blocks = kernel.ids.grid[0];
    let block = Affine::term(&kernel.ids.block[0], blocks, 1);
    let first_level = random.chance(30);
    let per_block = if first_level { 2 * threads } else { threads };
    let input = new_input(&mut kernel, random, &[blocks * per_block], element);
    let length = threads + random.pick(&[0, 0, 0, 1, 8, 32]);
    let sdata = kernel.shared(&[length], element, random.chance(25));
    let body = &mut kernel.body;
    // reduce3's first level while loading: tid and tid + B of the block's 2B elements.
    let start = block.clone().times(per_block);
    let own = start.clone().plus(&tid, threads, 1);
    let own_index = body.affine(&own);
    let mut value = body.load(&input.name, &input.type_text, &[own_index]);
    if first_level {
        let other = body.affine(&own.shifted(threads));
        let second = body.load(&input.name, &input.type_text, &[other]);
        value = body.add(element, &value, &second);
    }
    body.store(
        &value,
        &sdata.name,
        &sdata.type_text,
        std::slice::from_ref(&tid),
    );
    body.line("gpu.barrier");
    let levels = threads.trailing_zeros() as i64;
    let interleaved = random.chance(60);
    let factor = if interleaved {
        random.pick(&[2, 2, 4])
    } else {
        2
    };
    body.repeat(levels, |body, level| {
        let one = body.index(1);
        let (index, partner, active) = if interleaved {
            // s = 1 << level; i = c·s·tid; partner i + s; active while i + (c-1)·s < B.
            let s = body.define("s", &format!("arith.shli {one}, {level} : index"));
            let factor = body.index(factor);
            let scaled = body.define("cs", &format!("arith.muli {factor}, {s} : index"));
            let index = body.define("i", &format!("arith.muli {scaled}, {tid} : index"));
            let partner = body.define("j", &format!("arith.addi {index}, {s} : index"));
            let last = body.define("l", &format!("arith.addi {index}, {scaled} : index"));
            let last = body.define("l", &format!("arith.subi {last}, {s} : index"));
            let active = body.below(&last, threads);
            (index, partner, active)
        } else {
            // s = (B/2) >> level; tid < s adds tid + s.
            let half = body.index(threads / 2);
            let s = body.define("s", &format!("arith.shrui {half}, {level} : index"));
            let partner = body.define("j", &format!("arith.addi {tid}, {s} : index"));
            let active = body.define("p", &format!("arith.cmpi ult, {tid}, {s} : index"));
            (tid.clone(), partner, active)
        };
        body.when(&active, |body| {
            let mine = body.load(&sdata.name, &sdata.type_text, std::slice::from_ref(&index));
            let theirs = body.load(&sdata.name, &sdata.type_text, &[partner]);
            let sum = body.add(element, &mine, &theirs);
            body.store(&sum, &sdata.name, &sdata.type_text, &[index]);
        });
        body.line("gpu.barrier");
    });
    let output = kernel.output(&[blocks], element);
    let body = &mut kernel.body;
    let first = body.is_zero(&tid);
    body.when(&first, |body| {
        let zero = body.index(0);
        let total = body.load(&sdata.name, &sdata.type_text, &[zero]);
        let slot = body.affine(&block);
        body.store(&total, &output.name, &output.type_text, &[slot]);
    });
    kernel
}

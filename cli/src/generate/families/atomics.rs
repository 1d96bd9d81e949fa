//! The atomics family: histograms, as GPU programmers write them. Each thread reads a value
//! of an `i32` input, takes it modulo the number of bins and adds to that bin with
//! `memref.atomic_rmw` (`addi` or `addf`, or `maxs`/`maximumf`), straight into the output or
//! first into a workgroup copy of the bins that the block then adds to the output. The
//! interpreter runs the lanes in a defined order, so before and after the pass agree bit for
//! bit; the pass must leave the atomics' buffers as they are (no staging, no layout change
//! that the atomics would not follow).

use super::{launch, load, new_input};
use crate::generate::body::{Affine, Body, Element};
use crate::generate::kernel::Kernel;
use crate::generate::random::Random;

/// `bins[data[x] mod n] ∘= 1` over the grid's threads, through shared bins at random.
pub fn atomics(random: &mut Random, element: Element) -> Kernel {
    // Atomics on 32- and 64-bit elements, as hardware has them.
    let element = match element {
        Element::F16 => Element::F32,
        Element::I8 => Element::I32,
        other => other,
    };
    let mut kernel = launch(random, false);
    let bins = random.pick(&[4, 16, 33, 64]);
    let x = kernel.ids.global(0);
    let data = new_input(&mut kernel, random, &[x.extent()], Element::I32);
    let output = kernel.output(&[bins], element);
    let maximum = random.chance(25);
    let kind = match (element.is_integer(), maximum) {
        (true, false) => "addi",
        (true, true) => "maxs",
        (false, false) => "addf",
        (false, true) => "maximumf",
    };
    // Shared bins need a thread per bin to clear and flush them.
    let threads = kernel.ids.block_size[0] * kernel.ids.block_size[1];
    let through_shared = threads >= bins && random.chance(40);
    let shared = through_shared.then(|| kernel.shared(&[bins], element, false));
    let one = kernel.body.define_at_entry(
        "one",
        &format!(
            "arith.constant {} : {}",
            if element.is_integer() { "1" } else { "1.0" },
            element.name()
        ),
    );
    let body = &mut kernel.body;
    let value = load(body, &data, &[x]);
    let wide = body.define("i", &format!("arith.index_castui {value} : i32 to index"));
    let count = body.index(bins);
    let bin = body.define("i", &format!("arith.remui {wide}, {count} : index"));
    let atomic = |body: &mut Body, memref: &str, memref_type: &str, index: &str, value: &str| {
        let name = element.name();
        body.define(
            "v",
            &format!(
                "memref.atomic_rmw {kind} {value}, {memref}[{index}] : ({name}, {memref_type}) -> {name}"
            ),
        );
    };
    match &shared {
        None => atomic(body, &output.name, &output.type_text, &bin, &one),
        Some(local) => {
            // Zero the block's bins, count into them, then add them to the output.
            let ids = &kernel.ids;
            let linear = Affine::term(&ids.thread[0], ids.block_size[0], 1).plus(
                &ids.thread[1],
                ids.block_size[1],
                ids.block_size[0],
            );
            let thread = body.affine(&linear);
            let owns = body.below(&thread, bins);
            let zero = body.zero(element);
            body.when(&owns, |body| {
                body.store(
                    &zero,
                    &local.name,
                    &local.type_text,
                    std::slice::from_ref(&thread),
                )
            });
            body.line("gpu.barrier");
            atomic(body, &local.name, &local.type_text, &bin, &one);
            body.line("gpu.barrier");
            body.when(&owns, |body| {
                let counted =
                    body.load(&local.name, &local.type_text, std::slice::from_ref(&thread));
                atomic(body, &output.name, &output.type_text, &thread, &counted);
            });
        }
    }
    kernel
}

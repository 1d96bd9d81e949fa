//! The huge family (issue 17): shapes as a DSL declares a whole problem statically, one
//! dimension from 2^31 to 2^62 elements, so byte sizes, strides, offsets and footprints pass
//! 2^32 and 2^64. The interpreter cannot hold such inputs, so a huge case runs the pass only
//! (`opt`): a crash, a pass error or IR that does not verify is a finding, and every size the
//! pass computes goes through its checked arithmetic.

use super::{input_attributes, launch, store_output};
use crate::generate::body::Element;
use crate::generate::kernel::Kernel;
use crate::generate::random::Random;

/// The huge dimensions tried: past 32 bits, past 2^40 and near 2^62 elements.
const HUGE: [i64; 5] = [1 << 31, 3_000_000_000, 1 << 40, 1 << 52, 1 << 62];

/// A read of a huge input (rows of huge length read along them, or huge columns read across,
/// a transpose), at random plus a warp-uniform read of a huge table, stored at the thread's
/// element of a small output.
pub fn huge(random: &mut Random, element: Element) -> Kernel {
    let mut kernel = launch(random, false);
    let huge = random.pick(&HUGE);
    let row = kernel.ids.global(1);
    let column = kernel.ids.global(0);
    let across = random.chance(50);
    let (shape, indices) = if across {
        ([huge, row.extent()], [column, row])
    } else {
        ([row.extent(), huge], [row, column])
    };
    let attributes = input_attributes(random);
    let input = kernel.input(&shape, element, attributes);
    let indices = indices.map(|index| kernel.body.affine(&index));
    let mut value = kernel.body.load(&input.name, &input.type_text, &indices);
    if random.chance(50) {
        let table = kernel.input(&[huge], element, "{llvm.noalias}");
        let first = kernel.body.index(0);
        let entry = kernel.body.load(&table.name, &table.type_text, &[first]);
        value = kernel.body.add(element, &value, &entry);
    }
    let transposed = random.chance(50);
    store_output(&mut kernel, random, element, &value, transposed);
    kernel
}

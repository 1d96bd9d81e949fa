//! Device bytes of a buffer argument: the interpreter's row-major elements placed through the
//! memref's layout, and taken back out.
//!
//! Model. The interpreter keeps a buffer as the bit pattern of every element in row-major
//! order ([`interpreter::HostBuffer`]); a strided parameter's device buffer spans the layout,
//! element `[i_0, ..., i_n]` at `offset + Σ i_d · stride_d`, gaps zero — what the interpreter
//! does for a strided parameter, so outputs gathered back compare with its printout element
//! for element. Elements are little-endian in [`crate::description::Element::bytes`] bytes.
//!
//! Cost. Linear in the span.

use crate::description::MemRef;

/// The span position of every element, row-major.
pub fn positions(memref: &MemRef) -> Vec<usize> {
    let strides = memref.strides();
    let rank = memref.shape.len();
    let mut index = vec![0i64; rank];
    let mut positions = Vec::with_capacity(memref.elements());
    for _ in 0..memref.elements() {
        let position: i64 = memref.offset
            + index
                .iter()
                .zip(&strides)
                .map(|(index, stride)| index * stride)
                .sum::<i64>();
        positions.push(position as usize);
        for dimension in (0..rank).rev() {
            index[dimension] += 1;
            if index[dimension] < memref.shape[dimension] {
                break;
            }
            index[dimension] = 0;
        }
    }
    positions
}

/// Little-endian bytes of `bits` in `width` bytes.
pub fn encode(bits: &[u64], width: usize) -> Vec<u8> {
    bits.iter()
        .flat_map(|value| value.to_le_bytes().into_iter().take(width))
        .collect()
}

/// Element bit patterns of little-endian `bytes` of `width` bytes each.
pub fn decode(bytes: &[u8], width: usize) -> Vec<u64> {
    bytes
        .chunks_exact(width)
        .map(|chunk| {
            let mut value = [0u8; 8];
            value[..width].copy_from_slice(chunk);
            u64::from_le_bytes(value)
        })
        .collect()
}

/// The device buffer's bytes for row-major elements `bits` of `memref`.
pub fn scatter(memref: &MemRef, bits: &[u64]) -> Vec<u8> {
    let width = memref.element.bytes();
    if memref.is_row_major() {
        return encode(bits, width);
    }
    let mut placed = vec![0u64; memref.span()];
    for (position, &value) in positions(memref).into_iter().zip(bits) {
        placed[position] = value;
    }
    encode(&placed, width)
}

/// The row-major elements of `memref` in its device buffer's `bytes`.
pub fn gather(memref: &MemRef, bytes: &[u8]) -> Vec<u64> {
    let all = decode(bytes, memref.element.bytes());
    if memref.is_row_major() {
        return all;
    }
    positions(memref)
        .into_iter()
        .map(|position| all[position])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::description::Element;

    fn memref(shape: &[i64], strides: Option<Vec<i64>>, offset: i64) -> MemRef {
        MemRef {
            element: Element::parse("f32").unwrap(),
            shape: shape.to_vec(),
            strides,
            offset,
            fill: "iota".into(),
            output: None,
            constant: None,
            parameter: true,
        }
    }

    #[test]
    fn row_major_is_identity() {
        let dense = memref(&[2, 3], None, 0);
        assert_eq!(dense.span(), 6);
        assert_eq!(positions(&dense), vec![0, 1, 2, 3, 4, 5]);
        let bits: Vec<u64> = (0..6).collect();
        assert_eq!(gather(&dense, &scatter(&dense, &bits)), bits);
    }

    #[test]
    fn strided_layout_spans_gaps() {
        // memref<2x3xf32, strided<[5, 1], offset: 2>>: rows 5 apart, starting at element 2.
        let strided = memref(&[2, 3], Some(vec![5, 1]), 2);
        assert_eq!(strided.span(), 2 + 5 + 2 + 1);
        assert_eq!(positions(&strided), vec![2, 3, 4, 7, 8, 9]);
        let bits: Vec<u64> = (10..16).collect();
        let bytes = scatter(&strided, &bits);
        assert_eq!(bytes.len(), 10 * 4);
        assert_eq!(decode(&bytes, 4), vec![0, 0, 10, 11, 12, 0, 0, 13, 14, 15]);
        assert_eq!(gather(&strided, &bytes), bits);
    }

    #[test]
    fn permuted_layout_is_scattered() {
        // memref<2x3xf32, strided<[1, 2]>>: column-major, spanning exactly its 6 elements
        // like the row-major layout (the relayout's structure-of-arrays layouts are such).
        let permuted = memref(&[2, 3], Some(vec![1, 2]), 0);
        assert_eq!(permuted.span(), 6);
        assert_eq!(positions(&permuted), vec![0, 2, 4, 1, 3, 5]);
        let bits: Vec<u64> = (10..16).collect();
        let bytes = scatter(&permuted, &bits);
        assert_eq!(decode(&bytes, 4), vec![10, 13, 11, 14, 12, 15]);
        assert_eq!(gather(&permuted, &bytes), bits);
    }

    #[test]
    fn encoding_is_little_endian_of_the_width() {
        assert_eq!(encode(&[0x0102, 0xffff], 2), vec![2, 1, 0xff, 0xff]);
        assert_eq!(decode(&[2, 1, 0, 0], 4), vec![0x0102]);
        assert_eq!(encode(&[1], 1), vec![1]);
    }
}

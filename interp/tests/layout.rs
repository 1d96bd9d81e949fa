//! Memref parameters with strided layouts: the host buffer holds the logical elements, the
//! device buffer follows the layout, and addresses (hence the trace) show it.

mod common;

use common::*;

const I32: ElementType = ElementType::Integer(32);

/// `out[ty][tx] = in[ty][tx]` for 4x4 memrefs, `in` with `layout`.
fn copy_through(layout: Layout) -> Kernel {
    let mut kb = Kb::new("copy");
    let input = kb
        .builder
        .parameter_with_layout(global(I32, &[4, 4]), Some(layout));
    let output = kb.parameter(global(I32, &[4, 4]));
    let (tx, ty) = (kb.thread_id(Axis::X), kb.thread_id(Axis::Y));
    let value = kb.load(input, &[ty, tx]);
    kb.store(value, output, &[ty, tx]);
    kb.finish()
}

/// Runs `kernel` on iota and zeros with a 4x4 block; returns the arguments and the trace.
fn run_copy(kernel: &Kernel) -> Result<(Vec<Argument>, Trace), Error> {
    let mut arguments = vec![
        Argument::Buffer(HostBuffer::filled(I32, &[4, 4], Fill::Iota)),
        Argument::Buffer(HostBuffer::filled(I32, &[4, 4], Fill::Zeros)),
    ];
    let trace = run(
        kernel,
        [1, 1, 1],
        [4, 4, 1],
        &mut arguments,
        &Options::default(),
    )?;
    Ok((arguments, trace))
}

#[test]
fn strided_parameters_read_logical_elements_at_layout_addresses() {
    let layout = Layout {
        offset: Dimension::Static(2),
        strides: vec![Dimension::Static(8), Dimension::Static(1)],
    };
    let (arguments, trace) = run_copy(&copy_through(layout)).unwrap();
    let iota = HostBuffer::filled(I32, &[4, 4], Fill::Iota);
    assert_eq!(arguments[0], Argument::Buffer(iota.clone()));
    assert_eq!(arguments[1], Argument::Buffer(iota));
    // Rows start at bytes 8 + 32r and are 16 bytes long: one sector each.
    assert_eq!(trace.accesses[0].metrics.sectors_per_request, 4.0);
    assert_eq!(trace.accesses[1].metrics.sectors_per_request, 2.0);
}

#[test]
fn dynamic_strides_resolve_to_the_contiguous_layout() {
    let layout = Layout {
        offset: Dimension::Dynamic,
        strides: vec![Dimension::Dynamic, Dimension::Static(2)],
    };
    assert_eq!(layout.resolve(&[4, 4]), (0, vec![8, 2]));
    let (_, trace) = run_copy(&copy_through(layout)).unwrap();
    assert_eq!(trace.accesses[0].metrics.sectors_per_request, 4.0);
}

#[test]
fn a_layout_before_the_buffer_start_is_an_argument_error() {
    let layout = Layout {
        offset: Dimension::Static(0),
        strides: vec![Dimension::Static(-4), Dimension::Static(1)],
    };
    let error = run_copy(&copy_through(layout)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "argument 0: the layout places elements before the buffer's start"
    );
}

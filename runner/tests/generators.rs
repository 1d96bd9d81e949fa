//! The runner's buffers are the interpreter's: the same fill specs give the same bits, and
//! text outputs are exactly what `gpu-mem-opt interp --print-arg` prints.

use interpreter::{Argument, Dimension, MemRefType, MemorySpace, Type};
use runner::description::{Element, MemRef};
use runner::layout;
use runner::output::Elements;

fn memref(element: &str, shape: &[i64], fill: &str) -> MemRef {
    MemRef {
        element: Element::parse(element).unwrap(),
        shape: shape.to_vec(),
        strides: None,
        offset: 0,
        fill: fill.into(),
        output: None,
        constant: None,
        parameter: true,
    }
}

/// What `gpu-mem-opt interp --arg SPEC` gives a parameter of this type.
fn interpreter_buffer(memref: &MemRef) -> interpreter::HostBuffer {
    let ty = Type::MemRef(MemRefType {
        element: memref.element.0,
        shape: memref
            .shape
            .iter()
            .map(|&size| Dimension::Static(size))
            .collect(),
        space: MemorySpace::Global,
    });
    match Argument::parse(&memref.fill, &ty).unwrap() {
        Argument::Buffer(buffer) => buffer,
        Argument::Scalar(_) | Argument::Same(_) => unreachable!(),
    }
}

#[test]
fn every_fill_gives_the_interpreters_bits() {
    for element in ["f32", "f16", "bf16", "f64", "i32", "i8", "i64", "index"] {
        for fill in ["zeros", "ones", "iota", "random:1", "random:42"] {
            let buffer = memref(element, &[3, 17], fill);
            let expected = interpreter_buffer(&buffer);
            let device = layout::scatter(&buffer, &buffer.host_data().unwrap().data);
            assert_eq!(
                device.len(),
                3 * 17 * buffer.element.bytes(),
                "{element} {fill}"
            );
            assert_eq!(
                layout::gather(&buffer, &device),
                expected.data,
                "{element} {fill}"
            );
        }
    }
}

#[test]
fn random_floats_are_spread_in_minus_one_to_one() {
    let values = interpreter_buffer(&memref("f32", &[1000], "random:7")).values();
    assert!(values.iter().all(|value| (-1.0..1.0).contains(value)));
    assert!(values.iter().any(|&value| value < -0.5) && values.iter().any(|&value| value > 0.5));
}

#[test]
fn text_outputs_are_the_interpreters_printout() {
    let directory = std::env::temp_dir().join(format!("runner-generators-{}", std::process::id()));
    for (element, fill) in [
        ("f32", "random:3"),
        ("i32", "random:5"),
        ("f16", "iota"),
        ("f64", "random:2"),
    ] {
        let buffer = memref(element, &[5, 7], fill);
        let host = buffer.host_data().unwrap();
        let mut printed = Vec::new();
        host.write_elements(&mut printed).unwrap();
        let path = directory.join(format!("{element}.txt"));
        let elements = Elements::exact(buffer.element, host.data.clone());
        elements
            .write(&path, runner::description::Format::Text)
            .unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), printed, "{element}");
        let read =
            Elements::read(&path, runner::description::Format::Text, buffer.element).unwrap();
        assert_eq!(
            read.bits, host.data,
            "{element}: text parses back to the same bits"
        );
    }
    let _ = std::fs::remove_dir_all(&directory);
}

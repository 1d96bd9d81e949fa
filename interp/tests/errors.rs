//! Bad input gives clear errors: unsupported ops, barrier divergence, out-of-bounds accesses,
//! wrong arguments and launches.

mod common;

use common::*;

const F32: ElementType = ElementType::F32;

fn message(error: Error) -> String {
    error.to_string()
}

#[test]
fn an_unsupported_op_is_named_with_its_location_before_anything_runs() {
    let mut kb = Kb::new("unsupported");
    let output = kb.parameter(global(F32, &[4]));
    let t = kb.thread_id(Axis::X);
    let one = kb.constant(scalar(F32), 1.0);
    kb.store(one, output, &[t]);
    kb.builder.push(
        Op::Unsupported("math.erf".into()),
        &[one],
        &[scalar(F32)],
        "kernel.mlir:7:12",
    );
    let mut arguments = [zeros(F32, &[4])];
    let error = launch(&kb.finish(), [1, 1, 1], [4, 1, 1], &mut arguments).unwrap_err();
    assert_eq!(
        message(error),
        "kernel.mlir:7:12: unsupported operation 'math.erf'"
    );
    assert!(buffer(&arguments, 0)
        .values()
        .iter()
        .all(|&value| value == 0.0));
}

#[test]
fn a_barrier_reached_by_part_of_the_block_is_divergence() {
    let mut kb = Kb::new("divergent");
    let t = kb.thread_id(Axis::X);
    let sixteen = kb.index(16);
    let low = kb.cmpi(IntegerPredicate::Ult, t, sixteen);
    kb.if_then(low, |kb| {
        kb.builder.push(Op::Barrier, &[], &[], "kernel.mlir:3:5");
    });
    let error = launch(&kb.finish(), [1, 1, 1], [32, 2, 1], &mut []).unwrap_err();
    assert_eq!(
        message(error),
        "kernel.mlir:3:5: barrier divergence in block (0, 0, 0): 32 of 64 threads reached the barrier; \
         missing thread (16, 0, 0), thread (17, 0, 0), thread (18, 0, 0), thread (19, 0, 0), 28 more"
    );
}

#[test]
fn an_out_of_bounds_load_names_the_op_thread_indices_and_sizes() {
    let mut kb = Kb::new("overrun");
    let input = kb.parameter(global(F32, &[2, 64]));
    let output = kb.parameter(global(F32, &[2, 64]));
    let (t, row, one) = (kb.thread_id(Axis::X), kb.block_id(Axis::X), kb.index(1));
    let next = kb.add(t, one);
    let value = kb.op1(Op::Load, &[input, row, next], scalar(F32));
    kb.store(value, output, &[row, t]);
    let kernel = kb.finish();
    let mut arguments = [zeros(F32, &[2, 64]), zeros(F32, &[2, 64])];
    let error = message(launch(&kernel, [2, 1, 1], [64, 1, 1], &mut arguments).unwrap_err());
    assert!(
        error.contains("memref.load out of bounds in block (0, 0, 0) thread (63, 0, 0)"),
        "{error}"
    );
    assert!(
        error.ends_with("indices [0, 64] outside sizes [2, 64]"),
        "{error}"
    );
}

#[test]
fn a_store_through_a_view_is_checked_against_the_view() {
    let mut kb = Kb::new("view_overrun");
    let output = kb.parameter(global(F32, &[8]));
    let view = kb.op1(
        Op::Subview {
            offsets: vec![Dimension::Static(4)],
            sizes: vec![Dimension::Static(2)],
            strides: vec![Dimension::Static(1)],
            dropped: Vec::new(),
        },
        &[output],
        global(F32, &[2]),
    );
    let (t, one) = (kb.thread_id(Axis::X), kb.constant(scalar(F32), 1.0));
    kb.store(one, view, &[t]);
    let error =
        message(launch(&kb.finish(), [1, 1, 1], [3, 1, 1], &mut [zeros(F32, &[8])]).unwrap_err());
    assert!(error.contains("memref.store out of bounds in block (0, 0, 0) thread (2, 0, 0): indices [2] outside sizes [2]"), "{error}");
}

#[test]
fn wrong_argument_count_and_types_are_reported() {
    let kernel = {
        let mut kb = Kb::new("two_parameters");
        kb.parameter(global(F32, &[4]));
        kb.parameter(scalar(ElementType::Index));
        kb.finish()
    };
    let error = launch(&kernel, [1, 1, 1], [1, 1, 1], &mut [zeros(F32, &[4])]).unwrap_err();
    assert_eq!(
        message(error),
        "kernel 'two_parameters' takes 2 arguments, 1 given"
    );
    let mut arguments = [
        zeros(F32, &[5]),
        Argument::Scalar(Scalar::integer(ElementType::Index, 1)),
    ];
    let error = message(launch(&kernel, [1, 1, 1], [1, 1, 1], &mut arguments).unwrap_err());
    assert!(
        error.starts_with("argument 0: parameter of type"),
        "{error}"
    );
}

#[test]
fn launches_beyond_the_hardware_limits_are_refused() {
    let kernel = Kb::new("empty").finish();
    let error = message(launch(&kernel, [1, 1, 1], [64, 32, 1], &mut []).unwrap_err());
    assert_eq!(
        error,
        "invalid launch of 'empty': block [64, 32, 1] has more than 1024 threads"
    );
    let error = message(launch(&kernel, [0, 1, 1], [1, 1, 1], &mut []).unwrap_err());
    assert!(error.contains("must be at least 1"), "{error}");
}

#[test]
fn an_endless_loop_hits_the_iteration_limit() {
    let mut kb = Kb::new("endless");
    let before = kb.builder.begin_block(&[]);
    let forever = kb.constant(boolean(), 1.0);
    kb.op(Op::Condition, &[forever], &[]);
    let before_block = kb.builder.end_block();
    assert!(before.is_empty());
    kb.builder.begin_block(&[]);
    kb.yield_values(&[]);
    let after_block = kb.builder.end_block();
    kb.builder.push(
        Op::While {
            before: before_block,
            after: after_block,
        },
        &[],
        &[],
        "loop.mlir:1:1",
    );
    let options = Options {
        iteration_limit: 1000,
        ..Options::default()
    };
    let error = run(&kb.finish(), [1, 1, 1], [1, 1, 1], &mut [], &options).unwrap_err();
    assert_eq!(
        message(error),
        "loop.mlir:1:1: more than 1000 loop iterations; stopped"
    );
}

#[test]
fn argument_specs_parse_and_print_round_trip() {
    let dynamic = Type::MemRef(MemRefType {
        element: ElementType::F16,
        shape: vec![Dimension::Dynamic],
        space: MemorySpace::Global,
    });
    let Argument::Buffer(random) = Argument::parse("random:9:16", &dynamic).unwrap() else {
        panic!("not a buffer");
    };
    assert_eq!(
        random,
        HostBuffer::filled(ElementType::F16, &[16], Fill::Random(9))
    );
    let mut printed = Vec::new();
    random.write_elements(&mut printed).unwrap();
    let reparsed: Vec<u64> = String::from_utf8(printed)
        .unwrap()
        .lines()
        .map(|line| Scalar::parse(line, ElementType::F16).unwrap().bits)
        .collect();
    assert_eq!(reparsed, random.data);
    let Argument::Buffer(iota) =
        Argument::parse("iota", &global(ElementType::Integer(8), &[300])).unwrap()
    else {
        panic!("not a buffer");
    };
    assert_eq!(
        format_element(iota.data[255], ElementType::Integer(8)),
        "-1"
    );
    assert_eq!(
        Argument::parse("-3", &scalar(ElementType::Integer(32))).unwrap(),
        Argument::Scalar(Scalar::integer(ElementType::Integer(32), -3))
    );
    let error = message(Argument::parse("zeros", &dynamic).unwrap_err());
    assert_eq!(
        error,
        "cannot parse argument 'zeros': the parameter has dynamic sizes: add :SHAPE"
    );
    let error = message(Argument::parse("twos", &dynamic).unwrap_err());
    assert!(error.contains("unknown fill 'twos'"), "{error}");
}

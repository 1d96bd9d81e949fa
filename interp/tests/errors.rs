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

/// A `scf.while` that never ends: its `before` block forwards its index arguments (their first
/// values built by `start`) under a true condition, and its `after` block yields what `after`
/// builds from them.
fn endless_loop(
    name: &str,
    start: impl FnOnce(&mut Kb) -> Vec<ValueId>,
    after: impl FnOnce(&mut Kb, &[ValueId]) -> Vec<ValueId>,
) -> interp::Kernel {
    let mut kb = Kb::new(name);
    let initial = start(&mut kb);
    let types: Vec<Type> = initial.iter().map(|_| index()).collect();
    let arguments = kb.builder.begin_block(&types);
    let forever = kb.constant(boolean(), 1.0);
    let mut forwarded = vec![forever];
    forwarded.extend(&arguments);
    kb.op(Op::Condition, &forwarded, &[]);
    let before_block = kb.builder.end_block();
    let after_arguments = kb.builder.begin_block(&types);
    let yielded = after(&mut kb, &after_arguments);
    kb.yield_values(&yielded);
    let after_block = kb.builder.end_block();
    kb.builder.push(
        Op::While {
            before: before_block,
            after: after_block,
        },
        &initial,
        &types,
        "loop.mlir:1:1",
    );
    kb.finish()
}

#[test]
fn an_endless_loop_hits_the_iteration_limit() {
    let kernel = endless_loop(
        "endless",
        |kb| vec![kb.index(0)],
        |kb, arguments| {
            let one = kb.index(1);
            vec![kb.add(arguments[0], one)]
        },
    );
    let options = Options {
        iteration_limit: 1000,
        ..Options::default()
    };
    let error = run(&kernel, [1, 1, 1], [1, 1, 1], &mut [], &options).unwrap_err();
    assert_eq!(
        message(error),
        "loop.mlir:1:1: more than 1000 loop iterations; stopped"
    );
}

#[test]
fn a_loop_round_that_changes_nothing_spins() {
    let kernel = endless_loop("spinning", |_| Vec::new(), |_, _| Vec::new());
    let error = run(&kernel, [1, 1, 1], [1, 1, 1], &mut [], &Options::default()).unwrap_err();
    let error = message(error);
    assert!(
        error.starts_with("loop.mlir:1:1: this scf.while spins"),
        "{error}"
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

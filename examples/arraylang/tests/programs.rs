//! The example programs end to end (issue 19): each compiles, gpu-mem-opt makes the decisions a
//! GPU programmer would expect of it, and the program computes bit for bit what the CPU
//! evaluation computes, before and after the pass. Also the language's errors, and that the
//! check can fail.

use std::path::Path;

/// Compiles `programs/NAME.arr` and checks it; its decision lines.
fn compiled(name: &str) -> (arraylang::Compiled, Vec<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("programs")
        .join(format!("{name}.arr"));
    let text = std::fs::read_to_string(&path).unwrap();
    let compiled = arraylang::compile(&format!("{name}.arr"), &text, 90).unwrap();
    compiled.check().unwrap();
    let decisions = compiled.decisions();
    (compiled, decisions)
}

fn has(decisions: &[String], wanted: &str) -> bool {
    decisions.iter().any(|line| line.contains(wanted))
}

#[test]
fn transpose_reads_through_a_swizzled_shared_tile() {
    let (compiled, decisions) = compiled("transpose");
    assert!(
        has(
            &decisions,
            "s0 applied stage-shared on arg 0 (A): staged through memref<32x8xf32"
        ),
        "{decisions:#?}"
    );
    assert!(
        has(&decisions, "s0 applied swizzle on workgroup 0"),
        "{decisions:#?}"
    );
    assert!(
        has(&decisions, "gpu.alloc at transpose.arr:3:1"),
        "{decisions:#?}"
    );
    assert!(compiled.ptx.contains("ld.shared") && compiled.ptx.contains("ld.global.nc"));
}

#[test]
fn matmul_stages_both_operands_per_tile() {
    let (_, decisions) = compiled("matmul");
    assert!(
        has(&decisions, "s0 applied stage-shared on arg 0 (A)"),
        "{decisions:#?}"
    );
    assert!(
        has(&decisions, "s0 applied stage-shared on arg 1 (B)"),
        "{decisions:#?}"
    );
}

#[test]
fn maps_and_stencils_read_their_inputs_through_the_read_only_path() {
    let (_, decisions) = compiled("map");
    assert!(
        has(&decisions, "s0 applied readonly on arg 0 (X)"),
        "{decisions:#?}"
    );
    assert!(
        has(&decisions, "s1 applied readonly on arg 1 (Z)"),
        "{decisions:#?}"
    );
    let (_, decisions) = compiled("stencil");
    assert!(
        has(&decisions, "s0 applied readonly on arg 0 (A)"),
        "{decisions:#?}"
    );
    assert!(
        has(&decisions, "[5 accesses: stencil.arr:5:"),
        "{decisions:#?}"
    );
}

#[test]
fn the_check_sees_a_wrong_element() {
    let (mut compiled, _) = compiled("map");
    compiled.after[2][7] += 1.0;
    let error = compiled.check().unwrap_err().to_string();
    assert!(
        error.starts_with("after gpu-mem-opt, on the interpreter: Z[0, 7] is"),
        "{error}"
    );
}

#[test]
fn errors_name_line_and_column() {
    let cases = [
        (
            "array A[4, 4]\nB[i, j] = A[i, j]\n",
            "2:1: no array named 'B'",
        ),
        (
            "array A[4, 4]\narray B[4, 4]\nB[i, j] = A[i, q]\n",
            "3:16: 'q' is not an index (i, j or k)",
        ),
        (
            "array A[4, 4]\nA[i, j] = A[i+1, j]\n",
            "2:11: 'A' is read and written by one statement",
        ),
        (
            "array A[4, 4]\narray B[3, 4]\narray C[4, 4]\nC[i, j] = sum(k, A[i, k] * B[k, j])\n",
            "4:30: k runs to 4, outside 'B' (3 along this dimension)",
        ),
        (
            "array A[4, 4]\narray B[4, 4]\nB[i, j] = A[k, j]\n",
            "3:13: k outside a sum",
        ),
        ("array A[4, 4] = ones\n", "1:17: expected 'random SEED'"),
        (
            "array A[4, 4]\narray A[2, 2]\n",
            "2:7: 'A' is declared twice",
        ),
    ];
    for (text, expected) in cases {
        let error = match arraylang::compile("bad.arr", text, 90) {
            Ok(_) => panic!("compiled: {text}"),
            Err(error) => error.to_string(),
        };
        assert_eq!(error, expected, "{text}");
    }
}

/// Every statement's launch fits its kernel's PTX `.entry` (the launches that run where a GPU
/// is), and a launch that does not is refused before anything runs.
#[test]
fn launches_fit_the_ptx() {
    let (mut compiled, _) = compiled("map");
    let launches = arraylang::gpu::launches(&compiled);
    assert_eq!(launches.len(), 2);
    assert_eq!(launches[1].description.kernel, "s1");
    assert_eq!(launches[1].description.block, [32, 8, 1]);
    assert!(arraylang::gpu::check(&compiled).is_ok());
    compiled.ptx = compiled.ptx.replace(".entry s1(", ".entry renamed(");
    let refused = arraylang::gpu::check(&compiled).unwrap_err().to_string();
    assert!(refused.contains("s1"), "{refused}");
}

//! The fuzzer's generator: random, valid GPU kernels with the launch and the
//! pass options to run them with.
//!
//! Case `i` of seed `s` is a pure function of `(s, i)` ([`Random::for_case`]):
//! a family ([`families`]), an element type (f32, f16, f64, i32), a block of
//! at most 256 threads (some with 2 or 4 in z), a grid of at most 3x2 blocks,
//! and pass options: each transform switch off with probability 15%,
//! `assume-noalias` half the time, `smem-budget`, `assume-alignment`,
//! `relayout-launches`, `version` and `bind-constants` sometimes changed; a lone kernel's buffers
//! sometimes start 8 bytes past a 256-byte boundary (where no option assumes
//! alignment), so run-time versioning's fallbacks run; or (where no option assumes
//! distinct buffers or relays them) one buffer goes to two parameters of one type
//! that no `{llvm.noalias}` separates (`same:N`), so the disjointness checks'
//! fallbacks run. Such a kernel may race, but the pass may not move an access past
//! one that may touch the same memory without the fact, so the interpreter's fixed
//! schedule must give the same results before and after. The kernel is written as a `gpu.func` with
//! `known_block_size`, or without it and launched by a host
//! `gpu.launch_func` (with the host's arguments, or with a `gpu.alloc` copy of
//! each, which the pass's launch facts prove distinct and aligned), or as a
//! `gpu.launch` body ([`Form`]). A generated
//! kernel is in bounds and race-free by construction (see [`kernel`]), so
//! the reference interpreter must run it, before and after the pass, with
//! the same results.

mod body;
mod families;
pub(crate) mod kernel;
pub mod random;

use body::Element;
use kernel::{Form, HOST_NAME, KERNEL_NAME, LAUNCH_COLUMN};
use random::Random;

/// The families, for picks and counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Family {
    /// [`families::atomics`].
    Atomics,
    /// [`families::column`].
    Column,
    /// [`families::gather`].
    Gather,
    /// [`families::tile`].
    Tile,
    /// [`families::product`].
    Product,
    /// [`families::reduction`].
    Reduction,
    /// [`families::rows`].
    Rows,
    /// [`families::stencil`].
    Stencil,
    /// [`families::trips`].
    Trips,
    /// [`families::vector`].
    Vector,
    /// [`families::huge`].
    Huge,
    /// [`families::warp`].
    Warp,
    /// [`families::branches`].
    Branches,
    /// [`families::tree`].
    Tree,
}

impl Family {
    /// Every family.
    const ALL: [Family; 14] = [
        Family::Atomics,
        Family::Column,
        Family::Gather,
        Family::Tile,
        Family::Product,
        Family::Reduction,
        Family::Rows,
        Family::Stencil,
        Family::Trips,
        Family::Vector,
        Family::Huge,
        Family::Warp,
        Family::Branches,
        Family::Tree,
    ];

    /// The family's name in summaries.
    pub fn name(self) -> &'static str {
        match self {
            Family::Atomics => "atomics",
            Family::Column => "column",
            Family::Gather => "gather",
            Family::Tile => "tile",
            Family::Product => "product",
            Family::Reduction => "reduction",
            Family::Rows => "rows",
            Family::Stencil => "stencil",
            Family::Trips => "trips",
            Family::Vector => "vector",
            Family::Huge => "huge",
            Family::Warp => "warp",
            Family::Branches => "branches",
            Family::Tree => "tree",
        }
    }

    /// The family called `name`, or the names there are.
    pub fn named(name: &str) -> Result<Family, String> {
        Family::ALL
            .into_iter()
            .find(|family| family.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Family::ALL.iter().map(|family| family.name()).collect();
                format!("no family '{name}' (families: {})", names.join(", "))
            })
    }
}

/// One generated test case.
#[derive(Clone)]
pub struct Case {
    /// The family it came from.
    pub family: Family,
    /// The MLIR module.
    pub text: String,
    /// The line of the `gpu.launch` when the kernel is a launch body, else `None`.
    pub launch_line: Option<usize>,
    /// Blocks in x, y, z.
    pub grid: [i64; 3],
    /// One `diff --arg` spec per kernel parameter.
    pub arguments: Vec<String>,
    /// The pass options.
    pub options: String,
    /// The host function that launches the kernel with the kernel's own parameters (the
    /// `gpu.launch_func` forms): `diff --entry` runs the whole program.
    pub entry: Option<&'static str>,
    /// Whether the interpreter can hold its inputs (not for the huge family): otherwise the
    /// case runs the pass only.
    pub runnable: bool,
    /// Whether two parameters get one buffer (`same:N`).
    pub aliased: bool,
    /// Whether its counted loops are written as `affine.for`.
    pub affine: bool,
    /// The block size `diff` launches a lone kernel with (`--block`), which the kernel does
    /// not state.
    pub block: Option<[i64; 3]>,
}

impl Case {
    /// The kernel's name for `diff --kernel` when the module is the file `file`.
    pub fn kernel_name(&self, file: &str) -> String {
        match self.launch_line {
            None => KERNEL_NAME.to_string(),
            Some(line) => format!("launch@{file}:{line}:{LAUNCH_COLUMN}"),
        }
    }
}

/// The transform switches of the pass (pass/src/options.rs), each randomly turned off.
const SWITCHES: [&str; 6] = [
    "relayout",
    "vectorize",
    "memory-space",
    "stage-shared",
    "pad",
    "swizzle",
];

/// Shared-memory budgets to try besides the default: tight ones refuse tiles and pads.
const BUDGETS: [u32; 5] = [1024, 4096, 8192, 16384, 232448];

/// Mixed into a case's seed for the stream that decides whether its loops are `affine.for`.
const AFFINE_SALT: u64 = 0xaff1_7e00_aff1_7e00;

/// Mixed into a case's seed for the stream that decides whether it is lone and whether it
/// reads its block size with `gpu.block_dim`.
const BLOCK_DIM_SALT: u64 = 0xb10c_d100_b10c_d100;

/// Salt of the stream that decides whether a case turns the time model's veto off.
const VETO_SALT: u64 = 0x7e70_0000_7e70_0000;

/// Case `index` of the campaign `seed`; `options` replaces the random pass options when given,
/// `only` the random family (the rest of the case drawn as it would be).
pub fn generate(seed: u64, index: u64, options: Option<&str>, only: Option<Family>) -> Case {
    let mut random = Random::for_case(seed, index);
    let family = random.pick(&Family::ALL);
    let family = only.unwrap_or(family);
    let element = random.pick(&Element::ALL);
    let mut kernel = match family {
        Family::Atomics => families::atomics(&mut random, element),
        Family::Column => families::column(&mut random, element),
        Family::Gather => families::gather(&mut random, element),
        Family::Tile => families::tile(&mut random, element),
        Family::Product => families::product(&mut random, element),
        Family::Reduction => families::reduction(&mut random, element),
        Family::Rows => families::rows(&mut random, element),
        Family::Stencil => families::stencil(&mut random, element),
        Family::Trips => families::trips(&mut random, element),
        Family::Vector => families::vector(&mut random, element),
        Family::Huge => families::huge(&mut random, element),
        Family::Warp => families::warp(&mut random, element),
        Family::Branches => families::branches(&mut random, element),
        Family::Tree => families::tree(&mut random, element),
    };
    // A quarter of the cases write their counted loops as affine.for, drawn from a stream of
    // their own so that the rest of each case stays as it was.
    let affine = Random::for_case(seed ^ AFFINE_SALT, index).chance(25)
        && kernel.body.use_affine_loops() > 0;
    let options = options.map_or_else(
        || {
            let mut options = random_options(&mut random);
            // A third of the cases make the trades the time model would not (register tiles
            // that gain no time, relayouts 2x slower), so that their rewrites are checked
            // whatever the grid: a stream of its own, the rest of each case as it was.
            if Random::for_case(seed ^ VETO_SALT, index).chance(33) {
                options = format!("{options} time-veto=false").trim().to_string();
            }
            options
        },
        str::to_string,
    );
    let form = random.pick(&[
        Form::Function,
        Form::Function,
        Form::Function,
        Form::LaunchedFunction,
        Form::AllocatedLaunch,
        Form::Launch,
    ]);
    // A case's own stream, so that the rest of each case stays as it was: a fifth of the
    // cases lone (no block size for the pass), a third of the others reading `gpu.block_dim`.
    let mut shapes = Random::for_case(seed ^ BLOCK_DIM_SALT, index);
    let form = match form {
        Form::Function if shapes.chance(20) => Form::Lone,
        form => form,
    };
    let (text, launch_line) = kernel.render(form, shapes.chance(33));
    let arguments = if form == Form::Launch {
        kernel.launch_specs()
    } else {
        kernel.specs()
    };
    // Buffers 8 bytes past a 256-byte boundary (a view at an element) a quarter of the time
    // where no option assumes alignment: run-time versioning's fallbacks run too.
    let misaligned = matches!(form, Form::Function | Form::Lone)
        && !options.contains("assume-alignment")
        && random.chance(25);
    let mut arguments: Vec<String> = arguments
        .into_iter()
        .map(|spec| match spec.split(':').next() {
            Some("random" | "zeros" | "ones" | "iota") if misaligned => format!("{spec}@8"),
            _ => spec,
        })
        .collect();
    let aliased = matches!(form, Form::Function | Form::Lone)
        && !misaligned
        && !options.contains("assume-noalias")
        && !options.contains("relayout-launches")
        && random.chance(50)
        && kernel.alias(&mut arguments);
    Case {
        family,
        text,
        launch_line,
        grid: [kernel.ids.grid[0], kernel.ids.grid[1], 1],
        arguments,
        options,
        entry: matches!(form, Form::LaunchedFunction | Form::AllocatedLaunch).then_some(HOST_NAME),
        runnable: family != Family::Huge,
        aliased,
        affine,
        block: (form == Form::Lone).then(|| kernel.block()),
    }
}

/// Random pass options (empty text: all defaults).
fn random_options(random: &mut Random) -> String {
    let mut options: Vec<String> = SWITCHES
        .iter()
        .filter(|_| random.chance(15))
        .map(|switch| format!("{switch}=false"))
        .collect();
    if random.chance(50) {
        options.push("assume-noalias=true".into());
    }
    if random.chance(25) {
        options.push(format!("smem-budget={}", random.pick(&BUDGETS)));
    }
    if random.chance(20) {
        options.push("assume-alignment=16".into());
    }
    if random.chance(30) {
        options.push(format!("relayout-launches={}", random.pick(&[1, 2, 8])));
    }
    if random.chance(15) {
        options.push("version=false".into());
    }
    if random.chance(40) {
        options.push("bind-constants=true".into());
    }
    options.join(" ")
}

#[cfg(test)]
mod tests {
    use super::{generate, Family};

    #[test]
    fn a_case_depends_on_seed_and_index_only() {
        let case = generate(5, 3, None, None);
        assert_eq!(case.text, generate(5, 3, None, None).text);
        assert_eq!(case.options, generate(5, 3, None, None).options);
        assert_ne!(case.text, generate(5, 4, None, None).text);
        assert_eq!(generate(5, 3, Some("pad=false"), None).options, "pad=false");
    }

    #[test]
    fn warp_and_branch_forms_occur() {
        let texts: Vec<String> = (0..1000)
            .map(|index| generate(1, index, None, None))
            .filter(|case| matches!(case.family, Family::Warp | Family::Branches))
            .map(|case| case.text)
            .collect();
        for form in [
            "gpu.shuffle xor",
            "gpu.shuffle down",
            "gpu.shuffle up",
            "gpu.shuffle idx",
            "gpu.subgroup_reduce add",
            "cluster(size = ",
            "gpu.all_reduce add",
            "gpu.yield",
            "gpu.lane_id",
            "cf.cond_br",
            ": index, %acc",
        ] {
            assert!(texts.iter().any(|text| text.contains(form)), "{form}");
        }
        // An early exit: a second `gpu.return`, which a launch body writes `gpu.terminator`.
        assert!(texts
            .iter()
            .any(|text| text.matches("gpu.return\n").count() > 1));
        assert!(texts
            .iter()
            .filter(|text| text.contains("gpu.launch blocks"))
            .all(|text| !text.contains("gpu.return")));
    }

    #[test]
    fn stencil_clamp_forms_occur() {
        let texts: Vec<String> = (0..300)
            .map(|index| generate(1, index, None, Some(Family::Stencil)).text)
            .collect();
        // min/max, hotspot's selects, HotSpot3D's edge cases (`x == 0 ? x : x - 1`).
        for form in [
            "arith.minsi",
            "arith.cmpi slt",
            "arith.cmpi eq",
            "arith.cmpi ne",
        ] {
            assert!(texts.iter().any(|text| text.contains(form)), "{form}");
        }
    }

    #[test]
    fn every_family_and_form_occurs_with_one_spec_per_parameter() {
        let cases: Vec<_> = (0..200)
            .map(|index| generate(1, index, None, None))
            .collect();
        for family in Family::ALL {
            assert!(cases.iter().any(|case| case.family == family), "{family:?}");
        }
        assert!(cases.iter().any(|case| case.launch_line.is_some()));
        // Lone kernels (their block size given to `diff` only), and kernels that read theirs
        // with `gpu.block_dim`.
        assert!(cases
            .iter()
            .any(|case| case.block.is_some() && !case.text.contains("known_block_size")));
        assert!(cases
            .iter()
            .any(|case| case.block.is_none() && case.text.contains("gpu.block_dim x")));
        assert!(cases
            .iter()
            .any(|case| case.text.contains("gpu.launch_func")));
        assert!(cases.iter().any(|case| case.text.contains("gpu.alloc")));
        // Huge inputs run the pass alone; every other case runs on the interpreter.
        for case in &cases {
            assert_eq!(case.runnable, case.family != Family::Huge);
        }
        let huge = [
            "2147483648",
            "3000000000",
            "1099511627776",
            "4503599627370496",
            "4611686018427387904",
        ];
        assert!(cases
            .iter()
            .filter(|case| !case.runnable)
            .all(|case| huge.iter().any(|size| case.text.contains(size))));
        // Host-launched kernels are diffed as whole programs from their host function.
        for case in &cases {
            let launched = case.text.contains("gpu.launch_func");
            assert_eq!(case.entry.is_some(), launched, "{}", case.text);
            if let Some(entry) = case.entry {
                assert!(case.text.contains(&format!("func.func @{entry}(")));
            }
        }
        // Empty inputs: a static extent of 0, or a dynamic one given as 0 at the launch.
        let empty = |case: &&super::Case| {
            case.text.contains("memref<0x")
                || case.text.contains("x0x")
                || case
                    .arguments
                    .iter()
                    .any(|spec| spec.contains(":0x") || spec.contains("x0"))
        };
        assert!(cases.iter().any(|case| empty(&case)));
        for case in cases.iter().filter(|case| case.launch_line.is_none()) {
            let signature = case
                .text
                .lines()
                .find(|line| line.contains("gpu.func"))
                .and_then(|line| line.split("workgroup(").next())
                .unwrap();
            assert_eq!(
                signature.matches(": memref<").count() + signature.matches(": index").count(),
                case.arguments.len(),
                "{signature}"
            );
        }
    }
}

# gpu-mem-opt. The README's two commands, `make demo` and `make test`, are all
# a new user needs: they install what is missing, build, and run.
.PHONY: all setup build test test-rust test-lit lint demo dsl clean

all: build

setup:
	@scripts/setup.sh

build: setup
	@cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
	@ninja -C build

test: build test-rust lint test-lit

test-rust:
	cargo test --release --locked --workspace

lint:
	cargo fmt --all --check
	cargo clippy --release --locked --workspace --all-targets -- -D warnings
	RUSTDOCFLAGS="-D warnings" cargo doc --release --no-deps --locked -p gpu-mem-opt -p gpu-mem-opt-analysis -p gpu-mem-opt-interp

test-lit:
	lit-22 -sv .

demo: build
	@scripts/demo.sh

# The DSL example (examples/arraylang): compile, optimize, lower and check four programs.
dsl: build
	cargo run --release --locked -p arraylang -- examples/arraylang/programs/*.arr

clean:
	rm -rf build target

# Analysis time per access and for modules of 1,000 to 10,000 kernels (issue 3; not a test).
.PHONY: bench-analysis
bench-analysis: build
	cargo run --release --locked -p gpu-mem-opt --example analysis_time

# The benchmark suite (issue 7, bench/): every variant's PTX and launch description, the
# runner and run.sh, built into build/bench/ here (no GPU needed). It ends by printing the one
# command to run on a GPU machine: build/bench/run.sh (results in bench/results/). With nvcc,
# also the calibration micro-benchmarks: build/bench/calibrate.sh (runner/src/calibrate/). Last,
# the time model's prediction of every variant (issue 35): build/bench/predicted.md, and the
# pass's own (static) model against the last H200 run: build/bench/time-static.md.
.PHONY: bench
NVCC ?= $(shell find build/venv -name nvcc -type f 2>/dev/null | head -n 1)
bench: build
	build/bin/gpu-mem-opt-runner suite build bench/suite.json --out build/bench $(if $(NVCC),--nvcc $(NVCC))
	$(if $(NVCC),build/bin/gpu-mem-opt-runner calibrate build bench/calibration/calibration.cu --out build/bench --nvcc $(NVCC) --ptxas build/bin/ptxas)
	python3 scripts/time_model.py --predict build/bench/predicted.md
	python3 scripts/validate_time.py --out build/bench/time-static.md

# The pass on every kernel file under several option sets; any crash is a finding (issue 17).
.PHONY: robustness
robustness: build
	scripts/robustness.sh

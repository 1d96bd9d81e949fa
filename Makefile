# gpu-mem-opt. The README's two commands, `make demo` and `make test`, are all
# a new user needs: they install what is missing, build, and run.
.PHONY: all setup build test test-rust test-lit lint demo clean

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

test-lit:
	lit-22 -sv .

demo: build
	@scripts/demo.sh

clean:
	rm -rf build target

# Analysis time per access and for modules of 1,000 to 10,000 kernels (issue 3; not a test).
.PHONY: bench-analysis
bench-analysis: build
	cargo run --release --locked -p gpu-mem-opt --example analysis_time

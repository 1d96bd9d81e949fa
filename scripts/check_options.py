#!/usr/bin/env python3
"""Every pass option is declared in four places that must agree (issue 34): the C++ pass
(`dialect-glue/lib/Pass.cpp`, what `gpu-mem-opt-opt --help` lists), the C struct
(`dialect-glue/include/gpu-mem-opt.h`), its Rust mirror (`pass/src/ffi.rs`) and the options
table of `pass/src/options.rs`; the guide's table (`docs/pass.md`, "Options") documents them.
This compares the option names of all five, taking `--help` from the built tool, and prints
"N options agree" or each name missing somewhere (exit status 1).

Usage: check_options.py ROOT
"""

import re
import subprocess
import sys
from pathlib import Path


def from_help(root: Path) -> set:
    """The options `gpu-mem-opt-opt --help` lists under `--gpu-mem-opt`."""
    text = subprocess.run(
        [str(root / "build/bin/gpu-mem-opt-opt"), "--help"],
        capture_output=True, text=True, check=True,
    ).stdout
    names, inside = set(), False
    for line in text.splitlines():
        if re.match(r"^\s{6}--gpu-mem-opt\s", line):
            inside = True
            continue
        if inside:
            option = re.match(r"^\s{8}--([a-z-]+)", line)
            if not option:
                break
            names.add(option.group(1))
    return names


def from_struct(path: Path, pattern: str) -> set:
    """The field names of the options struct in `path`, as option names."""
    text = path.read_text()
    body = re.search(pattern, text, re.S).group(1)
    fields = re.findall(r"^\s*(?:pub\s+)?(?:[A-Za-z0-9_]+\s+)?([a-z_]+)(?:\[3\])?\s*[:;]", body, re.M)
    return {field.replace("_", "-") for field in fields}


def from_table(text: str) -> set:
    """The backticked names in the first column of a markdown options table."""
    names = set()
    for line in text.splitlines():
        cells = line.strip().strip("/! ").split("|")
        if len(cells) > 2 and "`" in cells[1]:
            names.update(re.findall(r"`([a-z-]+)`", cells[1]))
    return names


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    guide = (root / "docs/pass.md").read_text()
    options_section = guide.split("## Options", 1)[1].split("\n## ", 1)[0]
    rust_table = (root / "pass/src/options.rs").read_text().split("\n\n", 1)[0]
    sources = {
        "gpu-mem-opt-opt --help": from_help(root),
        "gpu-mem-opt.h": from_struct(
            root / "dialect-glue/include/gpu-mem-opt.h",
            r"typedef struct GpuMemOptOptions \{(.*?)\} GpuMemOptOptions;",
        ),
        "ffi.rs": from_struct(root / "pass/src/ffi.rs", r"pub struct GpuMemOptOptions \{(.*?)\n\}"),
        "options.rs": from_table(rust_table),
        "docs/pass.md": from_table(options_section),
    }
    every = set().union(*sources.values())
    missing = [
        f"option '{name}' is missing from {where}"
        for name in sorted(every)
        for where, names in sources.items()
        if name not in names
    ]
    for line in missing:
        print(line)
    if missing:
        return 1
    print(f"{len(every)} options agree: {', '.join(sorted(every))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

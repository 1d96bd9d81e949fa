#!/usr/bin/env python3
"""The remarks a user reads, collected in one golden file that is reviewed like code (issue 34).

Runs `gpu-mem-opt opt` with the default options on every kernel of the benchmark suite
(`bench/kernels/*.mlir`), the real-code ports (`test/RealCode/*.mlir`) and the examples
(`examples/*.mlir`), keeps each remark (and warning) line, with paths relative to the
repository, and compares them with `test/Driver/Inputs/remarks-golden.txt`. A change in what
the pass says then shows up as a diff of that file in review.

  python3 scripts/remarks_golden.py ROOT            compare; exit 1 with a unified diff
  python3 scripts/remarks_golden.py ROOT --update   rewrite the golden file
"""

import difflib
import glob
import os
import subprocess
import sys

GOLDEN = os.path.join("test", "Driver", "Inputs", "remarks-golden.txt")
SOURCES = ["bench/kernels/*.mlir", "test/RealCode/*.mlir", "examples/*.mlir"]
SEVERITIES = (": remark: ", ": warning: ", ": error: ")


def remarks(root, path):
    """The remark, warning and error lines the pass prints for one file, paths relative."""
    binary = os.path.join(root, "build", "bin", "gpu-mem-opt")
    completed = subprocess.run(
        [binary, "opt", path, "-o", os.devnull],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = [
        line.replace(root + os.sep, "")
        for line in completed.stderr.splitlines()
        if any(severity in line for severity in SEVERITIES)
    ]
    if completed.returncode != 0:
        lines.append(f"(exit status {completed.returncode})")
    return lines


def collect(root):
    """Every file's remarks under a header naming it, in a stable order."""
    text = []
    for pattern in SOURCES:
        for path in sorted(glob.glob(os.path.join(root, pattern))):
            relative = os.path.relpath(path, root)
            text.append(f"== {relative}")
            text.extend(remarks(root, relative))
    return "\n".join(text) + "\n"


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    golden = os.path.join(root, GOLDEN)
    collected = collect(root)
    if "--update" in sys.argv:
        with open(golden, "w", encoding="utf-8") as file:
            file.write(collected)
        print(f"remarks golden: wrote {collected.count(chr(10))} lines")
        return 0
    with open(golden, encoding="utf-8") as file:
        expected = file.read()
    if collected == expected:
        print(f"remarks golden: {collected.count(chr(10))} lines, unchanged")
        return 0
    sys.stdout.writelines(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            collected.splitlines(keepends=True),
            fromfile=GOLDEN,
            tofile="now",
        )
    )
    print("remarks golden: the remarks changed; review the diff, then run with --update")
    return 1


if __name__ == "__main__":
    sys.exit(main())

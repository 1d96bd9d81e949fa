#!/usr/bin/env python3
"""The real-code scoreboard (issue 31's done condition), from the interpreter's counts.

Each `// SCOREBOARD: KERNEL EXPERT LAUNCH...` line of `test/RealCode/*.mlir` names a kernel of
that file, its expert rewrite (`expert/FILE.mlir`, whose kernel of the same name computes
bit-identical results: its own lit test diffs them) or `as-written` (the expert leaves it), and
the launch of its `diff --kernel` line. For each, the interpreter runs the kernel as written,
the pass's output of the whole file (default options, the host code's launch facts included),
and the expert's, and counts global sectors (requests times sectors per request of every global
access, `interp --trace`) and shared-memory wavefronts (where the layouts' bank conflicts
show). The table also gives the kernel's PTX lines as written and after the pass (`.entry` to
its closing brace) and the pass's predicted time.

A kernel passes where the pass's sectors are within 1.25x of the expert's, and its PTX grows at
most 1.3x or the predicted time falls (the issue's words: "no kernel's PTX grows more than 1.3x
without a predicted gain that pays for it").

Usage: scripts/real_code.py [ROOT] [--filter TEXT]   (ROOT: the repository, default `.`)
"""

import argparse
import functools
import os
import re
import shlex
import subprocess
import sys
import tempfile

SECTORS_LIMIT = 1.25
PTX_LIMIT = 1.3
TRACE = re.compile(r"\(global\): requests (\d+), sectors_per_request ([\d.]+)")
WAVEFRONTS = re.compile(r"\(shared\): .*, wavefronts (\d+)")
TIME = re.compile(r"time: predicted ([\d.]+) → ([\d.]+) µs")


def run(command, root):
    """Standard output of `command` (a list) run in `root`; an error names the command."""
    done = subprocess.run(command, cwd=root, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"failed: {shlex.join(command)}\n{done.stderr}")
    return done.stdout


def counts(root, tool, path, kernel, launch):
    """Global sectors and shared wavefronts of one launch of `kernel` of `path`, measured by
    the interpreter."""
    out = run([tool, "interp", path, "--kernel", kernel, *launch, "--trace"], root)
    sectors = round(sum(int(r) * float(s) for r, s in TRACE.findall(out)))
    return sectors, sum(int(w) for w in WAVEFRONTS.findall(out))


@functools.lru_cache(maxsize=None)
def optimized(root, tool, path, scratch):
    """The pass's output of `path` (its default options), written once into `scratch`."""
    output = os.path.join(scratch, os.path.basename(path))
    run([tool, "opt", path, "-o", output], root)
    return output


@functools.lru_cache(maxsize=None)
def ptx(root, tool, path, scratch, optimize):
    """The PTX of `path`, with or without the pass, its lines (one compile a file)."""
    output = os.path.join(scratch, f"{os.path.basename(path)}-{optimize}.ptx")
    flags = [] if optimize else ["--no-opt"]
    run([tool, "ptx", path, "-o", output, *flags], root)
    return tuple(open(output).read().splitlines())


def ptx_lines(root, tool, path, kernel, scratch, optimize):
    """Lines of `kernel`'s `.entry` in the PTX of `path`, with or without the pass."""
    lines = ptx(root, tool, path, scratch, optimize)
    start = next(i for i, line in enumerate(lines) if re.match(rf"\.visible \.entry {kernel}\(", line))
    end = next(i for i in range(start, len(lines)) if lines[i] == "}")
    return end - start + 1


@functools.lru_cache(maxsize=None)
def report(root, tool, path):
    """`gpu-mem-opt report` of `path` (one run a file)."""
    return run([tool, "report", path], root)


def predicted(root, tool, path, kernel):
    """The pass's predicted microseconds as written and after, or None."""
    out = report(root, tool, path)
    section = re.search(rf"^kernel {kernel} .*?(?=^kernel |\Z)", out, re.S | re.M)
    found = section and TIME.search(section.group(0))
    return (float(found.group(1)), float(found.group(2))) if found else None


def entries(root, only):
    """(file, kernel, expert, launch) of every scoreboard line, in file order."""
    folder = os.path.join(root, "test", "RealCode")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".mlir"):
            continue
        for line in open(os.path.join(folder, name)):
            if line.startswith("// SCOREBOARD: "):
                kernel, expert, *launch = shlex.split(line[len("// SCOREBOARD: "):])
                if only in f"{name} {kernel}":
                    yield os.path.join("test", "RealCode", name), kernel, expert, launch


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=".")
    parser.add_argument("--filter", default="", help="only files or kernels containing this")
    arguments = parser.parse_args()
    root = arguments.root
    tool = os.path.abspath(os.path.join(root, "build", "bin", "gpu-mem-opt"))
    print(
        "| file | kernel | global sectors: as written | gpu-mem-opt | expert | "
        "gpu-mem-opt / expert | shared wavefronts: as written, gpu-mem-opt, expert | "
        "PTX lines | predicted µs | verdict |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    passed = total = 0
    with tempfile.TemporaryDirectory() as scratch:
        for path, kernel, expert, launch in entries(root, arguments.filter):
            written, written_wavefronts = counts(root, tool, path, kernel, launch)
            ours, our_wavefronts = counts(
                root, tool, optimized(root, tool, path, scratch), kernel, launch
            )
            if expert == "as-written":
                theirs, their_wavefronts, expert_name = written, written_wavefronts, "as written"
            else:
                expert_path = os.path.join(os.path.dirname(path), expert)
                theirs, their_wavefronts = counts(root, tool, expert_path, kernel, launch)
                expert_name = expert
            ratio = ours / theirs if theirs else 1.0
            before = ptx_lines(root, tool, path, kernel, scratch, False)
            after = ptx_lines(root, tool, path, kernel, scratch, True)
            time = predicted(root, tool, path, kernel)
            gain = time is not None and time[1] < time[0]
            problems = []
            if ratio > SECTORS_LIMIT:
                problems.append(f"sectors over {SECTORS_LIMIT}x the expert's")
            if after > PTX_LIMIT * before and not gain:
                problems.append(f"PTX over {PTX_LIMIT}x without a predicted gain")
            verdict = "; ".join(problems) or "ok"
            total += 1
            passed += not problems
            shown_time = f"{time[0]} → {time[1]}" if time else "none"
            print(
                f"| {os.path.basename(path)} | {kernel} | {written} | {ours} | {theirs} "
                f"({expert_name}) | {ratio:.2f} | {written_wavefronts}, {our_wavefronts}, "
                f"{their_wavefronts} | {before} → {after} ({after / before:.2f}x) | "
                f"{shown_time} | {verdict} |"
            )
    print(f"\n{passed} of {total} kernels ok")


if __name__ == "__main__":
    main()

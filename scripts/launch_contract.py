#!/usr/bin/env python3
"""Defaults never change how a kernel must be launched (issue 30).

Every kernel that a lit test runs with `gpu-mem-opt diff`, and every kernel of the benchmark
suite at its check size, is optimized with the pass's DEFAULT options as a lone kernel (no host
code in view, as when kernels are compiled apart from their launcher) and then launched the
ordinary way: `gpu-mem-opt wrap` adds a host @main that gpu.allocs, copies and launches, and
`diff --entry main --lone-kernels` compares that program with the original one. The host code
fulfils no launch contract, and the interpreter fills no constant symbol for it, so a default
that needs one shows as a difference. A file that is a whole program already (a `diff --entry`
RUN line) is compared the same way with its own host code.

Usage: launch_contract.py ROOT [--jobs N]; prints one line per failure and
"launch contract: N passed, N failed, N skipped" (skipped: wrap cannot launch the kernel, with why).
"""

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

RUN = re.compile(r"//\s*RUN:\s*(.*)$")
# The options of `diff` that say which launch to make; pass options are dropped (defaults).
KEPT = {"--kernel", "--grid", "--block", "--arg", "--entry", "--memory-limit"}
VALUED = {"--options", "--against"}


def lit_cases(root):
    """(label, file, launch arguments) for each kernel or program a lit test diffs."""
    cases, seen = [], set()
    for directory, _, files in sorted(os.walk(os.path.join(root, "test"))):
        if "Inputs" in directory.split(os.sep):
            continue
        for name in sorted(files):
            if not name.endswith(".mlir"):
                continue
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8") as handle:
                lines = handle.read().splitlines()
            for line in lines:
                match = RUN.search(line)
                if not match or "gpu-mem-opt diff" not in match.group(1):
                    continue
                command = match.group(1).split("|")[0].strip()
                if command.startswith("not ") or "--against" in command or "%t" in command:
                    continue
                words = [word.replace("%s", path).replace("%S", directory) for word in shlex.split(command)]
                if words[:2] != ["gpu-mem-opt", "diff"]:
                    continue
                target, launch, index = None, [], 2
                while index < len(words):
                    word = words[index]
                    if word in KEPT | VALUED and index + 1 < len(words):
                        if word in KEPT:
                            launch += [word, words[index + 1]]
                        index += 2
                        continue
                    if not word.startswith("--") and target is None:
                        target = word
                    index += 1
                if target is None:
                    continue
                target = os.path.normpath(target)
                named = dict(zip(launch[::2], launch[1::2]))
                key = (target, named.get("--kernel"), named.get("--entry"))
                if key in seen:
                    continue
                seen.add(key)
                label = f"{os.path.relpath(target, root)} {' '.join(launch)}"
                cases.append((label, target, launch))
    return cases


def resize(text, sizes):
    """The runner's check-size substitution: whole number tokens only."""
    def replace(match):
        before = text[match.start() - 1] if match.start() > 0 else ""
        after = text[match.end()] if match.end() < len(text) else ""
        boundary = lambda c: c in ("", "x") or not (c.isalnum() or c in "_%@#$.")
        token = match.group(0)
        if token in sizes and boundary(before) and boundary(after):
            return sizes[token]
        return token
    return re.sub(r"[0-9]+", replace, text)


def suite_cases(root, work):
    """(label, file, launch arguments) for each suite kernel at its check size; entries of one
    source and kernel (the -block, -relayout and -register-tile twins, which differ in pass
    options or check size) are one case, since the defaults are what is checked."""
    with open(os.path.join(root, "bench", "suite.json"), encoding="utf-8") as handle:
        suite = json.load(handle)
    cases, seen = [], set()
    for kernel in suite["kernels"]:
        source = os.path.join(root, "bench", kernel["source"])
        with open(source, encoding="utf-8") as handle:
            text = resize(handle.read(), kernel["check"]["sizes"])
        launch = ["--kernel", kernel["kernel"], "--grid", ",".join(map(str, kernel["check"]["grid"]))]
        if "block" in kernel:
            launch += ["--block", ",".join(map(str, kernel["block"]))]
        for argument in kernel["arguments"]:
            launch += ["--arg", resize(argument["spec"], kernel["check"]["sizes"])]
        if (kernel["source"], kernel["kernel"]) in seen:
            continue
        seen.add((kernel["source"], kernel["kernel"]))
        resized = os.path.join(work, f"suite-{kernel['name']}.mlir")
        with open(resized, "w", encoding="utf-8") as handle:
            handle.write(text)
        cases.append((f"suite {kernel['name']}", resized, launch))
    return cases


def check(case, tool):
    """'passed', 'skipped: why' or 'failed: what' for one case."""
    label, path, launch = case
    options = dict(zip(launch[::2], launch[1::2]))
    arguments = [value for flag, value in zip(launch[::2], launch[1::2]) if flag == "--arg"]
    extra = ["--memory-limit", options["--memory-limit"]] if "--memory-limit" in options else []
    # A kernel is wrapped in a host @main that launches it the ordinary way (`wrap`, which
    # `diff --kernel ... --lone-kernels` runs itself).
    if "--entry" in options:
        target = ["--entry", options["--entry"]]
    else:
        target = ["--kernel", options["--kernel"], "--grid", options["--grid"]]
        if "--block" in options:
            target += ["--block", options["--block"]]
    diff = [tool, "diff", path, *target, "--lone-kernels"] + extra
    for argument in arguments:
        diff += ["--arg", argument]
    ran = subprocess.run(diff, capture_output=True, text=True)
    if ran.returncode == 0:
        return "passed"
    said = (ran.stdout + ran.stderr).strip().splitlines()
    # The original program itself cannot run this way (an error before the pass, or a kernel
    # `wrap` cannot launch): not ours.
    skipped = ("before gpu-mem-opt:", "gpu-mem-opt: cannot wrap the kernel in host code:")
    if said and said[-1].startswith(skipped):
        return f"skipped: {said[-1]}"
    return f"failed: {' | '.join(said[-3:])}"


def main():
    arguments = sys.argv[1:]
    jobs = 2
    if "--jobs" in arguments:
        at = arguments.index("--jobs")
        jobs = int(arguments[at + 1])
        del arguments[at:at + 2]
    root = os.path.abspath(arguments[0] if arguments else ".")
    tool = os.path.join(root, "build", "bin", "gpu-mem-opt")
    with tempfile.TemporaryDirectory() as work:
        cases = lit_cases(root) + suite_cases(root, work)
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(lambda case: check(case, tool), cases))
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    for (label, _, _), result in zip(cases, results):
        kind = result.split(":")[0]
        counts[kind] += 1
        if kind != "passed" and ("-v" in sys.argv or kind == "failed"):
            print(f"{kind.upper()}: {label}: {result}")
    print(
        f"launch contract: {counts['passed']} passed, {counts['failed']} failed, "
        f"{counts['skipped']} skipped"
    )
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Runs every command of the user guide, so that the guide's commands work as written.

Usage: scripts/doc_commands.py [ROOT] [--timeout SECONDS] [--list]

Reads README.md and docs/*.md (not docs/design.md, the team's design contract), takes every
fenced block tagged `sh` (```sh; blocks tagged otherwise, e.g. ```text, are shown, not run),
and runs each of its commands with bash from the repository root ROOT (default: the parent of
this script's folder), one at a time, in file order, each under a timeout. A command is one
line, or several joined by a trailing backslash; blank lines and lines starting with `#` are
skipped. A command fails when it exits with a status other than 0 (pipelines under
`pipefail`) or runs past the timeout; the first failure stops the run and is reported as
FILE:LINE with the command and the end of its output.

It also checks every relative link of those pages (`[text](path)` and `[text](path#anchor)`):
the path must exist, and an anchor into a markdown file must name one of its headings.

The guide's commands call build/bin/... by path, as a user would after `make build`, so the
PATH is stripped of the repository's build/bin and LLVM 22's bin directory (lit puts both
first): a command that forgot the path fails here as it would for the user. Commands should be
quick (seconds), need no GPU and no network, and write only under /tmp or build/.

Prints `doc commands: N passed, 0 failed (M links checked)` on success (test/Driver/doc-commands.mlir).
"""

import argparse
import os
import re
import signal
import subprocess
import sys

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^\s`]*)")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")


def pages(root):
    """README.md, then docs/*.md but design.md, in name order."""
    docs = os.path.join(root, "docs")
    names = sorted(n for n in os.listdir(docs) if n.endswith(".md") and n != "design.md")
    return [os.path.join(root, "README.md")] + [os.path.join(docs, n) for n in names]


def blocks(path):
    """Yields (tag, [(line number, text)]) for every fenced block of the file."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    number = 0
    while number < len(lines):
        opening = FENCE.match(lines[number])
        number += 1
        if not opening:
            continue
        fence = opening.group(2)
        body = []
        while number < len(lines) and not lines[number].strip().startswith(fence):
            body.append((number + 1, lines[number]))
            number += 1
        number += 1  # the closing fence
        yield opening.group(3), body


def commands(path):
    """Yields (line number, command) for every command of the file's `sh` blocks."""
    for tag, body in blocks(path):
        if tag != "sh":
            continue
        pending, start = [], None
        for number, text in body:
            if not pending and (not text.strip() or text.lstrip().startswith("#")):
                continue
            if not pending:
                start = number
            if text.rstrip().endswith("\\"):
                pending.append(text.rstrip())  # bash joins the lines
                continue
            pending.append(text)
            yield start, "\n".join(pending).strip()
            pending = []
        if pending:
            yield start, "\n".join(pending).strip()


def slug(heading):
    """The anchor GitHub gives a heading."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def prose(path):
    """Yields (line number, text) for the lines of the file outside fenced code blocks."""
    in_block = None
    with open(path, encoding="utf-8") as handle:
        for number, text in enumerate(handle, 1):
            opening = FENCE.match(text)
            if opening:
                if in_block is None:
                    in_block = opening.group(2)
                elif text.strip().startswith(in_block):
                    in_block = None
                continue
            if in_block is None:
                yield number, text


def anchors(path):
    """The anchors of the file's headings."""
    return {slug(text.lstrip("#")) for _, text in prose(path) if text.startswith("#")}


def check_links(path):
    """(count, first problem or None) for the relative links of the file."""
    count = 0
    for number, text in prose(path):
        for target in LINK.findall(re.sub(r"`[^`]*`", "", text)):
            if re.match(r"^[a-z]+:", target):
                continue  # http:, https:, mailto:
            count += 1
            file_part, _, anchor = target.partition("#")
            resolved = (
                os.path.normpath(os.path.join(os.path.dirname(path), file_part))
                if file_part
                else path
            )
            if not os.path.exists(resolved):
                return count, (number, f"link to {target}: no such file")
            if anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                return count, (number, f"link to {target}: no heading #{anchor} there")
    return count, None


def user_path(root):
    """PATH without the repository's build/bin and LLVM 22's bin directory."""
    hidden = {
        os.path.realpath(os.path.join(root, "build", "bin")),
        os.path.realpath(os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")),
    }
    parts = os.environ.get("PATH", "").split(os.pathsep)
    return os.pathsep.join(p for p in parts if p and os.path.realpath(p) not in hidden)


def run(command, root, environment, timeout):
    """(exit status, or None past the timeout; output) of the command, run by bash in root.

    It runs in a session of its own, so that past the timeout the whole pipeline is killed.
    """
    process = subprocess.Popen(
        ["bash", "-o", "pipefail", "-c", command],
        cwd=root,
        env=environment,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=timeout)
        status = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        status = None
    return status, output.decode(errors="replace")


def tail(text, lines=15):
    return "\n".join(text.rstrip("\n").split("\n")[-lines:])


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("root", nargs="?", default=here, help="the repository root")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per command")
    parser.add_argument("--list", action="store_true", help="print the commands, run nothing")
    options = parser.parse_args()
    root = os.path.abspath(options.root)

    links = 0
    for page in pages(root):
        count, problem = check_links(page)
        links += count
        if problem:
            print(f"{os.path.relpath(page, root)}:{problem[0]}: {problem[1]}")
            return 1

    environment = dict(os.environ, PATH=user_path(root))
    passed = 0
    for page in pages(root):
        name = os.path.relpath(page, root)
        for number, command in commands(page):
            if options.list:
                print(f"{name}:{number}: {command}")
                continue
            status, output = run(command, root, environment, options.timeout)
            if status is None:
                print(f"{name}:{number}: command ran past {options.timeout:g} s: {command}")
                print(tail(output))
                return 1
            if status != 0:
                print(f"{name}:{number}: command failed (exit status {status}): {command}")
                print(tail(output))
                return 1
            passed += 1
    if not options.list:
        print(f"doc commands: {passed} passed, 0 failed ({links} links checked)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

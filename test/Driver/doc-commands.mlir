// The user guide's commands work as written (issue 34). scripts/doc_commands.py runs every
// command of the blocks tagged `sh` in README.md and docs/*.md (not docs/design.md) from the
// repository root, in order, each under a timeout, with build/bin off the PATH as a user's
// shell has it, and checks that every relative link of those pages leads to a file (and
// heading) that exists. The first failure is named by its file and line. Commands that need
// a GPU, the network or minutes go in `text` blocks, which are shown, not run.
// RUN: python3 %S/../../scripts/doc_commands.py %S/../.. | FileCheck %s
// CHECK: doc commands: {{[0-9]+}} passed, 0 failed ({{[0-9]+}} links checked)

#!/usr/bin/env python3
"""Issue 35 item 2 for the pass's own time model (analysis/src/time.rs, pass/src/time.rs).

For every suite kernel (bench/suite.json) the kernel file is wrapped in a host function that
launches it with the suite's grid (`gpu-mem-opt wrap`), and the pass runs on it with the suite's
options; its report's `time` holds the predicted launch before (the kernel as written: the
`naive` variant) and after (the `gpu-mem-opt` variant). Those are compared with the measured
medians of an H200 results file: the error of each, and the Spearman rank correlation of the
speedups (naive over gpu-mem-opt). Nothing is fitted here: of the model's three fitted constants
two are the PTX-level prototype's (scripts/time_model.py), and the store line cost was refitted
once on the session 20 run leaving each kernel out in turn (analysis/src/time.rs).

The `gpu-mem-opt` variant is made as the suite made the one it measured: the pass on the lone
kernel file with the suite's options (no host code, so a lone entry without a block size, such
as real-atax-kernel1, is neither staged nor tiled); its output is then wrapped with the suite's
grid (divided as a coarsened kernel's launch contract says) and timed as written. Where that
output has a launch contract a host function launching it the ordinary way does not fulfil (a
relayout's packed arguments, constant memory), the output is timed alone, the suite's grid
given as its `known_grid_size` (the suite's launcher fulfils the contract; the launch timed is
the kernel's). Only where such a kernel also has scalar arguments, whose values a launch site
gives, does the pass run on the wrapped source instead, deciding relayout and constant memory
with the wrapper's host code, so differently from the suite's lone kernel (coarsening and
register tiles off unless the suite entry asks for them, `coarsen-grid=true`, as for a lone
kernel). The `naive` variant is the wrapped source's time before the pass. The measured and the predicted variant still
differ where the pass has changed since the measurement (tiled-rows-long-relayout, measured
relaid, which the time model now vetoes).
"""
import argparse, json, os, re, statistics, subprocess, tempfile

from time_model import spearman

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, 'build', 'bin', 'gpu-mem-opt')
# The last H200 run: the whole suite, then the entries added after it, measured the same day.
RESULTS = [os.path.join(ROOT, 'bench', 'results', '2026-11-27-nvidia-h200-session20%s.json' % part)
           for part in ('', '-tiled')]


def wrapped_report(kernel, source, scratch, options='', divided_by=(1, 1, 1), label=None):
    """The pass's report entry for the MLIR file `source` wrapped in a host function that launches
    it with the suite's grid (divided per dimension by `divided_by`, as a coarsened kernel's launch
    contract says), or (None, why); `label` names `source` in the why (default: its bench path)."""
    block = kernel.get('block') or next(
        (list(map(int, m.group(1).split(','))) for m in [re.search(r'block=([\d,]+)', kernel.get('options', ''))]
         if m), None)
    grid = [extent // divisor for extent, divisor in zip(kernel['grid'], divided_by)]
    wrap = [BIN, 'wrap', '--kernel', kernel['kernel'], '--grid', ','.join(map(str, grid))]
    wrap += ['--block', ','.join(map(str, block))] if block else []
    # The sizes the suite passes as scalar arguments ('4096'), as the runner's launch does.
    wrap += ['--constant=%d=%s' % (position, argument['spec'])
             for position, argument in enumerate(kernel['arguments'])
             if re.fullmatch(r'-?\d+', argument['spec'])]
    done = subprocess.run(wrap + [source], capture_output=True, text=True)
    if done.returncode:
        return None, 'wrap: ' + done.stderr.strip().splitlines()[-1]
    wrapped = os.path.join(scratch, 'wrapped.mlir')
    open(wrapped, 'w').write(done.stdout)
    time, why = report_time(kernel, wrapped, scratch, options)
    if not time:
        label = label or os.path.relpath(source, os.path.join(ROOT, 'bench'))
        return None, why.replace(wrapped, 'the wrapped ' + label)
    return time, None


def report_time(kernel, path, scratch, options=''):
    """The `time` of `kernel`'s entry in the pass's report on the MLIR file `path` (run with
    `options`), or (None, why)."""
    report = os.path.join(scratch, 'report.json')
    done = subprocess.run([BIN, 'opt', path, '-o', os.devnull, '--options',
                           ('%s report=%s' % (options, report)).strip()], capture_output=True, text=True)
    if done.returncode:
        return None, 'opt: ' + done.stderr.strip().splitlines()[-1]
    entry = next(k for k in json.load(open(report))['kernels'] if k['name'] == kernel['kernel'])
    time = entry.get('time')
    if not time or time.get('unknown'):
        return None, (time or {}).get('unknown', 'no time in the report')
    return time, None


def lone_report(kernel, optimized, scratch, divided_by):
    """The pass's report entry for the lone kernel in `optimized` (its launch contract kept: a
    relayout's packed arguments, constant memory), timed with the suite's grid as its
    `known_grid_size`, the grid a lone kernel's time is read from; or (None, why). A kernel
    with scalar arguments is not timed so: their values come from a launch site."""
    if any(re.fullmatch(r'-?\d+', argument['spec']) for argument in kernel['arguments']):
        return None, 'launch contract, and scalar arguments only a launch site gives'
    grid = [extent // divisor for extent, divisor in zip(kernel['grid'], divided_by)]
    known = 'known_grid_size = array<i32: %s>' % ', '.join(map(str, grid))
    text, count = re.subn(r'known_grid_size = array<i32: [\d, ]+>', known, open(optimized).read(), count=1)
    if not count:
        # No grid yet: the kernel's attributes get one.
        text, count = re.subn(r'(gpu\.func @%s\(.*?\) kernel)( attributes \{)?' % re.escape(kernel['kernel']),
                              lambda m: m.group(1) + (' attributes {%s, ' % known if m.group(2)
                                                      else ' attributes {%s}' % known),
                              text, count=1)
    if not count:
        return None, 'launch contract, and no gpu.func @%s to give a grid' % kernel['kernel']
    lone = os.path.join(scratch, 'lone.mlir')
    open(lone, 'w').write(text)
    return report_time(kernel, lone, scratch)


def predicted(kernel, scratch):
    """The predicted launches of `kernel`'s naive and gpu-mem-opt variants, or (None, why).

    The gpu-mem-opt variant is made as the suite makes it, by the pass on the lone kernel file
    with the suite's options, and timed wrapped, as written. Where that variant has a launch
    contract the wrapper does not fulfil (a relayout's packed arguments, constant memory), the
    pass runs on the wrapped source instead (see the module's essay)."""
    source = os.path.join(ROOT, 'bench', kernel['source'])
    options = kernel.get('options', '')
    optimized = os.path.join(scratch, 'gpu-mem-opt.mlir')
    done = subprocess.run([BIN, 'opt', source, '-o', optimized, '--options', options],
                          capture_output=True, text=True)
    if done.returncode:
        return None, 'opt: ' + done.stderr.strip().splitlines()[-1]
    divided = re.search(r'gpu_mem_opt\.grid_divided_by = array<i64: (\d+), (\d+), (\d+)>', open(optimized).read())
    divided = tuple(map(int, divided.groups())) if divided else (1, 1, 1)
    after, why = wrapped_report(kernel, optimized, scratch, divided_by=divided,
                                label='gpu-mem-opt output of ' + kernel['source'])
    if not after and 'launch contract' in why:
        after, why = lone_report(kernel, optimized, scratch, divided)
    if not after and 'launch contract' not in why:
        return None, 'gpu-mem-opt variant: ' + why
    # The suite measured the lone kernel, which the defaults neither coarsen nor register-tile:
    # where the wrapped launch would let the pass do either, it must not, or the two are
    # different kernels.
    if 'coarsen-grid=true' not in options:
        options += ' coarsen=false register-tile=false'
    time, why = wrapped_report(kernel, source, scratch, options)
    if not time:
        return None, why
    return {'before': time['before'], 'after': after['before'] if after else time['after']}, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--results', action='append',
                        help='suite results (measured ms); repeat for several, later ones adding kernels')
    parser.add_argument('--out', help='write the table (markdown) here')
    args = parser.parse_args()
    results = args.results or RESULTS
    measured = {k['name']: k for path in results for k in json.load(open(path))['kernels']}
    rows, missing, errors, speedups = [], [], [], ([], [])
    with tempfile.TemporaryDirectory() as scratch:
        for kernel in json.load(open(os.path.join(ROOT, 'bench', 'suite.json')))['kernels']:
            result = measured.get(kernel['name'], {}).get('variants', {})
            if 'naive' not in result or 'gpu-mem-opt' not in result:
                continue
            time, why = predicted(kernel, scratch)
            if not time:
                missing.append('| %s | %s |' % (kernel['name'], why))
                continue
            naive, optimized = result['naive']['ms'] * 1e3, result['gpu-mem-opt']['ms'] * 1e3
            before, after = time['before'], time['after']
            error = lambda p, m: p / m - 1
            errors += [error(before['microseconds'], naive), error(after['microseconds'], optimized)]
            speedups[0].append(naive / optimized)
            speedups[1].append(before['microseconds'] / after['microseconds'])
            rows.append('| %s | %.1f | %.1f (%+.0f %%) | %s | %.1f | %.1f (%+.0f %%) | %s | %.2fx | %.2fx |' % (
                kernel['name'], naive, before['microseconds'], 100 * errors[-2], before['bound'], optimized,
                after['microseconds'], 100 * errors[-1], after['bound'], speedups[0][-1], speedups[1][-1]))
    within = sum(abs(e) <= 0.3 for e in errors)
    absolute = sorted(abs(e) for e in errors)
    summary = [
        'kernels predicted: %d (%d times); without a prediction: %d' % (len(rows), len(errors), len(missing)),
        'within ±30 %%: %d of %d; median |error| %.0f %%, 90th percentile %.0f %%' % (
            within, len(errors), 100 * statistics.median(absolute),
            100 * absolute[int(0.9 * (len(absolute) - 1))]) if errors else 'no times',
        'Spearman of speedups (naive over gpu-mem-opt), predicted vs measured: %.2f' % spearman(*speedups)
        if len(rows) > 2 else 'too few kernels for a rank correlation',
    ]
    lines = ['# The pass\'s time model (static) against %s' % ', '.join(os.path.relpath(path, ROOT) for path in results), '',
             'Generated by `python3 scripts/validate_time.py`: the model of analysis/src/time.rs with the counts '
             'pass/src/time.rs takes from the IR (no PTX, no interpreter), each kernel wrapped with its '
             'suite grid. Nothing but the store line cost (refitted once, leaving each kernel out) is fitted to these rows.', '']
    lines += ['- ' + line for line in summary] + ['']
    lines += ['| kernel | naive µs | predicted | bound | gpu-mem-opt µs | predicted | bound | measured speedup | '
              'predicted speedup |', '|---|---|---|---|---|---|---|---|---|'] + rows
    if missing:
        lines += ['', '## Without a prediction', '', '| kernel | why |', '|---|---|'] + missing
    text = '\n'.join(lines) + '\n'
    if args.out:
        open(args.out, 'w').write(text)
    print('\n'.join(summary))


if __name__ == '__main__':
    main()

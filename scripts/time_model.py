#!/usr/bin/env python3
"""Issue 35 prototype: predict a kernel launch's time from what the pass knows without a GPU.

A launch of B blocks of b threads (w = ceil(b/32) warps a block) on 132 SMs at f = 1.98 GHz takes

  T = T_launch + ( M^p + K^p )^(1/p)     M = T_dram + T_lat (memory side),
                                         K = max(T_l1, T_shared, T_issue) (SM side: its busiest unit)
  T_dram   = D / BW                bandwidth-bound. D: bytes_moved of launch.json (the compulsory
                                   footprint); BW: the calibration's device-to-device copy
  T_lat    = W C / f               latency-bound. W = ceil(n_blk / k) turns of resident blocks on the
                                   busiest SM (n_blk = ceil(B/132) blocks there; k blocks resident an SM
                                   from b, ptxas registers and shared memory); C: cycles one warp needs alone
  T_l1     = (a_ld L_ld + a_st L_st) / f   L1-to-L2 request-bound. L_ld, L_st: 128-byte lines of the busiest
                                   SM's global load / store requests (requests x max(1, sectors/request - 3))
  T_shared = S / f                 shared-bound. S: shared wavefronts of the busiest SM (one a cycle)
  T_issue  = w I n_blk / (4 f)     issue-bound. I: instructions a thread executes; 4 schedulers an SM

Inputs. Requests and instructions come from executing the variant's PTX for two threads (the middle
thread of the blocks a quarter and three quarters into the grid): launch.json's arguments give the
parameters, buffers get far-apart addresses (run-time alias checks pass, as on the GPU), bounds checks
and loop trip counts follow; loaded values are unknown (an unknown branch is not taken). Sectors per
request and wavefronts per request are the interpreter's predictions in build/bench/suite.json (Nsight
Compute's for cuda-reference variants, which the interpreter does not run). C schedules that thread's
instructions in dataflow order inside a loop trip (ptxas predicates small ifs and hoists loads; a
global load waits for an earlier global store unless it is .nc, everything waits for a barrier); a
loop's next trip starts when the last ends, except in a loop of <= 16 trips with no if inside (ptxas
unrolls it). Latencies are the calibration's: a global load costs DRAM latency for the share 1/r of it
that is new (r: bytes all threads load from its buffer / the buffer's size) and L2 latency (L1 if the
buffer fits 64 KiB) for the rest, or L1 if the thread touched the line among its last few lines;
shared and constant loads and barriers (by block size) as calibrated; ALU 4 cycles, f64 8, division 40.

Fitted (absolute log error; all rows, and again without each kernel family for the validation):
a_ld, a_st (cycles a line), p. Everything else is a hardware constant or a calibration measurement.
"""
import argparse, json, math, os, re, statistics, subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RES = os.path.join(ROOT, 'bench', 'results')
SESSION = os.path.join(RES, '2026-11-27-nvidia-h200-session17')
COUNTERS = [SESSION + '-counters.json', SESSION + '-counters-last5.json']
SUITE, PTXAS = os.path.join(ROOT, 'build', 'bench', 'suite.json'), os.path.join(ROOT, 'build', 'bin', 'ptxas')
SMS, CLOCK_GHZ, MAX_THREADS, MAX_BLOCKS, REGS, SMEM, L1_BYTES = 132, 1.98, 2048, 32, 65536, 228 << 10, 256 << 10
T_LAUNCH_US, L1_RESIDENT, MAX_STEPS, UNROLL_TRIPS = 2.0, 64 << 10, 2_000_000, 16
ELEM = {'f32': 4, 'i32': 4, 'f64': 8, 'i64': 8, 'i8': 1, 'i16': 2, 'f16': 2, 'index': 8}
FIT, START = ('a_ld', 'a_st', 'p'), {'a_ld': 1.0, 'a_st': 2.0, 'p': 2.0}


def calibration(path):
    """Hardware constants from a calibration run: latencies (cycles), barrier costs, copy bandwidth."""
    d = json.load(open(path))
    lat = d['fits']['latencies']
    return {'dram': lat['global .cg, DRAM'], 'l2': lat['global .cg, L2 hit'], 'l1': lat['global .ca, L1 hit'],
            'shared': lat['shared'], 'const': lat['constant, one 1 KiB line set'], 'local': lat['local'],
            'bar': sorted((r['threads'], r['median']) for r in d['rows'] if r['bench'] == 'B9'), 'bw': d['copy_gbps']}


def barrier_cycles(hw, threads):
    """Barrier cost for a block size, interpolated in the calibration's B9 series."""
    for (t0, c0), (t1, c1) in zip(hw['bar'], hw['bar'][1:]):
        if threads <= t1:
            return c0 + (c1 - c0) * max(0, threads - t0) / (t1 - t0)
    return hw['bar'][-1][1]


def ptxas_info(ptx, kernel):
    """(registers a thread, static shared bytes a block) from `ptxas -v`, or (None, 0) without ptxas."""
    if not os.path.exists(PTXAS):
        return None, 0
    out = subprocess.run([PTXAS, '-v', '-arch=sm_90', '-o', os.devnull, ptx], capture_output=True, text=True).stderr
    m = re.search(r"properties for %s\n(?:[^\n]*\n)*?[^\n]*Used (\d+) registers[^\n]*?(?:(\d+) bytes smem)?\n"
                  % re.escape(kernel), out)
    return (int(m.group(1)), int(m.group(2) or 0)) if m else (None, 0)


def blocks_per_sm(threads, regs, smem):
    """Resident blocks an SM: the least of the thread, block, register and shared-memory limits."""
    warps = -(-threads // 32)
    lim = [MAX_BLOCKS, MAX_THREADS // (warps * 32)]
    lim += [REGS // (warps * 32 * (-(-regs // 8) * 8))] if regs else []
    lim += [SMEM // (smem + 1024)] if smem else []
    return max(1, min(lim))


# ---------------------------------------------------------------- PTX: decode, run a thread, schedule it
def operand(o):
    """An operand as ('i', int) | ('r', register) | ('x', special, axis) | ('y', symbol) | ('n', None)."""
    m = re.fullmatch(r'%(n?tid|n?ctaid)\.([xyz])', o)
    if m:
        return ('x', m.group(1), 'xyz'.index(m.group(2)))
    if o[0] == '%':
        return ('r', o)
    if re.fullmatch(r'-?\d+|0[xX][0-9a-fA-F]+', o):
        return ('i', int(o, 0))
    return ('y', o) if re.fullmatch(r'[A-Za-z_$][\w$]*', o) else ('n', None)


def decode(text, kernel):
    """The entry's instructions (guard, op, operands, parts, dsts, srcs, operand values, address) and labels."""
    text = re.sub(r'//[^\n]*', '', text)
    start = re.search(r'\.entry\s+%s\s*\(' % re.escape(kernel), text).end()
    body = text[text.index('{', text.index(')', start)) + 1:]
    ins, labels = [], {}
    for stmt in re.split(r';|\n', body):
        stmt = stmt.strip()
        if stmt == '}':
            break
        m = re.match(r'^(\$?\w+):\s*(.*)$', stmt)
        if m:
            labels[m.group(1)], stmt = len(ins), m.group(2).strip()
        if not stmt or stmt[0] in '.{}':
            continue
        g = re.match(r'^@(!?)(%\w+)\s+(.*)$', stmt)
        guard, stmt = ((g.group(2), g.group(1) == '!'), g.group(3)) if g else (None, stmt)
        op, _, rest = stmt.partition(' ')
        ops = [o.strip() for o in re.split(r',(?![^{]*\})(?![^\[]*\])', rest) if o.strip()]
        p = tuple(op.split('.'))
        regs = lambda os_: [r for o in os_ for r in re.findall(r'%\w+', o) if not re.match(r'%n?(tid|ctaid)', r)]
        stores = p[0] in ('st', 'red', 'bra', 'bar')
        dsts = [] if stores or not ops else regs(ops[:1])
        srcs = regs(ops if stores else ops[1:]) + ([guard[0]] if guard else [])
        am = re.match(r'\[([^+\]]+)(?:\+(-?\d+))?\]', next((o for o in ops if o.startswith('[')), ''))
        addr = (operand(am.group(1).strip()), int(am.group(2) or 0)) if am else None
        ins.append((guard, op, ops, p, dsts, srcs, [operand(o) for o in ops[1:]], addr))
    return ins, labels


def params_of(launch):
    """Kernel parameter values in ABI order, and the buffers {base >> 36: bytes} at far-apart addresses."""
    vals, bufs = [], {}
    for i, a in enumerate(launch['arguments']):
        if 'scalar' in a:
            vals.append(int(a['scalar']['value']) if re.fullmatch(r'-?\d+', a['scalar']['value']) else None)
            continue
        m, base = a['memref'], (i + 1) << 36
        shape = m['shape']
        bufs[i + 1] = math.prod(shape) * ELEM.get(m['element'], 4)
        strides = [math.prod(shape[j + 1:]) for j in range(len(shape))]
        vals += [base] if launch['convention'] == 'bare-pointer' else [base, base, m.get('offset', 0)] + shape + strides
    return vals, bufs


BITS = {}


def wrap(v, t):
    """Wrap an integer to the PTX type t (u32, s64, b16, ...)."""
    bits = BITS.get(t) or BITS.setdefault(t, int(re.sub(r'\D', '', t) or 64))
    v &= (1 << bits) - 1
    return v - (1 << bits) if t[0] == 's' and v >> (bits - 1) else v


CMP = {'lt': lambda a, b: a < b, 'le': lambda a, b: a <= b, 'gt': lambda a, b: a > b, 'ge': lambda a, b: a >= b,
       'eq': lambda a, b: a == b, 'ne': lambda a, b: a != b}
CMP.update(lo=CMP['lt'], ls=CMP['le'], hi=CMP['gt'], hs=CMP['ge'])
ALU = {'add': lambda a, b, v, t, p: a + b, 'sub': lambda a, b, v, t, p: a - b, 'and': lambda a, b, v, t, p: a & b,
       'mul': lambda a, b, v, t, p: a * b >> (32 if 'hi' in p else 0), 'mad': lambda a, b, v, t, p: a * b + v[2],
       'shl': lambda a, b, v, t, p: a << b, 'shr': lambda a, b, v, t, p: wrap(a, t) >> b,
       'or': lambda a, b, v, t, p: a | b, 'xor': lambda a, b, v, t, p: a ^ b, 'not': lambda a, b, v, t, p: ~a,
       'neg': lambda a, b, v, t, p: -a, 'abs': lambda a, b, v, t, p: abs(wrap(a, t)),
       'min': lambda a, b, v, t, p: min(wrap(a, t), wrap(b, t)), 'max': lambda a, b, v, t, p: max(wrap(a, t), wrap(b, t)),
       'div': lambda a, b, v, t, p: int(wrap(a, t) / wrap(b, t)), 'rem': lambda a, b, v, t, p: wrap(a, t) % wrap(b, t),
       'bfe': lambda a, b, v, t, p: (wrap(a, t) >> b) & ((1 << v[2]) - 1)}
UNARY = ('mov', 'cvt', 'cvta', 'not', 'neg', 'abs')


def alu(base, p, v):
    """The value of an integer or predicate instruction, None when unknown (floating point included)."""
    t = p[-1]
    if t[0] == 'f' or 'f32' in p or 'f64' in p or None in v[:1 if base in UNARY else 2]:
        return None
    a, b = v[0], v[1] if len(v) > 1 else None
    if base == 'setp':
        return CMP[p[1]](wrap(a, t), wrap(b, t))
    if t == 'pred':
        return {'and': a and b, 'or': a or b, 'xor': a != b, 'not': not a, 'mov': a}[base]
    if base in ('mov', 'cvta'):
        return a
    if base == 'cvt':
        return wrap(wrap(a, p[-1]), p[-2] if p[-2][0] in 'sub' else t)
    if base == 'selp':
        return None if v[2] is None else a if v[2] else b
    return wrap(ALU[base](a, b, v, t, p), ('s64' if t[0] == 's' else 'u64') if 'wide' in p else t)


def run_thread(ins, labels, params, tid, ntid, ctaid, nctaid):
    """Execute one thread's control flow; the dynamic trace [(instruction index, address or None)]."""
    regs, syms, trace, pc, unknown = {}, {}, [], 0, {}
    special = {'tid': tid, 'ntid': ntid, 'ctaid': ctaid, 'nctaid': nctaid}

    def val(o):
        k = o[0]
        return regs.get(o[1]) if k == 'r' else o[1] if k == 'i' else special[o[1]][o[2]] if k == 'x' else \
            syms.setdefault(o[1], (1 << 30) + (len(syms) << 20)) if k == 'y' else None

    while pc < len(ins) and len(trace) < MAX_STEPS:
        guard, op, ops, p, dsts, srcs, vals, addr = ins[pc]
        if guard:
            g = regs.get(guard[0])
            if g is None:                       # unknown: not taken, unless that keeps a loop spinning
                unknown[pc] = unknown.get(pc, 0) + 1
                g = unknown[pc] > 4096
            if g == guard[1]:
                pc += 1
                continue
        if p[0] == 'ld' and 'param' in p:
            m = re.search(r'_param_(\d+)', ops[1])
            regs[ops[0]] = params[int(m.group(1))] if m and int(m.group(1)) < len(params) else None
        elif p[0] in ('ld', 'st', 'atom', 'red'):
            b = val(addr[0]) if addr else None
            trace.append((pc, None if b is None else b + addr[1]))
            for r in dsts:
                regs[r] = None
        else:
            trace.append((pc, None))
            if p[0] in ('bra', 'brx'):
                pc = labels[ops[0]]
                continue
            if p[0] in ('ret', 'exit', 'trap'):
                break
            if dsts:
                try:
                    regs[dsts[0]] = alu(p[0], p, [val(o) for o in vals])
                except (KeyError, ZeroDivisionError, IndexError, ValueError, TypeError):
                    regs[dsts[0]] = None
        pc += 1
    return trace


def loops(trace, ins, labels):
    """Trace positions of loop back edges, and those ptxas unrolls away (the block goes on there)."""
    back, keep, inst, entry, heads = set(), set(), {}, {}, set(labels.values())
    for j in range(1, len(trace)):
        h, prev = trace[j][0], trace[j - 1][0]
        if h not in heads:
            continue
        if entry.setdefault(h, prev) != prev:    # not the edge h was first entered by: a back edge
            inst[h][1].append(j)
            back.add(j)
            continue
        if h in inst:
            keep |= close(inst.pop(h), trace, ins, labels)
        inst[h] = (j, [])
    for v in inst.values():
        keep |= close(v, trace, ins, labels)
    return back, keep


def close(instance, trace, ins, labels):
    """The back edges of one loop instance to drop: <= 16 trips, small, no inner if-then rejoining."""
    start, arrivals = instance
    if not arrivals or len(arrivals) + 1 > UNROLL_TRIPS:
        return set()
    body = {i for i, _ in trace[start:arrivals[-1]]}
    head = trace[start][0]
    inner = any(ins[i][1].startswith('bra') and labels[ins[i][2][0]] in body and labels[ins[i][2][0]] != head
                for i in body)
    return set() if inner or len(body) * (len(arrivals) + 1) > 1024 else set(arrivals)


def latency(p, hw):
    """Result latency in cycles of an instruction other than a global load."""
    if p[0] == 'ld':
        return hw['shared'] if 'shared' in p else hw['const'] if 'const' in p else hw['local']
    if p[0] in ('div', 'rcp', 'sqrt', 'sin', 'cos', 'ex2', 'lg2', 'rsqrt'):
        return 16 if 'approx' in p else 40
    return 8 if 'f64' in p else 4


def schedule(ins, labels, trace, bufs, hw, threads, block, lines_kept):
    """One warp alone: its cycles C, and the thread's counts (instructions, global/shared loads/stores)."""
    back, keep = loops(trace, ins, labels)
    width = lambda p: (int(p[-2][1]) if p[-2][0] == 'v' else 1) * max(1, int(re.sub(r'\D', '', p[-1]) or 32) // 8)
    loaded = dict.fromkeys(bufs, 0)
    for i, a in trace:
        if ins[i][3][:2] == ('ld', 'global') and a is not None and a >> 36 in bufs:
            loaded[a >> 36] += width(ins[i][3])
    lat = {}                                     # a buffer's expected latency: DRAM for the new share 1/r
    for k, size in bufs.items():
        miss = min(1.0, size / max(loaded[k] * threads, 1e-9))
        lat[k] = miss * hw['dram'] + (1 - miss) * (hw['l1'] if size <= L1_RESIDENT else hw['l2'])
    bar, ready, recent = barrier_cycles(hw, block), {}, []
    floor = floor_plain = end = 0.0
    count = 0
    n = dict.fromkeys(('instr', 'ldg', 'stg', 'lds', 'sts'), 0)
    for j, (i, a) in enumerate(trace):
        p, dsts, srcs = ins[i][3:6]
        if j in back and j not in keep:          # a loop's next trip starts when the last one ends
            floor = floor_plain = max(end, floor + count)
            count = 0
        count += 1
        n['instr'] += 1
        need = max([ready[r] for r in srcs if r in ready], default=0.0)
        if p[0] == 'bar':
            floor = floor_plain = end = max(end, floor + count, need) + bar
            count = 0
            continue
        glob = 'global' in p
        issue = max(need, floor_plain if glob and p[0] == 'ld' and 'nc' not in p else floor)
        end = max(end, issue + 1)
        if p[0] in ('st', 'red'):
            n['stg'] += glob
            n['sts'] += 'shared' in p
            floor_plain = max(floor_plain, issue) if glob else floor_plain
            continue
        if p[0] == 'ld' and glob:
            n['ldg'] += 1
            line = None if a is None else a >> 7
            cyc = hw['l1'] if line in recent else lat.get(a >> 36, hw['dram']) if a is not None else hw['dram']
            if line is not None:                 # the thread's own last few lines stay in L1
                recent = ([x for x in recent if x != line] + [line])[-lines_kept:]
        else:
            n['lds'] += p[0] == 'ld' and 'shared' in p
            cyc = latency(p, hw)
        for d in dsts:
            ready[d] = issue + cyc
    return max([end, floor + count] + list(ready.values())), n


# ---------------------------------------------------------------- the inputs of one variant
def ncu_counters():
    """Nsight Compute metrics per (kernel, variant)."""
    out = {}
    for f in filter(os.path.exists, COUNTERS):
        for k in json.load(open(f))['kernels']:
            out.update({(k['name'], v): d['metrics'] for v, d in k['variants'].items() if d.get('metrics')})
    return out


def ratios(variant, m):
    """Sectors a global load/store request, wavefronts a shared load/store request: interpreter, else ncu."""
    if variant.get('predicted'):
        q = variant['predicted']
        r = lambda d, k, dflt: d[k] / d['requests'] if d['requests'] else dflt
        return [r(q['global_load'], 'sectors', 4), r(q['global_store'], 'sectors', 4),
                r(q['shared_load'], 'wavefronts', 1), r(q['shared_store'], 'wavefronts', 1)], 'interpreter'
    if m:
        g = lambda a, b: m[a] / m[b] if m[b] else 1.0
        t, w = 'l1tex__t_%s_pipe_lsu_mem_global_op_%s.sum', 'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_%s.sum'
        return [g(t % ('sectors', 'ld'), t % ('requests', 'ld')), g(t % ('sectors', 'st'), t % ('requests', 'st')),
                g(w % 'ld', 'smsp__inst_executed_op_shared_ld.sum'), g(w % 'st', 'smsp__inst_executed_op_shared_st.sum')], 'ncu'
    return None, None


def inputs(variant, hw, ncu_m):
    """Everything the model reads for one variant (None and a reason when it cannot)."""
    d = os.path.join(ROOT, 'build', 'bench', os.path.dirname(variant['bench']))
    launch = json.load(open(os.path.join(d, 'launch.json')))
    rat, src = ratios(variant, ncu_m)
    if rat is None:
        return None, 'no predicted counters (cuda-reference without ncu counters)'
    ptx = os.path.join(d, launch['ptx'])
    grid, block = (launch['grid'] + [1, 1])[:3], (launch['block'] + [1, 1])[:3]
    B, b = math.prod(grid), math.prod(block)
    regs, smem = ptxas_info(ptx, launch['kernel'])
    smem += launch.get('shared_bytes', 0)
    k, n_blk = blocks_per_sm(b, regs, smem), -(-B // SMS)
    resident = min(k, n_blk)
    ins, labels = decode(open(ptx).read(), launch['kernel'])
    params, bufs = params_of(launch)
    runs = []
    for q in (1, 3):                               # blocks a quarter and three quarters into the grid
        trace = run_thread(ins, labels, params, [x // 2 for x in block], block, [g * q // 4 for g in grid], grid)
        runs.append(schedule(ins, labels, trace, bufs, hw, B * b, b,
                             max(1, (L1_BYTES - smem * resident) // (128 * resident * b))) + (len(trace) >= MAX_STEPS,))
    C = statistics.mean(r[0] for r in runs)
    n = {key: statistics.mean(r[1][key] for r in runs) for key in runs[0][1]}
    w = -(-b // 32)
    per_sm = w * n_blk                              # warps the busiest SM runs over the launch
    lines = lambda req, spr: req * max(1.0, spr - 3)
    us = 1 / (CLOCK_GHZ * 1e3)                    # µs a cycle
    W = -(-n_blk // k)
    t = {'dram': launch['bytes_moved'] / (hw['bw'] * 1e3), 'latency': W * C * us,
         'l1_ld': lines(per_sm * n['ldg'], rat[0]) * us, 'l1_st': lines(per_sm * n['stg'], rat[1]) * us,
         'shared': per_sm * (n['lds'] * rat[2] + n['sts'] * rat[3]) * us, 'issue': per_sm * n['instr'] / 4 * us}
    return {'B': B, 'b': b, 'regs': regs, 'smem': smem, 'k': k, 'W': W, 'C': C, 'n': n, 'src': src, 't': t,
            'D': launch['bytes_moved'], 'capped': any(r[2] for r in runs)}, None


# ---------------------------------------------------------------- the model, its fit, the statistics
def terms(x, c):
    """The named terms in µs."""
    t = x['t']
    return {'dram': t['dram'], 'latency': t['latency'], 'l1': c['a_ld'] * t['l1_ld'] + c['a_st'] * t['l1_st'],
            'shared': t['shared'], 'issue': t['issue']}


def predict(x, hw, c):
    """Predicted µs and the dominant term: the memory side (DRAM transfer plus exposed latency, one
    pipe) and the SM side (its busiest unit: L1 lines, shared wavefronts or issue) joined by a p-norm."""
    t = terms(x, c)
    mem, sm = t['dram'] + t['latency'], max(t['l1'], t['shared'], t['issue'])
    side = ('dram', 'latency') if mem >= sm else ('l1', 'shared', 'issue')
    top = max(side, key=t.get)
    hi, lo = max(mem, sm), min(mem, sm)
    return T_LAUNCH_US + hi * (1 + (lo / hi) ** c['p']) ** (1 / c['p']), top


def fit(rows, hw):
    """The constants minimizing the absolute log error (robust to a few misses the model cannot see),
    by coordinate descent with shrinking steps."""
    loss = lambda c: sum(abs(math.log(predict(r['x'], hw, c)[0] / r['us'])) for r in rows)
    c, step = dict(START), 2.0
    best = loss(c)
    while step > 1.005:
        moved = False
        for name in FIT:
            for f in (step, 1 / step):
                trial = dict(c, **{name: c[name] * f})
                if name == 'p' and not 1.0 <= trial['p'] <= 16:
                    continue
                l = loss(trial)
                if l < best:
                    best, c, moved = l, trial, True
        step = step if moved else math.sqrt(step)
    return c


def spearman(a, b):
    """Spearman rank correlation (ties get their mean rank)."""
    def rank(v):
        s = sorted(v)
        return [(s.index(x) + len(s) - s[::-1].index(x) - 1) / 2 for x in v]
    ra, rb = rank(a), rank(b)
    ma, mb = statistics.mean(ra), statistics.mean(rb)
    return sum((x - ma) * (y - mb) for x, y in zip(ra, rb)) / math.sqrt(
        sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb))


def family(name):
    """A kernel's family: the name without a coarsening factor or a -block/-padded option."""
    return re.sub(r'-(rows(-\d+)?|tile-\d+|block|padded)$', '', name).replace('transpose-naive', 'transpose')


# ---------------------------------------------------------------- validation and the report
def load_rows(results, hw):
    """One row per measured variant with the model's inputs, and the variants left out (with why)."""
    suite = {k['name']: k for k in json.load(open(SUITE))['kernels']}
    ncu, rows, left, memo = ncu_counters(), [], [], {}
    for f in results:
        for k in json.load(open(f))['kernels']:
            for v, m in k['variants'].items():
                sv = next((x for x in suite.get(k['name'], {}).get('variants', []) if x['name'] == v), None)
                if (k['name'], v) not in memo:
                    try:
                        memo[k['name'], v] = (inputs(sv, hw, ncu.get((k['name'], v))) if sv
                                              else (None, 'not in build/bench/suite.json'))
                    except (OSError, ValueError, KeyError, AttributeError) as e:
                        memo[k['name'], v] = None, 'the model\'s inputs failed: %r' % e
                x, why = memo[k['name'], v]
                if x and m.get('ms'):
                    rows.append({'kernel': k['name'], 'variant': v, 'us': m['ms'] * 1e3, 'x': x, 'file': f,
                                 'ncu': ncu.get((k['name'], v))})
                else:
                    left.append((k['name'], v, why or 'no measured time'))
    return rows, left


def validate(rows, hw):
    """Fit on all rows; then, family by family, fit without it and predict it (the reported numbers)."""
    fits = {}
    for fam in sorted({family(r['kernel']) for r in rows}):
        fits[fam] = fit([r for r in rows if family(r['kernel']) != fam], hw)
    for r in rows:
        r['c'] = fits[family(r['kernel'])]
        r['pred'], r['top'] = predict(r['x'], hw, r['c'])
        r['err'] = r['pred'] / r['us'] - 1
    return fit(rows, hw), fits


def speedups(rows, variants=None):
    """(kernel, variant, measured, predicted) speedups over the same kernel's naive variant."""
    naive = {(r['kernel'], r['file']): r for r in rows if r['variant'] == 'naive'}
    return [(r['kernel'], r['variant'], n['us'] / r['us'], n['pred'] / r['pred']) for r in rows
            for n in [naive.get((r['kernel'], r['file']))]
            if n and r['variant'] != 'naive' and (variants is None or r['variant'] in variants)]


def evidence(r, hw):
    """What Nsight Compute says about the inputs of a missed variant."""
    m, x, out = r['ncu'], r['x'], []
    if not m:
        return 'no ncu counters'
    reqs = -(-x['b'] // 32) * x['B']
    for what, model, meas in (('global load requests', reqs * x['n']['ldg'], 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'),
                              ('global store requests', reqs * x['n']['stg'], 'l1tex__t_requests_pipe_lsu_mem_global_op_st.sum'),
                              ('shared load requests', reqs * x['n']['lds'], 'smsp__inst_executed_op_shared_ld.sum')):
        if m[meas] and not 0.8 < model / m[meas] < 1.25:
            out.append('%s: PTX run %.3g, ncu %.3g' % (what, model, m[meas]))
    dram = m['dram__bytes_read.sum'] + m['dram__bytes_write.sum']
    out.append('ncu DRAM bytes %.2f x D' % (dram / x['D']))
    t = terms(x, r['c'])
    out.append('terms ' + ', '.join('%s %.0f' % kv for kv in sorted(t.items(), key=lambda kv: -kv[1])))
    return '; '.join(out) + ('. ' + NOTES[family(r['kernel'])] if family(r['kernel']) in NOTES else '')


NOTES = {  # why a family's worst misses happen, from ncu and SASS (nvdisasm) evidence; not used by the model
    'transpose': 'Naive variants: every warp store touches 32 lines 16 KB apart (a DRAM page and L2 slice spread no '
                 'input describes); they take ~3.5x the time a line of the AoS kernels\' uncoalesced stores take',
    'lbm-aos': 'a_st is a compromise with transpose-naive\'s 16 KB-strided stores, ~3.5x dearer a line than these '
               'adjacent 36-76 B records', 'real-covar-kernel': 'ptxas drops most of the loop\'s global stores '
               '(ncu counts 3.5x fewer than the PTX executes); the l1 term charges the PTX\'s',
    'convolution-rows': 'ptxas hoists the filter\'s .nc loads out of the output loop (ncu: 5.4x fewer load requests '
                        'than the PTX executes); the l1 and issue terms count the PTX\'s',
    'real-invert-mapping': 'ncu counts the same requests and DRAM bytes as naive; the .nc loads only let the loop\'s '
                           'iterations overlap (1.4x): the l1 term, identical for both, sets both predictions',
    'polybench-gesummv': 'the staged variant reads A in 64-byte strips of rows 16 KB apart on 16 SMs; SASS keeps 8 of '
                         'the 16 staging loads in flight, and every strip opens a DRAM page: loaded latency >> calibrated'}
NOTES.update({'fields-stencil': NOTES['lbm-aos'], 'd2q9-aos': NOTES['lbm-aos'], 'lbm-aos-relayout': NOTES['lbm-aos'],
              'convolution-columns': NOTES['convolution-rows']})
MISSING = '''
- Known but not modelled: (1) where lines go: 16 KB-strided warp accesses (transpose-naive's stores, the row-per-thread
  matrix-vector loads) cost ~3x a line of adjacent uncoalesced accesses (L2 slice / DRAM page spread); (2) loaded
  latency: C uses the calibration's unloaded latencies, while under load a DRAM round trip takes 2-3x longer
  (gesummv, atax-kernel2, jacobi3d); (3) ptxas: loop-invariant loads hoisted out of loops, partial unrolling, SASS
  instruction counts (the issue term counts PTX instructions); (4) L2 hits across blocks (only buffer reuse is seen).
- Already in Rust (the interpreter, build/bench/suite.json): sectors per request and shared wavefronts per request.
  Its request totals are the first blocks' (for a grid-stride loop such as reduction's, the whole array's), so the
  totals here come from the PTX run, which matches ncu's global load requests within 5 % for 108 of 125 variants,
  stores for 114, shared loads for 41 of 58 (misses: ptxas hoisting or dropping accesses, halo-loading threads).
- Not yet in Rust: occupancy (registers and shared bytes: `ptxas -v`, build/bin/ptxas), the per-thread PTX run
  (trip counts, instructions, loads, stores per thread) and its schedule C, the buffer reuse r. The interpreter could
  count the same per thread on the MLIR (instructions, dependent memory rounds), but would miss LLVM's and ptxas's
  changes (the .nc hoisting that makes jacobi2d-rows-4 one round, the unrolling of small loops).
'''
SWEEPS = {'transpose': [('transpose-naive', 1), ('transpose-rows-2', 2), ('transpose-rows', 4), ('transpose-rows-8', 8)],
          'jacobi2d': [('jacobi2d', 1), ('jacobi2d-rows-2', 2), ('jacobi2d-rows-4', 4), ('jacobi2d-rows-8', 8)],
          'matmul': [('matmul', 1), ('matmul-tile-2', 2), ('matmul-tile-4', 4)]}


def report(rows, left, c_all, fits, hw, results):
    """The markdown report; returns its lines."""
    errs = sorted(abs(r['err']) for r in rows)
    sp_g, sp_a = speedups(rows, {'gpu-mem-opt'}), speedups(rows)
    rho = lambda s: spearman([t[2] for t in s], [t[3] for t in s])
    by = {(r['kernel'], r['variant']): r for r in rows if r['file'] == results[0]}
    L = ['# Time model (issue 35 prototype): NVIDIA H200, 2026-11-27 (session 17)', '',
         'Generated by `python3 scripts/time_model.py --results %s`. The model, its notation and its inputs are in the '
         'script\'s docstring. Every prediction below is from constants fitted **without the kernel\'s family** '
         '(leave-one-family-out: transpose-naive/-rows/-rows-2/-rows-8 are one family, X and X-block one, ...).'
         % ' '.join(os.path.relpath(f, ROOT) for f in results), '', '## Model', '', '```']
    L += __doc__[__doc__.index('A launch'):__doc__.index('Inputs.')].rstrip().splitlines() + ['```', '']
    L += [' '.join(q.split()) + '\n' for q in __doc__[__doc__.index('Inputs.'):].split('\n\n')]
    L += ['## Summary', '',
         '- variants: %d (%d with the interpreter\'s sectors/wavefronts per request, %d cuda-reference with ncu\'s); left out: %d'
         % (len(rows), sum(r['x']['src'] == 'interpreter' for r in rows), sum(r['x']['src'] == 'ncu' for r in rows), len(left)),
         '- within ±30 %%: **%d of %d**; median |error| %.0f %%, 90th percentile %.0f %%, worst %.0f %%'
         % (sum(e <= 0.3 for e in errs), len(errs), 100 * statistics.median(errs), 100 * errs[int(0.9 * len(errs))], 100 * errs[-1]),
         '- Spearman of speedups over naive: gpu-mem-opt/naive **%.2f** (%d kernels); every variant/naive **%.2f** (%d pairs)'
         % (rho(sp_g), len(sp_g), rho(sp_a), len(sp_a)),
         '- goal: Spearman ≥ 0.9 and every variant within ±30 %%: **%s**' % ('met' if rho(sp_g) >= 0.9 and errs[-1] <= 0.3 else 'not met'),
         '- constants fitted on all rows: ' + ', '.join('%s = %.3g' % kv for kv in c_all.items()) + '; range over the %d '
         'leave-one-out fits: ' % len(fits) + ', '.join('%s %.3g–%.3g' % (k, min(f[k] for f in fits.values()),
                                                                        max(f[k] for f in fits.values())) for k in FIT),
         '- from the calibration (%s): DRAM %.0f, L2 %.0f, L1 %.0f, shared %.0f, constant %.0f cycles; barrier %.0f–%.0f cycles; '
         'copy %.0f GB/s. Fixed: 132 SMs, %.2f GHz, 2048 threads / 32 blocks / 64 K registers / 228 KiB an SM, '
         'launch %.1f µs' % (os.path.basename(CALIBRATION), hw['dram'], hw['l2'], hw['l1'], hw['shared'], hw['const'],
                            hw['bar'][0][1], hw['bar'][-1][1], hw['bw'], CLOCK_GHZ, T_LAUNCH_US), '',
         '## Coarsening sweeps', '', '| sweep | variant | factor | measured µs | predicted µs | dominant | k | W | C (cycles) |',
         '|---|---|---|---|---|---|---|---|---|']
    best = []
    for name, ks in SWEEPS.items():
        for var in ('gpu-mem-opt', 'naive'):
            pts = [(f, by[(k, var)]) for k, f in ks if (k, var) in by]
            for f, r in pts:
                L.append('| %s | %s | %d | %.1f | %.1f | %s | %d | %d | %.0f |' % (name, var, f, r['us'], r['pred'], r['top'],
                                                                                r['x']['k'], r['x']['W'], r['x']['C']))
            if pts:
                om = [f for f, _ in sorted(pts, key=lambda t: t[1]['us'])]
                op = [f for f, _ in sorted(pts, key=lambda t: t[1]['pred'])]
                near = lambda key: [f for f, r in pts if r[key] <= 1.02 * min(q[key] for _, q in pts)]
                best.append('- %s, %s: best factor measured **%d**, predicted **%d** (within 2 %% of the best: measured %s, '
                            'predicted %s); fastest to slowest measured %s, predicted %s'
                            % (name, var, om[0], op[0], near('us'), near('pred'), om, op))
    L += [''] + best + ['', '## Every variant', '',
                        '| kernel | variant | measured µs | predicted µs | error | dominant | terms µs (dram, latency, l1, shared, issue) | k, W, C |',
                        '|---|---|---|---|---|---|---|---|']
    for r in rows:
        t = terms(r['x'], r['c'])
        L.append('| %s | %s | %.1f | %.1f | %+.0f %% | %s | %s | %d, %d, %.0f%s |' % (
            r['kernel'], r['variant'], r['us'], r['pred'], 100 * r['err'], r['top'], ', '.join('%.0f' % v for v in t.values()),
            r['x']['k'], r['x']['W'], r['x']['C'], ' (run capped)' if r['x']['capped'] else ''))
    L += ['', '## Worst 10 (with what ncu says about the inputs)', '']
    L += ['- %s %s: %.1f µs measured, %.1f predicted (%+.0f %%, %s). %s' % (r['kernel'], r['variant'], r['us'], r['pred'],
          100 * r['err'], r['top'], evidence(r, hw)) for r in sorted(rows, key=lambda r: -abs(r['err']))[:10]]
    L += ['', '## Missing terms, and what the pass needs to compute this in Rust', ''] + MISSING.strip().splitlines()
    L += ['', '## Left out', ''] + ['- %s %s: %s' % t for t in left] + ([] if left else ['none'])
    return L


def predictions(hw, results, out):
    """Issue 35 item 4: every variant of build/bench/suite.json predicted with the constants fitted on
    `results`, beside its last measured time, written to `out`; returns the summary lines."""
    rows, _ = load_rows(results, hw)
    c = fit(rows, hw)
    measured = {(r['kernel'], r['variant']): r['us'] for r in rows}
    ncu = ncu_counters()
    table, predicted = [], {}
    for k in json.load(open(SUITE))['kernels']:
        for v in k['variants']:
            try:
                x, why = inputs(v, hw, ncu.get((k['name'], v['name'])))
            except (OSError, ValueError, KeyError, AttributeError) as e:
                x, why = None, 'the model\'s inputs failed: %r' % e
            if not x:
                table.append('| %s | %s | - | - | - | %s |' % (k['name'], v['name'], why))
                continue
            us, top = predict(x, hw, c)
            predicted[k['name'], v['name']] = us
            naive = predicted.get((k['name'], 'naive'))
            was = measured.get((k['name'], v['name']))
            table.append('| %s | %s | %.1f | %s | %s | %s |' % (
                k['name'], v['name'], us, top, '%.2fx' % (naive / us) if naive else '-',
                '%.1f' % was if was else '-'))
    changed = [(k, v, us, measured[k, v]) for (k, v), us in predicted.items()
               if (k, v) in measured and abs(us / measured[k, v] - 1) > 0.3]
    L = ['# Predicted time of every variant (issue 35 prototype, `make bench`)', '',
         'Constants fitted on %s: %s. The model is `scripts/time_model.py`\'s (its docstring); its validation, '
         'median error 17 %% on the session 17 H200 run, is in bench/results/*-time-model.md. A prediction far from the '
         'last measurement is a change to measure (or a miss of the model).' % (
             ', '.join(os.path.relpath(f, ROOT) for f in results), ', '.join('%s = %.3g' % kv for kv in c.items())), '',
         '| kernel | variant | predicted µs | dominant | predicted over naive | last measured µs |', '|---|---|---|---|---|---|']
    L += table
    open(out, 'w').write('\n'.join(L) + '\n')
    return ['time model: %d variants predicted in %s (%d more than 30 %% from their last measurement: the '
            'model\'s misses, or changes to measure)' % (len(predicted), os.path.relpath(out, ROOT), len(changed))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--results', nargs='+', default=[SESSION + '.json'], help='suite results (measured ms)')
    ap.add_argument('--out', default=SESSION + '-time-model.md')
    ap.add_argument('--predict', metavar='OUT', help='predict every variant of build/bench/suite.json into OUT '
                    '(the constants fitted on --results) instead of validating')
    args = ap.parse_args()
    hw = calibration(CALIBRATION)
    if args.predict:
        print('\n'.join(predictions(hw, args.results, args.predict)))
        return
    rows, left = load_rows(args.results, hw)
    c_all, fits = validate(rows, hw)
    L = report(rows, left, c_all, fits, hw, args.results)
    open(args.out, 'w').write('\n'.join(L) + '\n')
    print('\n'.join([l for l in L if l.startswith('- ')][:14]))


CALIBRATION = SESSION + '-calibration.json'
if __name__ == '__main__':
    main()

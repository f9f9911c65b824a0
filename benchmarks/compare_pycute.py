#!/usr/bin/env python3
"""Time cutec's layout algebra and pycute's on the same expressions, in one run.

    python3 benchmarks/compare_pycute.py [--pycute PATH] [--time SECONDS]
                                         [--cases FILE] [--driver CMD]

The expressions are those of benchmarks/cases.txt. cutec is timed by the Go
program benchmarks/algebra (CPU time per call, best of 5 runs, on the Static
fast path and through the general functions); pycute is timed here the same
way (time.process_time, best of 5 runs, on prebuilt Layout objects). PATH is
the directory that holds the pycute package (the directory `import pycute`
needs on sys.path, such as CUTLASS's python/ folder); without --pycute only
cutec's figures are printed. Run it from the repository's root.

An operation the given pycute lacks (the pycute this script was written
against has no flat_divide, flat_product, blocked_product or raked_product)
is timed as CuTe defines it from the pycute functions it has, marked *. Each pycute result is compared
with cutec's, and a difference is printed under the table.
"""

import argparse
import json
import os
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pycute", metavar="PATH", help="directory that contains the pycute package")
    p.add_argument("--cases", default=os.path.join(ROOT, "benchmarks", "cases.txt"))
    p.add_argument("--time", type=float, default=2.0, help="seconds to spend on each case and path")
    p.add_argument("--driver", default="go run ./benchmarks/algebra",
                   help="the command that times cutec (it is given -cases, -time and -json)")
    return p.parse_args(argv)


def read_cases(path):
    cases = []
    with open(path) as f:
        for line in f:
            fields = line.split()
            if not fields or fields[0].startswith("#"):
                continue
            cases.append((fields[0], fields[1], fields[2] if len(fields) > 2 else None))
    return cases


def time_cutec(args):
    cmd = shlex.split(args.driver) + ["-cases", args.cases, "-time", "%gs" % args.time, "-json"]
    out = subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.PIPE).stdout
    return json.loads(out)


def to_tuple(text):
    # A layout's shape or stride is Python tuple syntax already: (4,(2,2)).
    return eval(text, {"__builtins__": {}}, {})


def pycute_layout(pycute, text):
    shape, stride = text.split(":")
    return pycute.Layout(to_tuple(shape), to_tuple(stride))


def pycute_call(pycute, op, a, b):
    """Returns a function of no arguments that computes op in pycute, and
    whether it is composed of other pycute functions (for an operation this
    pycute does not have); None when pycute lacks what op needs."""
    if op == "complement":
        n = pycute.size(b)
        return (lambda: pycute.complement(a, n)), False
    if op in ("coalesce", "right_inverse", "left_inverse"):
        f = getattr(pycute, op, None)
        return ((lambda: f(a)) if f else None), False
    f = getattr(pycute, op, None)
    if f:
        return (lambda: f(a, b)), False
    f = composed(pycute, op)
    return ((lambda: f(a, b)) if f else None), True


def composed(pycute, op):
    """op as CuTe defines it from operations pycute has (for flat_divide,
    flat_product, blocked_product and raked_product, which some versions of
    pycute lack), or None when this pycute lacks those too."""
    make_layout = getattr(pycute, "make_layout", None)
    Layout = getattr(pycute, "Layout", None)
    if make_layout is None or Layout is None:
        return None

    def modes(l):
        return [l[i] for i in range(len(l))]

    if op in ("flat_divide", "flat_product"):
        zipped = getattr(pycute, "zipped_" + op.split("_")[1], None)
        if zipped is None:
            return None

        def flat(a, b):  # zipped_*, both of its modes unpacked
            r = zipped(a, b)
            return make_layout(modes(r[0]) + modes(r[1]))
        return flat
    if op in ("blocked_product", "raked_product"):
        product = getattr(pycute, "logical_product", None)
        if product is None:
            return None
        raked = op == "raked_product"

        def ranked(a, b):  # both padded to one rank with 1:0, the product's modes zipped
            rank = max(len(a), len(b))

            def pad(l):
                if len(l) >= rank:
                    return l
                return make_layout(modes(l) + [Layout(1, 0)] * (rank - len(l)))
            r = product(pad(a), pad(b))
            x, y = (r[1], r[0]) if raked else (r[0], r[1])
            return make_layout([make_layout(x[i], y[i]) for i in range(rank)])
        return ranked
    return None


def same_result(pycute_result, cutec_result):
    """Whether pycute's result prints as cutec's (None when it is not a
    pycute layout, as from a stand-in)."""
    if not hasattr(pycute_result, "shape") or not hasattr(pycute_result, "stride"):
        return None
    text = str(pycute_result).replace(" ", "").replace(",)", ")")
    return text == cutec_result


def best_time(f, budget, runs=5):
    n = 1
    while True:  # calibrate on elapsed time, which always advances
        start = time.perf_counter()
        for _ in range(n):
            f()
        if time.perf_counter() - start >= budget / runs / 4 or n >= 1 << 24:
            break
        n *= 2
    n *= 4
    best = None
    for _ in range(runs):
        start = time.process_time()
        for _ in range(n):
            f()
        t = (time.process_time() - start) / n * 1e9
        best = t if best is None else min(best, t)
    return best


def time_pycute(args, cases):
    sys.path.insert(0, args.pycute)
    import pycute  # noqa: E402 (the path is known only now)

    out = {}
    for op, a, b in cases:
        la = pycute_layout(pycute, a)
        lb = pycute_layout(pycute, b) if b else la
        f, is_composed = pycute_call(pycute, op, la, lb)
        t = best_time(f, args.time) if f else None
        out[(op, a, b or "")] = (t, is_composed, f() if f else None)
    return out


def fmt(x):
    return "n/a" if x is None else "%.1f" % x


def ratio(p, c):
    return "n/a" if p is None or c is None or c <= 0 else "%.0fx" % (p / c)


def main(argv):
    args = parse_args(argv)
    args.cases = os.path.abspath(args.cases)
    cases = read_cases(args.cases)
    cutec = time_cutec(args)
    py = {}
    if args.pycute:
        py = time_pycute(args, cases)
    else:
        print("pycute not given (--pycute PATH): cutec's figures only")
    print("CPU ns per call, best of 5 runs")
    head = "%-16s %10s %8s %10s" % ("operation", "Static", "allocs", "general")
    if args.pycute:
        head += " %10s %10s %10s" % ("pycute", "vs Static", "vs general")
    print(head)
    notes = []
    for r in cutec:
        st = r.get("static")
        s_ns = st["ns_per_op"] if st else None
        g_ns = r["general"]["ns_per_op"]
        line = "%-16s %10s %8s %10s" % (r["op"], fmt(s_ns), fmt(st["allocs_per_op"]) if st else "", fmt(g_ns))
        if args.pycute:
            p, is_composed, result = py.get((r["op"], r["a"], r.get("b", "")), (None, False, None))
            mark = "*" if is_composed and p is not None else ""
            line += " %10s %10s %10s" % (fmt(p) + mark, ratio(p, s_ns), ratio(p, g_ns))
            if same_result(result, r["result"]) is False:
                notes.append("%s: pycute gives %s, cutec %s" % (r["op"], result, r["result"]))
        print(line)
    if any(v[1] and v[0] is not None for v in py.values()):
        print("* this pycute has no such function: timed as the pycute functions that define it")
        print("  (flat_*: zipped_* with both modes unpacked; blocked/raked_product: logical_product")
        print("  of both layouts padded to one rank, its two modes zipped)")
    for n in notes:
        print("results differ: " + n)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

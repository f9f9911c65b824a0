#!/usr/bin/env python3
"""Time `cutec eval` end to end and pycute on the same expressions, in one run.

    python3 benchmarks/compare_eval.py [--pycute PATH] [--n N | --input FILE]
                                       [--seed S] [--runs R] [--check K]
                                       [--procs 1,2] [--cutec BIN] [--cutecgen BIN]

The expressions are N fresh lines of `cutecgen -kind expr` (seed S), or the
lines of FILE. cutec is timed as a process: `cutec eval` reads them on its
standard input, and its CPU time (user + system, from getrusage of the
children) is taken, less that of the same command on an empty input (the
start-up cost); the best of R runs. The expressions are also split by kind
(the operation called, or `evaluate` for a layout applied to an index) and
each kind is timed the same way on its own file.

pycute (PATH: the directory that holds the `pycute` package, such as
CUTLASS's python/ folder) is timed on the same expressions translated into
calls on Layout objects built beforehand, outside the timed region: the CPU
time (time.process_time) of calling each operation once per expression, less
that of the same loop calling a function that does nothing; the best of R
runs. An operation pycute does not have is reported with its count and
excluded from the ratios. On a sample of K expressions, pycute's results are
compared with the lines cutec prints.

Without --pycute only cutec's figures are printed. Without --cutec and
--cutecgen the two commands are built with `go build` into a temporary
directory. Run it from the repository's root (or anywhere, with --cutec and
--cutecgen).
"""

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pycute", metavar="PATH", help="directory that contains the pycute package")
    p.add_argument("--n", type=int, default=200000, help="number of generated expressions")
    p.add_argument("--input", metavar="FILE", help="read the expressions from FILE instead")
    p.add_argument("--seed", type=int, default=1, help="seed of cutecgen")
    p.add_argument("--runs", type=int, default=3, help="runs of each timing; the best is kept")
    p.add_argument("--check", type=int, default=2000, help="expressions whose results are compared")
    p.add_argument("--procs", default="1,2", help="GOMAXPROCS values cutec is timed with")
    p.add_argument("--cutec", metavar="BIN", help="the cutec command (default: go build)")
    p.add_argument("--cutecgen", metavar="BIN", help="the cutecgen command (default: go build)")
    return p.parse_args(argv)


# ---- reading the expressions ------------------------------------------------

TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|(.))")


class Unsupported(Exception):
    """An expression outside the subset this script translates."""


class Lay:
    """A layout as text denotes it: shape and stride are ints or tuples."""

    __slots__ = ("shape", "stride")

    def __init__(self, shape, stride):
        self.shape, self.stride = shape, stride


class Parser:
    """Reads the subset of cutec's expressions that has a pycute meaning:
    integers, tuples of them, layouts shape:stride, calls name(args) and a
    layout applied to an index, L(i)."""

    def __init__(self, text):
        self.toks = []
        for m in TOKEN.finditer(text):
            if m.group(1):
                self.toks.append(("int", int(m.group(1))))
            elif m.group(2):
                self.toks.append(("name", m.group(2)))
            elif m.group(3) and not m.group(3).isspace():
                self.toks.append(("p", m.group(3)))
        self.i = 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else ("eof", None)

    def take(self, kind=None, val=None):
        t = self.peek()
        if (kind and t[0] != kind) or (val is not None and t[1] != val):
            raise Unsupported("expected %s at token %d" % (val or kind, self.i))
        self.i += 1
        return t

    def whole(self):
        e = self.expr()
        self.take("eof")
        return e

    def expr(self):
        t = self.peek()
        if t[0] == "name":
            self.take()
            self.take("p", "(")
            args = self.args()
            return ("call", t[1], args)
        e = self.value()
        while self.peek() == ("p", "("):  # a layout applied to an index
            self.take()
            e = ("call", "evaluate", [e] + self.args())
        return e

    def args(self):
        out = []
        if self.peek() == ("p", ")"):
            self.take()
            return out
        while True:
            out.append(self.expr())
            t = self.take("p")
            if t[1] == ")":
                return out
            if t[1] != ",":
                raise Unsupported("expected , or )")

    def value(self):
        t = self.peek()
        if t[0] == "int":
            self.take()
            v = t[1]
        elif t == ("p", "("):
            self.take()
            items = self.args()
            if len(items) == 1 and isinstance(items[0], Lay) and self.peek() != ("p", ":"):
                return items[0]  # a layout in parentheses
            if any(not is_int_tuple(x) for x in items):
                raise Unsupported("a tuple of non-integers")
            v = tuple(items)
        else:
            raise Unsupported("unexpected %r" % (t[1],))
        if self.peek() == ("p", ":"):
            self.take()
            return Lay(v, self.value())
        return v


def is_int_tuple(x):
    return isinstance(x, int) or (isinstance(x, tuple) and all(is_int_tuple(y) for y in x))


def parse(text):
    return Parser(text).whole()


def kind_of(e):
    if isinstance(e, tuple) and e and e[0] == "call":
        return e[1]
    return "value"


# ---- pycute -----------------------------------------------------------------

# Operations whose arguments are layouts (or an integer where pycute takes one).
PY_BINARY = ("composition", "logical_divide", "logical_product", "zipped_divide",
             "tiled_divide", "zipped_product", "tiled_product")
PY_UNARY = ("coalesce", "right_inverse", "left_inverse", "size", "cosize")


def py_value(pycute, v):
    """A pycute object for a parsed value, built once."""
    if isinstance(v, Lay):
        return pycute.Layout(v.shape, v.stride)
    if isinstance(v, tuple) and v and v[0] == "call":
        raise Unsupported("a nested call")
    return v


def py_call(pycute, e):
    """(function, prebuilt arguments) that computes e in pycute, or raises
    Unsupported when pycute has no such operation or the arguments are not
    plain values."""
    op = kind_of(e)
    if op == "value":
        raise Unsupported("a bare value (cutec canonicalizes it; pycute has no such step)")
    args = [py_value(pycute, a) for a in e[2]]
    if op == "evaluate":
        if len(args) != 2 or not isinstance(args[0], pycute.Layout):
            raise Unsupported("evaluate of a non-layout")
        return args[0].__call__, (args[1],)
    if op == "complement":
        if len(args) == 2 and isinstance(args[1], pycute.Layout):
            args[1] = pycute.size(args[1])  # cutec: complement(A, B) is complement(A, size(B))
        return pycute.complement, tuple(args)
    if op in PY_BINARY + PY_UNARY:
        f = getattr(pycute, op, None)
        if f is not None:
            return f, tuple(args)
    raise Unsupported("pycute has no %s" % op)


def nothing(*args):
    return None


def time_loop(calls, runs, fake=False):
    best = None
    for _ in range(runs):
        start = time.process_time()
        if fake:
            for _f, a in calls:
                nothing(*a)
        else:
            for f, a in calls:
                f(*a)
        t = time.process_time() - start
        best = t if best is None else min(best, t)
    return best


def time_pycute(pycute, calls, runs):
    """CPU seconds of the calls, best of runs, less the loop's own cost."""
    return max(0.0, time_loop(calls, runs) - time_loop(calls, runs, fake=True))


# ---- comparing results -------------------------------------------------------

def unwrap(x):
    """A value with every 1-tuple replaced by its element: (8,):(1,) and 8:1
    denote the same layout."""
    if isinstance(x, tuple):
        if len(x) == 1:
            return unwrap(x[0])
        return tuple(unwrap(y) for y in x)
    return x


def canon(pycute, x):
    if isinstance(x, pycute.Layout):
        return ("L", unwrap(x.shape), unwrap(x.stride))
    if isinstance(x, Lay):
        return ("L", unwrap(x.shape), unwrap(x.stride))
    return ("I", unwrap(x))


def show(x):
    if isinstance(x, tuple):
        return "(" + ",".join(show(y) for y in x) + ")"
    return str(x)


def py_text(pycute, x):
    if isinstance(x, pycute.Layout):
        return show(x.shape) + ":" + show(x.stride)
    return show(x)


def flat(x):
    if isinstance(x, tuple):
        out = []
        for y in x:
            out.extend(flat(y))
        return out
    return [x]


def same_function(a, b):
    """Whether two layouts (canon form) map every index of the same domain
    to the same offset, whatever their shapes' nesting."""
    if a[0] != "L" or b[0] != "L":
        return False

    def values(lay):
        shape, stride = flat(lay[1]), flat(lay[2])
        out = [0]
        for s, d in zip(shape, stride):
            out = [o + i * d for i in range(s) for o in out]
            if len(out) > 1 << 16:
                return None
        return out

    va, vb = values(a), values(b)
    return va is not None and va == vb


def check(pycute, sample, cutec_lines):
    """Compares pycute's result with cutec's printed line for each
    (index, expression, call) of sample; returns the counts and examples."""
    exact, nested, differ, examples = 0, 0, 0, []
    for i, text, (f, a) in sample:
        got = cutec_lines[i]
        want = f(*a)
        try:
            c = canon(pycute, parse(got))
        except Unsupported:
            c = ("?", got)
        p = canon(pycute, want)
        if c == p:
            exact += 1
        elif same_function(c, p):
            nested += 1
            if len(examples) < 6:
                examples.append(("same layout function, other shape", text, got, py_text(pycute, want)))
        else:
            differ += 1
            if len(examples) < 12:
                examples.append(("DIFFERENT", text, got, py_text(pycute, want)))
    return exact, nested, differ, examples


# ---- cutec ---------------------------------------------------------------------

def build(tmp, pkg, name):
    out = os.path.join(tmp, name)
    subprocess.run(["go", "build", "-o", out, pkg], cwd=ROOT, check=True)
    return out


def expression_lines(text):
    """The lines cutec eval answers: not blank, not a # comment."""
    return [l for l in text.splitlines() if l.strip() and not l.lstrip().startswith("#")]


def generate(cutecgen, n, seed, path):
    size = max(4096, n * 40)
    while True:
        subprocess.run([cutecgen, "-kind", "expr", "-size", str(size), "-seed", str(seed), "-o", path],
                       check=True, stderr=subprocess.DEVNULL)
        with open(path) as f:
            lines = expression_lines(f.read())
        if len(lines) > n:
            break
        size *= 2
    with open(path, "w") as f:
        f.write("\n".join(lines[:n]) + "\n")
    return lines[:n]


def run_cutec(cutec, path, procs, out=subprocess.DEVNULL):
    """(CPU seconds, wall seconds) of one run of cutec eval on the file."""
    env = dict(os.environ, GOMAXPROCS=str(procs))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(path, "rb") as f:
        r = subprocess.run([cutec, "eval"], stdin=f, stdout=out, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode not in (0, 1):
        raise SystemExit("cutec eval exited with %d on %s" % (r.returncode, path))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def time_cutec(cutec, path, empty, procs, runs):
    """Best CPU and best wall seconds over runs, less the start-up cost."""
    cpu0 = min(run_cutec(cutec, empty, procs)[0] for _ in range(runs))
    wall0 = min(run_cutec(cutec, empty, procs)[1] for _ in range(runs))
    ts = [run_cutec(cutec, path, procs) for _ in range(runs)]
    return max(0.0, min(t[0] for t in ts) - cpu0), max(0.0, min(t[1] for t in ts) - wall0)


# ---- the report -------------------------------------------------------------

def us(seconds, n):
    return "%.2f" % (seconds / n * 1e6) if n else "-"


def ratio(p, c):
    return "%.1fx" % (p / c) if p is not None and c else "n/a"


def main(argv):
    args = parse_args(argv)
    procs = [int(p) for p in args.procs.split(",") if p]
    tmp = tempfile.mkdtemp(prefix="compare_eval")
    try:
        return run(args, procs, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def read_input(args, tmp, path):
    if args.input:
        with open(args.input) as f:
            lines = expression_lines(f.read())
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        return lines, args.input
    cutecgen = args.cutecgen or build(tmp, "./internal/gen/cmd/cutecgen", "cutecgen")
    return generate(cutecgen, args.n, args.seed, path), "cutecgen -kind expr -seed %d" % args.seed


def classify(lines, pycute):
    """Groups the expressions: group[kind] lists (index, pycute call or
    None); a kind pycute cannot compute is the group "kind (reason)"."""
    groups = {}
    for i, text in enumerate(lines):
        try:
            e = parse(text)
            k = kind_of(e)
        except Unsupported:
            groups.setdefault("unreadable (not in the subset this script reads)", []).append((i, None))
            continue
        if pycute is None:
            groups.setdefault(k, []).append((i, None))
            continue
        try:
            c = py_call(pycute, e)
        except Unsupported as why:
            groups.setdefault("%s (%s)" % (k, why), []).append((i, None))
            continue
        try:
            c[0](*c[1])
        except Exception as why:  # pycute's asserts: an input it rejects
            groups.setdefault("%s (pycute raises %s)" % (k, type(why).__name__), []).append((i, None))
            continue
        groups.setdefault(k, []).append((i, c))
    return groups


def run(args, procs, tmp):
    cutec = args.cutec or build(tmp, "./cmd/cutec", "cutec")
    path = os.path.join(tmp, "exprs.txt")
    lines, source = read_input(args, tmp, path)
    empty = os.path.join(tmp, "empty.txt")
    open(empty, "w").close()

    pycute = None
    if args.pycute:
        sys.path.insert(0, args.pycute)
        import pycute  # noqa: E402 (the path is known only now)
    groups = classify(lines, pycute)

    print("%d expressions (%s); best of %d runs; CPU time per expression, start-up excluded"
          % (len(lines), source, args.runs))
    if pycute is None:
        print("pycute not given (--pycute PATH): cutec's figures only")

    # cutec on the whole input, then on each group in a file of its own.
    whole = {p: time_cutec(cutec, path, empty, p, args.runs) for p in procs}
    cutec_t, py_t = {}, {}
    for k, members in groups.items():
        f = os.path.join(tmp, "group%d.txt" % len(cutec_t))
        with open(f, "w") as out:
            out.write("".join(lines[i] + "\n" for i, _ in members))
        cutec_t[k] = time_cutec(cutec, f, empty, procs[0], args.runs)[0]
        calls = [c for _, c in members if c is not None]
        if pycute is not None and len(calls) == len(members):
            py_t[k] = time_pycute(pycute, calls, args.runs)

    head = "%-44s %7s %10s" % ("kind", "count", "cutec us")
    if pycute:
        head += " %10s %8s" % ("pycute us", "ratio")
    print(head)
    tc = tp = 0.0
    nc = 0
    for k in sorted(groups, key=lambda k: (k not in py_t, -len(groups[k]))):
        n = len(groups[k])
        line = "%-44s %7d %10s" % (k, n, us(cutec_t[k], n))
        if pycute:
            if k in py_t:
                line += " %10s %8s" % (us(py_t[k], n), ratio(py_t[k], cutec_t[k]))
                tc, tp, nc = tc + cutec_t[k], tp + py_t[k], nc + n
            else:
                line += " %10s %8s" % ("n/a", "excluded")
        print(line)
    for p in procs:
        cpu, wall = whole[p]
        print("cutec eval of all %d, GOMAXPROCS=%d: %s us CPU, %s us wall per expression"
              % (len(lines), p, us(cpu, len(lines)), us(wall, len(lines))))
    if pycute is None:
        return 0
    print("overall, the %d expressions pycute computes: cutec %s us, pycute %s us: %s"
          % (nc, us(tc, nc), us(tp, nc), ratio(tp, tc)))

    # The results of a sample, pycute's against the lines cutec prints.
    out_path = os.path.join(tmp, "out.txt")
    with open(out_path, "w") as out:
        run_cutec(cutec, path, procs[0], out=out)
    with open(out_path) as f:
        cutec_lines = f.read().splitlines()
    if len(cutec_lines) != len(lines):
        print("cutec printed %d lines for %d expressions" % (len(cutec_lines), len(lines)))
        return 1
    computed = sorted((i, c) for k in py_t for i, c in groups[k])
    step = max(1, len(computed) // max(1, args.check))
    sample = [(i, lines[i], c) for i, c in computed[::step][:args.check]]
    exact, nested, differ, examples = check(pycute, sample, cutec_lines)
    print("results: of %d sampled, %d agree exactly, %d denote the same layout function with"
          " another nesting, %d differ" % (len(sample), exact, nested, differ))
    for what, text, got, want in examples:
        print("  %s: %s  cutec %s  pycute %s" % (what, text, got, want))
    rejected = [i for k in groups if "pycute raises" in k for i, _ in groups[k]]
    for i in rejected[:3]:
        print("  pycute raises on: %s  cutec %s" % (lines[i], cutec_lines[i]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

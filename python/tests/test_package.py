"""Tests of the Python package cutec (python/cutec)."""
import doctest
import unittest
from concurrent.futures import ThreadPoolExecutor

import cutec
from tests.support import cutec_eval, cutec_eval_json, reference_expressions


class Eval(unittest.TestCase):
    def test_layouts(self):
        # The paper's composition example (section 3.3): (4,6,8,10):(2,3,5,7)
        # o 6:12 = (2,3):(9,5), as README.md shows.
        L = cutec.eval("composition((4,6,8,10):(2,3,5,7), 6:12)")
        self.assertIsInstance(L, cutec.Layout)
        self.assertEqual(str(L), "(2,3):(9,5)")
        self.assertEqual(L.kind, "layout")
        self.assertEqual(repr(L), "Layout('(2,3):(9,5)')")

    def test_python_values(self):
        self.assertEqual(cutec.eval("size((4,8):(1,4))"), 32)  # 4*8
        self.assertIs(cutec.eval("elem_less((1,2), (3,4))"), True)  # 1<3 and 2<4
        v = cutec.eval("shape((4,8):(1,4))")
        self.assertEqual((str(v), v.kind), ("(4,8)", "tuple"))
        s = cutec.eval("S<2,1,2>")
        self.assertEqual((str(s), s.kind), ("S<2,1,2>", "swizzle"))

    def test_obligations_as_data(self):
        # The conditions "cutec eval -json" prints for a symbolic result are
        # kept as Obligation objects, and its text after the value as notes.
        expr = "logical_divide((M,K):(1,lda), (128,32))"
        want = cutec_eval_json(expr)
        v = cutec.eval(expr)
        self.assertEqual([(o.condition, o.proved) for o in v.obligations],
                         [(o["condition"], o["proved"]) for o in want["obligations"]])
        self.assertTrue(v.obligations)
        self.assertEqual(v.notes, "  # if " + ", ".join(o.condition for o in v.obligations))
        # A static result has none, and stays a Python int.
        self.assertEqual(cutec.eval("(4,2):(1,4)").obligations, [])
        self.assertEqual(cutec.eval("size((4,8):(1,4))"), 32)

    def test_error_raises_with_diagnostics(self):
        with self.assertRaises(cutec.CutecError) as cm:
            cutec.eval("compositon(8:2, 4:1)")
        e = cm.exception
        self.assertEqual(e.code, "E0203")
        self.assertIn("did you mean composition?", str(e))
        d = e.diagnostics[0]
        self.assertEqual((d.code, d.severity, d.span.line, d.span.col, d.span.end_col), ("E0203", "error", 1, 1, 11))
        self.assertIsNotNone(d.fix)

    def test_hostile_input(self):
        # Invalid UTF-8 and NUL cross the boundary as bytes and come back as
        # diagnostics pointing at the bad byte.
        with self.assertRaises(cutec.CutecError) as cm:
            cutec.eval(b"(4,8):(1,\xff)")
        self.assertEqual((cm.exception.code, cm.exception.diagnostics[0].span.offset), ("E0107", 9))
        with self.assertRaises(cutec.CutecError) as cm:
            cutec.eval("(4,8)\x00:(1,4)")
        self.assertEqual(cm.exception.code, "E0106")
        with self.assertRaises(cutec.CutecError) as cm:
            cutec.eval("")
        self.assertEqual(cm.exception.code, "E0100")
        # A lone surrogate that surrogateescape cannot encode is bytes that
        # are not UTF-8 (E0107 at its offset), not a UnicodeEncodeError.
        with self.assertRaises(cutec.CutecError) as cm:
            cutec.eval("(4,8):(1,\ud800)")
        self.assertEqual((cm.exception.code, cm.exception.diagnostics[0].span.offset), ("E0107", 9))
        self.assertEqual([d.code for d in cutec.lint_cute("A = 8:1\n", name="a\ud800.cute")], [])
        # A name holding NUL is refused, not cut at the NUL.
        for call in (cutec.lint_cute, cutec.lint_mlir, cutec.format):
            with self.assertRaises(ValueError) as cm:
                call("A = 8:1\n", name="a.cute\x00b")
            self.assertIn("NUL", str(cm.exception))
        for junk in (b"\xff" * 1000, b"(" * 5000, b"\x00\x01\x02", "é" * 300, b"S<\xc3", "\udfff\ud800"):
            for call in (cutec.verify, cutec.lint_mlir, cutec.lint_cute):
                self.assertTrue(all(isinstance(d, cutec.Diagnostic) for d in call(junk)))


class Fork(unittest.TestCase):
    def test_forked_child_refused(self):
        # The Go runtime does not survive fork: in a forked child every call
        # raises CutecError E0808 at once (it hung before), and the parent
        # goes on working.
        import os
        self.assertEqual(str(cutec.eval("8:1")), "8:1")
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            codes = []
            for call in (lambda: cutec.eval("8:1"), lambda: cutec.verify("8:1"), lambda: cutec.lint_cute("A = 8:1\n"),
                         lambda: cutec.lint_mlir(""), lambda: cutec.format("8:1"), lambda: cutec.draw("8:1")):
                try:
                    call()
                    codes.append("none")
                except cutec.CutecError as e:
                    codes.append(e.code if "fork" in str(e) else "other")
            os.write(w, ",".join(codes).encode())
            os._exit(0)
        os.close(w)
        with os.fdopen(r, "rb") as f:
            got = f.read().decode()
        os.waitpid(pid, 0)
        self.assertEqual(got, ",".join(["E0808"] * 6))
        self.assertEqual(str(cutec.eval("8:1")), "8:1")


class Verify(unittest.TestCase):
    def test_clean(self):
        self.assertEqual(cutec.verify("(4,8):(1,4)"), [])

    def test_error_with_span(self):
        # Paper eq. 20: the stride 3 and the prefix product 4 do not divide
        # one another; the span is the argument 6:3 (bytes 25..28).
        ds = cutec.verify("composition((4,6):(1,5), 6:3)")
        self.assertEqual([d.code for d in ds], ["E0400"])
        self.assertEqual((ds[0].span.offset, ds[0].span.end_offset, ds[0].span.col), (25, 28, 26))
        self.assertTrue(ds[0].is_error)

    def test_warning(self):
        # (3,8):(1,1) maps (1,0) and (0,1) to the offset 1.
        ds = cutec.verify(cutec.Layout("(3,8):(1,1)"))
        self.assertEqual([(d.code, d.severity) for d in ds], [("W0900", "warning")])

    def test_notes(self):
        # An unclosed group: the note points at the opening bracket.
        ds = cutec.verify("((1@0,8@1),1@2")
        self.assertEqual(ds[0].code, "E0102")
        self.assertTrue(ds[0].notes)
        self.assertEqual(ds[0].notes[0].span.col, 1)


class Lint(unittest.TestCase):
    def test_mlir(self):
        ir = ('%0 = cute.make_layout() : !cute.layout<"(4,8):(1,4)">\n'
              '%1 = cute.make_layout() : !cute.layout<"(4,8):(1,4,2)">\n')
        ds = cutec.lint_mlir(ir, name="k.mlir")
        self.assertEqual([(d.code, d.span.file, d.span.line) for d in ds], [("E0300", "k.mlir", 2)])

    def test_cute(self):
        self.assertEqual(cutec.lint_cute("A = (4,2):(1,4)\nassert size(A) == 8\n"), [])
        ds = cutec.lint("A = 8:1\nassert size(A) == 9\n", "cute")  # 8:1 has 8 coordinates
        self.assertEqual([(d.code, d.span.line) for d in ds], [("E0800", 2)])
        with self.assertRaises(ValueError):
            cutec.lint("8:1", "c++")


class Format(unittest.TestCase):
    def test_format(self):
        self.assertEqual(cutec.format("A = (4, 2) : (1, 4)   # pycute\n"), "A = (4,2):(1,4)   # pycute\n")
        self.assertEqual(cutec.format(b'x !cute.layout<"(4, 8) : (1, 4)">', "mlir"), b'x !cute.layout<"(4,8):(1,4)">')
        with self.assertRaises(cutec.CutecError) as cm:
            cutec.format("A = (4,8):(1,,4)\n")
        self.assertEqual(cm.exception.code, "E0101")


class LayoutValues(unittest.TestCase):
    def test_canonical(self):
        L = cutec.Layout("(4, 2) : (_1, _4)")
        self.assertEqual(str(L), "(4,2):(1,4)")
        self.assertEqual(L, cutec.Layout("(4,2):(1,4)"))
        self.assertEqual(len({L, cutec.Layout("(4,2):(1,4)")}), 1)

    def test_size_cosize_call(self):
        L = cutec.Layout("(4,8):(1,4)")
        # 32 coordinates; the largest offset is 3*1 + 7*4 = 31.
        self.assertEqual((L.size, L.cosize), (32, 32))
        # Column-major: coordinate 13 is (1,3), offset 1 + 3*4 = 13; (2,5) is 2 + 20.
        self.assertEqual((L(13), L(2, 5), L((2, 5))), (13, 22, 22))
        S = cutec.Layout("(2,3):(9,5)")
        self.assertEqual(S.cosize, 1 + 9 + 2 * 5)
        with self.assertRaises(cutec.CutecError) as cm:
            L((1,))  # a 1-tuple is not congruent with (4,8)
        self.assertEqual(cm.exception.code, "E0301")
        with self.assertRaises(TypeError):
            L("1")

    def test_composed(self):
        # Swizzle S<2,1,2> on offset 13 = 0b1101: bits [3,4) xor into
        # bits [1,2): 13 ^ ((13 >> 2) & 0b110) = 13 ^ 0b010... see the
        # README's table: row 1, column 3 of S<2,1,2> o 0 o (4,8):(8,1) is 9.
        C = cutec.Layout("S<2,1,2> o 0 o (4,8):(8,1)")
        self.assertEqual(C.kind, "composed layout")
        self.assertEqual(C(1, 3), 9)
        self.assertEqual(C.size, 32)

    def test_not_a_layout(self):
        with self.assertRaises(TypeError):
            cutec.Layout("size(8:1)")
        with self.assertRaises(cutec.CutecError):
            cutec.Layout("(4,8):(1,4,2)")

    def test_drawings(self):
        L = cutec.Layout("(2,2):(1,2)")
        svg, html, text = L._repr_svg_(), L._repr_html_(), L.draw()
        self.assertTrue(svg.startswith("<svg") and svg.rstrip().endswith("</svg>"))
        self.assertEqual(svg.count("<rect x="), 4)  # one rect per cell
        self.assertIn('<table class="cute">', html)
        self.assertNotIn("<html", html)  # a fragment for a notebook's output cell
        self.assertEqual(html.count("<td"), 4)
        self.assertIn("| 0 | 2 |", text)  # column 1 starts at offset 2
        with self.assertRaises(ValueError):
            L.draw("png")
        with self.assertRaises(cutec.CutecError) as cm:
            cutec.draw("(?,2):(1,?)")
        self.assertEqual(cm.exception.code, "E0700")


class Threads(unittest.TestCase):
    def test_many_threads(self):
        # The same answers from 8 threads at once.
        def work(i):
            return str(cutec.eval(f"composition(8:2, {i % 4 + 2}:1)"))

        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(work, range(400)))
        # n:1 read through 8:2 is n:2.
        self.assertEqual(got, [f"{i % 4 + 2}:2" for i in range(400)])


class Conformance(unittest.TestCase):
    def test_reference_cases(self):
        """cutec.eval gives what "cutec eval" gives on about 300 reference
        cases: the same canonical value, or the same first error."""
        exprs = reference_expressions()
        for expr, (value, error) in zip(exprs, cutec_eval(exprs)):
            try:
                got = (str(cutec.eval(expr)), None)
            except cutec.CutecError as e:
                d = [d for d in e.diagnostics if d.is_error][0]
                got = (None, (d.code, d.message, d.span.col))
            if isinstance(got[0], str) and value in ("true", "false"):
                got = (got[0].lower(), None)  # bool -> "True"
            self.assertEqual(got, (value, error), expr)


def load_tests(loader, tests, ignore):
    tests.addTests(doctest.DocTestSuite(cutec))
    return tests


class Version(unittest.TestCase):
    def test_version(self):
        self.assertRegex(cutec.version(), r"^\d+\.\d+\.\d+$")


class LintConformance(unittest.TestCase):
    def test_examples(self):
        """cutec.lint of every example file, good and broken, gives the
        diagnostics of "cutec lint -format json" on the file: same code,
        severity, position and message, in the same order."""
        import glob
        import json
        import os
        import subprocess

        from tests.support import ROOT, program

        files = sorted(glob.glob(os.path.join(ROOT, "examples", "*.*")) +
                       glob.glob(os.path.join(ROOT, "examples", "broken", "*.*")))
        files = [f for f in files if f.endswith((".cute", ".mlir"))]
        self.assertGreater(len(files), 10)
        broken = 0
        for path in files:
            rel = os.path.relpath(path, ROOT)
            out = subprocess.run([program("cutec"), "lint", "-format", "json", rel], cwd=ROOT,
                                 capture_output=True, text=True)
            want = [json.loads(line) for line in out.stdout.splitlines()]
            want = [(d["code"], d["severity"], d["line"], d["col"], d["message"]) for d in want]
            with open(path, "rb") as f:
                got = cutec.lint(f.read(), "mlir" if path.endswith(".mlir") else "cute", name=rel)
            got = [(d.code, d.severity, d.span.line, d.span.col, d.message) for d in got]
            self.assertEqual(got, want, rel)
            broken += bool(want)
        self.assertGreater(broken, 3, "the broken examples should have findings")

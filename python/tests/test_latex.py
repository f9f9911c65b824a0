"""to_latex(): the TikZ picture CuTe's print_latex writes, through the C
ABI's CUTEC_DRAW_LATEX, checked against CuTe's own prints of the same
layouts (testdata/cute/print_latex, printed by CuTe C++ of the CUTLASS
snapshot named in testdata/cute/README.md) and of a tiled MMA
(testdata/cute/latex); and the values CuTe DSL prints, read as they are."""
import gzip
import os
import re
import unittest

import cutec
from tests.support import ROOT

CUTE = os.path.join(ROOT, "testdata", "cute")

# File of testdata/cute/print_latex -> the layout in cutec's spelling
# (README.md there names the C++ expression each was printed from).
LAYOUTS = {
    "rowmajor_4x8": "(4,8):(8,1)",
    "colmajor_4x8": "(4,8):(1,4)",
    "hierarchical": "((2,2),(2,4)):((1,8),(2,16))",
    "rank1": "8:2",
    "rowmajor_3x5": "(3,5):(5,1)",
    "swizzle_202": "S<2,0,2> o (4,8):(8,1)",
    "swizzle_333_8x8": "S<3,3,3> o 0 o (8,8):(8,1)",
    "byte_swizzle_16b": "S<1,4,3> o smem_ptr[16b](unset) o (8,16):(16,1)",
}


def body(text):
    """The lines after the leading % comments, which print the object in
    each tool's own spelling (CuTe's _8 and Sw<...>, cutec's 8 and S<...>)."""
    lines = text.splitlines()
    while lines and lines[0].startswith("%"):
        lines.pop(0)
    return lines


class ToLatex(unittest.TestCase):
    def test_layouts_are_cutes(self):
        for name, expr in LAYOUTS.items():
            with self.subTest(name):
                with open(os.path.join(CUTE, "print_latex", name + ".tex"), encoding="utf-8") as f:
                    want = f.read()
                value = cutec.eval(expr)
                self.assertIsInstance(value, cutec.Layout)  # a ComposedLayout is one
                got = value.to_latex()
                self.assertEqual(body(got), body(want))
                self.assertTrue(got.startswith("% Layout: "))

    def test_one_node_per_offset_as_cute_shades_it(self):
        # print_latex of (4,8):(1,4): node (m,n) holds m + 4n, filled by
        # TikzColor_BWx8 of it (black!00, !40, !20, !60, !10, !50, !30, !70).
        tex = cutec.Layout("(4,8):(1,4)").to_latex()
        nodes = re.findall(r"\\node\[fill=(black!\d\d)\] at \((\d+),(\d+)\) \{(\d+)\};", tex)
        self.assertEqual(len(nodes), 32)
        greys = ["black!00", "black!40", "black!20", "black!60", "black!10", "black!50", "black!30", "black!70"]
        for fill, m, n, idx in nodes:
            self.assertEqual(int(idx), int(m) + 4 * int(n))
            self.assertEqual(fill, greys[int(idx) % 8])
        self.assertIn(r"\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (4,8);", tex)

    @unittest.skipUnless("make_tiled_mma" in cutec.ops.OPERATIONS, "this libcutec has no make_tiled_mma")
    def test_tiled_mma_is_cutes(self):
        mma = cutec.TiledMMA("make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT, (2,2,1), [32:1;32:1;4:1])")
        with gzip.open(os.path.join(CUTE, "latex", "m70_884_nt.tex.gz"), "rt", encoding="utf-8") as f:
            want = f.read()
        self.assertEqual(body(mma.to_latex()), body(want))
        self.assertEqual(mma.to_latex(), cutec.draw(mma, "latex"))

    def test_what_cannot_be_drawn(self):
        with self.assertRaises(cutec.CutecError) as e:
            cutec.Layout("(4,?):(1,4)").to_latex()
        self.assertEqual(e.exception.code, "E0700")


class DSLPrints(unittest.TestCase):
    """The values CuTe DSL prints convert as they are: print(layout) of a
    static layout and of a swizzled one, dynamic leaves with their facts
    (?{div=8}, ?{i64 div=128}) and the MLIR types of its IR dumps (these
    from testdata/mlir/hopper_blackwell_dump.mlir and
    testdata/golden/mlir_cute_dsl_types.txtar)."""

    def test_static(self):
        self.assertEqual(cutec.Layout("(4,8):(1,4)"), cutec.Layout((4, 8), (1, 4)))
        s = cutec.Layout("S<3,4,3> o 0 o (8,64):(64,1)")
        self.assertIsInstance(s, cutec.ComposedLayout)
        self.assertEqual((s.layout_a, s.offset, s.layout_b),
                         (cutec.Swizzle(3, 4, 3), 0, cutec.Layout((8, 64), (64, 1))))

    def test_mlir_types(self):
        l = cutec.Layout('!cute.layout<"(?,?,?):(?{i64 div=128},64,?{i64})">')
        self.assertEqual(l.rank, 3)
        self.assertEqual(l.stride[1], 64)
        c = cutec.Layout('!cute.composed_layout<"S<3,4,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))">')
        self.assertEqual(c.shape, ((8, 16), (64, 1)))

    def test_dynamic_leaves_keep_their_facts(self):
        l = cutec.Layout("(?{div=8},4):(1,?{i64 div=8})")
        self.assertEqual(str(l), "(?{div=8},4):(1,?{i64 div=8})")
        self.assertEqual(l.stride[0], 1)


if __name__ == "__main__":
    unittest.main()

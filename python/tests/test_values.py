"""Tests of the values as Python objects (Layout, ComposedLayout, Swizzle,
Tile), the operations of cutec.ops, same_function, banks and the types of
errors."""
import pickle
import re
import subprocess
import unittest

import cutec
from tests.support import program


class Structure(unittest.TestCase):
    def test_shape_stride_modes(self):
        # The layout as written: its shape and stride are the nested tuples
        # of its text, mode 1 is (2,3):(4,8), as in CuTe's layout<1>(L).
        L = cutec.Layout("(4,(2,3)):(1,(4,8))")
        self.assertEqual((L.shape, L.stride), ((4, (2, 3)), (1, (4, 8))))
        self.assertEqual((L.rank, L.depth, len(L), L.size, L.cosize), (2, 2, 2, 24, 24))
        self.assertEqual(L[1], cutec.Layout("(2,3):(4,8)"))
        self.assertEqual(L[-1], L[1])
        self.assertEqual([str(m) for m in L], ["4:1", "(2,3):(4,8)"])
        with self.assertRaises(IndexError):
            L[2]
        with self.assertRaises(TypeError):
            L["0"]
        # L(5) = 1 + 1*4 (index 5 is coordinate (1,(1,0))); (1,(1,2)) -> 1+4+16.
        self.assertEqual((L(5), L((1, (1, 2))), L(1, (1, 2))), (5, 21, 21))

    def test_pycute_style_constructor(self):
        # pycute's Layout(shape, stride): the stride defaults to CuTe's
        # compact column-major one, (1,2) for (2,4).
        self.assertEqual(cutec.Layout((2, 4)), cutec.Layout("(2,4):(1,2)"))
        self.assertEqual(cutec.Layout((8, 16), (20, 1)).stride, (20, 1))
        self.assertEqual(cutec.Layout(4, 0).shape, 4)

    def test_printed_forms(self):
        # The forms CuTe prints are values: CuTe C++'s print of static
        # layouts and swizzles (_4, Sw<3,4,3>, _0) and the MLIR type CuTe DSL
        # prints, !cute.layout<"...">.
        self.assertEqual(cutec.Layout("(_4,_8):(_1,_4)"), cutec.Layout((4, 8), (1, 4)))
        self.assertEqual(cutec.Layout('!cute.layout<"(4,8):(1,4)">').shape, (4, 8))
        self.assertEqual(cutec.Layout("Sw<3,4,3> o _0 o (8,64):(64,1)").layout_a, cutec.Swizzle(3, 4, 3))

    def test_composed_layout(self):
        S = cutec.eval("S<3,4,3> o 0 o (8,8):(8,1)")
        self.assertIsInstance(S, cutec.ComposedLayout)
        self.assertEqual((S.shape, S.size, S.offset), ((8, 8), 64, 0))
        self.assertEqual(S.layout_a, cutec.Swizzle(3, 4, 3))
        self.assertEqual(S.layout_b, cutec.Layout("(8,8):(8,1)"))
        with self.assertRaises(AttributeError):
            S.stride
        self.assertIn("<table", S._repr_html_())
        self.assertIn("<svg", S._repr_svg_())
        self.assertEqual(pickle.loads(pickle.dumps(S)), S)

    def test_byte_swizzle(self):
        # CuTe's GMMA atoms: S<3,4,3> o smem_ptr[16b](unset) o L swizzles the
        # byte addresses of 16-bit elements; rows of 64 f16 (128 bytes) read
        # by ldmatrix are then conflict-free (CUTLASS's SW128 atom).
        S = cutec.eval("S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)")
        self.assertIsInstance(S, cutec.ComposedLayout)
        self.assertEqual((S.elem_bits, S.layout_a, S.shape), (16, cutec.Swizzle(3, 4, 3), (8, 64)))
        self.assertEqual(cutec.eval("S<3,4,3> o 0 o (8,8):(8,1)").elem_bits, 0)
        self.assertEqual(cutec.banks(S, "f16", "ldmatrix.x4").degree, 1)

    def test_swizzle(self):
        # S<3,4,3> XORs bits 7-9 into bits 4-6 (CuTe's Swizzle): 200 has bit 7
        # set, so bit 4 flips: 200 ^ 16 = 216.
        s = cutec.Swizzle(3, 4, 3)
        self.assertEqual((str(s), s.bits, s.base, s.shift, s(200)), ("S<3,4,3>", 3, 4, 3, 216))
        self.assertEqual(cutec.Swizzle("S<3,4,3>"), s)

    def test_tile(self):
        t = cutec.eval("[4:1;_;(2,2):(1,4)]")
        self.assertIsInstance(t, cutec.Tile)
        self.assertEqual(len(t), 3)
        self.assertEqual(list(t), [cutec.Layout("4:1"), None, cutec.Layout("(2,2):(1,4)")])
        self.assertEqual(cutec.Tile((cutec.Layout("4:1"), None)), cutec.eval("[4:1;_]"))

    def test_symbols_and_conditions(self):
        # docs/symbols.md: logical_divide by (128,32) is exact only when 128
        # divides M and 32 divides K (CuTe's logical_divide needs it; else the
        # last tile is partial). The operation and eval give the same.
        L = cutec.logical_divide(cutec.Layout(("M", "K"), (1, "lda")), (128, 32))
        self.assertEqual(L.conditions, ("128 | M (or partial)", "32 | K (or partial)"))
        self.assertEqual(L.conditions, cutec.eval("logical_divide((M,K):(1,lda), (128,32))").conditions)
        self.assertEqual(L.obligations[0], cutec.Obligation("128 | M (or partial)", False))
        self.assertEqual(L.symbols, ("K", "M", "lda"))
        self.assertEqual(L.shape, ((128, "M/128"), (32, "K/32")))
        self.assertEqual(cutec.Layout("(4,8):(1,4)").conditions, ())


class Operations(unittest.TestCase):
    def test_every_operation_of_the_command_is_exposed(self):
        # The operations "cutec help eval" lists (the command, built apart
        # from the library) are each a function of cutec.ops and of cutec.
        out = subprocess.run([program("cutec"), "help", "eval"], capture_output=True, text=True).stdout
        listed = out[out.index("Operations:"):].splitlines()[1:]
        names = {m.group(1) for line in listed if (m := re.match(r"  ([A-Za-z_0-9]+)\(", line))}
        self.assertGreater(len(names), 60)
        self.assertEqual(names, set(cutec.ops.OPERATIONS))
        for name in names:
            self.assertTrue(callable(getattr(cutec.ops, name)), name)
            # cutec.eval evaluates an expression; cutec.banks gives the whole
            # analysis (BankReport), cutec.ops.banks the degree.
            if name not in ("eval", "banks"):
                self.assertIs(getattr(cutec, name), cutec.ops.OPERATIONS[name], name)
            self.assertIn(name, getattr(cutec.ops, name).__doc__)

    def test_argument_counts(self):
        # The forms of each operation's doc give its argument counts: a
        # wrong count is a TypeError, as for any Python function.
        from cutec._values import arities
        for name, doc in cutec._values.catalogue():
            self.assertTrue(arities(name, doc), f"{name}: no form in its doc {doc!r}")
        self.assertEqual(arities("swizzle", "swizzle(S<B,M,S>, x): the swizzled offset"), [(2, 2)])
        self.assertEqual(arities("get", "get(X, i, ...): the mode"), [(1, None)])
        self.assertEqual(arities("as_pi", "as_pi(S o smem_ptr[Nb](unset) o L): S' o 0 o L"), [(1, 1)])
        with self.assertRaises(TypeError):
            cutec.composition(cutec.Layout("8:1"))
        with self.assertRaises(TypeError):
            cutec.complement("4:2", 8, 16)
        self.assertEqual(cutec.coalesce("(2,4):(1,2)"), cutec.Layout("8:1"))
        self.assertEqual(cutec.make_layout(cutec.Layout(2, 1), cutec.Layout(4, 2), cutec.Layout(3, 8)),
                         cutec.Layout("(2,4,3):(1,2,8)"))

    def test_paper_examples(self):
        # The CuTe paper: composition (section 3.3) and logical_divide (3.5.2).
        A, B = cutec.Layout("(4,6,8,10):(2,3,5,7)"), cutec.Layout("6:12")
        self.assertEqual(cutec.composition(A, B), cutec.Layout("(2,3):(9,5)"))
        self.assertEqual(cutec.logical_divide(cutec.Layout((8, 16), (20, 1)), (cutec.Layout(4, 1), cutec.Layout(8, 2))),
                         cutec.Layout("((4,2),(8,2)):((20,80),(2,1))"))
        # pycute: complement(4:2, 8) is 2:1 (CUTLASS issue 3058).
        self.assertEqual(cutec.complement(cutec.Layout(4, 2), 8), cutec.Layout("2:1"))

    def test_python_results(self):
        # pycute's int_tuple tests: shape_div((3,4), 6) == (1,2), product of
        # ((2,3),4) == 24, inner_product((1,2),(3,2)) == 7.
        self.assertEqual(cutec.shape_div((3, 4), 6), (1, 2))
        self.assertEqual(cutec.product(((2, 3), 4)), 24)
        self.assertEqual(cutec.inner_product((1, 2), (3, 2)), 7)
        self.assertIs(cutec.elem_less((1, 2), (3, 4)), True)
        self.assertEqual(cutec.size(cutec.Layout((4, 8))), 32)

    def test_errors(self):
        with self.assertRaises(cutec.CutecError) as cm:
            cutec.composition(cutec.Layout("(4,6):(1,5)"), cutec.Layout("6:3"))
        e = cm.exception
        self.assertIsInstance(e, ValueError)
        self.assertEqual(e.code, "E0400")  # paper eq. 20: 3 and 4 do not divide one another
        self.assertEqual(e.expr[e.diagnostics[0].span.offset:e.diagnostics[0].span.end_offset], "6:3")
        for bad in (None, 42, 1.5, [1, 2]):
            with self.assertRaises(TypeError):
                cutec.eval(bad)
        with self.assertRaises(TypeError):
            cutec.composition(1.5, 2)
        with self.assertRaises(TypeError):
            cutec.composition(True, 2)

    def test_same_function(self):
        # 8:1 and (2,4):(1,2) both map i to i for i < 8; 8:2 does not.
        self.assertTrue(cutec.same_function(cutec.Layout("8:1"), cutec.Layout("(2,4):(1,2)")))
        self.assertFalse(cutec.same_function("8:1", "8:2"))
        self.assertFalse(cutec.same_function("8:1", "4:1"))
        self.assertNotEqual(cutec.Layout("8:1"), cutec.Layout("(2,4):(1,2)"))  # == is textual
        with self.assertRaises(TypeError):
            cutec.same_function("S<3,4,3>", "8:1")


class Banks(unittest.TestCase):
    def test_ldmatrix_rows_of_128_bytes(self):
        # Rows of 64 f16 are 128 bytes: the 8 rows an ldmatrix phase reads
        # start in the same bank, an 8-way conflict (docs/banks.md); the
        # swizzle Swizzle<3,3,3> on f16 (CUTLASS's SW128 atom) removes it.
        r = cutec.banks(cutec.Layout((8, 64), (64, 1)), "f16", "ldmatrix.x4")
        self.assertEqual((r.degree, r.ideal, r.wavefronts), (8, 8, 64))
        self.assertEqual(r.phases[0].conflicts, list(range(8)))
        self.assertEqual(r.phases[0].degree, 8)
        ok = cutec.banks("S<3,3,3> o 0 o (8,64):(64,1)", "f16", "SM75_U32x4_LDSM_N")
        self.assertEqual((ok.degree, ok.wavefronts, ok.conflict_free), (1, 8, True))
        self.assertTrue(all(p.conflicts == [] for p in ok.phases))

    def test_explain_steps_have_attributes(self):
        s = cutec.explain("complement(4:2, 8)")[-1]
        self.assertEqual((s.value, s["value"]), ("2:1", "2:1"))
        self.assertTrue(s.rule and s.expr)


class Package(unittest.TestCase):
    def test_version_and_types(self):
        self.assertRegex(cutec.__version__, r"^\d+\.\d+\.\d+$")
        import os
        self.assertTrue(os.path.exists(os.path.join(os.path.dirname(cutec.__file__), "py.typed")))


if __name__ == "__main__":
    unittest.main()

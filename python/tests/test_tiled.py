"""Tests of TiledMMA and TiledCopy: the values of cutec's make_tiled_mma and
make_tiled_copy, their queries as methods. They skip with a library whose
language has no make_tiled_mma."""
import unittest

import cutec

HAS_TILED = "make_tiled_mma" in cutec.ops.OPERATIONS
MMA = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), [32:1;32:1;16:1])"


@unittest.skipUnless(HAS_TILED, "this libcutec has no make_tiled_mma")
class Tiled(unittest.TestCase):
    def test_mma_queries(self):
        # CuTe prints, for make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{},
        # Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{}): 128 threads, a
        # 32x32x16 tile and this TV layout of A.
        mma = cutec.TiledMMA(MMA)
        self.assertIsInstance(mma, cutec.TiledMMA)
        self.assertEqual(mma.size(), 128)
        self.assertEqual(mma.tile_size(), (32, 32, 16))
        self.assertEqual(mma.get_layoutA_TV(),
                         cutec.Layout("((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))"))
        same = cutec.make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", (2, 2, 1),
                                    (cutec.Layout(32, 1), cutec.Layout(32, 1), cutec.Layout(16, 1)))
        self.assertEqual(same, mma)
        with self.assertRaises(AttributeError):
            mma.no_such_query()
        self.assertIn("<svg", mma._repr_svg_())

    def test_copy_and_its_banks(self):
        # ldmatrix.x4 of bf16 A tiles: S<3,4,3> on elements leaves a 2-way
        # conflict, S<3,3,3> (CUTLASS's SW128 for 16-bit) none (docs/tiled.md).
        copy = cutec.eval("make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, bf16), "
                          "make_tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (4,1,1), [64:1;16:1;16:1]))")
        self.assertIsInstance(copy, cutec.TiledCopy)
        smem = "((8,8),(64,2)):((64,512),(1,4096))"
        self.assertEqual(cutec.banks(f"S<3,4,3> o 0 o {smem}", "bf16", copy).degree, 2)
        self.assertEqual(cutec.banks(f"S<3,3,3> o 0 o {smem}", "bf16", copy).degree, 1)
        # The report agrees with the language's own banks and wavefronts of
        # the tiled copy (the numbers "cutec eval" prints).
        for sw in ("S<3,4,3>", "S<3,3,3>", "S<2,4,3>"):
            r = cutec.banks(f"{sw} o 0 o {smem}", "bf16", copy)
            self.assertEqual((r.degree, r.wavefronts),
                             (cutec.ops.banks(f"{sw} o 0 o {smem}", "bf16", copy),
                              cutec.ops.wavefronts(f"{sw} o 0 o {smem}", "bf16", copy)), sw)


if __name__ == "__main__":
    unittest.main()

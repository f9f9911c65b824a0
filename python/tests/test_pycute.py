"""Tests of cutec.pycute (pycute's interface on cutec) and of the
conversions to and from pycute objects.

The conversions are checked against pycute itself (python/pycute of a
CUTLASS checkout) when it can be imported: put it on PYTHONPATH, or set
CUTEC_PYCUTE to the directory that holds the pycute package. Without it
those tests skip (CI has no CUTLASS)."""
import os
import sys
import unittest

import cutec
from cutec import pycute as cp


def _pycute():
    path = os.environ.get("CUTEC_PYCUTE")
    if path and path not in sys.path:
        sys.path.append(path)
    try:
        import pycute
    except ImportError:
        return None
    return pycute


pycute = _pycute()

# Layouts of the kinds a port meets: compact, strided, nested, with
# extent-1 and stride-0 modes.
CASES = [((1,), (0,)), (4, 2), ((2, 4), (1, 2)), ((2, 4), (4, 1)), ((2, 1, 6), (1, 7, 2)),
         ((2, (4, 6)), (1, (2, 8))), (((2, 2), (2, 2)), ((1, 4), (8, 32))), ((4, 8), (0, 1)), ((3, 5), (5, 1))]


class PortedScript(unittest.TestCase):
    """A pycute-style script with its import changed: the defining
    properties of each operation (the CuTe paper's) hold on cutec's answers."""

    def test_layout_interface(self):
        L = cp.Layout((2, 4), (4, 1))
        self.assertEqual((L.shape, L.stride, len(L), L.size(), L.cosize()), ((2, 4), (4, 1), 2, 8, 8))
        self.assertEqual(L[0], cp.Layout(2, 4))
        self.assertEqual(L(1, 2), 6)
        # None slices, as in pycute: mode 0 is kept as a rank-1 tuple.
        self.assertEqual(L(None, 1), cp.Layout((2,), (4,)))
        self.assertEqual(L(None, 1).shape, (2,))
        self.assertIsInstance(cp.composition(L, L), cp.Layout)
        # pycute's Layout(shape) strides by the prefix product, extent 1 included.
        self.assertEqual(cp.Layout((2, 1, 6)).stride, (1, 2, 2))
        self.assertEqual(cp.prefix_product((3, 2, 4)), (1, 3, 6))
        self.assertTrue(isinstance(3, cp.Integer) and not isinstance(True, cp.Integer))

    def test_coalesce_and_composition(self):
        for shape, stride in CASES:
            L = cp.Layout(shape, stride)
            C = cp.coalesce(L)
            self.assertEqual(cp.size(C), cp.size(L))
            self.assertEqual([C(i) for i in range(cp.size(L))], [L(i) for i in range(cp.size(L))], L)
            for B in (cp.Layout(cp.size(L), 1), cp.Layout(1, 0), cp.Layout(2, 1)):
                R = cp.composition(L, B)
                self.assertEqual([R(i) for i in range(cp.size(R))], [L(B(i)) for i in range(cp.size(R))], (L, B))

    def test_complement_and_inverses(self):
        for shape, stride in [((2, 4), (1, 2)), ((2, 3), (1, 2)), ((2, 4, 8), (8, 1, 64)), (4, 2)]:
            L = cp.Layout(shape, stride)
            R = cp.complement(L)
            image = {L(i) for i in range(cp.size(L))}
            self.assertTrue(all(R(j) not in image or R(j) == 0 for j in range(cp.size(R))), L)
            inv = cp.right_inverse(L)
            self.assertEqual([L(inv(i)) for i in range(cp.size(inv))], list(range(cp.size(inv))), L)
        for shape, stride in [((2, 4), (1, 2)), ((4, 2), (2, 1)), ((2, 4, 6), (1, 12, 2))]:
            L = cp.Layout(shape, stride)
            inv = cp.left_inverse(L)
            self.assertEqual([inv(L(i)) for i in range(cp.size(L))], list(range(cp.size(L))), L)


@unittest.skipIf(pycute is None, "pycute is not importable (set CUTEC_PYCUTE to CUTLASS's python/ directory)")
class AgainstPycute(unittest.TestCase):
    def test_round_trip(self):
        for shape, stride in CASES:
            p = pycute.Layout(shape, stride)
            c = cutec.Layout.from_pycute(p)
            self.assertEqual(c.to_pycute(), p)
            self.assertEqual([c(i) for i in range(pycute.size(p))], [p(i) for i in range(pycute.size(p))])
        s = cutec.from_pycute(pycute.Swizzle(3, 4, 3))
        self.assertEqual(s, cutec.Swizzle(3, 4, 3))
        self.assertEqual([s(x) for x in range(1024)], [pycute.Swizzle(3, 4, 3)(x) for x in range(1024)])
        self.assertIsInstance(cutec.to_pycute(s), pycute.Swizzle)

    def test_same_answers(self):
        # The operations of pycute and of cutec.pycute agree, as functions,
        # on every pair of cases that pycute accepts.
        for shape, stride in CASES:
            p = pycute.Layout(shape, stride)
            c = cp.Layout(shape, stride)
            self.assertTrue(cutec.same_function(cp.coalesce(c), cutec.from_pycute(pycute.coalesce(p))), p)
            for bs, bd in [(2, 1), ((2, 2), (1, 2)), (4, 2)]:
                try:
                    pr = pycute.composition(p, pycute.Layout(bs, bd))
                except Exception:
                    continue
                cr = cp.composition(c, cp.Layout(bs, bd))
                self.assertTrue(cutec.same_function(cr, cutec.from_pycute(pr)), (p, bs, bd))

    def test_operations_take_pycute_objects(self):
        p = pycute.Layout((4, 6, 8, 10), (2, 3, 5, 7))
        self.assertEqual(cutec.composition(p, pycute.Layout(6, 12)), cutec.Layout("(2,3):(9,5)"))


if __name__ == "__main__":
    unittest.main()

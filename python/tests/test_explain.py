"""Tests of cutec.explain: the derivation of an expression, as steps."""
import unittest

import cutec


class Explain(unittest.TestCase):
    def test_complement_gaps(self):
        # CUTLASS issue 3058: pycute's complement(4:2, 8) builds (2,1):(1,8)
        # and returns it coalesced, 2:1 (pycute prints 2:1).
        steps = cutec.explain("complement(4:2, 8)")
        self.assertEqual(steps[-1]["value"], "2:1")
        gaps = [s for s in steps if s["rule"] == "gaps"]
        self.assertEqual(gaps[0]["value"], "(2,1):(1,8)")
        for s in steps:
            self.assertEqual(set(s), {"rule", "expr", "value", "note", "depth"})

    def test_steps_replay(self):
        # Each step's expression evaluates, with cutec.eval, to its value.
        steps = cutec.explain("logical_divide((8,16):(20,1), [4:1;8:2])")
        self.assertEqual(steps[-1]["value"], "((4,2),(8,2)):((20,80),(2,1))")  # paper §3.5.2
        for s in steps:
            self.assertEqual(str(cutec.eval(s["expr"])), s["value"], s["expr"])

    def test_failure_is_a_derivation(self):
        steps = cutec.explain("composition((4,6):(1,5), 6:3)")
        self.assertTrue(steps[-1]["value"].startswith("error[E0400]"))


if __name__ == "__main__":
    unittest.main()

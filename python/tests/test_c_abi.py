"""The C and C++ programs of examples/ against "cutec eval", and the stress
test of the C ABI (capi/tests/stress.c)."""
import json
import os
import subprocess
import unittest

from tests.support import cutec_eval, first_error, program, reference_expressions


def run_example(name, exprs):
    """Runs an example eval program on exprs and returns its answers as
    cutec_eval does."""
    out = subprocess.run([program(name)], input="\n".join(exprs) + "\n", capture_output=True, text=True)
    answers = []
    for line in out.stdout.splitlines():
        if line.startswith("error "):
            answers.append((None, first_error(json.loads(line[len("error "):]))))
        else:
            answers.append((line, None))
    return out.returncode, answers


class ExamplesConformance(unittest.TestCase):
    """examples/c and examples/cpp give what "cutec eval" gives on about 300
    reference cases: the same canonical values, and the same first error
    (code, message and column)."""

    @classmethod
    def setUpClass(cls):
        cls.exprs = reference_expressions()
        cls.want = cutec_eval(cls.exprs)

    def check(self, name):
        code, got = run_example(name, self.exprs)
        self.assertEqual(len(got), len(self.exprs))
        for expr, g, w in zip(self.exprs, got, self.want):
            self.assertEqual(g, w, expr)
        failed = any(v is None for v, _ in self.want)
        self.assertEqual(code, 1 if failed else 0)

    def test_c(self):
        self.check("cutec_eval_c")

    def test_cpp(self):
        self.check("cutec_eval_cpp")

    def test_cases_cover_values_and_errors(self):
        self.assertGreaterEqual(len(self.exprs), 250)
        self.assertTrue(any(v is None for v, _ in self.want), "no error case")
        self.assertTrue(any(v is not None for v, _ in self.want), "no value case")


class Stress(unittest.TestCase):
    def test_stress(self):
        """8 threads for CUTEC_STRESS_SECONDS (3 by default, 60 with
        "build.py test --long"): no crash, no wrong answer, flat RSS."""
        seconds = os.environ.get("CUTEC_STRESS_SECONDS", "3")
        out = subprocess.run([program("stress"), seconds], capture_output=True, text=True,
                             timeout=float(seconds) + 60)
        print(out.stdout.strip())
        self.assertEqual(out.returncode, 0, out.stdout + out.stderr)

"""The package installs with pip, offline, from the checkout:
pip install --no-build-isolation ./python builds the library and a wheel
(python/build_backend.py, standard library only). The test installs into
a temporary directory and imports the installed copy in a fresh Python.
It skips when this Python has no pip, unless CUTEC_REQUIRE_PIP=1 (CI)."""
import os
import re
import subprocess
import sys
import tempfile
import unittest

import cutec
from tests.support import ROOT


def _has_pip():
    return subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode == 0


class Install(unittest.TestCase):
    def test_version_is_the_headers(self):
        # The package's version is CUTEC_VERSION of capi/cutec.h, as the
        # library reports it and as the wheel's metadata gives it.
        with open(os.path.join(ROOT, "capi", "cutec.h"), encoding="utf-8") as f:
            header = re.search(r'#define CUTEC_VERSION "([0-9.]+)"', f.read()).group(1)
        self.assertEqual(cutec.__version__, header)

    @unittest.skipUnless(_has_pip() or os.environ.get("CUTEC_REQUIRE_PIP") == "1", "this Python has no pip")
    def test_pip_install(self):
        with tempfile.TemporaryDirectory() as target:
            subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-build-isolation", "--no-index",
                            "--no-cache-dir", "--target", target, os.path.join(ROOT, "python")],
                           check=True, cwd=target)
            code = ("import cutec, os, importlib.metadata as m; print(os.path.dirname(cutec.__file__)); "
                    "print(cutec.__version__, m.version('cutec')); "
                    "print(cutec.composition('(4,6,8,10):(2,3,5,7)', '6:12').shape); "
                    "print(os.path.exists(os.path.join(os.path.dirname(cutec.__file__), 'py.typed')))")
            env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CUTEC_LIBRARY")}
            env["PYTHONPATH"] = target
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=target)
            self.assertEqual(out.returncode, 0, out.stderr)
            where, version, shape, typed = out.stdout.split("\n")[:4]
            self.assertEqual(os.path.realpath(where), os.path.realpath(os.path.join(target, "cutec")))
            # The paper's composition example (section 3.3): (2,3):(9,5).
            self.assertEqual((version, shape, typed), (f"{cutec.__version__} {cutec.__version__}", "(2, 3)", "True"))


if __name__ == "__main__":
    unittest.main()

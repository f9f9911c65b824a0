#!/usr/bin/env python3
"""Build cutec's C ABI, its C and C++ examples and the Python package.

    python3 python/build.py          build everything into build/ and python/cutec/
    python3 python/build.py test     build, then run the tests of the C ABI, the
                                     examples and the Python package, and the
                                     browser test of the drawings (internal/screenshot)
    python3 python/build.py test --long
                                     the same, with the one-minute stress test

It needs Go, a C compiler (cc) and a C++ compiler (c++). What it builds:

    build/libcutec.so        the shared library (go build -buildmode=c-shared ./capi)
    build/cutec              the command, to compare the bindings with
    build/cutec_eval_c       examples/c/cutec_eval.c
    build/cutec_eval_cpp     examples/cpp/cutec_eval.cpp
    build/stress             capi/tests/stress.c
    python/cutec/libcutec.so a copy of the library, loaded by the Python package
"""
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build")


def run(*cmd, **kw):
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=ROOT, check=True, **kw)


def check_header():
    """Every function of capi/cutec.h is exported by the library, and the
    library exports no other cutec_ function: the dynamic symbols of
    build/libcutec.so (nm -D), since the entry points are written in C
    (capi/fork.c, capi/version.c) over the Go functions cutecgo_*."""
    with open(os.path.join(ROOT, "capi", "cutec.h")) as f:
        declared = set(re.findall(r"\b(cutec_\w+)\(", f.read()))
    nm = subprocess.run(["nm", "-D", "--defined-only", os.path.join(BUILD, "libcutec.so")],
                        check=True, capture_output=True, text=True).stdout
    exported = set(re.findall(r" T (cutec_\w+)$", nm, re.M))
    if declared != exported:
        sys.exit(f"capi/cutec.h and the library disagree: only in the header {sorted(declared - exported)}, "
                 f"only in the library {sorted(exported - declared)}")


def build_library():
    """The shared library, checked against capi/cutec.h and copied into the
    package (python/cutec/libcutec.so). pip's build of the package
    (python/build_backend.py) runs this step alone."""
    os.makedirs(BUILD, exist_ok=True)
    run("go", "build", "-buildmode=c-shared", "-o", "build/libcutec.so", "./capi")
    check_header()
    # Copy, then rename over the old copy: a process that has the old one
    # loaded (a test that installs the package) keeps its intact mapping.
    dest = os.path.join(ROOT, "python", "cutec", "libcutec.so")
    shutil.copy(os.path.join(BUILD, "libcutec.so"), dest + ".tmp")
    os.replace(dest + ".tmp", dest)


def build():
    build_library()
    run("go", "build", "-o", "build/cutec", "./cmd/cutec")
    cc, cxx = os.environ.get("CC", "cc"), os.environ.get("CXX", "c++")
    rpath = "-Wl,-rpath,$ORIGIN"  # the programs find build/libcutec.so beside them
    run(cc, "-Wall", "-Wextra", "-Werror", "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-Icapi",
        "examples/c/cutec_eval.c", "-Lbuild", "-lcutec", rpath, "-o", "build/cutec_eval_c")
    run(cxx, "-Wall", "-Wextra", "-Werror", "-std=c++17", "-Icapi",
        "examples/cpp/cutec_eval.cpp", "-Lbuild", "-lcutec", "-pthread", rpath, "-o", "build/cutec_eval_cpp")
    run(cc, "-Wall", "-Wextra", "-Werror", "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-O1", "-Icapi",
        "capi/tests/stress.c", "-Lbuild", "-lcutec", "-pthread", rpath, "-o", "build/stress")


def test(long):
    env = dict(os.environ)
    if long:
        env["CUTEC_STRESS_SECONDS"] = "60"
    run(sys.executable, "-m", "unittest", "discover", "-v", "-s", "python/tests", "-t", "python", env=env)
    # The drawings in a headless Chromium; skips without one, unless
    # CUTEC_REQUIRE_BROWSER=1 (as in CI).
    run("go", "test", "-count=1", "-v", "./internal/screenshot/", env=env)


def main(args):
    if args and args[0] not in ("test",):
        sys.exit(__doc__)
    build()
    if args[:1] == ["test"]:
        test("--long" in args[1:])


if __name__ == "__main__":
    main(sys.argv[1:])

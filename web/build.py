#!/usr/bin/env python3
"""Builds the cutec playground into build/web/ (docs/web.md).

    python3 web/build.py [OUTDIR]

It compiles cmd/cutec to WebAssembly with Go's own js/wasm target (its
js build: web_js.go is the entry and commands_js.go has only the page's
commands, docs/web.md), copies
Go's wasm_exec.js (the loader that matches the Go that compiled it) from
GOROOT, and writes cutec.wasm beside cutec-wasm.js, the same module in
base64 of its gzip: a page opened from disk (file://) cannot fetch() a file in
Chromium, so the page loads the script there and fetches cutec.wasm from a
web server. index.html, app.js and style.css are copied as they are.
"""
import base64
import gzip
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
STATIC = ["index.html", "app.js", "style.css"]


def go(*args, env=None):
    return subprocess.run(["go", *args], cwd=ROOT, env=env, check=True,
                          stdout=subprocess.PIPE, text=True).stdout.strip()


def main():
    out = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "web"))
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, GOOS="js", GOARCH="wasm", CGO_ENABLED="0")
    wasm = os.path.join(out, "cutec.wasm")
    go("build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "./cmd/cutec", env=env)
    goroot = go("env", "GOROOT")
    for rel in (("lib", "wasm", "wasm_exec.js"), ("misc", "wasm", "wasm_exec.js")):
        loader = os.path.join(goroot, *rel)
        if os.path.exists(loader):
            shutil.copyfile(loader, os.path.join(out, "wasm_exec.js"))
            break
    else:
        sys.exit("web/build.py: no wasm_exec.js under " + goroot)
    with open(wasm, "rb") as f:
        data = f.read()
    packed = gzip.compress(data, compresslevel=9, mtime=0)
    with open(os.path.join(out, "cutec-wasm.js"), "w") as f:
        f.write("window.CUTEC_WASM_GZIP_BASE64=\"")
        f.write(base64.b64encode(packed).decode("ascii"))
        f.write("\";\n")
    for name in STATIC:
        shutil.copyfile(os.path.join(HERE, name), os.path.join(out, name))
    print("%s: cutec.wasm %d bytes (%.1f MB), %d gzipped" % (out, len(data), len(data) / 1e6, len(packed)))


if __name__ == "__main__":
    main()

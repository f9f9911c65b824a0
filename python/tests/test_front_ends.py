"""One list of inputs through every front end of cutec: the command
(build/cutec), the language server (build/cutec lsp), the C ABI (the C
example examples/c/cutec_eval.c, and ctypes under the Python package) and
the Python package. The same input must give the same diagnostics and the
same conditions in all of them (they share one driver, internal/driver)."""
import json
import os
import subprocess
import tempfile
import unittest

import cutec
from tests.support import ROOT, program

# Expressions: values, errors, and symbolic results that hold under
# conditions (docs/symbols.md).
EXPRS = [
    "composition((4,6,8,10):(2,3,5,7), 6:12)",
    "logical_divide((M,K):(1,lda), (128,32))",
    "size(logical_divide(M:1, 128))",
    "complement(4:M, 64)",
    "zipped_divide((M,N):(1,M), (64,32))",
    "4*M",
    "compositon(8:2, 4:1)",
    "(4,2):(1,4)",
]


def read(name):
    with open(os.path.join(ROOT, name), "rb") as f:
        return f.read()


# Buffers to lint, with their kind: a .cute file with findings (and one
# starting with a byte-order mark), and MLIR (the corpus's multi-module pass
# dump and multi-function file, and an op whose result type is wrong).
LINT = [
    ("findings.cute", "cute", b"A = (4,8):(1,4)\nassert size(A) == 31\nB = compositon(A, 2:1)\nC = (3,8):(1,1)\n"),
    ("bom.cute", "cute", b"\xef\xbb\xbfA = (4,8):(1,4)\nassert cosize(A) == 33\n"),
    ("modules.mlir", "mlir", read("testdata/mlir/pass_dump_modules.mlir")),
    ("functions.mlir", "mlir", read("testdata/mlir/functions_ssa.mlir")),
    ("wrong.mlir", "mlir", b"func.func @f() {\n  %s = cute.static : !cute.shape<\"(4,8)\">\n"
                           b"  %d = cute.static : !cute.stride<\"(8,1)\">\n"
                           b"  %l = cute.make_layout(%s, %d) : !cute.layout<\"(4,8):(1,8)\">\n"
                           b"  %x = cute.get_shape(%l) : (!cute.layout<\"(4,8):(8,1)\">) -> !cute.shape<\"(4,9)\">\n}\n"),
]

SEVERITY = {1: "error", 2: "warning", 3: "info", 4: "info"}


def utf16_col(line_bytes, byte_col):
    """The 0-based UTF-16 column of a 1-based byte column of a line."""
    prefix = line_bytes[:byte_col - 1].decode("utf-8", "replace")
    return len(prefix.encode("utf-16-le")) // 2


def as_protocol(src, d):
    """A diagnostic of "cutec lint -format json" (or of the C ABI) in the
    language server's terms: (code, severity, 0-based line, UTF-16 column,
    message)."""
    lines = src.split(b"\n")
    line = lines[d["line"] - 1] if d["line"] - 1 < len(lines) else b""
    return (d["code"], d["severity"], d["line"] - 1, utf16_col(line, d["col"]), d["message"])


class LanguageServer:
    """A minimal client of "cutec lsp" over stdio."""

    def __init__(self):
        self.p = subprocess.Popen([program("cutec"), "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0
        self.call("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        self.notify("initialized", {})

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self):
        length = 0
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise EOFError("the language server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.p.stdout.read(length))

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def call(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            m = self.read()
            if m.get("id") == self.next_id and "method" not in m:
                return m

    def diagnostics(self, uri, lang, text):
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": lang, "version": 1, "text": text}})
        while True:
            m = self.read()
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
                return m["params"]["diagnostics"]

    def close(self):
        self.call("shutdown", None)
        self.notify("exit", None)
        self.p.stdin.close()
        self.p.wait(timeout=20)
        self.p.stdout.close()


class SameAnswerEverywhere(unittest.TestCase):
    def test_eval_conditions(self):
        """cutec eval (text and -json), the C example and Python give the
        same value, the same conditions and the same first error."""
        text = subprocess.run([program("cutec"), "eval", *EXPRS], capture_output=True, text=True).stdout.splitlines()
        objs = [json.loads(l) for l in subprocess.run([program("cutec"), "eval", "-json", *EXPRS],
                                                       capture_output=True, text=True).stdout.splitlines()]
        c = subprocess.run([program("cutec_eval_c")], input="\n".join(EXPRS) + "\n", capture_output=True,
                           text=True).stdout.splitlines()
        self.assertEqual(len(text), len(EXPRS))
        self.assertEqual(len(c), len(EXPRS))
        with_conditions = 0
        for expr, t, o, cline in zip(EXPRS, text, objs, c):
            if "error" in o:
                self.assertTrue(cline.startswith("error "), expr)
                with self.assertRaises(cutec.CutecError) as cm:
                    cutec.eval(expr)
                self.assertEqual(cm.exception.code, o["error"]["code"], expr)
                continue
            self.assertEqual(cline, t, expr)  # value and notes, as "cutec eval" prints them
            v = cutec.eval(expr)
            want = [(x["condition"], x["proved"]) for x in o.get("obligations", [])]
            got = [(x.condition, x.proved) for x in getattr(v, "obligations", [])]
            self.assertEqual(got, want, expr)
            self.assertEqual(str(v) + getattr(v, "notes", ""), t, expr)
            with_conditions += bool(want)
        self.assertGreater(with_conditions, 0, "no expression of the list holds under a condition")

    def test_lint_diagnostics(self):
        """cutec lint -format json, the language server and the C ABI (under
        cutec.lint) report the same diagnostics on every buffer."""
        server = LanguageServer()
        try:
            with tempfile.TemporaryDirectory() as tmp:
                for name, kind, src in LINT:
                    path = os.path.join(tmp, name)
                    with open(path, "wb") as f:
                        f.write(src)
                    out = subprocess.run([program("cutec"), "lint", "-format", "json", path], capture_output=True)
                    cli = sorted(as_protocol(src, json.loads(l)) for l in out.stdout.decode().splitlines())
                    api = sorted(as_protocol(src, {"code": d.code, "severity": d.severity, "line": d.span.line,
                                                   "col": d.span.col, "message": d.message})
                                 for d in cutec.lint(src, kind, path))
                    lsp = sorted((d["code"], SEVERITY[d["severity"]], d["range"]["start"]["line"],
                                  d["range"]["start"]["character"], d["message"])
                                 for d in server.diagnostics("file://" + path, kind, src.decode("utf-8")))
                    self.assertEqual(api, cli, name)
                    self.assertEqual(lsp, cli, name)
                    if name in ("findings.cute", "bom.cute", "wrong.mlir"):
                        self.assertTrue(cli, f"{name}: no diagnostic to compare")
                    else:
                        self.assertEqual(cli, [], name)
        finally:
            server.close()


if __name__ == "__main__":
    unittest.main()

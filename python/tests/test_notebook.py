"""The notebook examples/python/layouts.ipynb runs as documented: each code
cell is executed here in order, without Jupyter, and what it shows (its
printed text, the repr of its last expression, and the HTML a layout
draws itself as) must equal the outputs stored in the notebook.

CUTEC_UPDATE_NOTEBOOK=1 rewrites the stored outputs from this run (then
check them by eye: the cells compute facts of the CuTe paper and of
CUTLASS, named in the notebook). internal/screenshot renders the stored
HTML outputs in headless Chromium."""
import ast
import contextlib
import io
import json
import os
import unittest

from tests.support import ROOT

NOTEBOOK = os.path.join(ROOT, "examples", "python", "layouts.ipynb")


def _lines(text):
    """Text as the list of lines of nbformat."""
    return text.splitlines(keepends=True)


def run_cell(source, env, count):
    """The outputs Jupyter stores for a cell (nbformat 4)."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    out = io.StringIO()
    result = None
    with contextlib.redirect_stdout(out):
        exec(compile(tree, "<cell>", "exec"), env)
        if last is not None:
            result = eval(compile(ast.Expression(last.value), "<cell>", "eval"), env)
    outputs = []
    if out.getvalue():
        outputs.append({"name": "stdout", "output_type": "stream", "text": _lines(out.getvalue())})
    if result is not None:
        data = {"text/plain": _lines(repr(result))}
        if hasattr(result, "_repr_html_"):
            data["text/html"] = _lines(result._repr_html_())
        outputs.append({"data": data, "execution_count": count, "metadata": {}, "output_type": "execute_result"})
    return outputs


def run_notebook(nb):
    env = {"__name__": "__main__"}
    count = 0
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        count += 1
        yield cell, run_cell("".join(cell["source"]), env, count), count


class Notebook(unittest.TestCase):
    def test_outputs(self):
        with open(NOTEBOOK, encoding="utf-8") as f:
            nb = json.load(f)
        self.assertEqual(nb["nbformat"], 4)
        update = os.environ.get("CUTEC_UPDATE_NOTEBOOK") == "1"
        html = 0
        for cell, outputs, count in run_notebook(nb):
            if update:
                cell["outputs"], cell["execution_count"] = outputs, count
                continue
            self.assertEqual(cell["outputs"], outputs, "".join(cell["source"]))
            html += sum("text/html" in o.get("data", {}) for o in outputs)
        if update:
            with open(NOTEBOOK, "w", encoding="utf-8") as f:
                json.dump(nb, f, indent=1, ensure_ascii=False)
                f.write("\n")
        else:
            self.assertGreaterEqual(html, 2)  # a layout and a swizzled layout draw themselves


if __name__ == "__main__":
    unittest.main()

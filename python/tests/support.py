"""Shared helpers of the tests: where the built programs are, and the
reference cases."""
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.join(ROOT, "build")


def program(name):
    """The path of a program that python/build.py builds into build/."""
    path = os.path.join(BUILD, name)
    if not os.path.exists(path):
        raise FileNotFoundError(f"{path} is missing: run python3 python/build.py first")
    return path


def reference_expressions(every=6):
    """Every 6th expression of testdata/reference/reference_cases.jsonl
    (about 300 of its 1804 cases: values, errors, every operation)."""
    exprs = []
    with open(os.path.join(ROOT, "testdata", "reference", "reference_cases.jsonl"), encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i % every == 0:
                exprs.append(json.loads(line)["expr"])
    return exprs


def cutec_eval(exprs):
    """The answers of "cutec eval -json" for exprs, one (value, error) pair
    each: error is (code, message, col) or None."""
    out = subprocess.run([program("cutec"), "eval", "-json", *exprs], capture_output=True, text=True)
    answers = []
    for line in out.stdout.splitlines():
        obj = json.loads(line)
        if "error" in obj:
            e = obj["error"]
            answers.append((None, (e["code"], e["message"], e["col"])))
        else:
            answers.append((obj["value"], None))
    assert len(answers) == len(exprs), out.stderr
    return answers


def cutec_eval_json(expr):
    """The object "cutec eval -json" prints for one expression."""
    out = subprocess.run([program("cutec"), "eval", "-json", expr], capture_output=True, text=True)
    return json.loads(out.stdout)


def first_error(diagnostics):
    """(code, message, col) of the first error of a list of diagnostic
    objects, as "cutec eval" picks it."""
    for d in diagnostics:
        if d["severity"] == "error":
            return (d["code"], d["message"], d["col"])
    return None

"""cutec for Python: CuTe layouts evaluated, verified, linted, formatted and
drawn by cutec's library (the C ABI of capi/cutec.h, loaded with ctypes;
standard library only).

    >>> import cutec
    >>> L = cutec.eval("composition((4,6,8,10):(2,3,5,7), 6:12)")
    >>> L
    Layout('(2,3):(9,5)')
    >>> L.size, L.cosize, L(4)
    (6, 20, 10)
    >>> [d.code for d in cutec.verify("(3,8):(1,1)")]
    ['W0900']

In a notebook a Layout draws itself (_repr_html_, _repr_svg_). Errors
raise CutecError, which carries the Diagnostic objects. Every function is
safe to call from many threads; in a process forked from the one that
imported cutec (multiprocessing's default start method on Linux) every call
raises CutecError (E0808): use the spawn or forkserver start method.
docs/embedding.md is the reference.
"""
import json
from typing import Any, List, Union

from . import _native
from ._structure import LayoutMethods

__all__ = [
    "CutecError", "Diagnostic", "Note", "Span", "Value", "Layout", "Obligation",
    "eval", "verify", "lint", "lint_cute", "lint_mlir", "format", "draw", "version",
    "explain",
]


class Span:
    """Where a diagnostic points: 1-based line and byte column of the start
    and of the end (exclusive), and 0-based byte offsets."""

    __slots__ = ("file", "line", "col", "end_line", "end_col", "offset", "end_offset")

    def __init__(self, obj):
        self.file = obj.get("file", "")
        self.line, self.col = obj.get("line", 0), obj.get("col", 0)
        self.end_line, self.end_col = obj.get("end_line", 0), obj.get("end_col", 0)
        self.offset, self.end_offset = obj.get("offset"), obj.get("end_offset")

    def __repr__(self):
        return f"Span({self.file!r}, {self.line}:{self.col}-{self.end_line}:{self.end_col})"


class Note:
    """A related location of a diagnostic, with its message."""

    __slots__ = ("span", "message")

    def __init__(self, obj):
        self.span, self.message = Span(obj), obj.get("message", "")

    def __repr__(self):
        return f"Note({self.span!r}, {self.message!r})"


class Diagnostic:
    """One finding: code ("E0400"), severity ("error", "warning", "info"),
    message, span, notes, detail ("" when none) and fix (the JSON object of
    "cutec lint -format json", or None)."""

    __slots__ = ("code", "severity", "message", "span", "notes", "detail", "fix")

    def __init__(self, obj):
        self.code = obj["code"]
        self.severity = obj["severity"]
        self.message = obj["message"]
        self.span = Span(obj)
        self.notes = [Note(n) for n in obj.get("notes", [])]
        self.detail = obj.get("detail", "")
        self.fix = obj.get("fix")

    @property
    def is_error(self):
        return self.severity == "error"

    def __str__(self):
        s = self.span
        return f"{s.file}:{s.line}:{s.col}: {self.severity}[{self.code}]: {self.message}"

    def __repr__(self):
        return f"Diagnostic({self.code!r}, {self.message!r}, {self.span!r})"


class CutecError(ValueError):
    """An input that cutec rejects. diagnostics holds every Diagnostic;
    code and the message are those of the first error."""

    def __init__(self, diagnostics):
        self.diagnostics = diagnostics
        errors = [d for d in diagnostics if d.is_error] or diagnostics
        self.code = errors[0].code if errors else None
        super().__init__(str(errors[0]) if errors else "cutec: failed without a diagnostic")


def _diagnostics(raw):
    """The diagnostics of a call that returns them; a call the library could
    not carry out (E0808: in a process forked from the one that loaded it,
    say) raises CutecError rather than pass for findings."""
    diags = [Diagnostic(o) for o in raw.diagnostics]
    if any(d.code == "E0808" for d in diags):
        raise CutecError(diags)
    return diags


def _check(raw):
    if not raw.ok:
        raise CutecError(_diagnostics(raw))
    return raw


def _text(x):
    """The text of an input: a Value is its canonical text; str and bytes
    pass; any other type is a TypeError."""
    if isinstance(x, Value):
        return x.text
    if not isinstance(x, (str, bytes, bytearray, memoryview)):
        raise TypeError(f"cutec: an expression is a str, bytes or a cutec value, not {type(x).__name__}")
    return x


class Obligation:
    """A condition a symbolic result holds under, such as "128 | M"
    (docs/symbols.md), and whether the facts of its symbols prove it: the
    objects of the field "obligations" of "cutec eval -json"."""

    __slots__ = ("condition", "proved")

    def __init__(self, condition, proved=False):
        self.condition, self.proved = condition, proved

    def __eq__(self, other):
        return isinstance(other, Obligation) and (self.condition, self.proved) == (other.condition, other.proved)

    def __hash__(self):
        return hash((self.condition, self.proved))

    def __repr__(self):
        return f"Obligation({self.condition!r}, proved={self.proved})"


class Value:
    """A value of the algebra that is not a layout, an integer or a truth
    value: a tuple, a swizzle, a tiler, ... text is its canonical spelling
    and kind its kind ("tuple", "swizzle", ...). obligations are the
    conditions a symbolic result of eval holds under (a list of Obligation,
    [] when none), and notes the text "cutec eval" prints after the value
    ("  # if 128 | M", "" when none)."""

    __slots__ = ("text", "kind", "obligations", "notes")

    def __init__(self, text, kind, obligations=(), notes=""):
        self.text, self.kind = text, kind
        self.obligations, self.notes = list(obligations), notes

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"{type(self).__name__}({self.text!r})"

    def __eq__(self, other):
        return isinstance(other, Value) and (self.text, self.kind) == (other.text, other.kind)

    def __hash__(self):
        return hash((self.text, self.kind))


# What an expression may be given as: text, bytes (sent unchanged) or a value.
Input = Union[str, bytes, bytearray, memoryview, "Value"]


class Layout(LayoutMethods, Value):
    """A layout (shape:stride) or a composed layout (outer o offset o
    inner), in canonical spelling.

    Layout("(4, 2) : (1, 4)") parses and canonicalizes; str() gives
    "(4,2):(1,4)". L(c) evaluates the layout at a coordinate (an int or a
    tuple); size and cosize are its domain and codomain sizes. In Jupyter a
    Layout draws itself as CuTe's print_layout table.
    """

    __slots__ = ()

    def __init__(self, text, kind=None, obligations=(), notes=""):
        if not isinstance(text, (str, bytes)):  # pycute's Layout(shape, stride=None)
            from ._values import _arg
            text = f"make_layout({_arg(text)})" if kind is None else f"make_layout({_arg(text)}, {_arg(kind)})"
            kind = None
        if kind is None:
            v = eval(text)
            if not isinstance(v, Layout):
                raise TypeError(f"cutec.Layout: {text!r} is a {getattr(v, 'kind', type(v).__name__)}, not a layout")
            text, kind, obligations, notes = v.text, v.kind, v.obligations, v.notes
        super().__init__(text, kind, obligations, notes)

    def _int(self, op):
        v = eval(f"{op}({self.text})")
        if not isinstance(v, int):
            raise ValueError(f"cutec: the {op} of {self.text} is {v}, known only at run time")
        return v

    @property
    def size(self) -> int:
        """The number of coordinates of the domain."""
        return self._int("size")

    @property
    def cosize(self) -> int:
        """One more than the largest offset: the size of the codomain."""
        return self._int("cosize")

    def __call__(self, *coord):
        """The offset of a coordinate: L(13), L(1, 2) or L((1, 2))."""
        c = coord[0] if len(coord) == 1 else coord
        return eval(f"({self.text})({_coord(c)})")

    def draw(self, format: str = "text") -> str:
        """The drawing of "cutec show": "text", "svg", "html" or "latex"."""
        return draw(self, format)

    def to_latex(self) -> str:
        """The TikZ picture CuTe's print_latex writes (a standalone LaTeX
        document), line for line but for its leading comment, which prints
        the layout in cutec's spelling; "cutec show -format latex"."""
        return draw(self, "latex")

    def _repr_svg_(self) -> str:
        return self.draw("svg")

    def _repr_html_(self) -> str:
        # The page of "cutec show -format html" without its <html> frame:
        # the style (scoped to table.cute) and the table.
        page = self.draw("html")
        start, end = page.find("<style>"), page.find("</table>")
        if start < 0 or end < 0:
            return page
        style_end = page.find("</style>") + len("</style>")
        table = page.find("<table")
        return page[start:style_end] + "\n" + page[table:end + len("</table>")]


def _coord(c):
    """A coordinate as cutec reads it: ints and nested tuples."""
    if isinstance(c, bool):
        raise TypeError("cutec: a coordinate is an int or a tuple of them, not a bool")
    if isinstance(c, int):
        return str(c)
    if c is None:  # pycute's slice mark, CuTe's _
        return "_"
    if isinstance(c, (tuple, list)):
        return "(" + ",".join(_coord(x) for x in c) + ")"
    raise TypeError(f"cutec: a coordinate is an int or a tuple of them, not {type(c).__name__}")


def _value(raw):
    text = raw.value.decode("utf-8", "surrogateescape")
    obligations = [Obligation(o["condition"], o["proved"]) for o in raw.obligations]
    if raw.kind == "layout" or raw.kind and "composed" in raw.kind:
        from ._values import value_class
        return value_class(raw.kind)(text, raw.kind, obligations, raw.notes)
    if not obligations and raw.kind == "integer" and text.lstrip("-").isdigit():
        return int(text)
    if not obligations and raw.kind == "boolean" and text in ("true", "false"):
        return text == "true"
    if raw.kind in ("swizzle", "tiler", "tiled MMA", "tiled copy"):
        from ._values import value_class
        return value_class(raw.kind)(text, raw.kind)
    return Value(text, raw.kind, obligations, raw.notes)


def eval(expr: "Input") -> Any:
    """Evaluates a value or an expression, as "cutec eval" does: a Layout,
    an int, a bool, or a Value (tuples, swizzles, tilers, dynamic
    integers and truth values, ...). A symbolic result keeps the conditions
    it holds under as data, in its obligations (a list of Obligation: for
    "logical_divide((M,K):(1,lda), (128,32))", "128 | M" and "32 | K"), and
    the text "cutec eval" prints after it in its notes; a static integer or
    truth value with conditions is a Value, so that they are kept. Raises
    CutecError."""
    return _value(_check(_native.eval_(_text(expr))))


def verify(expr: "Input") -> List["Diagnostic"]:
    """Evaluates a value or an expression and runs every check, as "cutec
    verify" does; returns every Diagnostic (errors and warnings), [] when
    clean. Never raises for findings."""
    return _diagnostics(_native.verify(_text(expr)))


def lint(text: "Input", kind: str = "cute", name: str = "<input>") -> List["Diagnostic"]:
    """Checks a whole buffer as a .cute file (kind "cute") or as MLIR
    ("mlir"), as "cutec lint" checks a file; returns every Diagnostic."""
    return _diagnostics(_native.lint(name, text, _kind(kind)))


def lint_cute(text: "Input", name: str = "<input>") -> List["Diagnostic"]:
    """lint(text, "cute", name)."""
    return lint(text, "cute", name)


def lint_mlir(text: "Input", name: str = "<input>") -> List["Diagnostic"]:
    """lint(text, "mlir", name): the payloads of !cute.layout<"..."> and
    the other wrappers in MLIR that CuTe DSL prints."""
    return lint(text, "mlir", name)


def format(text: Union[str, bytes], kind: str = "cute", name: str = "<input>") -> Union[str, bytes]:
    """The buffer with its layouts in canonical spelling and every other
    byte kept, as "cutec fmt" does (str in, str out; bytes in, bytes out).
    Raises CutecError on a syntax error."""
    raw = _check(_native.format_(name, text, _kind(kind)))
    if isinstance(text, (bytes, bytearray, memoryview)):
        return raw.value
    return raw.value.decode("utf-8", "surrogateescape")


def draw(expr: "Input", format: str = "text") -> str:
    """Draws the layout, composed layout, tiled MMA or tiled copy an
    expression gives as "cutec show" does: "text", "svg", "html" or "latex"
    (CuTe's print_latex). Raises CutecError."""
    if format not in _native.DRAW_FORMATS:
        raise ValueError(f"cutec.draw: format {format!r} is not one of {sorted(_native.DRAW_FORMATS)}")
    raw = _check(_native.draw(_text(expr), _native.DRAW_FORMATS[format]))
    return raw.value.decode("utf-8")


def version() -> str:
    """The version of the C ABI the library implements ("0.2.0")."""
    return _native.version()


def _kind(kind):
    if kind == "cute":
        return _native.CUTE
    if kind == "mlir":
        return _native.MLIR
    raise ValueError(f"cutec: kind {kind!r} is neither 'cute' nor 'mlir'")


def explain(expr: "Input") -> List[Any]:
    """The derivation of an expression, as "cutec eval -explain -json" gives
    it (docs/explain.md): a list of steps, each a dict with "rule", "expr",
    "value", "note" and "depth", where evaluating "expr" gives "value" and
    the last step's value is the result (an "error[CODE]: ..." line when the
    expression fails, which does not raise).

        >>> [s["value"] for s in explain("complement(4:2, 8)")][-2:]
        ['(2,1):(1,8)', '2:1']
    """
    raw = _native.explain(expr)
    if not raw.ok or raw.value is None:
        raise CutecError([Diagnostic(d) for d in raw.diagnostics])
    from ._values import Step
    return [Step(s) for s in json.loads(raw.value.decode("utf-8"))["steps"]]


# The values beyond Layout, the operations of the algebra (from the
# library's own table: cutec.ops), equality as functions and the bank
# analysis: _values.py. __version__ is the package's, the C ABI's version.
from ._values import ComposedLayout, Swizzle, Tile, TiledMMA, TiledCopy, BankReport, Phase, Step, same_function, banks  # noqa: E402
from . import ops  # noqa: E402
import builtins as _builtins  # noqa: E402
from .pycute_convert import from_pycute, to_pycute  # noqa: E402

__version__ = version()  # the C ABI's version, CUTEC_VERSION of capi/cutec.h
for _name, _fn in ops.OPERATIONS.items():
    if _name not in globals():  # eval and the like stay the package's own
        globals()[_name] = _fn
del _name, _fn
__all__ += ["ComposedLayout", "Swizzle", "Tile", "TiledMMA", "TiledCopy", "BankReport", "Phase", "Step", "same_function", "banks",
            "from_pycute", "to_pycute", "ops", "__version__"] + sorted(
    # "from cutec import *" leaves Python's filter, sum and slice alone
    n for n in ops.OPERATIONS if n != "eval" and n not in _builtins.__dict__)

"""The values of the algebra beyond Layout (ComposedLayout, Swizzle, Tile),
the operations of the algebra as functions, equality as functions and the
bank analysis as data. Every answer is computed by cutec (the C ABI)."""
import functools
import re
from typing import Any, Dict, List, Optional, Tuple

from . import Layout, Obligation, Value, _structure
from . import eval as _eval
from ._structure import IntTuple, int_tuple


class ComposedLayout(Layout):
    """A composed layout A o offset o B (CuTe's ComposedLayout): B is the
    layout applied first, A the swizzle or layout applied last. Its shape,
    size, modes and drawing are those of CuTe's: of B, seen through A."""

    __slots__ = ()

    def _layout_info(self) -> Dict[str, Any]:
        return self._info()["b"]

    @property
    def stride(self):
        raise AttributeError("cutec: a composed layout has no stride; see layout_b.stride")

    @property
    def layout_a(self):
        """A, applied last: a Swizzle or a Layout (CuTe's layout_a())."""
        a = self._info()["a"]
        if a.get("kind") == "swizzle":
            return Swizzle(a["text"], "swizzle")
        if a.get("kind") == "layout":
            return Layout(a["text"], "layout")
        return Value(a["text"], a.get("kind", "function"))

    @property
    def offset(self) -> IntTuple:
        """The offset between B and A."""
        return int_tuple(self._info()["offset"])

    @property
    def elem_bits(self) -> int:
        """0 for the algebra's A o offset o B; N for a byte swizzle
        S<B,M,S> o smem_ptr[Nb](unset) o B, whose swizzle acts on the byte
        addresses of N-bit elements (CuTe's smem_ptr_flag_bits<N>)."""
        return self._info().get("elem_bits", 0)

    @property
    def layout_b(self) -> Layout:
        """B, the layout applied first (CuTe's layout_b())."""
        return Layout(self._info()["b"]["text"], "layout")


class Swizzle(Value):
    """CuTe's Swizzle<B,M,S>: Swizzle(3, 4, 3) or Swizzle("S<3,4,3>"), with
    bits, base and shift as pycute names them; S(x) is the swizzled offset."""

    __slots__ = ()

    def __init__(self, bits, base=None, shift=None):
        if isinstance(bits, str) and base == "swizzle" and shift is None:  # a value cutec gave
            Value.__init__(self, bits, "swizzle")
            return
        if isinstance(bits, str) and base is None and shift is None:
            text = bits
        elif all(isinstance(x, int) and not isinstance(x, bool) for x in (bits, base, shift)):
            text = f"S<{bits},{base},{shift}>"
        else:
            raise TypeError("cutec.Swizzle takes (bits, base, shift) as ints, or the text S<B,M,S>")
        v = _eval(text)
        if getattr(v, "kind", None) != "swizzle":
            raise TypeError(f"cutec.Swizzle: {text!r} is not a swizzle")
        super().__init__(v.text, "swizzle")

    def _field(self, k):
        return _structure.inspect(self.text)[k]

    bits = property(lambda self: self._field("bits"), doc="B: how many bits are XORed")
    base = property(lambda self: self._field("base"), doc="M: how many low bits stay")
    shift = property(lambda self: self._field("shift"), doc="S: the distance of the XORed bits")

    def __call__(self, offset: int) -> int:
        return _eval(f"swizzle({self.text}, {_arg(offset)})")


class Tile(Value):
    """A tiler [T0;T1;...] (CuTe's Tile): Tile("[4:1;_]") or Tile((Layout(4),
    None)); modes by index (a Layout, an int or None for _)."""

    __slots__ = ()

    def __init__(self, tiles, kind=None):
        text = tiles if isinstance(tiles, str) else _tiler(tiles)
        v = _eval(text) if kind is None else None
        if v is not None:
            if getattr(v, "kind", None) != "tiler":
                raise TypeError(f"cutec.Tile: {text!r} is a {getattr(v, 'kind', type(v).__name__)}, not a tiler")
            text = v.text
        super().__init__(text, "tiler")

    def _modes(self):
        tiles = _structure.inspect(self.text)["tiles"]
        return tiles if isinstance(tiles, list) else [tiles]

    def __len__(self) -> int:
        return len(self._modes())

    def __getitem__(self, i: int):
        return _tile_mode(self._modes()[i])

    def __iter__(self):
        return (_tile_mode(m) for m in self._modes())


def _tile_mode(m):
    if isinstance(m, dict):
        return Layout(m["text"], "layout")
    if isinstance(m, list):
        return tuple(_tile_mode(x) for x in m)
    if m == "_":
        return None
    try:
        return int(m)
    except ValueError:
        return m


class _Tiled(Value):
    """A value built by an operation of cutec's language whose queries are
    operations too (CuTe's TiledMMA and TiledCopy): obj.NAME(*args) is
    cutec.ops.NAME(obj, *args) for every operation of cutec's table, as
    mma.get_layoutA_TV() or copy.partition_S(L). It draws itself in
    Jupyter as "cutec show" draws it."""

    __slots__ = ()

    def __init__(self, text, kind=None, obligations=(), notes=""):
        if kind is None:
            v = _eval(text)
            if type(v) is not type(self):
                raise TypeError(f"cutec.{type(self).__name__}: {text!r} is a {getattr(v, 'kind', type(v).__name__)}")
            text, kind = v.text, v.kind
        super().__init__(text, kind, obligations, notes)

    def __getattr__(self, name):
        ops = dict(catalogue())
        if name.startswith("_") or name not in ops:
            raise AttributeError(f"cutec.{type(self).__name__} has no attribute or query {name!r}")
        return lambda *args: apply(name, self, *args)

    def __dir__(self):
        return sorted(set(super().__dir__()) | {n for n, _ in catalogue()})

    def draw(self, format="text"):
        from . import draw
        return draw(self, format)

    def to_latex(self):
        """The TikZ picture CuTe's print_latex writes of the tiled object."""
        from . import draw
        return draw(self, "latex")

    def _repr_svg_(self):
        return self.draw("svg")


class TiledMMA(_Tiled):
    """CuTe's TiledMMA, by its expression: TiledMMA("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))")."""

    __slots__ = ()


class TiledCopy(_Tiled):
    """CuTe's TiledCopy, by its expression (make_tiled_copy(...))."""

    __slots__ = ()


CLASSES = {"composed layout": ComposedLayout, "swizzle": Swizzle, "tiler": Tile,
           "tiled MMA": TiledMMA, "tiled copy": TiledCopy}


def value_class(kind):
    """The class of a value of a kind: Layout, ComposedLayout (also a kind
    of composed layout cutec adds later), Swizzle, Tile, else Value."""
    if kind in CLASSES:
        return CLASSES[kind]
    if kind and "composed" in kind:
        return ComposedLayout
    return Layout if kind == "layout" else Value


def _new(cls, text, kind, obligations=()):
    obj = object.__new__(cls)
    Value.__init__(obj, text, kind, obligations)
    return obj


def from_inspect(info):
    """The Python value of a cutec_inspect object: a Layout, ComposedLayout,
    Swizzle, Tile, an int, a bool, nested tuples of ints, else a Value."""
    kind, text = info["kind"], info["value"]
    if kind == "integer" and isinstance(info.get("int"), int):
        return info["int"]
    if kind == "boolean" and text in ("true", "false"):
        return text == "true"
    if kind == "tuple" and "tuple" in info:
        return int_tuple(info["tuple"])
    obligations = [Obligation(o["condition"], o["proved"]) for o in info.get("obligations", [])]
    return _new(value_class(kind), text, kind, obligations)


# --- arguments -------------------------------------------------------------

def _is_pycute(x):
    return type(x).__module__.split(".")[0] == "pycute"


def _arg(x) -> str:
    """The cutec text of an argument, as pycute takes them: a cutec value,
    an int, a tuple of ints (a shape, stride or coordinate), a tuple holding
    layouts or None (a tiler; None is _), None (_), a pycute Layout or
    Swizzle, or a str of cutec text (a symbol, an element type, an atom)."""
    if isinstance(x, Value):
        return x.text
    if isinstance(x, bool):
        raise TypeError("cutec: an argument is a layout, an int, a tuple or cutec text, not a bool")
    if isinstance(x, int):
        return str(x)
    if isinstance(x, str):
        return x
    if x is None:
        return "_"
    if isinstance(x, (tuple, list)):
        if _has_tile(x):
            return _tiler(x)
        return "(" + ",".join(_arg(e) for e in x) + ")"
    if _is_pycute(x):
        from .pycute_convert import from_pycute
        return from_pycute(x).text
    raise TypeError(f"cutec: an argument is a layout, an int, a tuple or cutec text, not {type(x).__name__}")


def _has_tile(x):
    """Whether a tuple holds a layout, a value, None or a pycute object at
    any depth: then it is a tiler [T0;T1;...], else an IntTuple."""
    return any(isinstance(e, Value) or e is None or _is_pycute(e) or isinstance(e, (tuple, list)) and _has_tile(e)
               for e in x)


def _tiler(x) -> str:
    if not isinstance(x, (tuple, list)):
        return _arg(x)
    return "[" + ";".join(_tiler(e) if isinstance(e, (tuple, list)) and _has_tile(e) else _arg(e) for e in x) + "]"


def apply(name: str, *args):
    """Calls the operation name of cutec's algebra on Python arguments."""
    return from_inspect(_structure.inspect(f"{name}({', '.join(_arg(a) for a in args)})"))


# --- the operations, from cutec's own table ---------------------------------

@functools.lru_cache(maxsize=1)
def catalogue() -> Tuple[Tuple[str, str], ...]:
    """Every operation an expression may call, (name, doc), from the library
    (the list "cutec help eval" prints)."""
    info = _structure.inspect("")
    return tuple((o["name"], o["doc"]) for o in info["operations"])


def arities(name, doc):
    """The argument counts the forms name(...) in an operation's doc allow:
    [(required, most)], most None for a form ending in "..."; [] when the
    doc shows no form (then cutec alone checks the count)."""
    out = []
    for params in _forms(name, doc):
        params = re.sub(r"<[^<>]*>", "", params)  # S<B,M,S> is one parameter
        optional = re.findall(r"\[\s*,([^\]]*)\]", params)  # [, x]
        required = re.sub(r"\[\s*,[^\]]*\]", "", params)
        req = [p for p in required.split(",") if p.strip()]
        opt = [p for o in optional for p in o.split(",") if p.strip()]
        variadic = any(p.strip() == "..." for p in req + opt)
        req = [p for p in req if p.strip() != "..."]
        # x, ... repeats x zero or more times: get(X, i, ...) takes get(X).
        out.append((len(req) - 1, None) if variadic else (len(req), len(req) + len(opt)))
    return out


def _forms(name, doc):
    """The parameter lists of the forms name(...) in doc, parentheses
    balanced (a form may hold smem_ptr[Nb](unset))."""
    forms = []
    for m in re.finditer(r"\b" + re.escape(name) + r"\(", doc):
        depth, i = 1, m.end()
        while i < len(doc) and depth:
            depth += {"(": 1, ")": -1}.get(doc[i], 0)
            i += 1
        if depth == 0:
            forms.append(doc[m.end():i - 1])
    return forms


def _operation(name, doc):
    forms = arities(name, doc)

    def op(*args):
        if forms and not any(lo <= len(args) and (hi is None or len(args) <= hi) for lo, hi in forms):
            raise TypeError(f"cutec.{name}() does not take {len(args)} arguments: {doc.split(': ')[0]}")
        return apply(name, *args)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc if doc.startswith(name) else f"{name}: {doc}"
    op.__module__ = "cutec.ops"
    return op


def make_operations() -> Dict[str, Any]:
    return {name: _operation(name, doc) for name, doc in catalogue()}


# --- equality as functions -------------------------------------------------

def _layout(x, what):
    if isinstance(x, Layout):
        return x
    if isinstance(x, (str, int, tuple, list)) and not isinstance(x, bool) or _is_pycute(x):
        v = _structure.inspect(_arg(x))
        if v["kind"] == "layout" or "composed" in v["kind"]:
            return from_inspect(v)
        raise TypeError(f"cutec.{what}: {_arg(x)!r} is a {v['kind']}, not a layout")
    raise TypeError(f"cutec.{what}: takes layouts, not {type(x).__name__}")


def same_function(a, b) -> bool:
    """Whether two layouts are the same function: the same size and the same
    offset at every index (equal after coalesce, computed by cutec). Two
    composed layouts are the same when their A and offset are equal and
    their B are the same function. Raises ValueError when it depends on
    values known only at run time."""
    a, b = _layout(a, "same_function"), _layout(b, "same_function")
    ca, cb = isinstance(a, ComposedLayout), isinstance(b, ComposedLayout)
    if ca or cb:
        if not (ca and cb) or a.layout_a != b.layout_a or a.offset != b.offset:
            return False
        a, b = a.layout_b, b.layout_b
    r = _eval(f"equal(coalesce({a.text}), coalesce({b.text}))")
    if not isinstance(r, bool):
        raise ValueError(f"cutec.same_function: {a} and {b} are the same function only if {r}, known at run time")
    return r


# --- the bank analysis -----------------------------------------------------

class Phase:
    """One phase of an instruction: the threads served together, its
    conflict degree and wavefronts, the worst bank and the threads whose
    requests meet in it (conflicts, [] when conflict-free)."""

    __slots__ = ("instruction", "degree", "wavefronts", "bank", "threads", "conflicts", "requests")

    def __init__(self, instruction, obj):
        self.instruction = instruction
        self.degree, self.wavefronts, self.bank = obj["degree"], obj["wavefronts"], obj["bank"]
        self.requests = obj["requests"]
        self.threads = sorted({r["thread"] for r in self.requests})
        self.conflicts = sorted({r["thread"] for r in self.requests
                                 if r["bank"] <= self.bank < r["bank"] + r["banks"]}) if self.degree > 1 else []

    def __repr__(self):
        return f"Phase(instruction={self.instruction}, degree={self.degree}, bank={self.bank}, conflicts={self.conflicts})"


class BankReport:
    """The bank analysis of one warp's access (docs/banks.md), as "cutec
    banks -format json" gives it: degree (1: conflict-free), wavefronts,
    ideal, excess, the phases of every instruction and json, the whole
    object."""

    __slots__ = ("json", "degree", "wavefronts", "ideal", "excess", "tile", "elem", "access", "tv", "phases")

    def __init__(self, obj):
        self.json = obj
        for k in ("degree", "wavefronts", "ideal", "excess", "tile", "elem", "access", "tv"):
            setattr(self, k, obj[k])
        self.phases = [Phase(ins["index"], ph) for ins in obj["instructions"] for ph in ins["phases"]]

    @property
    def conflict_free(self) -> bool:
        return self.degree == 1

    def __repr__(self):
        return f"BankReport(degree={self.degree}, wavefronts={self.wavefronts}, ideal={self.ideal})"


def banks(layout, elem: str, atom: Optional[str] = None, *more) -> BankReport:
    """The bank conflicts of one warp's access to a shared-memory layout
    with elements of type elem ("f16"), by a named atom ("ldmatrix.x4",
    "SM75_U32x4_LDSM_N"), or banks(layout, elem, tv, width_bits), or
    banks(layout, elem, atom, tv, tiler) for a tiled copy: cutec's
    banks(...) of docs/banks.md."""
    if not isinstance(elem, str):
        raise TypeError(f"cutec.banks: elem is a type name such as 'f16', not {type(elem).__name__}")
    args = [layout, elem] + ([atom.replace(".", "_") if isinstance(atom, str) else atom] if atom is not None else []) + list(more)
    info = _structure.inspect(f"banks({', '.join(_arg(a) for a in args)})")
    if "banks" not in info:  # evaluated, but no analysis to give (cannot happen for a bank call that evaluates)
        raise ValueError(f"cutec.banks: no bank analysis for {info['value']!r}")
    return BankReport(info["banks"])


class Step(dict):
    """A step of a derivation: a dict with rule, expr, value, note and
    depth, also as attributes (s.rule, s.expr, s.value)."""

    def __getattr__(self, k):
        try:
            return self[k]
        except KeyError:
            raise AttributeError(k) from None

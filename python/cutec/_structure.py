"""The structure of values, read from cutec itself: the JSON of the C ABI's
cutec_inspect (shape, stride, parts, symbols, conditions), cached by text.
Layout inherits LayoutMethods; nothing here parses layout text."""
import functools
import json
from typing import Any, Dict, Iterator, Tuple, Union

from . import _native

IntTuple = Union[int, str, Tuple["IntTuple", ...]]


@functools.lru_cache(maxsize=8192)
def _inspect_json(text: str) -> str:
    raw = _native.inspect(text)
    if not raw.ok:
        from . import CutecError, _diagnostics
        err = CutecError(_diagnostics(raw))
        err.expr = text  # the expression the spans point into
        raise err
    return raw.value.decode("utf-8")


def inspect(text: str) -> Dict[str, Any]:
    """The object cutec_inspect gives for an expression (a fresh copy)."""
    return json.loads(_inspect_json(text))


def int_tuple(j: Any) -> IntTuple:
    """A JSON IntTuple as nested Python tuples: static leaves are ints,
    symbolic and dynamic leaves their text ("M", "?")."""
    if isinstance(j, list):
        return tuple(int_tuple(x) for x in j)
    return j


class LayoutMethods:
    """The structure of a Layout: shape and stride as nested tuples (as in
    pycute), rank, depth, len, modes by index and iteration, the symbols and
    the conditions of a symbolic result."""

    __slots__ = ()
    text: str

    def __new__(cls, text=None, kind=None, *rest):
        # Layout("S<3,4,3> o 0 o L") is a ComposedLayout: the class of a
        # value written out is the one cutec gives it (its __init__ then
        # runs with the same text).
        if kind is None and isinstance(text, (str, bytes)):
            from . import eval as _eval
            v = _eval(text)
            if isinstance(v, cls) and type(v) is not cls:
                return v
        return super().__new__(cls)

    def _info(self) -> Dict[str, Any]:
        return inspect(self.text)

    def _layout_info(self) -> Dict[str, Any]:
        return self._info()

    @property
    def shape(self) -> IntTuple:
        """The shape: an int, or nested tuples of ints (a symbol's leaf is its text)."""
        return int_tuple(self._layout_info()["shape"])

    @property
    def stride(self) -> IntTuple:
        """The stride, congruent with the shape."""
        return int_tuple(self._layout_info()["stride"])

    @property
    def rank(self) -> int:
        """The number of modes."""
        return self._int("rank")  # type: ignore[attr-defined]

    @property
    def depth(self) -> int:
        """The nesting depth of the shape (0 for an integer shape)."""
        return self._int("depth")  # type: ignore[attr-defined]

    @property
    def symbols(self) -> Tuple[str, ...]:
        """The names of the run-time values the layout holds, sorted."""
        return tuple(self._info()["symbols"])

    @property
    def conditions(self) -> Tuple[str, ...]:
        """The conditions a symbolic result needs ("128 | M"), as "cutec eval"
        prints them after "# if": those of the evaluation or the operation
        that computed this layout (its obligations); () for a static one."""
        return tuple(o.condition for o in self.obligations)  # type: ignore[attr-defined]

    def __len__(self) -> int:
        return self.rank

    def __getitem__(self, i: int):
        """The layout of mode i (get(L, i)); L[0] of a rank-1 layout is L."""
        if isinstance(i, bool) or not isinstance(i, int):
            raise TypeError(f"cutec: a mode index is an int, not {type(i).__name__}")
        n = self.rank
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"cutec: mode {i} of a rank-{n} layout")
        from . import eval as _eval
        return _eval(f"get({self.text}, {i})")

    @classmethod
    def from_pycute(cls, obj):
        """The cutec value of a pycute Layout, Swizzle or ComposedLayout."""
        from .pycute_convert import from_pycute
        return from_pycute(obj)

    def to_pycute(self):
        """This layout as a pycute.Layout (needs pycute)."""
        from .pycute_convert import to_pycute
        return to_pycute(self)

    def __iter__(self) -> Iterator:
        for i in range(self.rank):
            yield self[i]

"""pycute's interface on cutec: a pycute script runs on cutec when its
"from pycute import *" becomes "from cutec.pycute import *".

Layout(shape, stride=None) builds a layout (the stride defaults to the
compact column-major one, pycute's prefix_product); L.size() and
L.cosize() are methods here, as in pycute. Every function computes with
cutec's algebra; the names and argument orders are pycute's (CUTLASS
python/pycute). Differences: str(L) is cutec's canonical text
("(4,8):(1,4)", pycute prints "(4, 8):(1, 4)"); pycute's private helpers elem_scale, tuple_max, crd2crd, shiftl and
shiftr are not provided.
"""
from abc import ABC

import cutec as _c
from cutec import ops as _ops

__all__ = [
    "Integer", "Layout", "Swizzle", "is_int", "is_tuple", "is_layout", "flatten", "signum", "product",
    "inner_product", "shape_div", "prefix_product", "idx2crd", "crd2idx", "has_none", "slice_",
    "make_layout", "size", "cosize", "coalesce", "filter", "composition", "complement", "right_inverse",
    "left_inverse", "logical_divide", "logical_product", "zipped_divide", "tiled_divide", "zipped_product",
    "tiled_product", "slice_and_offset",
]


class Integer(ABC):
    """pycute's Integer: int, not bool."""

    @classmethod
    def __subclasshook__(cls, c):
        if c in (bool, float):
            return False
        return issubclass(c, int)


class Layout(_c.Layout):
    """pycute's Layout(shape, stride=None) on cutec; size() and cosize() are
    methods."""

    __slots__ = ()

    def __init__(self, _shape, _stride=None, obligations=(), notes=""):
        if isinstance(_shape, (str, bytes)):
            super().__init__(_shape, _stride, obligations, notes)
        else:
            super().__init__(_shape, prefix_product(_shape) if _stride is None else _stride)

    def size(self):  # type: ignore[override]
        return _c.Layout.size.fget(self)

    def cosize(self):  # type: ignore[override]
        return _c.Layout.cosize.fget(self)

    def __call__(self, *coord):
        return _wrap(super().__call__(*coord))

    def __getitem__(self, i):
        return _wrap(super().__getitem__(i))


Swizzle = _c.Swizzle


def _wrap(v):
    if type(v) is _c.Layout:
        return Layout(v.text, v.kind, v.obligations, v.notes)
    return v


def _op(name):
    f = getattr(_ops, name)
    return lambda *args: _wrap(f(*args))


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def is_tuple(x):
    return isinstance(x, tuple)


def is_layout(x):
    return isinstance(x, _c.Layout)


def has_none(a):
    return a is None or isinstance(a, tuple) and any(has_none(v) for v in a)


def slice_(crd, trg):
    """The modes of trg that crd leaves as None (pycute's slice_): cutec's slice."""
    return _wrap(_ops.slice(crd, trg))


flatten, signum = _op("flatten"), lambda a: (a > 0) - (a < 0)
product, inner_product, shape_div = _op("product"), _op("inner_product"), _op("shape_div")
coalesce, filter, composition = _op("coalesce"), _op("filter"), _op("composition")
right_inverse, left_inverse = _op("right_inverse"), _op("left_inverse")
logical_divide, logical_product = _op("logical_divide"), _op("logical_product")
zipped_divide, tiled_divide = _op("zipped_divide"), _op("tiled_divide")
zipped_product, tiled_product = _op("zipped_product"), _op("tiled_product")
make_layout = _op("make_layout")


def prefix_product(a, init=1):
    """pycute's exclusive prefix product of the leaves of a: (3,2,4) gives
    (1,3,6). It differs from cutec's compact_col_major (CuTe C++'s), which
    gives stride 0 to an extent-1 mode; pycute's Layout(shape) uses this
    one, and so does Layout(shape) here."""
    if isinstance(a, tuple):
        out = []
        for x in a:
            out.append(prefix_product(x, init))
            init = init * product(x)
        return tuple(out)
    return init


def idx2crd(idx, shape, stride=None):
    if stride is not None:
        raise NotImplementedError("cutec.pycute.idx2crd takes no stride")
    return _ops.idx2crd(idx, shape)


def crd2idx(crd, shape, stride=None):
    return _ops.crd2idx(crd, shape) if stride is None else _ops.crd2idx(crd, shape, stride)


def size(a):
    return _ops.size(a)


def cosize(layout):
    return _ops.cosize(layout)


def complement(layout, max_idx=1):
    return _wrap(_ops.complement(layout, max_idx))


def slice_and_offset(crd, layout):
    """(the sublayout crd leaves as None, the offset of crd with None as 0)."""
    def zero(c):
        return 0 if c is None else tuple(zero(x) for x in c) if isinstance(c, tuple) else c
    return _wrap(_ops.slice(crd, layout)), layout(zero(crd))

"""Conversions between cutec's values and pycute's (python/pycute of
CUTLASS): Layout.from_pycute / cutec.from_pycute and L.to_pycute() /
cutec.to_pycute. pycute is imported only when a conversion to it is asked."""
from . import Layout, Value
from ._values import Swizzle, _arg


def _pycute_tuple(t):
    if isinstance(t, (tuple, list)):
        return "(" + ",".join(_pycute_tuple(x) for x in t) + ")"
    if isinstance(t, bool) or not isinstance(t, int):
        raise TypeError(f"cutec.from_pycute: a pycute shape or stride holds ints, not {type(t).__name__}")
    return str(t)


def from_pycute(obj):
    """The cutec value of a pycute Layout (shape:stride), Swizzle
    (S<bits,base,shift>), ComposedLayout (A o offset o B) or IntTuple."""
    name = type(obj).__name__
    if name == "Swizzle" and hasattr(obj, "bits"):
        return Swizzle(obj.bits, obj.base, obj.shift)
    if name == "ComposedLayout" and hasattr(obj, "layoutB"):
        a, b = from_pycute(obj.layoutA), from_pycute(obj.layoutB)
        return Layout(f"{a.text} o {_pycute_tuple(obj.offset)} o {b.text}")
    if hasattr(obj, "shape") and hasattr(obj, "stride"):
        return Layout(f"{_pycute_tuple(obj.shape)}:{_pycute_tuple(obj.stride)}")
    if isinstance(obj, (int, tuple)) and not isinstance(obj, bool):
        return obj
    raise TypeError(f"cutec.from_pycute: takes a pycute Layout, Swizzle or IntTuple, not {name}")


def to_pycute(v):
    """The pycute object of a cutec Layout (pycute.Layout), Swizzle
    (pycute.Swizzle) or composed layout (pycute.ComposedLayout when pycute
    has it). Raises ImportError without pycute, ValueError for a symbolic
    layout (pycute holds only ints)."""
    import pycute
    if isinstance(v, Swizzle):
        return pycute.Swizzle(v.bits, v.base, v.shift)
    if isinstance(v, Layout):
        if getattr(v, "symbols", ()):
            raise ValueError(f"cutec.to_pycute: {v} holds run-time values {v.symbols}; pycute holds only ints")
        from ._values import ComposedLayout
        if isinstance(v, ComposedLayout):
            a = to_pycute(v.layout_a)
            return pycute.ComposedLayout(a, v.offset, to_pycute(v.layout_b))
        return pycute.Layout(v.shape, v.stride)
    if isinstance(v, Value):
        raise TypeError(f"cutec.to_pycute: pycute has no {v.kind}")
    raise TypeError(f"cutec.to_pycute: takes a cutec Layout or Swizzle, not {type(v).__name__}")

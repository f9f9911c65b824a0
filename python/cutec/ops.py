"""Every operation of cutec's algebra as a Python function, under CuTe's
name and with CuTe's argument order: cutec.ops.composition(A, B),
cutec.ops.logical_divide(L, T), cutec.ops.complement(L, M), ... The list
is the library's own (the operations "cutec help eval" lists), read when
the package loads, so it cannot drift from the library; each function's
__doc__ is cutec's one-line doc.

Arguments are taken as pycute takes them: layouts and other cutec values,
ints, tuples of ints (shapes, strides, coordinates), tuples holding layouts
or None (a tiler, None is _), pycute objects, or str (cutec text: a symbol,
an element type). Results are Python values: Layout, ComposedLayout,
Swizzle, Tile, int, bool, nested tuples of ints. A layout error raises
CutecError (a ValueError) with its code, span and message; an argument of
a wrong Python type raises TypeError.

The package cutec exports each of them too, except eval (cutec.eval
evaluates an expression; the operation eval(L, c) is L(c) or
cutec.ops.eval).
"""
from ._values import make_operations

OPERATIONS = make_operations()
globals().update(OPERATIONS)
__all__ = sorted(OPERATIONS)

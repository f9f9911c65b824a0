# A synthetic CuTe DSL kernel fragment: the forms `cutec layouts` and
# `cutec lint` read (docs/sources.md).
import cutlass.cute as cute

BLK_M = 128
BLK_N = 64
TILE = (BLK_M, BLK_N)


@cute.jit
def copy_layouts(n: int):
    thr_layout = cute.make_ordered_layout((4, 32), order=(1, 0))
    tile = cute.make_layout(TILE, stride=(BLK_N, 1))
    sw = cute.make_composed_layout(cute.make_swizzle(3, 3, 3), 0, cute.make_layout((8, 64), stride=(64, 1)))
    rows = cute.make_layout((n, BLK_N))  # n is a run-time value: skipped

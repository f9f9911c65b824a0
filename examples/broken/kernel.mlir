// Mistakes in IR: a payload that is never closed, a swizzle that is not a
// bijection, and strides that mix integers with basis elements.
func.func @k(%arg0: !cute.memref<f16, smem, !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">>) {
  %0 = cute.static : !cute.layout<"(8,64):(64,1)
  %1 = cute.static : !cute.swizzle<"S<3,4,2>">
  %2 = cute.static : !cute.layout<"(4,8):(1@0,4)">
  %3 = cute.static : !cute.layout<"(2,4):(1/2@0,1@1)">
  return
}

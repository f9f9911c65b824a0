// A 32x32 f16 tile copied from global to shared memory by 128 threads with
// 128-bit vectors, in the style of CuTe DSL's printed IR (written for cutec's
// examples). The thread layout (32,4):(4,1) puts 4 threads on each row; the
// thread-value layout gives each thread 8 values along the row.
!gmem_a = !cute.memref<f16, gmem, !cute.layout<"(128,32):(?{i64 div=8},1)">>
!smem_a = !cute.memref<f16, smem, !cute.composed_layout<"S<2,3,3> o 0 o (32,32):(32,1)">>
func.func @copy_g2s(%src: !gmem_a, %dst: !smem_a, %tid: i32) {
  %thr = cute.static : !cute.layout<"(32,4):(4,1)">
  %val = cute.static : !cute.layout<"8:1">
  %tv = cute.static : !cute.layout<"((4,32),8):((256,1),32)">
  %tiler = cute.static : !cute.tile<"[32:1;32:1]">
  %sw = cute.static : !cute.swizzle<"S<2,3,3>">
  %v = cute.static : !cute.int_tuple<"(1,8)">
  %part = cute.static : !cute.layout<"((8,1),4):((1,0),8)">
  return
}

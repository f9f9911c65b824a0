// Shared-memory staging of a Hopper GEMM mainloop, in the style CuTe DSL
// prints with CUTE_DSL_PRINT_IR=1 (written for cutec's examples; the kernel
// body is abridged). cutec lint checks the payload of every !cute.* and
// #cute.* wrapper below and passes over everything else.
!smem_a = !cute.memref<f16, smem, !cute.composed_layout<"S<3,4,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))">>
!smem_b = !cute.memref<f16, smem, !cute.composed_layout<"S<3,4,3> o 0 o ((8,32),(64,1),(1,4)):((64,512),(1,0),(0,16384))">>
#swz128 = #cute.swizzle<"S<3,4,3>">
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @gemm_tn_f16_128x256x64(%arg0: !cute.coord_tensor<"(0,0,0)", "(?,?,?):(1@1,1@0,1@2)">, %arg1: i32) attributes {cute.kernel, gpu.kernel} {
      %0 = cute.static : !cute.layout<"(2,2):(1,2)">
      %1 = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))">
      %2 = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o ((8,32),(64,1),(1,4)):((64,512),(1,0),(0,16384))">
      %tile = cute.make_tile() : () -> !cute.tile<"[128:1;64:1]">
      %shape = cute.get_shape(%1) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))">) -> !cute.shape<"((8,16),(64,1),(1,4))">
      %e0, %e1, %e2 = cute.get_leaves(%shape) : !cute.shape<"((8,16),(64,1),(1,4))">
      %lay = cute.static : !cute.layout<"((8,16),(64,1)):((64,512),(1,0))">
      %sz = cute.size(%lay) : (!cute.layout<"((8,16),(64,1)):((64,512),(1,0))">) -> !cute.int_tuple<"8192">
      %tv = cute.static : !cute.layout<"((4,8,4),(2,2,2)):((64,1,8),(256,32,512))">
      %crd = cute.make_coord(%arg1) : (i32) -> !cute.coord<"(?,0)">
      %stride = cute.get_stride(%lay) : (!cute.layout<"((8,16),(64,1)):((64,512),(1,0))">) -> !cute.stride<"((64,512),(1,0))">
      %g = cute.get_layout(%arg0) : !cute.coord_tensor<"(0,0,0)", "(?,?,?):(1@1,1@0,1@2)">
      return
    }
  }
}

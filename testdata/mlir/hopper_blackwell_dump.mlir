// Fragments of Hopper and Blackwell GEMM kernels in the form of CuTe DSL's pass dumps: TMA and
// tensor-memory atoms nested in tiled copies and MMAs, swizzled shared-memory buffers (the
// swizzle written before the layout), global tensors with 64-bit dynamic strides and their
// divisibility facts, coordinate tensors with basis strides, and tensor memory. Written for
// cutec's tests in the spellings of the public dumps of NVIDIA's CuTe DSL examples; the layouts
// and results are our own, derived by hand in the comment above each op that is not a plain
// accessor.
!copy_stsm_4_ = !cute.tiled_copy<!cute_nvgpu.atom.stsm<f16, mode = <"(8,8)">, num_matrices = 4, n>, layout_copy_tv = <"((4,8,4),(2,2,2)):((64,1,8),(256,32,512))">, tiler_mn = <"[(8,4,2):(1,16,8);(4,2,2):(2,1,8)]">>
!copy_ldtm_32_ = !cute.tiled_copy<!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>, layout_copy_tv = <"((32,4),(32,32)):((0,1),(4,128))">, tiler_mn = <"[(128,32):(32,1)]">>
!memref_gmem_f16_ = !cute.memref<f16, gmem, align<16>, "(?,?,?):(?{i64},1,?{i64})">
!memref_gmem_f16_1 = !cute.memref<f16, gmem, align<16>, "((128,64),(?,?,?)):((?{i64},1),(?{i64 div=128},64,?{i64}))">
!memref_gmem_f16_2 = !cute.memref<f16, gmem, align<32>, "(?,?{div=8192}):(?{i64 div=8192},1)">
!memref_smem_f16_ = !cute.memref<f16, smem, align<1024>, S<3,4,3>, "((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))">
!memref_smem_f16_1 = !cute.memref<f16, smem, align<1024>, S<3,4,3>, "((8192,1),(1,4)):((1,0),(0,8192))">
!memref_smem_f16_2 = !cute.memref<f16, smem, align<128>, S<2,4,3>, "((8,8),(32,1),(1,2)):((32,256),(1,0),(0,2048))">
!memref_tmem_f32_ = !cute.memref<f32, tmem, align<16>, "((128,64),1,1):((65536,1),0,0)">
!memref_tmem_f32_1 = !cute.memref<f32, tmem, align<16>, "(((128,64),1,1),(1,1)):(((65536,1),0,0),(0,0))">
!memref_rmem_f32_ = !cute.memref<f32, rmem, align<32>, "((2,2,16),2,1):((1,2,4),64,0)">
!mma_f16_f16_f32_64x128x16_ = !cute.tiled_mma<!cute_nvgpu.sm90.mma<64x128x16, elem_type = (f16, f16, f32), a_major = k, b_major = k >, atom_layout_MNK = <"(2,1,1):(1,0,0)">, permutation_MNK = <"[128:1;128:1;16:1]">>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_sm90_gemm(%arg0: !cute_nvgpu.atom.tma_load<f16, tma_gbasis = <"(64,128):(1@1,1@0)">>, %arg1: !cute.coord_tensor<"(0,0,0)", "(?,?,?):(1@1,1@0,1@2)">, %arg2: !memref_gmem_f16_, %arg3: !cute.composed_layout<"S<3,4,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))">, %arg4: !copy_stsm_4_, %arg5: !mma_f16_f16_f32_64x128x16_, %arg6: !cute.ptr<f16, smem, align<1024>>) attributes {cute.kernel, gpu.kernel} {
      %lay = cute.get_layout(%arg1) : !cute.coord_tensor<"(0,0,0)", "(?,?,?):(1@1,1@0,1@2)">
      %0 = cute.get_shape(%lay) : (!cute.layout<"(?,?,?):(1@1,1@0,1@2)">) -> !cute.shape<"(?,?,?)">
      %1 = cute.get_stride(%lay) : (!cute.layout<"(?,?,?):(1@1,1@0,1@2)">) -> !cute.stride<"(1@1,1@0,1@2)">
      // The shape of a composed layout is the shape of its layout.
      %2 = cute.get_shape(%arg3) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))">) -> !cute.shape<"((8,16),(64,1),(1,4))">
      // 8*16*64*1 = 8192 elements in mode 0 and 1 of the swizzled buffer, times 4 stages.
      %sz = cute.size(%arg3) : (!cute.composed_layout<"S<3,4,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))">) -> !cute.int_tuple<"32768">
      %sz_0 = cute.size(%smem) <{mode = [2]}> : (!memref_smem_f16_) -> !cute.int_tuple<"4">
      %sz_1 = cute.size(%smem_2) <{mode = [0]}> : (!memref_smem_f16_1) -> !cute.int_tuple<"8192">
      // (?,?,?):(?{i64},1,?{i64}) tiled by [128:1;64:1]: the rest stride of mode 0 is 128 times a
      // 64-bit stride, the one of mode 1 is 64.
      %tile = cute.make_tile() : () -> !cute.tile<"[128:1;64:1]">
      %div = cute.zipped_divide(%arg2, %tile) : (!memref_gmem_f16_, !cute.tile<"[128:1;64:1]">) -> !memref_gmem_f16_1
      %sz_3 = cute.size(%div) <{mode = [0]}> : (!memref_gmem_f16_1) -> !cute.int_tuple<"8192">
      %lay_4 = cute.get_layout(%div) : !memref_gmem_f16_1
      %3 = cute.get_stride(%lay_4) : (!cute.layout<"((128,64),(?,?,?)):((?{i64},1),(?{i64 div=128},64,?{i64}))">) -> !cute.stride<"((?{i64},1),(?{i64 div=128},64,?{i64}))">
      %4 = cute.get(%lay_4) <{mode = [1]}> : !cute.layout<"((128,64),(?,?,?)):((?{i64},1),(?{i64 div=128},64,?{i64}))"> -> !cute.layout<"(?,?,?):(?{i64 div=128},64,?{i64})">
      %5 = cute.get_shape(%lay_5) : (!cute.layout<"(?,?{div=8192}):(?{i64 div=8192},1)">) -> !cute.shape<"(?,?{div=8192})">
      %e0, %e1 = cute.get_leaves(%5) : !cute.shape<"(?,?{div=8192})">
      %itup = cute.to_int_tuple(%e1) : !cute.shape<"?{div=8192}"> to !cute.int_tuple<"?{div=8192}">
      %6 = cute.get_scalars(%itup) : !cute.int_tuple<"?{div=8192}">
      // The accumulator in tensor memory: its first mode (128,64), 8192 elements.
      %tmem = cute.memref.alloca() : !memref_tmem_f32_
      %sz_6 = cute.size(%tmem) <{mode = [0, 0]}> : (!memref_tmem_f32_) -> !cute.int_tuple<"128">
      %sz_7 = cute.size(%tmem) <{mode = [0, 1]}> : (!memref_tmem_f32_) -> !cute.int_tuple<"64">
      %tile_8 = cute.make_tile() : () -> !cute.tile<"[[128:1;64:1]]">
      %div_9 = cute.zipped_divide(%tmem, %tile_8) : !memref_tmem_f32_, !cute.tile<"[[128:1;64:1]]">
      %iter = cute.get_iter(%div_9) : !memref_tmem_f32_1
      %7 = cute.get_shape(%lay_10) : (!cute.layout<"((2,2,16),2,1):((1,2,4),64,0)">) -> !cute.shape<"((2,2,16),2,1)">
      // Modes [0,2) of ((2,2,16),2,1) grouped.
      %grouped = cute.group_modes(%frag) <0, 2> : (!memref_rmem_f32_) -> !cute.memref<f32, rmem, align<32>, "(((2,2,16),2),1):(((1,2,4),64),0)">
      %ptr = cute.add_offset(%arg6, %off) : (!cute.ptr<f16, smem, align<1024>>, !cute.int_tuple<"?{div=8192}">) -> !cute.ptr<f16, smem, align<16>>
      %view = cute.make_view(%ptr, %lay_11) : !memref_smem_f16_2
      // The swizzle atom S<2,4,3> o (8,32):(32,1) tiled to two stages of (64,32).
      %8 = cute.tile_to_shape(%atom, %shape) : (!cute.composed_layout<"S<2,4,3> o 0 o (8,32):(32,1)">, !cute.shape<"(64,32,2)">) -> !cute.composed_layout<"S<2,4,3> o 0 o ((8,8),(32,1),(1,2)):((32,256),(1,0),(0,2048))">
      return
    }
  }
}

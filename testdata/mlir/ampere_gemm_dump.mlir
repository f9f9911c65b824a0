// A bf16 GEMM kernel for Ampere in the form of CuTe DSL's pass dumps: type aliases at the top,
// the kernel's arguments typed with them, and a body of accessors and layout ops. Written for
// cutec's tests; the spellings follow the public dumps of NVIDIA's CuTe DSL examples, the
// layouts and results are our own. Accessor results (get_shape, get_stride, get, the parts of a
// composed layout) are the operand's parts as written; the other results are derived by hand in
// the comment above each op.
!copy_g2s = !cute.tiled_copy<!cute_nvgpu.atom.simt_async_copy<bf16, cache = global, 128 b>, layout_copy_tv = <"((8,16),8):((128,1),16)">, tiler_mn = <"[16:1;64:1]">>
!copy_s2r = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = bf16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 2, t>, layout_copy_tv = <"((4,8,2,4),((2,2),(1,2))):((32,1,0,8),((16,128),(0,256)))">, tiler_mn = <"[(8,2,2):(1,16,8);16:1]">>
!copy_r2g = !cute.tiled_copy<!cute_nvgpu.atom.universal_copy<bf16, 128 b>, layout_copy_tv = <"((8,16),8):((8,64),1)">, tiler_mn = <"[8:1;128:1]">>
!memref_gmem_bf16_ = !cute.memref<bf16, gmem, align<16>, "(?,?{div=8},?):(?{i64 div=8},1,?{i64})">
!memref_gmem_bf16_1 = !cute.memref<bf16, gmem, "(256,64,8):(64,1,16384)">
!memref_gmem_bf16_2 = !cute.memref<bf16, gmem, align<16>, "((8,1),4,2):((1,0),2048,32)">
!memref_rmem_f32_ = !cute.memref<f32, rmem, align<32>, "((2,2),2,4):((1,2),4,8)">
!memref_rmem_f32_1 = !cute.memref<f32, rmem, align<32>, "((2,2),(2,4)):((1,2),(4,8))">
!memref_rmem_i8_ = !cute.memref<i8, rmem, align<32>, "(1,4):(4,1)">
!memref_smem_bf16_ = !cute.memref<bf16, smem, align<1024>, "S<3,3,3> o 0 o ((8,8),(64,1),(1,3)):((64,512),(1,0),(0,4096))">
!memref_smem_bf16_1 = !cute.memref<bf16, smem, align<1024>, S<3,4,3>, "((64,8),(1,2)):((1,64),(0,512))">
!memref_smem_bf16_2 = !cute.memref<bf16, smem, align<4>, "((2,2),4,(2,2)):((1,?{div=8}),512,(?{div=16},64))">
!mma_bf16_bf16_f32_16x8x16_ = !cute.tiled_mma<!cute_nvgpu.sm80.mma<16x8x16, elem_type = (bf16, bf16, f32) >, atom_layout_MNK = <"(2,4,1):(1,2,0)">, permutation_MNK = <"[32:1;64:1;16:1]">>
#loop_unroll = #llvm.loop_unroll<full = true>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_gemm_bf16_tn(%arg0: !memref_gmem_bf16_, %arg1: !memref_gmem_bf16_1, %arg2: !cute.composed_layout<"S<3,3,3> o 0 o ((8,8),(64,1),(1,3)):((64,512),(1,0),(0,4096))">, %arg3: !cute.composed_layout<"(64,8):(1,64)">, %arg4: !copy_g2s, %arg5: !copy_s2r, %arg6: !copy_r2g, %arg7: !mma_bf16_bf16_f32_16x8x16_, %arg8: i32) attributes {cute.kernel, gpu.kernel, nvvm.reqntid = array<i32: 256, 1, 1>} {
      %iter = cute.get_iter(%arg1) : !memref_gmem_bf16_1
      %lay = cute.get_layout(%arg1) : !memref_gmem_bf16_1
      %0 = cute.get_shape(%lay) : (!cute.layout<"(256,64,8):(64,1,16384)">) -> !cute.shape<"(256,64,8)">
      %e0, %e1, %e2 = cute.get_leaves(%0) : !cute.shape<"(256,64,8)">
      %1 = cute.get_stride(%lay) : (!cute.layout<"(256,64,8):(64,1,16384)">) -> !cute.stride<"(64,1,16384)">
      %e0_0, %e1_1, %e2_2 = cute.get_leaves(%1) : !cute.stride<"(64,1,16384)">
      %2 = cute.composed_get_inner(%arg2) : (!cute.composed_layout<"S<3,3,3> o 0 o ((8,8),(64,1),(1,3)):((64,512),(1,0),(0,4096))">) -> !cute.swizzle<"S<3,3,3>">
      %3 = cute.composed_get_offset(%arg2) : (!cute.composed_layout<"S<3,3,3> o 0 o ((8,8),(64,1),(1,3)):((64,512),(1,0),(0,4096))">) -> !cute.int_tuple<"0">
      %4 = cute.composed_get_outer(%arg2) : (!cute.composed_layout<"S<3,3,3> o 0 o ((8,8),(64,1),(1,3)):((64,512),(1,0),(0,4096))">) -> !cute.layout<"((8,8),(64,1),(1,3)):((64,512),(1,0),(0,4096))">
      // A composed layout whose swizzle is the identity is printed as its layout; its parts are
      // S<0,4,3>, 0 and the layout itself.
      %5 = cute.composed_get_inner(%arg3) : (!cute.composed_layout<"(64,8):(1,64)">) -> !cute.swizzle<"S<0,4,3>">
      %6 = cute.composed_get_offset(%arg3) : (!cute.composed_layout<"(64,8):(1,64)">) -> !cute.int_tuple<"0">
      %7 = cute.composed_get_outer(%arg3) : (!cute.composed_layout<"(64,8):(1,64)">) -> !cute.layout<"(64,8):(1,64)">
      %8 = cute.static : !cute.tile<"[16:1;64:1]">
      %e0_3, %e1_4 = cute.get_leaves(%8) : !cute.tile<"[16:1;64:1]">
      %9 = cute.get_shape(%e0_3) : (!cute.layout<"16:1">) -> !cute.shape<"16">
      %10 = cute.get_stride(%e1_4) : (!cute.layout<"64:1">) -> !cute.stride<"1">
      %11 = cute.static : !cute.layout<"(256,1):(1,0)">
      %12 = cute.static : !cute.layout<"(?{i32},8):(8,1)">
      %coord = cute.make_coord(%arg8) : (i32) -> !cute.coord<"(_,_,?)">
      %slice = cute.slice(%arg1, %coord) : !memref_gmem_bf16_1, !cute.coord<"(_,_,?)">
      %tile = cute.make_tile() : () -> !cute.tile<"[128:1;32:1;1:0]">
      // size of mode 1 of (256,64,8):(64,1,16384): 64; of the whole: 256*64*8 = 131072.
      %sz = cute.size(%arg1) <{mode = [1]}> : (!memref_gmem_bf16_1) -> !cute.int_tuple<"64">
      %e0_5 = cute.get_leaves(%sz) : !cute.int_tuple<"64">
      %sz_6 = cute.size(%arg1) : (!memref_gmem_bf16_1) -> !cute.int_tuple<"131072">
      // Mode 1 of (?,?{div=8},?) is the dynamic extent ?{div=8} itself.
      %sz_7 = cute.size(%arg0) <{mode = [1]}> : (!memref_gmem_bf16_) -> !cute.int_tuple<"?{div=8}">
      %lay_8 = cute.get_layout(%arg0) : !memref_gmem_bf16_
      %13 = cute.get_stride(%lay_8) : (!cute.layout<"(?,?{div=8},?):(?{i64 div=8},1,?{i64})">) -> !cute.stride<"(?{i64 div=8},1,?{i64})">
      // (0,c,0) under ((8,1),4,2):((1,0),2048,32) is c*2048: a dynamic index divisible by 2048.
      %coord_9 = cute.make_coord(%arg8) : (i32) -> !cute.coord<"(0,?,0)">
      %idx = cute.crd2idx(%coord_9, %lay_10) : (!cute.coord<"(0,?,0)">, !cute.layout<"((8,1),4,2):((1,0),2048,32)">) -> !cute.int_tuple<"?{div=2048}">
      %int_tuple = cute.make_int_tuple(%idx) : (!cute.int_tuple<"?{div=2048}">) -> !cute.int_tuple<"?{div=2048}">
      %ptr = cute.add_offset(%iter, %int_tuple) : (!cute.ptr<bf16, gmem, align<16>>, !cute.int_tuple<"?{div=2048}">) -> !cute.ptr<bf16, gmem, align<16>>
      %14 = cute.ptrtoint(%ptr) : !cute.ptr<bf16, gmem, align<16>> to i64
      %iv = cute.assume(%14) : (i64) -> !cute.i64<divby 16>
      %15 = cute.inttoptr(%iv) : !cute.i64<divby 16> to !cute.ptr<bf16, gmem, align<16>>
      // Leafwise sum, the shorter operand padded with 0: (a+0, 0+b, c).
      %tup = cute.add_offset(%16, %17) : (!cute.int_tuple<"(?{div=64},0,?)">, !cute.int_tuple<"(0,?)">) -> !cute.int_tuple<"(?{div=64},?,?)">
      %shape = cute.make_shape() : () -> !cute.shape<"(256,64,8)">
      %18 = cute.make_identity_tensor(%shape) : !cute.coord_tensor<"(0,0,0)", "(256,64,8):(1@0,1@1,1@2)">
      %iter_11 = cute.get_iter(%18) : !cute.coord_tensor<"(0,0,0)", "(256,64,8):(1@0,1@1,1@2)">
      %iter_12 = cute.get_iter(%19) : !cute.coord_tensor<"(?{div=128},0,?)", "(128,32,2):(1@0,1@1,32@1)">
      %e0_13, %e1_14, %e2_15 = cute.get_leaves(%iter_12) : !cute.int_tuple<"(?{div=128},0,?)">
      // ((2,2),2,4):((1,2),4,8) is compact column-major, so its right inverse is 32:1; the smem
      // fragment ((8,1),4,2):((1,0),2048,32) composed with it keeps its first 32 offsets:
      // (8,4):(1,2048), already coalesced; its mode 0 is 8:1 and 32:1 o 8:1 = 8:1 of size 8.
      %lay_16 = cute.get_layout(%rmem) : !memref_rmem_f32_
      %rinv = cute.right_inverse(%lay_16) : (!cute.layout<"((2,2),2,4):((1,2),4,8)">) -> !cute.layout<"32:1">
      %20 = cute.composition(%lay_17, %rinv) : (!cute.layout<"((8,1),4,2):((1,0),2048,32)">, !cute.layout<"32:1">) -> !cute.layout<"(8,4):(1,2048)">
      %coalesce = cute.coalesce(%20) : (!cute.layout<"(8,4):(1,2048)">) -> !cute.layout<"(8,4):(1,2048)">
      %21 = cute.get(%coalesce) <{mode = [0]}> : !cute.layout<"(8,4):(1,2048)"> -> !cute.layout<"8:1">
      %22 = cute.composition(%rinv, %21) : (!cute.layout<"32:1">, !cute.layout<"8:1">) -> !cute.layout<"8:1">
      %sz_18 = cute.size(%22) : (!cute.layout<"8:1">) -> !cute.int_tuple<"8">
      %div = cute.logical_divide(%view, %22) : !memref_gmem_bf16_2, !cute.layout<"8:1">
      // Modes [1,3) of ((2,2),2,4) grouped: ((2,2),(2,4)).
      %grouped = cute.group_modes(%rmem) <1, 3> : (!memref_rmem_f32_) -> !memref_rmem_f32_1
      %sz_19 = cute.size(%grouped) <{mode = [1]}> : (!memref_rmem_f32_1) -> !cute.int_tuple<"8">
      %sz_20 = cute.size(%smem) <{mode = [0, 1]}> : (!memref_smem_bf16_1) -> !cute.int_tuple<"8">
      %lay_21 = cute.get_layout(%smem_22) : !memref_smem_bf16_2
      %23 = cute.get_shape(%lay_21) : (!cute.layout<"((2,2),4,(2,2)):((1,?{div=8}),512,(?{div=16},64))">) -> !cute.shape<"((2,2),4,(2,2))">
      %itup = cute.to_int_tuple(%e1) : !cute.shape<"?{div=8}"> to !cute.int_tuple<"?{div=8}">
      %24 = cute.get_scalars(%itup) : !cute.int_tuple<"?{div=8}">
      %coord_23 = cute.make_coord(%itup) : (!cute.int_tuple<"?{div=8}">) -> !cute.coord<"?{div=8}">
      %coord_24 = cute.make_coord() : () -> !cute.coord<"4096">
      %25 = cute.elem_less(%coord_23, %coord_24) : !cute.coord<"?{div=8}">, !cute.coord<"4096">
      %26 = arith.extui %25 : i1 to i8
      %coord_25 = cute.make_coord() : () -> !cute.coord<"(3,0)">
      cute.memref.store(%rmem_26, %coord_25, %26) : (!memref_rmem_i8_, !cute.coord<"(3,0)">, i8) -> ()
      // Layouts built from a shape and a stride: make_layout and make_composed_layout are printed
      // with their result type only; their operands' types are those of the lines defining them.
      // A shape alone is compact: 1:0 (an extent-1 mode) and 8:1.
      %shape_27 = cute.make_shape() : () -> !cute.shape<"(8,64)">
      %stride_28 = cute.make_stride() : () -> !cute.stride<"(64,1)">
      %lay_29 = cute.make_layout(%shape_27, %stride_28) : !cute.layout<"(8,64):(64,1)">
      %27 = cute.static : !cute.swizzle<"S<3,3,3>">
      %int_tuple_30 = cute.make_int_tuple() : () -> !cute.int_tuple<"0">
      %lay_31 = cute.make_composed_layout(%27, %int_tuple_30, %lay_29) : !cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">
      %shape_32 = cute.make_shape() : () -> !cute.shape<"1">
      %lay_33 = cute.make_layout(%shape_32) : !cute.layout<"1:0">
      %shape_34 = cute.make_shape() : () -> !cute.shape<"8">
      %lay_35 = cute.make_layout(%shape_34) : !cute.layout<"8:1">
      %atom = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<bf16, 128 b>
      cute.copy(%atom, %div, %grouped) : (!cute_nvgpu.atom.universal_copy<bf16, 128 b>, !memref_gmem_bf16_2, !memref_rmem_f32_1)
      return
    }
  }
}

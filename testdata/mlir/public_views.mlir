// Ops that view a layout another way (recast_layout, local_tile, complement against a dynamic
// cotarget), taken from public IR of the CuTe dialect with the result types the compiler wrote:
// each group names the file of NVIDIA's CUTLASS repository its lines come from (see README.md).
// The aliases below are those of fp16_gemm_1_003_SoftwarePipelinePass.mlir.
!memref_gmem_f16_ = !cute.memref<f16, gmem, align<32>, "(?,?{div=8192}):(?{i64 div=8192},1)">
!memref_gmem_f16_1 = !cute.memref<f16, gmem, align<32>, "(256,256):(?{i64 div=8192},1)">
module {
  // From cutlass_compiler/cute_ir/test/Dialect/Cute/LayoutAlgebra/recast_layout.mlir (the
  // dialect's round-trip tests): recast_layout<NEW, OLD> views elements of OLD bits as elements
  // of NEW bits, an upcast when NEW > OLD.
  func.func @recast_round_trip(%src: !cute.layout<"(32,4):(1,32)">) {
    %r0 = cute.recast_layout<32, 8>(%src) : !cute.layout<"(32,4):(1,32)"> -> !cute.layout<"(8,4):(1,8)">
    %r1 = cute.recast_layout<8, 32>(%src) : !cute.layout<"(8,4):(1,8)"> -> !cute.layout<"(32,4):(1,32)">
    %r2 = cute.recast_layout<32, 4>(%src) : !cute.layout<"(128,64):(1,128)"> -> !cute.layout<"(16,64):(1,16)">
    %r3 = cute.recast_layout<32, 32>(%src) : !cute.layout<"(8,4):(1,8)"> -> !cute.layout<"(8,4):(1,8)">
    %r4 = cute.recast_layout<32, 8>(%src) : !cute.layout<"(?,4):(1,?)"> -> !cute.layout<"(?,4):(1,?)">
    %r5 = cute.recast_layout<32, 16>(%src)
           : !cute.composed_layout<"(4,5):(1,4) o 2 o (8,4):(1,8)">
          -> !cute.composed_layout<"(2,5):(1,2) o 1 o (4,4):(1,4)">
    %r6 = cute.recast_layout<32, 8>(%src) : !cute.composed_layout<"S<3,5,4> o 0 o (32,4):(1,32)"> -> !cute.composed_layout<"S<3,3,4> o 0 o (8,4):(1,8)">
    %r7 = cute.recast_layout<8, 32>(%src) : !cute.composed_layout<"S<3,3,4> o 0 o (8,4):(1,8)"> -> !cute.composed_layout<"S<3,5,4> o 0 o (32,4):(1,32)">
    return
  }
  // From cutlass_compiler/cute_ir/test/Conversion/CuteExpandOps/LayoutAlgebra/recast_layout.mlir:
  // the same op on dynamic layouts, as the dialect folds it.
  func.func @recast_expand(%src: !cute.layout<"(32,?):(1,?)">) {
    %r0 = cute.recast_layout<32, 8>(%src) : !cute.layout<"(32,?):(1,?)"> -> !cute.layout<"(8,?):(1,?)">
    %r1 = cute.recast_layout<32, 8>(%src) : !cute.composed_layout<"S<3,5,4> o 0 o (32,?):(1,?)"> -> !cute.composed_layout<"S<3,3,4> o 0 o (8,?):(1,?)">
    %r2 = cute.recast_layout<32, 16>(%src) : !cute.composed_layout<"(4,5):(1,4) o 2 o (?,5,6):(1,?,?)"> -> !cute.composed_layout<"(2,5):(1,2) o 1 o (?,5,6):(1,?,?)">
    return
  }
  // From cutlass_compiler/cute_ir/test/Dialect/Cute/LayoutAlgebra/complement.mlir (the dialect's
  // round-trip tests of complement): static cotargets, and dynamic ones.
  func.func @complement_round_trip(%a: !cute.layout<"3:2">, %c: !cute.shape<"6">) {
    %r0 = cute.complement(%a, %c) : (!cute.layout<"(3,(5,2)):(1,(3,15))">, !cute.shape<"(6,20)">) -> !cute.layout<"4:30">
    %r1 = cute.complement(%a, %c) : (!cute.layout<"(3,(5,2)):(1,(3,15))">, !cute.layout<"(6,20):(1,6)">) -> !cute.layout<"4:30">
    %r2 = cute.complement(%a, %c) : (!cute.layout<"4:2">, !cute.shape<"19">) -> !cute.layout<"(2,3):(1,8)">
    %r3 = cute.complement(%a, %c) : (!cute.layout<"(2,4,8):(8,1,0)">, !cute.shape<"460">) -> !cute.layout<"(2,29):(4,16)">
    %r4 = cute.complement(%a, %c) : (!cute.layout<"3:2">, !cute.shape<"?">) -> !cute.layout<"(2,?):(1,6)">
    %r5 = cute.complement(%a, %c) : (!cute.layout<"3:2">, !cute.layout<"?:?">) -> !cute.layout<"(2,?):(1,6)">
    %r6 = cute.complement(%a, %c) : (!cute.layout<"1:0">, !cute.shape<"(2,?)">) -> !cute.layout<"(2,?):(1,2)">
    %r7 = cute.complement(%a, %c) : (!cute.layout<"4:2">, !cute.shape<"(2,?)">) -> !cute.layout<"(2,?):(1,8)">
    %r8 = cute.complement(%a, %c) : (!cute.layout<"4:4">, !cute.shape<"(2,?)">) -> !cute.layout<"(4,?):(1,16)">
    return
  }
  // From cutlass_compiler/cute_ir/test/Conversion/CuteExpandOps/LayoutAlgebra/complement.mlir:
  // a shape cotarget of two dynamic modes, which the dialect takes as one (cutec skips it).
  func.func @complement_expand(%input: !cute.layout<"3:2">, %co: !cute.shape<"(?,?)">) {
    %r = cute.complement(%input, %co) : (!cute.layout<"3:2">, !cute.shape<"(?,?)">) -> !cute.layout<"(2,?):(1,6)">
    return
  }
  // From examples/python/CuTeDSL/blackwell/tutorial_gemm/fp16_gemm_1/
  // fp16_gemm_1_003_SoftwarePipelinePass.mlir: the tiles of A, B (coordinate tensors of a TMA)
  // and C (a global memref) of a 256x256x64 MMA tile, local_tile with a projection.
  func.func @local_tile_gemm(%arg2: !cute.coord_tensor<"(0,0)", "(?,?{div=8192}):(1@1,1@0)">, %arg5: !memref_gmem_f16_, %85: i32, %79: i32) {
      %tile_343 = cute.make_tile() : () -> !cute.tile<"[256:1;256:1;64:1]">
      %coord_344 = cute.make_coord(%85, %79) : (i32, i32) -> !cute.coord<"(?,?,_)">
      %tiled_view = cute.local_tile(%arg2, %tile_343, %coord_344, "(1,_,1)") : (!cute.coord_tensor<"(0,0)", "(?,?{div=8192}):(1@1,1@0)">, !cute.tile<"[256:1;256:1;64:1]">, !cute.coord<"(?,?,_)">) -> !cute.coord_tensor<"(0,?{div=256})", "(256,64,?):(1@1,1@0,64@0)">
      %tiled_view_352 = cute.local_tile(%arg4, %tile_349, %coord_350, "(_,1,1)") : (!cute.coord_tensor<"(0,0)", "(?,?{div=8192}):(1@1,1@0)">, !cute.tile<"[256:1;256:1;64:1]">, !cute.coord<"(?,?,_)">) -> !cute.coord_tensor<"(0,?{div=256})", "(256,64,?):(1@1,1@0,64@0)">
      %tiled_view_359 = cute.local_tile(%arg5, %tile_356, %coord_357, "(1,1,_)") : (!memref_gmem_f16_, !cute.tile<"[256:1;256:1;64:1]">, !cute.coord<"(?,?,_)">) -> !memref_gmem_f16_1
    return
  }
}

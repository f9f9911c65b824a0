// The shared-memory reads of Q by ldmatrix in NVIDIA's CuTe DSL HSTU attention
// example (examples/python/CuTeDSL/ampere/hstu_attention.py in CUTLASS), in the types
// its IR dump prints: the 64x128 bf16 tile composes make_swizzle(3, 4, 3) with the
// (8,64):(64,1) atom, and the SM80 16x8x16 tiled MMA of 4 warps reads it with
// ldmatrix.x4. Written for docs/banks.md ("In MLIR"); the op and value names are ours, and the
// result type is a stand-in (the bank check reads only the operand types).
!copy_ldsm_4_ = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = bf16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>, layout_copy_tv = <"((4,8,4),((2,2,2),(1,1))):((128,1,16),((64,8,512),(0,0)))">, tiler_mn = <"[64:1;16:1]">>
!memref_smem_bf16_ = !cute.memref<bf16, smem, align<1024>, "S<3,4,3> o 0 o ((8,8),(64,2)):((64,512),(1,4096))">
!memref_smem_bf16_q = !cute.memref<bf16, smem, align<4>, "((8,1),4,8):((1,0),1024,16)">
module {
  func.func @read_q(%copy: !copy_ldsm_4_, %sQ: !memref_smem_bf16_, %tid: !cute.coord<"?">) {
    %tSsQ = cute.tiled.copy.partition_S(%copy, %sQ, %tid) : (!copy_ldsm_4_, !memref_smem_bf16_, !cute.coord<"?">) -> !memref_smem_bf16_q
    return
  }
}

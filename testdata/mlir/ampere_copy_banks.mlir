// The shared-memory copies of an f16 GEMM for Ampere (bM = 128, bK = 64, 3 stages, 128 threads),
// in the forms CuTe DSL prints (`CUTE_DSL_PRINT_IR=1` and the pass dumps of NVIDIA's CuTe DSL
// examples, examples/python/CuTeDSL/ampere/*.mlir in CUTLASS): type aliases for the tiled copies
// (atom, layout_copy_tv, tiler_mn) and the memrefs, and `cute.tiled.copy.partition_S` /
// `partition_D` applying a tiled copy to a shared-memory tensor. Written for cutec's tests; the
// tiled copies are the ones those dumps show for a K-major 16-bit operand, the rest is our own.
//
// `cutec lint -enable bank-conflicts` analyzes each partition of shared memory (docs/banks.md,
// "In MLIR"). The A operand uses CuTe's SM80 K-major atom S<3,3,3> o 0 o (8,64):(64,1) tiled to
// (128,64,3): the cp.async writes and the ldmatrix.x4 reads are conflict-free. The B operand
// deliberately drops the swizzle: each ldmatrix matrix is then 8 rows of 128 bytes at one
// 16-byte column, all 8 rows in the same 4 banks, so its read is 8-way (32 wavefronts for an
// instruction that should take 4). Its cp.async writes stay conflict-free (a phase of 8 threads
// writes one whole 128-byte row).
!copy_ldgsts = !cute.tiled_copy<!cute_nvgpu.atom.simt_async_copy<f16, cache = global, 128 b>, layout_copy_tv = <"((8,16),8):((128,1),16)">, tiler_mn = <"[16:1;64:1]">>
!copy_ldsm_4_ = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>, layout_copy_tv = <"((4,8,4),((2,2,2),(1,1))):((128,1,16),((64,8,512),(0,0)))">, tiler_mn = <"[64:1;16:1]">>
!memref_gmem_f16_ = !cute.memref<f16, gmem, align<16>, "(128,64):(?{i64 div=8},1)">
!memref_gmem_f16_1 = !cute.memref<f16, gmem, align<16>, "((8,1),8,1):((1,0),?{i64 div=128},0)">
!memref_smem_f16_ = !cute.memref<f16, smem, align<1024>, "S<3,3,3> o 0 o ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192))">
!memref_smem_f16_1 = !cute.memref<f16, smem, align<1024>, "((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192))">
!memref_smem_f16_2 = !cute.memref<f16, smem, align<16>, S<3,4,3>, "((8,1),8,1,3):((1,0),1024,0,8192)">
!memref_smem_f16_3 = !cute.memref<f16, smem, align<16>, "((8,1),8,1,3):((1,0),1024,0,8192)">
!memref_smem_f16_4 = !cute.memref<f16, smem, align<16>, S<3,4,3>, "((8,1),2,4,3):((1,0),4096,16,8192)">
!memref_smem_f16_5 = !cute.memref<f16, smem, align<16>, "((8,1),2,4,3):((1,0),4096,16,8192)">
module attributes {gpu.container_module} {
  gpu.module @kernels {
    cuda.kernel @kernel_gemm_f16_tn(%arg0: !memref_gmem_f16_, %arg1: !memref_gmem_f16_, %arg2: !memref_smem_f16_, %arg3: !memref_smem_f16_1, %arg4: !copy_ldgsts, %arg5: !copy_ldsm_4_, %arg6: i32) attributes {cute.kernel, gpu.kernel, nvvm.reqntid = array<i32: 128, 1, 1>} {
      %coord = cute.make_coord(%arg6) : (i32) -> !cute.coord<"?">
      // A: global to shared with cp.async (16 bytes a thread), then shared to registers with
      // ldmatrix.x4. Both conflict-free.
      %src_partitioned = cute.tiled.copy.partition_S(%arg4, %arg0, %coord) : (!copy_ldgsts, !memref_gmem_f16_, !cute.coord<"?">) -> !memref_gmem_f16_1
      %dst_partitioned = cute.tiled.copy.partition_D(%arg4, %arg2, %coord) : (!copy_ldgsts, !memref_smem_f16_, !cute.coord<"?">) -> !memref_smem_f16_2
      %src_partitioned_0 = cute.tiled.copy.partition_S(%arg5, %arg2, %coord) : (!copy_ldsm_4_, !memref_smem_f16_, !cute.coord<"?">) -> !memref_smem_f16_4
      // B, unswizzled: the cp.async writes are conflict-free, the ldmatrix.x4 reads 8-way.
      %src_partitioned_1 = cute.tiled.copy.partition_S(%arg4, %arg1, %coord) : (!copy_ldgsts, !memref_gmem_f16_, !cute.coord<"?">) -> !memref_gmem_f16_1
      %dst_partitioned_2 = cute.tiled.copy.partition_D(%arg4, %arg3, %coord) : (!copy_ldgsts, !memref_smem_f16_1, !cute.coord<"?">) -> !memref_smem_f16_3
      %src_partitioned_3 = cute.tiled.copy.partition_S(%arg5, %arg3, %coord) : (!copy_ldsm_4_, !memref_smem_f16_1, !cute.coord<"?">) -> !memref_smem_f16_5
      cuda.return
    }
  }
}

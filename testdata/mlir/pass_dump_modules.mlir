// A pass dump: one module per pass, each with its own type aliases, as NVIDIA's CuTe DSL writes
// its dumps (in the dump of examples/python/CuTeDSL/hopper/fmha, `!memref_gmem_f16_2` is defined
// at line 7 for one pass's module and again at line 16,022 for the next). Written for cutec's
// tests, imitating that dump's structure (the layouts are ours): the first two modules follow a
// `// -----// IR Dump After …` header as MLIR's -mlir-print-ir-after-all writes it, the third
// follows the second directly. Each module defines `!memref_gmem_f16_2` with another layout and
// its ops' results are derived from its own definition: the shape of the memref's layout, and
// the size of mode 1 of it. `!memref_gmem_f16_3` is defined as another alias (`!a1 = !a0`).
// -----// IR Dump After CuteFoldStatic (cute-fold-static) //----- //
!memref_gmem_f16_2 = !cute.memref<f16, gmem, align<32>, "(128,64):(64,1)">
!memref_gmem_f16_3 = !memref_gmem_f16_2
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @fmha_fwd(%arg0: !memref_gmem_f16_2, %arg1: !memref_gmem_f16_3) {
      %0 = cute.get_shape(%arg0) : (!memref_gmem_f16_2) -> !cute.shape<"(128,64)">
      %1 = cute.size(%arg1) <{mode = [1]}> : (!memref_gmem_f16_3) -> !cute.int_tuple<"64">
      return
    }
  }
}
// -----// IR Dump After CuteExpandOps (cute-expand-ops) //----- //
!memref_gmem_f16_2 = !cute.memref<f16, gmem, align<32>, "(128,(64,2)):(64,(1,8192))">
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @fmha_fwd(%arg0: !memref_gmem_f16_2) {
      %0 = cute.get_shape(%arg0) : (!memref_gmem_f16_2) -> !cute.shape<"(128,(64,2))">
      %1 = cute.size(%arg0) <{mode = [1]}> : (!memref_gmem_f16_2) -> !cute.int_tuple<"128">
      return
    }
  }
}
!memref_gmem_f16_2 = !cute.memref<f16, gmem, align<32>, "(64,32):(1,64)">
!memref_gmem_f16_3 = !memref_gmem_f16_2
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @fmha_fwd(%arg0: !memref_gmem_f16_2, %arg1: !memref_gmem_f16_3) {
      %0 = cute.get_shape(%arg0) : (!memref_gmem_f16_2) -> !cute.shape<"(64,32)">
      %1 = cute.size(%arg1) <{mode = [1]}> : (!memref_gmem_f16_3) -> !cute.int_tuple<"32">
      return
    }
  }
}

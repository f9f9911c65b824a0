// A kernel's traits and two kernels written as CuTe users write them, to
// check the source reader against what CuTe prints for this same file
// (traits_prints.tsv; README.md says how it was printed). CUTEC_SHOW is
// empty here; the printing program defined it to print a value.
#pragma once
#include <cute/tensor.hpp>
#ifndef CUTEC_SHOW
#define CUTEC_SHOW(x)
#endif

namespace demo {
using namespace cute;

template <int kHeadDim_ = 64, int kNWarps_ = 4>
struct Kernel_traits {
  static constexpr int kHeadDim = kHeadDim_;
  static constexpr int kNWarps = kNWarps_;
  static constexpr int kNThreads = kNWarps * 32;
  static constexpr int kBlockM = 128;
  static constexpr int kBlockN = kBlockM / 2;
  static constexpr int kBlockKSmem = kHeadDim % 64 == 0 ? 64 : 32;
  static constexpr int kSwizzle = kBlockKSmem == 32 ? 2 : 3;

  using MMA_Atom_Arch = MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>;
  using TiledMma = TiledMMA<MMA_Atom_Arch, Layout<Shape<Int<kNWarps>, _1, _1>>, Tile<Int<16 * kNWarps>, _16, _16>>;
  using SmemLayoutAtomQ = decltype(composition(Swizzle<kSwizzle, 3, 3>{},
                                               Layout<Shape<_8, Int<kBlockKSmem>>, Stride<Int<kBlockKSmem>, _1>>{}));
  using SmemLayoutQ = decltype(tile_to_shape(SmemLayoutAtomQ{}, Shape<Int<kBlockM>, Int<kHeadDim>>{}));
  using SmemLayoutPadded = Layout<Shape<Int<kBlockM>, Int<kBlockN>>, Stride<Int<kBlockN + 8>, _1>>;
  using SmemCopyAtom = Copy_Atom<SM75_U32x4_LDSM_N, half_t>;
  using SmemTiledCopyQ = decltype(make_tiled_copy_A(SmemCopyAtom{}, TiledMma{}));
};

struct MainloopPolicy {
  static constexpr int Stages = 3;
};

constexpr int kTile = 16;

template <class Kernel_traits, class DispatchPolicy = MainloopPolicy>
void kernel_a(half_t* smem, int tid) {
  constexpr int kBlockM = Kernel_traits::kBlockM;
  auto bM = Int<kBlockM>{};
  auto bK = Int<8>{};
  auto sA = make_layout(make_shape(bM, bK), make_stride(Int<1>{}, bM + Int<1>{}));
  CUTEC_SHOW(sA);
  {
    constexpr int kBlockM = 32;
    auto sB = make_layout(make_shape(Int<kBlockM>{}, _8{}));
    CUTEC_SHOW(sB);
  }
  auto sC = make_layout(make_shape(Int<kBlockM>{}, Int<Kernel_traits::kBlockN / 2>{}));
  CUTEC_SHOW(sC);
  auto sStages = make_layout(make_shape(bM, bK, Int<DispatchPolicy::Stages>{}));
  CUTEC_SHOW(sStages);
  auto sPipe = make_layout(make_shape(bM, bK, Int<MainloopPolicy::Stages * 2>{}));
  CUTEC_SHOW(sPipe);
  constexpr int kTile = 4;
  auto sT = make_layout(make_shape(Int<kTile>{}, bK));
  CUTEC_SHOW(sT);

  // Thread 0..127 read Q from shared memory with ldmatrix.
  auto sQ_layout = typename Kernel_traits::SmemLayoutQ{};
  Tensor sQ = make_tensor(make_smem_ptr(smem), sQ_layout);
  auto smem_tiled_copy_Q = make_tiled_copy_A(typename Kernel_traits::SmemCopyAtom{}, typename Kernel_traits::TiledMma{});
  auto smem_thr_copy_Q = smem_tiled_copy_Q.get_thread_slice(tid);
  Tensor tSsQ = smem_thr_copy_Q.partition_S(sQ);
  CUTEC_SHOW(tSsQ.layout());

  // The same copy over a row-major tile of 64 halves a row, unswizzled.
  auto sK_layout = Layout<Shape<_128, _64>, Stride<_64, _1>>{};
  Tensor sK = make_tensor(make_smem_ptr(smem), sK_layout);
  Tensor tSsK = smem_thr_copy_Q.partition_S(sK);
  CUTEC_SHOW(tSsK.layout());
}

void kernel_b() {
  auto bK = Int<16>{};
  auto sA = make_layout(make_shape(_64{} * 2, bK));
  CUTEC_SHOW(sA);
  auto sD = make_layout(make_shape(Int<kTile>{}, bK));
  CUTEC_SHOW(sD);
}

}  // namespace demo

// A synthetic CuTe C++ header: the forms `cutec layouts` and `cutec lint`
// read (docs/sources.md). Run: cutec layouts examples/sources/gemm_smem.cuh
#include <cute/tensor.hpp>

using namespace cute;

static constexpr int kBlockK = 64;

template <class Element, int kBlockM = 128, int kStages = 3>
struct SmemConfig {
  // A 128B swizzle atom of 8 rows of 64 elements.
  using SmemLayoutAtom = decltype(composition(Swizzle<3,3,3>{},
                                              Layout<Shape<_8,Int<kBlockK>>,
                                                     Stride<Int<kBlockK>,_1>>{}));
  // The atom tiled over the CTA tile and the stages.
  using SmemLayoutA = decltype(tile_to_shape(SmemLayoutAtom{},
                                             make_shape(Int<kBlockM>{}, Int<kBlockK>{}, Int<kStages>{})));
  using SmemLayoutC = Layout<Shape<Int<kBlockM>, _32>, Stride<_32, _1>>;
};

inline void sketch(int m) {
  auto bM = Int<128>{};
  auto tC = make_layout(make_shape(_16{}, _16{}), LayoutRight{});
  auto sC = make_layout(make_shape(bM, _32{}));
  auto gA = make_layout(make_shape(m, _32{}));   // m is known at run time: skipped
}

// A collective mainloop written as CUTLASS writes them: its tile shape and
// policy are template parameters, set where the kernel is built.
#include <cute/tensor.hpp>
using namespace cute;

template <class TileShape_, class DispatchPolicy_, int Stages>
struct Mainloop {
  using TileShape = TileShape_;
  using DispatchPolicy = DispatchPolicy_;
  using SmemLayoutAtom = decltype(composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>, Stride<_64,_1>>{}));
  using SmemLayoutA = decltype(tile_to_shape(SmemLayoutAtom{}, make_shape(shape<0>(TileShape{}), _64{}, Int<Stages>{})));
  using SmemLayoutB = decltype(tile_to_shape(SmemLayoutAtom{}, make_shape(_128{}, _64{}, Int<DispatchPolicy::Stages>{})));
#if defined(CUTLASS_ENABLE_WIDE_TILE)
  using SmemLayoutC = Layout<Shape<_128,_256>, Stride<_256,_1>>;
#else
  using SmemLayoutC = Layout<Shape<_128,_128>, Stride<_128,_1>>;
#endif
#if 0
  using Unfinished = Layout<Shape<_128,_8>, Stride<_1>>;
#endif
};

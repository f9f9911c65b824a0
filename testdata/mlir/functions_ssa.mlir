// SSA names are scoped to their function: `%0` and `%1` are defined by ops in @a and are
// arguments of @b, whose make_layout (printed with its result type only, as CuTe DSL prints it)
// takes its operands' types from @b's argument list, not from @a's ops above it. Written for
// cutec's tests, in the form of the dialect's tests (a module of several func.func, as in
// cutlass_compiler/cute_ir/test/Dialect/Cute/LayoutAlgebra/*.mlir); the layouts are ours.
module {
  func.func @a(%l: !cute.layout<"(2,2):(1,2)">) {
    %0 = cute.get_shape(%l) : (!cute.layout<"(2,2):(1,2)">) -> !cute.shape<"(2,2)">
    %1 = cute.get_stride(%l) : (!cute.layout<"(2,2):(1,2)">) -> !cute.stride<"(1,2)">
    %2 = cute.make_layout(%0, %1) : !cute.layout<"(2,2):(1,2)">
    return
  }
  func.func @b(%0: !cute.shape<"(4,8)">, %1: !cute.stride<"(1,4)">) {
    %2 = cute.make_layout(%0, %1) : !cute.layout<"(4,8):(1,4)">
    return
  }
}

// The layout algebra of the cute dialect in the functional form its tests and the early pass
// dumps write: each op with its operand types and its result type. Written for cutec's tests;
// every result is derived by hand from the dialect's rules in the comment above the op. Where the
// dialect's form differs from CuTe C++ (strides of extent-1 modes, raked_product's final
// coalesce), the result is written in the dialect's form, as the compiler prints it.
module {
  // Zipped divide of (6,8):(8,1) by the shape (3,4): tiles (3,4):(8,1), rests (2,2) at strides
  // 3*8 = 24 and 4*1 = 4.
  func.func @zipped_divide_static(%a: !cute.layout<"(6,8):(8,1)">, %b: !cute.shape<"(3,4)">) -> !cute.layout<"((3,4),(2,2)):((8,1),(24,4))"> {
    %r = cute.zipped_divide(%a, %b) : (!cute.layout<"(6,8):(8,1)">, !cute.shape<"(3,4)">) -> !cute.layout<"((3,4),(2,2)):((8,1),(24,4))">
    return %r : !cute.layout<"((3,4),(2,2)):((8,1),(24,4))">
  }
  // The same, as the dialect's tests write an op: its types on the lines below it.
  func.func @zipped_divide_multiline(%a: !cute.layout<"(6,8):(8,1)">, %b: !cute.shape<"(3,4)">) -> !cute.layout<"((3,4),(2,2)):((8,1),(24,4))"> {
    %r = cute.zipped_divide(%a, %b)
           : (!cute.layout<"(6,8):(8,1)">, !cute.shape<"(3,4)">)
          -> !cute.layout<"((3,4),(2,2)):((8,1),(24,4))">
    return %r : !cute.layout<"((3,4),(2,2)):((8,1),(24,4))">
  }
  // Dividing a dynamic extent leaves a dynamic rest: ((3,?),(4,2)) with strides (?,3*?) and (1,4).
  func.func @logical_divide_dynamic(%a: !cute.layout<"(?,8):(?,1)">, %b: !cute.shape<"(3,4)">) {
    %r = cute.logical_divide(%a, %b) : (!cute.layout<"(?,8):(?,1)">, !cute.shape<"(3,4)">) -> !cute.layout<"((3,?),(4,2)):((?,?{div=3}),(1,4))">
    %z = cute.zipped_divide(%a, %b) : (!cute.layout<"(?,8):(?,1)">, !cute.shape<"(3,4)">) -> !cute.layout<"((3,4),(?,2)):((?,1),(?{div=3},4))">
    %t = cute.tiled_divide(%a, %b) : (!cute.layout<"(?,8):(?,1)">, !cute.shape<"(3,4)">) -> !cute.layout<"((3,4),?,2):((?,1),?{div=3},4)">
    return
  }
  // A global tile of a row-major matrix with 64-bit strides: the rest stride of mode 0 is
  // 16 times the dynamic stride, which the compiler knows to be divisible by 16.
  func.func @zipped_divide_i64(%a: !cute.layout<"(?,?):(?{i64},1)">, %b: !cute.tile<"[16:1;128:1]">) {
    %r = cute.zipped_divide(%a, %b) : (!cute.layout<"(?,?):(?{i64},1)">, !cute.tile<"[16:1;128:1]">) -> !cute.layout<"((16,128),(?,?)):((?{i64},1),(?{i64 div=16},128))">
    return
  }
  // Tiling (128,64):(64,1) by [64:1;32:1]: tiles (64,32):(64,1), rests 2 and 2 at 64*64 and 32.
  func.func @divides(%a: !cute.layout<"(128,64):(64,1)">, %b: !cute.tile<"[64:1;32:1]">) {
    %t = cute.tiled_divide(%a, %b) : (!cute.layout<"(128,64):(64,1)">, !cute.tile<"[64:1;32:1]">) -> !cute.layout<"((64,32),2,2):((64,1),4096,32)">
    %f = cute.flat_divide(%a, %b) : (!cute.layout<"(128,64):(64,1)">, !cute.tile<"[64:1;32:1]">) -> !cute.layout<"(64,32,2,2):(64,1,4096,32)">
    return
  }
  // Dividing (4,8):(1,4) by tiles as large as its modes leaves rests of extent 1, whose strides
  // the dialect keeps: 4*1 = 4 and 8*4 = 32 (CuTe C++ writes 0).
  func.func @divide_unit_rests(%a: !cute.layout<"(4,8):(1,4)">, %b: !cute.tile<"[4:1;8:1]">) {
    %r = cute.logical_divide(%a, %b) : (!cute.layout<"(4,8):(1,4)">, !cute.tile<"[4:1;8:1]">) -> !cute.layout<"((4,1),(8,1)):((1,4),(4,32))">
    return
  }
  // (4,8):(1,4) fills [0,32): its complement is one element, of stride 32 in the dialect.
  func.func @complement(%a: !cute.layout<"(4,8):(1,4)">, %b: !cute.layout<"(4,2):(1,16)">, %n: !cute.int_tuple<"64">) {
    %r = cute.complement(%a) : (!cute.layout<"(4,8):(1,4)">) -> !cute.layout<"1:32">
    // (4,2):(1,16) covers 0..3 and 16..19: the gaps are 4 at stride 4 and 2 at stride 32.
    %s = cute.complement(%b, %n) : (!cute.layout<"(4,2):(1,16)">, !cute.int_tuple<"64">) -> !cute.layout<"(4,2):(4,32)">
    return
  }
  // Composition: (4,8):(1,4) after the tile [2:1;4:2] takes 2 rows and every other column.
  func.func @composition(%a: !cute.layout<"(4,8):(1,4)">, %t: !cute.tile<"[2:1;4:2]">, %l: !cute.layout<"(8,(4,2)):(2,(16,1))">, %b: !cute.layout<"(4,2):(2,1)">) {
    %r = cute.composition(%a, %t) : (!cute.layout<"(4,8):(1,4)">, !cute.tile<"[2:1;4:2]">) -> !cute.layout<"(2,4):(1,8)">
    // A dynamic outer layout: 4:1 picks the first four offsets, ?*0 .. ?*3.
    %d = cute.composition(%o, %i) : (!cute.layout<"?:?">, !cute.layout<"4:1">) -> !cute.layout<"4:?">
    return
  }
  // Coalescing merges modes whose strides continue one another: 2*1 = 2 but 16 follows 1, and
  // the extent-1 mode goes.
  func.func @coalesce(%a: !cute.layout<"((2,2),(4,1)):((1,16),(2,0))">, %b: !cute.layout<"(4,(2,4)):(1,(4,8))">) {
    %r = cute.coalesce(%a) : (!cute.layout<"((2,2),(4,1)):((1,16),(2,0))">) -> !cute.layout<"(2,2,4):(1,16,2)">
    %s = cute.coalesce(%b) : (!cute.layout<"(4,(2,4)):(1,(4,8))">) -> !cute.layout<"32:1">
    return
  }
  // (4,(2,4)):(2,(1,8)) is a bijection onto [0,32): offset x is j + 2i + 8k, so both inverses are
  // (2,4,4):(4,1,8), the index of (j,i,k) being i + 4j + 8k.
  func.func @inverses(%a: !cute.layout<"(4,(2,4)):(2,(1,8))">, %c: !cute.layout<"(4,8):(8,1)">) {
    %l = cute.left_inverse(%a) : (!cute.layout<"(4,(2,4)):(2,(1,8))">) -> !cute.layout<"(2,4,4):(4,1,8)">
    %r = cute.right_inverse(%a) : (!cute.layout<"(4,(2,4)):(2,(1,8))">) -> !cute.layout<"(2,4,4):(4,1,8)">
    // Row-major (4,8): offset x = 8i + j is index i + 4j, so x -> (x mod 8)*4 + x/8: (8,4):(4,1).
    %t = cute.left_inverse(%c) : (!cute.layout<"(4,8):(8,1)">) -> !cute.layout<"(8,4):(4,1)">
    return
  }
  // Products of (4,2):(1,4) (cosize 8) with (2,3):(1,2): the repetitions at strides 8 and 16.
  func.func @products(%a: !cute.layout<"(4,2):(1,4)">, %b: !cute.layout<"(2,3):(1,2)">, %c: !cute.layout<"(2,2):(1,2)">, %d: !cute.layout<"(4,2):(1,4)">) {
    %l = cute.logical_product(%a, %b) : (!cute.layout<"(4,2):(1,4)">, !cute.layout<"(2,3):(1,2)">) -> !cute.layout<"((4,2),(2,3)):((1,4),(8,16))">
    // blocked: mode i of A beside mode i of B; (2,2):(1,2) over (4,2):(1,4), B scaled by 4.
    %k = cute.blocked_product(%c, %d) : (!cute.layout<"(2,2):(1,2)">, !cute.layout<"(4,2):(1,4)">) -> !cute.layout<"((2,4),(2,2)):((1,4),(2,16))">
    return
  }
  // raked_product((16,8):(1,16), (8,1):(1,0)): B's modes (scaled by cosize 128) before A's:
  // ((8,16),(1,8)):((128,1),(0,16)); the DSL coalesces each mode at the end, so mode 1 is 8:16.
  func.func @raked_product(%a: !cute.layout<"(16,8):(1,16)">, %b: !cute.layout<"(8,1):(1,0)">) {
    %r = cute.raked_product(%a, %b) : (!cute.layout<"(16,8):(1,16)">, !cute.layout<"(8,1):(1,0)">) -> !cute.layout<"((8,16),8):((128,1),16)">
    return
  }
  // An swizzle atom of 8 rows of 32 tiled to (64,32): 8 copies down the rows, at stride 256.
  func.func @tile_to_shape(%a: !cute.composed_layout<"S<2,3,3> o 0 o (8,32):(32,1)">, %s: !cute.shape<"(64,32)">) {
    %r = cute.tile_to_shape(%a, %s) : (!cute.composed_layout<"S<2,3,3> o 0 o (8,32):(32,1)">, !cute.shape<"(64,32)">) -> !cute.composed_layout<"S<2,3,3> o 0 o ((8,8),(32,1)):((32,256),(1,0))">
    return
  }
  // Constructors.
  func.func @constructors(%s: !cute.shape<"(?,8)">, %d: !cute.stride<"(1,?{i64})">, %t: !cute.shape<"(128,64)">, %o: !cute.shape<"(4,8,2)">, %w: !cute.int_tuple<"(2,0,1)">) {
    %l = cute.make_layout(%s, %d) : (!cute.shape<"(?,8)">, !cute.stride<"(1,?{i64})">) -> !cute.layout<"(?,8):(1,?{i64})">
    %i = cute.make_identity_layout(%t) : (!cute.shape<"(128,64)">) -> !cute.layout<"(128,64):(1@0,1@1)">
    // Order (2,0,1): mode 1 is innermost (stride 1), then mode 2 (8), then mode 0 (16).
    %r = cute.make_ordered_layout(%o, %w) : (!cute.shape<"(4,8,2)">, !cute.int_tuple<"(2,0,1)">) -> !cute.layout<"(4,8,2):(16,1,8)">
    return
  }
  // Queries and coordinates.
  func.func @queries(%a: !cute.layout<"(8,16):(16,1)">, %s: !cute.shape<"((4,8),(2,?))">, %i: !cute.int_tuple<"37">, %e: !cute.shape<"(4,8,2)">, %c: !cute.coord<"(1,2)">, %f: !cute.shape<"(4,8)">) {
    // The largest offset is 7*16 + 15 = 127.
    %n = cute.cosize(%a) : (!cute.layout<"(8,16):(16,1)">) -> !cute.int_tuple<"128">
    %m = cute.size(%s) : (!cute.shape<"((4,8),(2,?))">) -> !cute.int_tuple<"?{div=64}">
    // 37 = 1 + 4*(1 + 8*1).
    %x = cute.idx2crd(%i, %e) : (!cute.int_tuple<"37">, !cute.shape<"(4,8,2)">) -> !cute.coord<"(1,1,1)">
    // 1 + 4*2.
    %y = cute.crd2idx(%c, %f) : (!cute.coord<"(1,2)">, !cute.shape<"(4,8)">) -> !cute.int_tuple<"9">
    // Under basis strides the offset is a coordinate: (1,2) through (4,8):(1@1,1@0) is (2,1).
    %z = cute.layout_eval(%c, %b) : (!cute.coord<"(1,2)">, !cute.layout<"(4,8):(1@1,1@0)">) -> !cute.int_tuple<"(2,1)">
    return
  }
  // Slicing keeps the modes a coordinate leaves as _; dicing keeps those it fixes (mode 1, 8:1).
  func.func @slices(%a: !cute.layout<"(512,128,16):(128,1,65536)">, %c: !cute.coord<"(_,_,?)">, %d: !cute.coord<"(_,1)">, %b: !cute.layout<"(16,8):(8,1)">) {
    %s = cute.slice(%a, %c) : (!cute.layout<"(512,128,16):(128,1,65536)">, !cute.coord<"(_,_,?)">) -> !cute.layout<"(512,128):(128,1)">
    %t = cute.dice(%b, "(_,1)") : (!cute.layout<"(16,8):(8,1)">) -> !cute.layout<"(8):(1)">
    return
  }
  // Tuples: leafwise arithmetic (the shorter operand padded), products by mode, flattening.
  func.func @tuples(%a: !cute.int_tuple<"(8,?{i64})">, %b: !cute.int_tuple<"(1,1)">, %p: !cute.shape<"((2,4),(8,?))">, %q: !cute.shape<"(12,8)">, %r: !cute.shape<"(4,2)">) {
    %s = cute.tuple_sub(%a, %b) : (!cute.int_tuple<"(8,?{i64})">, !cute.int_tuple<"(1,1)">) -> !cute.int_tuple<"(7,?{i64})">
    %e = cute.product_each(%p) : (!cute.shape<"((2,4),(8,?))">) -> !cute.shape<"(8,?{div=8})">
    %d = cute.shape_div(%q, %r) : (!cute.shape<"(12,8)">, !cute.shape<"(4,2)">) -> !cute.shape<"(3,4)">
    // Tiles of a by-mode tiler, one count per mode: ceil(512/128) = 4, ceil(256/128) = 2, and 16
    // tiles of 1:0. Products and quotients keep their facts: ?{div=16} * 8 has div 128, and
    // ?{div=64} / 4 has div 16; (8 mod 3) = 2.
    %k = cute.ceil_div(%g, %w) : (!cute.shape<"(512,256,16)">, !cute.tile<"[128:1;128:1;1:0]">) -> !cute.shape<"(4,2,16)">
    %u = cute.tuple_mul(%v, %o) : (!cute.int_tuple<"(?{div=16},3)">, !cute.int_tuple<"(8,5)">) -> !cute.int_tuple<"(?{div=128},15)">
    %j = cute.tuple_div(%n, %o4) : (!cute.int_tuple<"(?{div=64},9)">, !cute.int_tuple<"(4,3)">) -> !cute.int_tuple<"(?{div=16},3)">
    %l = cute.tuple_mod(%ei, %th) : (!cute.int_tuple<"8">, !cute.int_tuple<"3">) -> !cute.int_tuple<"2">
    // Modes [0,2) of (4,5,6):(1,4,20) grouped, the bounds written after the name.
    %h = cute.group_modes<0, 2>(%m) : (!cute.layout<"(4,5,6):(1,4,20)">) -> !cute.layout<"((4,5),6):((1,4),20)">
    %f = cute.flatten(%l) : (!cute.layout<"((8,16),(64,1)):((64,512),(1,0))">) -> !cute.layout<"(8,16,64,1):(64,512,1,0)">
    %g = cute.get(%p) <{mode = [1, 0]}> : !cute.shape<"((2,4),(8,?))"> -> !cute.shape<"8">
    return
  }
  // make_composed_layout folds the identity swizzle away: S<0,4,3> o 0 o L is L.
  func.func @composed(%sw: !cute.swizzle<"S<3,4,3>">, %id: !cute.swizzle<"S<0,4,3>">, %off: !cute.int_tuple<"0">, %l: !cute.layout<"(8,64):(64,1)">) {
    %c = cute.make_composed_layout(%sw, %off, %l) : (!cute.swizzle<"S<3,4,3>">, !cute.int_tuple<"0">, !cute.layout<"(8,64):(64,1)">) -> !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
    %p = cute.make_composed_layout(%id, %off, %l) : (!cute.swizzle<"S<0,4,3>">, !cute.int_tuple<"0">, !cute.layout<"(8,64):(64,1)">) -> !cute.composed_layout<"(8,64):(64,1)">
    %s = cute.size(%c) : (!cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">) -> !cute.int_tuple<"512">
    return
  }
}

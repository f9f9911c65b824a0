// Result types that the operand types do not give: a pass that folded an op wrongly, or IR
// edited by hand. cutec re-derives each op's result from its operand types (E0605).
!frag = !cute.memref<f32, rmem, align<32>, "((2,2),2,4):((1,2),4,8)">
%0 = cute.coalesce(%a) : (!cute.layout<"(4,5):(1,4)">) -> !cute.layout<"(4,5):(1,4)">
%1 = cute.size(%f) <{mode = [2]}> : (!frag) -> !cute.int_tuple<"8">
%2 = cute.zipped_divide(%l, %t) : (!cute.layout<"(8,16):(16,1)">, !cute.tile<"[4:1;8:1]">) -> !cute.layout<"((4,8),(2,2)):((16,1),(64,4))">

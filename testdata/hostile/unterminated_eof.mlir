%0 = cute.static : !cute.layout<"(4,8):(1,4)">
%1 = cute.static : !cute.layout<"
// invalid UTF-8 outside a payload is passed over: ÿş
%0 = cute.static : !cute.layout<"(4,8):(1,À¯)">

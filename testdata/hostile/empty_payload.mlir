%0 = cute.static : !cute.layout<"">

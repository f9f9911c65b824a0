// Package layout is the CuTe layout algebra on values: integer tuples
// (IntTuple: integers, dynamic and symbolic leaves, basis entries), layouts
// S:D, swizzles, composed layouts and tilers, with CuTe's operations on
// them (composition, complement, inverses, divides, products, slicing, …)
// as the CuTe paper defines them and CuTe C++ spells their results
// (docs/semantics.md says which reference decides what).
//
// One way to do each thing: an operation on layouts is a function named as
// CuTe names it (Compose, LogicalDivide); Go has no overloading, so its
// versions for tuples, tilers and composed layouts are methods of those
// types (IntTuple.Slice, Tiler.Flatten, ComposedLayout.LeftInverse), and its
// version on symbolic leaves is a method of Symbolic, which collects the
// obligations the result holds under. Values are immutable and the package
// keeps no state, so its functions are safe for concurrent use (a Symbolic
// or a Static being filled belongs to one goroutine). An operation outside
// its domain returns an *Error with a diagnostic code and the values
// involved.
package layout

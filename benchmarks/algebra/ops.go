package main

import "github.com/cutec/cutec/layout"

// op is one operation in both forms: on the general tree and on Static.
// The complement takes the size of b as its cotarget, computed once before
// the timing (as the pycute script does), and n is that size.
type op struct {
	general func(a, b layout.Layout, n int64) (layout.Layout, error)
	static  func(r, a, b *layout.Static, n int64) bool
}

var ops = map[string]op{
	"composition": {func(a, b layout.Layout, _ int64) (layout.Layout, error) { return layout.Compose(a, b) },
		func(r, a, b *layout.Static, _ int64) bool { return r.Compose(a, b) }},
	"coalesce": {func(a, _ layout.Layout, _ int64) (layout.Layout, error) { return layout.Coalesce(a), nil },
		func(r, a, _ *layout.Static, _ int64) bool { return r.Coalesce(a) }},
	"complement": {func(a, _ layout.Layout, n int64) (layout.Layout, error) {
		return layout.ComplementTo(a, layout.Int(n))
	},
		func(r, a, _ *layout.Static, n int64) bool { return r.ComplementTo(a, n) }},
	"right_inverse": {func(a, _ layout.Layout, _ int64) (layout.Layout, error) { return layout.RightInverse(a) },
		func(r, a, _ *layout.Static, _ int64) bool { return r.RightInverse(a) }},
	"left_inverse": {func(a, _ layout.Layout, _ int64) (layout.Layout, error) { return layout.LeftInverse(a) },
		func(r, a, _ *layout.Static, _ int64) bool { return r.LeftInverse(a) }},
	"logical_divide":  {tiler(layout.LogicalDivide), func(r, a, b *layout.Static, _ int64) bool { return r.LogicalDivide(a, b) }},
	"zipped_divide":   {tiler(layout.ZippedDivide), func(r, a, b *layout.Static, _ int64) bool { return r.ZippedDivide(a, b) }},
	"tiled_divide":    {tiler(layout.TiledDivide), func(r, a, b *layout.Static, _ int64) bool { return r.TiledDivide(a, b) }},
	"flat_divide":     {tiler(layout.FlatDivide), func(r, a, b *layout.Static, _ int64) bool { return r.FlatDivide(a, b) }},
	"logical_product": {tiler(layout.LogicalProduct), func(r, a, b *layout.Static, _ int64) bool { return r.LogicalProduct(a, b) }},
	"zipped_product":  {tiler(layout.ZippedProduct), func(r, a, b *layout.Static, _ int64) bool { return r.ZippedProduct(a, b) }},
	"tiled_product":   {tiler(layout.TiledProduct), func(r, a, b *layout.Static, _ int64) bool { return r.TiledProduct(a, b) }},
	"flat_product":    {tiler(layout.FlatProduct), func(r, a, b *layout.Static, _ int64) bool { return r.FlatProduct(a, b) }},
	"blocked_product": {func(a, b layout.Layout, _ int64) (layout.Layout, error) { return layout.BlockedProduct(a, b) },
		func(r, a, b *layout.Static, _ int64) bool { return r.BlockedProduct(a, b) }},
	"raked_product": {func(a, b layout.Layout, _ int64) (layout.Layout, error) { return layout.RakedProduct(a, b) },
		func(r, a, b *layout.Static, _ int64) bool { return r.RakedProduct(a, b) }},
}

func tiler(f func(layout.Layout, layout.Tiler) (layout.Layout, error)) func(a, b layout.Layout, _ int64) (layout.Layout, error) {
	return func(a, b layout.Layout, _ int64) (layout.Layout, error) { return f(a, layout.TileLayout(b)) }
}

package main

import "github.com/cutec/cutec/layout"

// op is one operation in both forms: on the general tree and on Static.
type op struct {
	general func(a, b layout.Layout) (layout.Layout, error)
	static  func(r, a, b *layout.Static) bool
}

func cotarget(b layout.Layout) int64 {
	n, _ := b.Size()
	return n
}

var ops = map[string]op{
	"composition": {layout.Compose, (*layout.Static).Compose},
	"coalesce": {func(a, _ layout.Layout) (layout.Layout, error) { return layout.Coalesce(a), nil },
		func(r, a, _ *layout.Static) bool { return r.Coalesce(a) }},
	"complement": {func(a, b layout.Layout) (layout.Layout, error) {
		return layout.ComplementTo(a, layout.Int(cotarget(b)))
	},
		func(r, a, b *layout.Static) bool { n, _ := b.Size(); return r.ComplementTo(a, n) }},
	"right_inverse": {func(a, _ layout.Layout) (layout.Layout, error) { return layout.RightInverse(a) },
		func(r, a, _ *layout.Static) bool { return r.RightInverse(a) }},
	"left_inverse": {func(a, _ layout.Layout) (layout.Layout, error) { return layout.LeftInverse(a) },
		func(r, a, _ *layout.Static) bool { return r.LeftInverse(a) }},
	"logical_divide":  {tiler(layout.LogicalDivide), (*layout.Static).LogicalDivide},
	"zipped_divide":   {tiler(layout.ZippedDivide), (*layout.Static).ZippedDivide},
	"tiled_divide":    {tiler(layout.TiledDivide), (*layout.Static).TiledDivide},
	"flat_divide":     {tiler(layout.FlatDivide), (*layout.Static).FlatDivide},
	"logical_product": {tiler(layout.LogicalProduct), (*layout.Static).LogicalProduct},
	"zipped_product":  {tiler(layout.ZippedProduct), (*layout.Static).ZippedProduct},
	"tiled_product":   {tiler(layout.TiledProduct), (*layout.Static).TiledProduct},
	"flat_product":    {tiler(layout.FlatProduct), (*layout.Static).FlatProduct},
	"blocked_product": {layout.BlockedProduct, (*layout.Static).BlockedProduct},
	"raked_product":   {layout.RakedProduct, (*layout.Static).RakedProduct},
}

func tiler(f func(layout.Layout, layout.Tiler) (layout.Layout, error)) func(a, b layout.Layout) (layout.Layout, error) {
	return func(a, b layout.Layout) (layout.Layout, error) { return f(a, layout.TileLayout(b)) }
}

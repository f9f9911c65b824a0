package lsp

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/cutec/cutec/internal/tvpic"
	"github.com/cutec/cutec/tiled"
)

// Bounds of the thread-value picture a hover draws for a tiled MMA or copy:
// a tiling of more cells (all panels together), or a drawing of more bytes,
// is described without it, with a note saying how to draw it.
const (
	maxPictureCells = 4096
	maxPictureBytes = 32 << 10
)

// tiledFacts lists the layouts of a tiled MMA (get_thr_layout_vmnk,
// tile_size, get_layoutA/B/C_TV) or a tiled copy (get_layout_tv, its tile,
// get_layoutS/D_TV), as cutec eval's queries give them; ok is false for
// any other value.
func tiledFacts(v any) (facts []string, cells int64, ok bool) {
	switch m := v.(type) {
	case interface{ MMA() *tiled.MMA }:
		t := m.MMA()
		ts := t.TileSize()
		facts = append(facts,
			"thr_layout_vmnk (get_thr_layout_vmnk): "+t.ThrLayoutVMNK().String(),
			fmt.Sprintf("tile_size (M,N,K): (%d,%d,%d)", ts[0], ts[1], ts[2]),
			fmt.Sprintf("size (threads): %d", t.Size()))
		for _, op := range []byte{'A', 'B', 'C'} {
			if tv, err := t.LayoutTV(op); err == nil {
				facts = append(facts, fmt.Sprintf("get_layout%c_TV: %s", op, tv))
			}
		}
		return facts, ts[0]*ts[1] + ts[0]*ts[2] + ts[1]*ts[2], true
	case interface{ Copy() *tiled.Copy }:
		c := m.Copy()
		facts = append(facts,
			"TV layout (get_layout_tv): "+c.TV.String(),
			"tiler (tile_size): "+c.Tiler.String(),
			fmt.Sprintf("size (threads): %d", c.Size()))
		for _, s := range []byte{'S', 'D'} {
			if tv, err := c.LayoutTV(s); err == nil {
				facts = append(facts, fmt.Sprintf("get_layout%c_TV: %s", s, tv))
			}
		}
		n, _ := c.TV.Size()
		return facts, 2 * n, true
	}
	return nil, 0, false
}

// tiledPicture writes the text picture of a tiled MMA or copy (tvpic's
// text format, as cutec show draws it), or, beyond the bounds, a note.
func tiledPicture(b *strings.Builder, v any, cells int64) {
	if cells > maxPictureCells {
		fmt.Fprintf(b, "\n(picture elided: %d cells, more than a hover draws (%d); `cutec show` draws it)\n", cells, maxPictureCells)
		return
	}
	pic, err := tvpic.Of(v)
	if err != nil {
		fmt.Fprintf(b, "\n(no picture: %v)\n", err)
		return
	}
	var buf bytes.Buffer
	if err := pic.Write(&buf, "text"); err != nil {
		fmt.Fprintf(b, "\n(no picture: %v)\n", err)
		return
	}
	if buf.Len() > maxPictureBytes {
		fmt.Fprintf(b, "\n(picture elided: %d bytes, more than a hover shows (%d); `cutec show` draws it)\n", buf.Len(), maxPictureBytes)
		return
	}
	fmt.Fprintf(b, "\n```\n%s\n```\n", strings.TrimRight(buf.String(), "\n"))
}

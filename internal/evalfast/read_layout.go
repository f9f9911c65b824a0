package evalfast

import "github.com/cutec/cutec/layout"

// ReadLayout reads one layout written out in full, shape:stride of decimal
// integers and tuples of them whose size fits an int64 (the layouts Append
// reads), from src at
// offset at (spaces and tabs before and between its tokens are skipped)
// into s, which must be empty. It returns the offset just past the
// layout's last byte; ok is false when src at offset at does not start
// with such a layout, and s is then undefined. The caller decides what may
// follow it. Lint's reader of .cute lines (verify's cute_fast.go) uses it.
func ReadLayout(src []byte, at int, s *layout.Static) (end int, ok bool) {
	r := reader{src: src, pos: at}
	if !r.layout(s) {
		return 0, false
	}
	return r.pos, true
}

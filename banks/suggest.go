package banks

import (
	"sort"

	"github.com/cutec/cutec/layout"
)

// maxSuggestBits bounds B of the swizzles Suggest tries: 2^5 = NumBanks, so
// five bits of a row index are enough to spread 32 rows over every bank.
const maxSuggestBits = 5

// maxSuggestWork bounds the element evaluations of a search (swizzles
// tried times tile elements), so that a large tile cannot make Suggest run
// for minutes.
const maxSuggestWork = 1 << 26

// Candidate is a swizzle Suggest tried, with the analysis of the access
// under it.
type Candidate struct {
	Swizzle    layout.Swizzle `json:"-"`
	Text       string         `json:"swizzle"`
	Degree     int            `json:"degree"`
	Wavefronts int            `json:"wavefronts"`
	Ideal      int            `json:"ideal"`
}

// Suggest searches the swizzles S<B,M,S> that, composed with the tile's
// inner layout and offset in place of its swizzle, make access a
// conflict-free. It keeps only swizzles under which the access still runs
// (every vector stays contiguous and aligned, so the vector width is kept)
// and which permute the tile's offsets among themselves (the tile needs no
// more memory). The result lists the conflict-free swizzles smallest first:
// fewest bits B, then lowest top bit M+S+B, then lowest M; best is the first
// of them, or the candidate with the fewest wavefronts when none is free.
func Suggest(t Tile, e Elem, a Access) (free []Candidate, best Candidate, err error) {
	base := t.WithSwizzle(layout.Swizzle{})
	offs, err := base.offsets()
	if err != nil {
		return nil, Candidate{}, err
	}
	footprint := map[int64]bool{}
	var top int64
	for _, o := range offs {
		footprint[o] = true
		top = max(top, o)
	}
	bits := 0
	for int64(1)<<bits <= top {
		bits++
	}
	count := int64(0)
	for b := 1; b <= maxSuggestBits; b++ {
		for m := 0; m+2*b <= bits; m++ {
			count += int64(bits - m - 2*b + 1)
		}
	}
	if count*int64(len(offs)) > maxSuggestWork {
		return nil, Candidate{}, errAccess("searching %d swizzles over the %d elements of %s exceeds the bound of %d element evaluations; search on one atom of the tile",
			count, len(offs), t.L, maxSuggestWork)
	}
	var all []Candidate
	for b := 1; b <= maxSuggestBits; b++ {
		for m := 0; m+2*b <= bits; m++ {
			for s := b; m+s+b <= bits; s++ {
				sw, err := layout.NewSwizzle(b, m, s)
				if err != nil {
					continue
				}
				if !permutes(sw, offs, footprint) {
					continue
				}
				r, err := Analyze(t.WithSwizzle(sw), e, a)
				if err != nil {
					continue // the swizzle breaks a vector
				}
				all = append(all, Candidate{Swizzle: sw, Text: sw.String(), Degree: r.Degree, Wavefronts: r.Wavefronts, Ideal: r.Ideal})
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return smaller(all[i].Swizzle, all[j].Swizzle) })
	for _, c := range all {
		if c.Degree <= 1 {
			free = append(free, c)
		}
	}
	if len(free) > 0 {
		return free, free[0], nil
	}
	for i, c := range all {
		if i == 0 || c.Wavefronts < best.Wavefronts {
			best = c
		}
	}
	return nil, best, nil
}

// smaller orders swizzles: fewer bits, then a lower top bit, then a lower
// base.
func smaller(x, y layout.Swizzle) bool {
	if x.B != y.B {
		return x.B < y.B
	}
	if tx, ty := x.M+x.S+x.B, y.M+y.S+y.B; tx != ty {
		return tx < ty
	}
	return x.M < y.M
}

// permutes reports whether the swizzle maps the tile's offsets onto
// themselves.
func permutes(sw layout.Swizzle, offs []int64, footprint map[int64]bool) bool {
	for _, o := range offs {
		if !footprint[sw.Apply(o)] {
			return false
		}
	}
	return true
}

// Package suggest finds the known name closest to a misspelt one, for the
// "did you mean" of every diagnostic and error that names something: the
// operations of the algebra (normalize's E0203), and the command line's
// commands, flags, formats and checks. One function, so that a misspelling
// gets the same kind of suggestion wherever it is made.
package suggest

import "strings"

// Closest returns the candidate closest to name by edit distance, or ""
// when none is close: within about a third of the name's length (at least
// one edit), so that "evl" suggests "eval" but "x" suggests nothing; the
// first of equally close candidates wins. Failing that, a candidate that
// name is the only prefix of is suggested ("vers" suggests "version").
func Closest(name string, candidates []string) string {
	best, bestDist := "", max(1, len(name)/3)+1
	for _, c := range candidates {
		// The distance is at least the difference of the lengths: skip
		// the table for a candidate that cannot be closer.
		if diff := len(c) - len(name); diff >= bestDist || -diff >= bestDist {
			continue
		}
		if d := Distance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	if best != "" || name == "" {
		return best
	}
	for _, c := range candidates {
		if strings.HasPrefix(c, name) {
			if best != "" {
				return "" // ambiguous
			}
			best = c
		}
	}
	return best
}

// Distance is the optimal string alignment distance between a and b,
// counted in bytes: the number of single-byte insertions, deletions,
// substitutions and transpositions of adjacent bytes that turn a into b
// ("lnit" is one edit from "lint").
func Distance(a, b string) int {
	// rows[0], rows[1], rows[2] hold rows i-2, i-1 and i of the table: on
	// the stack for a name of up to 32 bytes.
	var buf [3][33]int
	var rows [3][]int
	for r := range rows {
		if len(b) < len(buf[r]) {
			rows[r] = buf[r][:len(b)+1]
		} else {
			rows[r] = make([]int, len(b)+1)
		}
	}
	for j := range rows[1] {
		rows[1][j] = j
	}
	for i := 1; i <= len(a); i++ {
		prev2, prev, cur := rows[0], rows[1], rows[2]
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		rows[0], rows[1], rows[2] = prev, cur, prev2
	}
	return rows[1][len(b)]
}

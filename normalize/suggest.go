package normalize

// suggest returns the known name closest to name, or "" when none is close:
// within an edit distance of about a third of the name's length.
func suggest(name string, known []string) string {
	best, bestDist := "", len(name)/3+2
	for _, k := range known {
		// The distance is at least the difference of the lengths.
		if diff := len(k) - len(name); diff >= bestDist || -diff >= bestDist {
			continue
		}
		if d := editDistance(name, k); d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

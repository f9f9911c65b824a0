package driver

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFactsSortAsTheirText: the facts of the notes come in the order of
// their texts, name{div=f}, which compareFact gives without building them:
// M2 before M ('2' sorts before '{'), M before M{ of a longer name whose
// next byte sorts after '{' (M~ is not a name, but the order must not
// depend on it), and lda after M (lower case after upper).
func TestFactsSortAsTheirText(t *testing.T) {
	names := []string{"M", "M2", "lda", "N", "M_", "MN", "K", "Ma", "M~"}
	texts := make([]string, len(names))
	for i, n := range names {
		texts[i] = n + "{div=" + strconv.Itoa(i+2) + "}"
	}
	slices.Sort(texts)
	got := slices.Clone(names)
	slices.SortFunc(got, compareFact)
	want := make([]string, len(texts))
	for i, s := range texts {
		want[i], _, _ = strings.Cut(s, "{div=")
	}
	assert.Equal(t, want, got)
}

package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUpdateByteForByte: an update changes only the sections it owns.
// It added a final newline to a hand-written last section, rewrote a
// spaced marker ("--  notes  --") and turned CRLF marker lines into LF.
func TestUpdateByteForByte(t *testing.T) {
	for _, c := range []struct{ name, text string }{
		{"no final newline", "mode: expr\n-- input --\n8:1\n-- printed --\nold\n-- notes --\nby hand, no newline"},
		{"spaced marker", "mode: expr\n-- input --\n8:1\n-- printed --\nold\n--  notes  --\nby hand\n"},
		{"crlf markers", "mode: expr\r\n-- input --\r\n8:1\r\n-- printed --\r\nold\r\n-- notes --\r\nby hand\r\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "a.txtar")
			require.NoError(t, os.WriteFile(p, []byte(c.text), 0o644))
			res, err := Run(dir, true)
			require.NoError(t, err)
			require.True(t, res[0].Updated)
			after, err := os.ReadFile(p)
			require.NoError(t, err)
			// Everything from the notes marker on, and everything before the
			// first computed section, is the same bytes.
			notes := strings.Index(c.text, "-- notes") - 1
			if notes < 0 {
				notes = strings.Index(c.text, "--  notes")
			}
			tail := c.text[notes:]
			assert.True(t, strings.HasSuffix(string(after), tail), "the tail %q is not kept:\n%q", tail, after)
			head := c.text[:strings.Index(c.text, "-- printed --")]
			assert.True(t, strings.HasPrefix(string(after), head), "the head %q is not kept:\n%q", head, after)
			// And the update checks clean.
			res, err = Run(dir, false)
			require.NoError(t, err)
			assert.Empty(t, res[0].Mismatches)
		})
	}
}

// TestUpdateWritesNothingWhenOneArchiveIsBad: an update rewrote the
// archives before a malformed one and then failed; it writes none now,
// whether the bad archive cannot be computed (no mode), is malformed (a
// section twice), or is in another directory of the run.
func TestUpdateWritesNothingWhenOneArchiveIsBad(t *testing.T) {
	good := "mode: expr\n-- input --\n8:1\n"
	for _, bad := range []string{
		"-- input --\n8:1\n", // no mode: an error
		"mode: expr\n-- input --\n8:1\n-- input --\n4:1\n",                       // a problem
		"mode: expr\n-- input --\n8:1\n-- printd --\n8:1\n",                      // a misspelling
		"mode: expr\n-- input --\n" + strings.Repeat("8:1\n", maxInputBytes/4+1), // over the input bound
	} {
		d1, d2 := t.TempDir(), t.TempDir()
		a := filepath.Join(d1, "a.txtar")
		require.NoError(t, os.WriteFile(a, []byte(good), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(d1, "z.txtar"), []byte(bad), 0o644))
		b := filepath.Join(d2, "b.txtar")
		require.NoError(t, os.WriteFile(b, []byte(good), 0o644))
		res, _ := RunAll([]string{d2, d1}, true)
		for _, r := range res {
			assert.False(t, r.Updated, "%s was updated beside a bad archive", r.Path)
		}
		for _, p := range []string{a, b} {
			data, err := os.ReadFile(p)
			require.NoError(t, err)
			assert.Equal(t, good, string(data))
		}
	}
}

// TestGoldenBoundedWork: a large archive costs work bounded by the input
// bound, not by the archive: a 29 MB input ran golden out of memory, and
// the misspelling check allocated for every character of long section
// names (a malformed 60 MB archive: 1.2 GB). Bounds are counted in bytes
// allocated (runtime.MemStats.TotalAlloc).
func TestGoldenBoundedWork(t *testing.T) {
	dir := t.TempDir()
	// An input over the bound is refused before it is computed.
	big := "mode: cute\n-- input --\n" + strings.Repeat("A = composition((4,6,8,10):(2,3,5,7), 6:12)\n", 4<<20/45)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "big.txtar"), []byte(big), 0o644))
	var err error
	alloc := allocated(func() { _, err = Run(dir, true) })
	require.Error(t, err)
	assert.Contains(t, err.Error(), "more than the")
	assert.Less(t, alloc, uint64(8*len(big)), "allocated %d bytes for a %d-byte archive", alloc, len(big))

	// 100,000 sections with distinct names of 100 bytes, and as many
	// repeated: the check costs less than the archive's bytes (no edit
	// distance of a long name, no copy of it, at most maxProblems listed).
	var b strings.Builder
	b.WriteString("mode: expr\n-- input --\n8:1\n")
	name := strings.Repeat("n", 100)
	for i := 0; i < 100000; i++ {
		fmt.Fprintf(&b, "-- %s%d --\nx\n-- printd --\n", name, i)
	}
	ar := txtar.Parse([]byte(b.String()))
	var probs []string
	alloc = allocated(func() { probs = problems(ar) })
	assert.Less(t, alloc, uint64(b.Len()), "the misspelling check allocated %d bytes for %d", alloc, b.Len())
	assert.Len(t, probs, maxProblems+1)
}

// TestUpdateNeverInflates: an update never writes an archive over the
// bound that the next run refuses (4.8 MB became 94 MB).
func TestUpdateNeverInflates(t *testing.T) {
	got := map[string]string{"ast": strings.Repeat("x", 10), "normalized": "n\n", "diagnostics": "d\n", "printed": "p\n"}
	text := splice([]byte("mode: expr\n-- input --\n8:1"), got)
	// A section without a final newline gets one before the next marker.
	assert.Equal(t, "mode: expr\n-- input --\n8:1\n-- ast --\nxxxxxxxxxx\n-- normalized --\nn\n-- diagnostics --\nd\n-- printed --\np\n", string(text))
	// The sections txtar reads are those the splice wrote.
	ar := txtar.Parse(text)
	require.Len(t, ar.Files, 5)
	assert.Equal(t, "8:1\n", string(ar.Files[0].Data))
}

func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

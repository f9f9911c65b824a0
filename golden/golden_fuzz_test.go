package golden

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// FuzzGoldenUpdate runs "golden -update" on any archive: it never panics;
// an archive with problems (a section twice, a misspelt section) is never
// rewritten; an updated archive keeps every section that is not computed
// (its name and its bytes, in their order), and its input section.
func FuzzGoldenUpdate(f *testing.F) {
	entries, _ := os.ReadDir(corpus)
	for _, e := range entries {
		if data, err := os.ReadFile(filepath.Join(corpus, e.Name())); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("mode: expr\n-- input --\n8:1\n-- notes --\nby hand\n"))
	f.Add([]byte("mode: cute\n-- input --\nA = 8:1\n-- input --\nB = 4:1\n"))
	f.Add([]byte("mode: mlir\n-- input --\n%0 = cute.static : !cute.layout<\"(4, 8):(1, 4)\">\n-- printd --\n"))
	f.Add([]byte("-- input --\n(4,8):(1,4)"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 16<<10 {
			return
		}
		dir := t.TempDir()
		p := filepath.Join(dir, "a.txtar")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := Run(dir, true)
		after, rerr := os.ReadFile(p)
		if rerr != nil {
			t.Fatal(rerr)
		}
		if err != nil || len(res) != 1 || !res[0].Updated {
			if !bytes.Equal(after, data) {
				t.Fatalf("an archive that was not updated (%v) changed:\n%q\n%q", err, data, after)
			}
			return
		}
		if len(res[0].Problems) > 0 {
			t.Fatalf("an archive with problems %v was updated", res[0].Problems)
		}
		before, now := txtar.Parse(data), txtar.Parse(after)
		if !bytes.Equal(before.Comment, now.Comment) {
			t.Fatalf("the comment changed:\n%q\n%q", before.Comment, now.Comment)
		}
		var kept, keptNow []txtar.File
		for _, f := range before.Files {
			if !isSection(f.Name) {
				kept = append(kept, f)
			}
		}
		for _, f := range now.Files {
			if !isSection(f.Name) {
				keptNow = append(keptNow, f)
			}
		}
		if len(kept) != len(keptNow) {
			t.Fatalf("the sections that are not computed changed:\n%q\n%q", data, after)
		}
		for i := range kept {
			// Kept byte for byte (txtar.Parse gives the last section a
			// final newline in both).
			want := kept[i].Data
			if kept[i].Name != keptNow[i].Name || !bytes.Equal(want, keptNow[i].Data) {
				t.Fatalf("section %q was not kept:\n%q\n%q", kept[i].Name, kept[i].Data, keptNow[i].Data)
			}
		}
	})
}

package sources

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/verify"
)

// BenchmarkReadCutlassTree reads every C++ and Python file of the CUTLASS
// tree named by CUTEC_CUTLASS that uses CuTe (HasMarker), as a directory
// walk of cutec lint does; it is skipped without CUTEC_CUTLASS.
func BenchmarkReadCutlassTree(b *testing.B) {
	root := os.Getenv("CUTEC_CUTLASS")
	if root == "" {
		b.Skip("CUTEC_CUTLASS not set")
	}
	type file struct {
		name string
		src  []byte
	}
	var files []file
	size := 0
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !Is(p) {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		size += len(src)
		files = append(files, file{p, src})
		return nil
	})
	require.NoError(b, err)
	p := verify.Default()
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			if HasMarker(f.src) {
				Read(f.name, f.src, p)
			}
		}
	}
}

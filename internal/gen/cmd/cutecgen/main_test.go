package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestParseSize(t *testing.T) {
	for s, want := range map[string]int64{"0": 0, "123": 123, "64K": 64 << 10, "100M": 100 << 20, "1G": 1 << 30} {
		if got, err := parseSize(s); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "M", "-1", "1.5G", "10T", "99999999999G"} {
		if got, err := parseSize(s); err == nil {
			t.Errorf("parseSize(%q) = %d, want an error", s, got)
		}
	}
}

func TestRunWritesExactSize(t *testing.T) {
	p := filepath.Join(t.TempDir(), "g.mlir")
	if err := run([]string{"-kind", "mlir", "-size", "3K", "-o", p}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(p); err != nil || fi.Size() != 3<<10 {
		t.Errorf("stat %s: %v, %v", p, fi, err)
	}
	if err := run([]string{"-kind", "json"}, io.Discard, io.Discard); err == nil {
		t.Errorf("an unknown kind is not an error")
	}
}

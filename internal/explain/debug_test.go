package explain

import (
	"os"
	"testing"
)

func TestDebugMismatch(t *testing.T) {
	src := os.Getenv("EXPLAIN_DEBUG")
	if src == "" {
		t.Skip()
	}
	onMismatch = func(c, got, want string) { t.Logf("%s: derived %s, evaluator %s", c, got, want) }
	defer func() { onMismatch = nil }()
	Explain(src)
}

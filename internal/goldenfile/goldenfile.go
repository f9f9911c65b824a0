// Package goldenfile is the one golden compare-or-write helper of the
// tests, and the one place that reads the update variable.
//
// A test that compares its output with a file calls Check. With
// CUTEC_UPDATE=1 in the environment, Check writes the output to the file
// instead (read the diff before committing it); tests that keep their
// expected text elsewhere (a section of a README, the golden corpus'
// archives) ask Update whether to rewrite it. The drawings' screenshots
// are rewritten only on request, with CUTEC_UPDATE_SCREENSHOTS=1
// (UpdateScreenshots), because they need a browser and are compared
// within a tolerance, never byte for byte.
package goldenfile

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Env is the environment variable that turns the golden files' update on.
const Env = "CUTEC_UPDATE"

// ScreenshotsEnv is the environment variable that rewrites the drawings'
// screenshots under docs/img.
const ScreenshotsEnv = "CUTEC_UPDATE_SCREENSHOTS"

// Update reports whether the tests rewrite their golden files: CUTEC_UPDATE=1.
func Update() bool { return os.Getenv(Env) == "1" }

// UpdateScreenshots reports whether the screenshot tests rewrite
// docs/img: CUTEC_UPDATE_SCREENSHOTS=1.
func UpdateScreenshots() bool { return os.Getenv(ScreenshotsEnv) == "1" }

// Hint is the sentence a failing golden comparison ends with.
const Hint = "rerun with " + Env + "=1 if the change is intended, and read the diff"

// Check compares got with the file at path, line by line (-want +got), or
// writes got to path when Update is true.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if Update() {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with %s=1 to create it)", err, Env)
	}
	if diff := Diff(want, got); diff != "" {
		t.Errorf("%s differs (-want +got); %s:\n%s", path, Hint, diff)
	}
}

// Diff is the line diff of want and got (-want +got), empty when they are
// equal.
func Diff(want, got []byte) string {
	if string(want) == string(got) {
		return ""
	}
	return cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n"))
}

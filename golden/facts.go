package golden

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// FactsSection is the name of an archive's section of facts from outside
// the program: a result the CuTe paper or a reference gives, the number of
// diagnostics an input is written to produce. Unlike the other sections it
// is never recomputed, so an update can never approve a change that breaks
// a fact: Check compares the recomputed sections with it, and Update keeps
// it as it is. One fact a line, `#` starts a comment:
//
//	diagnostics: none        the diagnostics section is (none)
//	errors: N                exactly N error diagnostics
//	codes: E0400 W0900 ...   the codes of the diagnostics, as a multiset
//	value: KIND TEXT         (mode expr) the normalized value, exactly
const FactsSection = "facts"

// facts returns the archive's facts section, if it has one.
func facts(ar *txtar.Archive) (string, bool) {
	return file(ar, FactsSection)
}

// diagLine matches the first line of a rendered diagnostic and captures
// its severity and code.
var diagLine = regexp.MustCompile(`(?m)^\S.*?: (error|warning|info)\[([A-Z][0-9]{4})\]: `)

// checkFacts returns one message for each fact of the archive that the
// recomputed sections got break, and for each line that is not a fact.
func checkFacts(ar *txtar.Archive, mode string, got map[string]string) []string {
	text, ok := facts(ar)
	if !ok {
		return nil
	}
	diags := got["diagnostics"]
	var severities, codes []string
	for _, m := range diagLine.FindAllStringSubmatch(diags, -1) {
		severities = append(severities, m[1])
		codes = append(codes, m[2])
	}
	var failures []string
	fail := func(n int, format string, args ...any) {
		failures = append(failures, fmt.Sprintf("facts line %d: ", n)+fmt.Sprintf(format, args...))
	}
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		if j := strings.Index(line, "#"); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		val = strings.TrimSpace(val)
		if !ok {
			fail(n, "%q is not `key: value`", line)
			continue
		}
		switch strings.TrimSpace(key) {
		case "diagnostics":
			if val != "none" {
				fail(n, "diagnostics: the only fact is `none`, not %q", val)
			} else if diags != "(none)\n" {
				fail(n, "want no diagnostics, got:\n%s", diags)
			}
		case "errors":
			want, err := strconv.Atoi(val)
			if err != nil {
				fail(n, "errors: %q is not a count", val)
				continue
			}
			if have := count(severities, "error"); have != want {
				fail(n, "want %d error diagnostics, got %d:\n%s", want, have, diags)
			}
		case "codes":
			want := strings.Fields(val)
			have := append([]string(nil), codes...)
			sort.Strings(want)
			sort.Strings(have)
			if strings.Join(want, " ") != strings.Join(have, " ") {
				fail(n, "want the codes %v, got %v:\n%s", want, have, diags)
			}
		case "value":
			if mode != "expr" {
				fail(n, "value: applies to mode expr only, not %s", mode)
			} else if have := strings.TrimSuffix(got["normalized"], "\n"); have != val {
				fail(n, "want the value %q, got %q", val, have)
			}
		default:
			fail(n, "unknown fact %q (want diagnostics, errors, codes or value)", key)
		}
	}
	return failures
}

func count(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}

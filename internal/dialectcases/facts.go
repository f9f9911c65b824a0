// Package dialectcases holds the rule by which the tests compare a result
// with an expectation restated from the cute dialect's tests
// (testdata/dialect/README.md).
package dialectcases

import "strings"

// FactsAgree reports whether got is the expectation want. The restated
// dialect tests lost every {...} annotation of a dynamic leaf, so an
// expectation without one is compared with got's annotations erased; one
// with annotations is compared exactly.
func FactsAgree(got, want string) bool {
	if strings.Contains(want, "{") {
		return got == want
	}
	return EraseFacts(got) == want
}

// EraseFacts removes the {...} annotations of dynamic leaves.
func EraseFacts(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '{':
			depth++
		case r == '}' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

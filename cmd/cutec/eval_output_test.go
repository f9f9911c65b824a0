package main

import (
	"encoding/json"
	"testing"

	"github.com/cutec/cutec/internal/driver"
)

func TestAppendJSONString(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"S<3,4,3>", `"S<3,4,3>"`}, // no HTML escaping
		{`a"b\c`, `"a\"b\\c"`},
		{"tab\there\nnl\r", `"tab\there\nnl\r"`},
		{"\x00\x1f", `"\u0000\u001f"`},
		{"é∘", `"é∘"`},
		{"bad\xffutf8", `"bad\ufffdutf8"`},
	} {
		got := string(driver.AppendJSONString(nil, tc.in))
		if got != tc.want {
			t.Errorf("driver.AppendJSONString(%q) = %s, want %s", tc.in, got, tc.want)
		}
		var back string
		if err := json.Unmarshal([]byte(got), &back); err != nil {
			t.Errorf("%s is not valid JSON: %v", got, err)
		}
		if got := string(driver.AppendJSONString(nil, []byte(tc.in))); got != tc.want {
			t.Errorf("driver.AppendJSONString([]byte(%q)) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

package main

import (
	"bytes"
	"strings"
)

// webRun is the one entry of the web page (web_js.go gives it to the page as
// cutec(args, stdin)): it runs the command line args as "cutec" does, with
// stdin as standard input, no file and no environment, and returns what the
// command wrote and its exit status. It is built into every binary, so the
// tests drive the page's entry without a browser (the test matrix).
func webRun(args []string, stdin string) (stdout, stderr string, status int) {
	var out, errOut bytes.Buffer
	status = run(args, &env{
		stdin:  strings.NewReader(stdin),
		stdout: &out,
		stderr: &errOut,
		getenv: func(string) string { return "" },
	})
	return out.String(), errOut.String(), status
}

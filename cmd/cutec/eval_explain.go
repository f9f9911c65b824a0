package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/cutec/cutec/internal/explain"
)

// explainHelp is what "cutec help eval" and "cutec help verify" say of
// -explain.
const explainHelp = `With -explain each expression is followed by its derivation, as the CuTe
paper derives the operation: numbered steps, each a cutec expression, its
value and the rule it applies, with the numbers tested (docs/explain.md).
With -explain -json each expression is one JSON object whose "steps" are
{"rule","expr","value","note","depth"}: evaluating expr gives value, and the
last step's value is the result.`

// writeDerivation writes a derivation as text or as one JSON line.
func writeDerivation(w io.Writer, d explain.Derivation, asJSON bool) {
	if asJSON {
		b, _ := json.Marshal(d)
		w.Write(append(b, '\n'))
		return
	}
	explain.WriteText(w, d, 0)
}

// explainInputs explains each argument, or each line of standard input,
// and reports whether one failed.
func explainInputs(e *env, args []string, asJSON bool) (failed bool, err error) {
	one := func(src string) {
		d := explain.Explain(src)
		failed = failed || d.Failed
		writeDerivation(e.stdout, d, asJSON)
	}
	if len(args) > 0 {
		for _, a := range args {
			one(a)
		}
		return failed, nil
	}
	cr := newChunkReader(e.stdin, maxLineLen)
	for {
		ch, err := cr.next()
		if err == io.EOF {
			return failed, nil
		}
		if err != nil {
			return failed, err
		}
		if ch.long != nil {
			return true, fmt.Errorf("a line of standard input is longer than %d bytes", maxLineLen)
		}
		ch.lines(func(text []byte, off int64, line int) {
			if w := lineWindow("<stdin>", text, off, line); !isBlankOrComment(w.Src) {
				one(strings.TrimSpace(string(w.Src)))
			}
		})
	}
}

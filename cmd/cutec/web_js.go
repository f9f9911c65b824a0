//go:build js

package main

import "syscall/js"

// main, in the WebAssembly build (GOOS=js GOARCH=wasm, built by
// web/build.py), runs no command: it gives the page one function,
// cutec(args, stdin), which runs the command line args as "cutec" does and
// returns {stdout, stderr, status}. The page (web/app.js) runs eval,
// verify, show, banks and lint through it, so what it shows is exactly what
// the command prints for the same arguments. No file is read: lint reads
// its standard input, the editor's text.
func main() {
	js.Global().Set("cutec", js.FuncOf(func(_ js.Value, argv []js.Value) any {
		var args []string
		var stdin string
		if len(argv) > 0 {
			for i := range argv[0].Length() {
				args = append(args, argv[0].Index(i).String())
			}
		}
		if len(argv) > 1 && argv[1].Type() == js.TypeString {
			stdin = argv[1].String()
		}
		stdout, stderr, status := webRun(args, stdin)
		return map[string]any{"stdout": stdout, "stderr": stderr, "status": status}
	}))
	select {}
}

// guardOutputs does nothing in the browser: the commands write to buffers,
// and js/wasm has no SIGPIPE (main.go has the command's).
func guardOutputs() {}

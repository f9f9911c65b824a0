//go:build js

package main

// commandTable returns the commands of the playground's WebAssembly module
// (web_js.go, docs/web.md): those web/app.js runs, and nothing else, so that
// the module leaves out what only the command needs (the language server,
// files and directories, goldens, fmt, layouts). A command the page does
// not have answers as an unknown command.
func commandTable() []*command {
	return []*command{
		evalCommand,
		verifyCommand,
		lintCommand,
		showCommand,
		banksCommand,
		versionCommand,
	}
}

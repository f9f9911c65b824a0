//go:build !js

package main

// commandTable returns every command, in the order "cutec help" lists
// them. Adding a command is adding its entry here (and its file; a command
// the playground runs goes in commands_js.go too).
func commandTable() []*command {
	return []*command{
		evalCommand,
		verifyCommand,
		lintCommand,
		layoutsCommand,
		fmtCommand,
		showCommand,
		banksCommand,
		goldenCommand,
		explainCommand,
		lspCommand,
		versionCommand,
		helpCommand,
	}
}

package main

import (
	"flag"
	"fmt"
	"runtime"
	"runtime/debug"
)

// versionCommand is "cutec version".
var versionCommand = &command{
	name:  "version",
	args:  "",
	short: "print cutec's version",
	long: `Version prints cutec's module version (the tag "go install ...@version"
installed, or "(devel)" for a build from a working tree), the Go version
and the platform.`,
	setup: func(*flag.FlagSet) runFunc { return runVersion },
}

// runVersion prints "cutec VERSION GOVERSION GOOS/GOARCH".
func runVersion(e *env, args []string) int {
	if len(args) > 0 {
		return usageError(e, "version", "version takes no arguments")
	}
	fmt.Fprintf(e.stdout, "cutec %s %s %s/%s\n", moduleVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return exitOK
}

// moduleVersion returns the main module's version from the build
// information, or "(devel)".
func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

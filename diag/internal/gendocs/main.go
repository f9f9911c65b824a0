// Command gendocs writes docs/diagnostics.md, the users' catalogue of
// diagnostic codes, from diag.Catalogue(). The catalogue is the source of
// truth; the page is generated and never edited by hand. Run it through
//
//	go generate ./diag
//
// or set CUTEC_UPDATE=1 when running this package's tests, which fail while
// the page and the catalogue disagree.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	out := flag.String("o", "docs/diagnostics.md", "file to write")
	flag.Parse()
	page, err := markdown()
	if err == nil {
		err = os.WriteFile(*out, page, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}

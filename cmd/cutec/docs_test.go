package main

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestDocs runs every command shown in the repository's Markdown files
// (README.md, docs/*.md, examples/**/README.md, ...) and compares its output
// with the text the page shows: the docs are the script, so no example can
// drift from what cutec does. docs/doctest.md describes the format.
func TestDocs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command of the docs")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	pages, err := markdownPages(root)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, page := range pages {
		src, err := os.ReadFile(filepath.Join(root, page))
		if err != nil {
			t.Fatal(err)
		}
		blocks, err := parseDocBlocks(string(src))
		if err != nil {
			t.Errorf("%s: %v", page, err)
			continue
		}
		if len(blocks) == 0 {
			continue
		}
		t.Run(page, func(t *testing.T) {
			dir := t.TempDir()
			if err := copyNamed(root, dir, blocks); err != nil {
				t.Fatal(err)
			}
			// A plain "cutec ARGS" runs in this process (in dir), not in a
			// shell that starts the command: most of the commands are.
			t.Chdir(dir)
			for _, b := range blocks {
				if b.skip != "" {
					t.Logf("%s:%d: block not run: %s", page, b.line, b.skip)
					continue
				}
				for _, c := range b.cmds {
					total++
					runDocCommand(t, page, dir, c)
				}
			}
		})
	}
	if total == 0 {
		t.Error("no command found in the docs")
	}
}

// runDocCommand runs one command in dir with sh and compares its output
// (standard output and standard error, interleaved) with the doc's text.
// Each command runs in its own shell, so "echo $?" is given the previous
// command's exit status by running "(exit N)" first.
func runDocCommand(t *testing.T, page, dir string, c *docCommand) {
	t.Helper()
	var out bytes.Buffer
	if args, ok := plainCutec(c.text); ok {
		// The process's directory is dir (TestDocs); NO_COLOR=1 as for sh.
		c.status = run(args, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &out,
			getenv: func(k string) string { return map[string]string{"NO_COLOR": "1", "LC_ALL": "C"}[k] }})
	} else {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		script := "(exit " + itoa(c.prevStatus()) + ")\n" + c.text
		cmd := exec.CommandContext(ctx, "sh", "-c", script)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "NO_COLOR=1", "LC_ALL=C")
		cmd.Stdout = &out
		cmd.Stderr = &out
		err := cmd.Run()
		c.status = 0
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit):
			c.status = exit.ExitCode()
		case err != nil:
			t.Errorf("%s:%d: $ %s: %v", page, c.line, c.first(), err)
			return
		}
	}
	if got := out.String(); got != c.want {
		t.Errorf("%s:%d: $ %s\nthe output differs from the doc (-doc +cutec):\n%s", page, c.line, c.first(),
			cmp.Diff(strings.SplitAfter(c.want, "\n"), strings.SplitAfter(got, "\n")))
	}
}

// plainCutec returns the arguments of a command that is "cutec" and words
// that sh would pass as they are written, or in single quotes or in double
// quotes holding no $, ` or \ (no redirection, pipe, variable, glob or
// here-document), and whether it is one.
func plainCutec(text string) ([]string, bool) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(text); i++ {
		switch ch := text[i]; {
		case ch == ' ' || ch == '\t':
			if inWord {
				words, inWord = append(words, w.String()), false
				w.Reset()
			}
		case ch == '\'' || ch == '"':
			end := strings.IndexByte(text[i+1:], ch)
			if end < 0 {
				return nil, false
			}
			quoted := text[i+1 : i+1+end]
			if ch == '"' && strings.ContainsAny(quoted, "$`\\") {
				return nil, false
			}
			w.WriteString(quoted)
			inWord = true
			i += end + 1
		case strings.IndexByte("\n\\|&;<>()$`*?[~#{}=!", ch) >= 0:
			return nil, false
		default:
			w.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	if len(words) == 0 || words[0] != "cutec" {
		return nil, false
	}
	return words[1:], true
}

func itoa(n int) string {
	if n < 0 {
		return "0"
	}
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
		if n == 0 {
			return string(b)
		}
	}
}

// markdownPages returns the Markdown files of the repository, relative to
// root, passing over hidden directories and the test data.
func markdownPages(root string) ([]string, error) {
	var pages []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "fuzz") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			rel, _ := filepath.Rel(root, p)
			pages = append(pages, filepath.ToSlash(rel))
		}
		return nil
	})
	return pages, err
}

// copyNamed copies into dir the files and directories of the repository at
// root that the commands of blocks name (a word of a command that is the
// path of one, relative to root), or the whole repository when a command
// names the root itself ("cutec lint ."). Copying the 900 files of the
// repository for each page took most of the test's time. A file a command
// reads without naming it would be missing, and the command's output would
// differ from the page's, so the test cannot pass by copying too little.
func copyNamed(root, dir string, blocks []*docBlock) error {
	seen := map[string]bool{}
	for _, b := range blocks {
		for _, c := range b.cmds {
			for _, w := range strings.FieldsFunc(c.text, isShellSeparator) {
				rel := filepath.Clean(w)
				if seen[rel] || filepath.IsAbs(rel) || strings.HasPrefix(rel, "..") {
					continue
				}
				seen[rel] = true
				if rel == "." {
					return copyTree(root, dir)
				}
				info, err := os.Stat(filepath.Join(root, rel))
				switch {
				case err != nil:
				case info.IsDir():
					if err := copyTree(filepath.Join(root, rel), filepath.Join(dir, rel)); err != nil {
						return err
					}
				case info.Mode().IsRegular():
					if err := copyFile(filepath.Join(root, rel), filepath.Join(dir, rel), info.Mode().Perm()); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// isShellSeparator reports whether r ends a word of a command, as far as
// finding the paths it names goes.
func isShellSeparator(r rune) bool {
	return strings.ContainsRune(" \t\n'\"<>|;&()=$`", r)
}

// copyFile copies the file src to dst, making dst's directory.
func copyFile(src, dst string, perm fs.FileMode) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, perm)
}

// copyTree copies the regular files of the repository at root into dir
// (hidden directories left out), so that the commands see the files the
// docs name and may create or rewrite files without touching the tree.
func copyTree(root, dir string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if p != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return copyFile(p, filepath.Join(dir, rel), info.Mode().Perm())
	})
}

var (
	mdLinkRE   = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	codeSpanRE = regexp.MustCompile("`[^`]*`")
)

// TestDocLinks requires every relative link of the repository's Markdown
// files to name a file or directory inside the repository that exists.
func TestDocLinks(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	pages, err := markdownPages(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range pages {
		src, err := os.ReadFile(filepath.Join(root, page))
		if err != nil {
			t.Fatal(err)
		}
		fence := ""
		for i, line := range strings.Split(string(src), "\n") {
			if f := fenceRE.FindString(line); f != "" && (fence == "" || strings.HasPrefix(f, fence)) {
				if fence == "" {
					fence = f
				} else {
					fence = ""
				}
				continue
			}
			if fence != "" {
				continue // code, not Markdown
			}
			line = codeSpanRE.ReplaceAllString(line, "")
			for _, m := range mdLinkRE.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				target, _, _ = strings.Cut(target, "#")
				p := filepath.Join(root, filepath.Dir(page), filepath.FromSlash(target))
				if rel, err := filepath.Rel(root, p); err != nil || strings.HasPrefix(rel, "..") {
					t.Errorf("%s:%d: the link %s points outside the repository", page, i+1, m[1])
					continue
				}
				if _, err := os.Stat(p); err != nil {
					t.Errorf("%s:%d: the link %s names a missing file", page, i+1, m[1])
				}
			}
		}
	}
}

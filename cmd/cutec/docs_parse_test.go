package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// docBlock is a fenced code block of a Markdown page that shows commands.
type docBlock struct {
	line int    // of the opening fence, 1-based
	skip string // the reason given by a "doctest: skip" marker, if any
	cmds []*docCommand
}

// docCommand is one "$ " line of a block (with its here-document, if any)
// and the output shown under it.
type docCommand struct {
	line   int    // of the "$ " line
	text   string // the command for sh, here-document included
	want   string // the output shown, each line ending in "\n"
	prev   *docCommand
	status int // set when run
}

func (c *docCommand) first() string { return strings.SplitN(c.text, "\n", 2)[0] }

func (c *docCommand) prevStatus() int {
	if c.prev == nil {
		return 0
	}
	return c.prev.status
}

var (
	fenceRE   = regexp.MustCompile("^(```+|~~~+)")
	skipRE    = regexp.MustCompile(`^<!-- doctest: skip: (\S.*?) -->$`)
	heredocRE = regexp.MustCompile(`<<-?\s*['"]?([A-Za-z_][A-Za-z_0-9]*)['"]?\s*$`)
)

// parseDocBlocks returns the blocks of a page that hold at least one "$ "
// line. In such a block, a line starting with "$ " is a command, ending with
// a here-document (<<'EOF' ... EOF) when it opens one; the lines that follow
// it up to the next command are its output. A line
// "<!-- doctest: skip: REASON -->" just before a fence (blank lines
// allowed) marks the block as not run.
func parseDocBlocks(src string) ([]*docBlock, error) {
	lines := strings.Split(src, "\n")
	var blocks []*docBlock
	skip, skipLine := "", 0
	var prev *docCommand
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if m := skipRE.FindStringSubmatch(line); m != nil {
			skip, skipLine = m[1], i+1
			continue
		}
		m := fenceRE.FindString(line)
		if m == "" {
			if strings.TrimSpace(line) != "" && skip != "" {
				return nil, fmt.Errorf("line %d: a doctest skip marker must come just before a code block", skipLine)
			}
			continue
		}
		// A fenced block: collect its lines up to the closing fence.
		b := &docBlock{line: i + 1, skip: skip}
		skip = ""
		var body []string
		start := i + 1
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], m); i++ {
			body = append(body, lines[i])
		}
		var cur *docCommand
		for j := 0; j < len(body); j++ {
			l := body[j]
			if cmd, ok := strings.CutPrefix(l, "$ "); ok {
				cur = &docCommand{line: start + j + 1, text: cmd, prev: prev}
				prev = cur
				b.cmds = append(b.cmds, cur)
				if h := heredocRE.FindStringSubmatch(cmd); h != nil {
					end := j + 1
					for end < len(body) && strings.TrimLeft(body[end], "\t") != h[1] {
						end++
					}
					if end == len(body) {
						return nil, fmt.Errorf("line %d: the here-document is not closed by %s", cur.line, h[1])
					}
					cur.text += "\n" + strings.Join(body[j+1:end+1], "\n")
					j = end
				}
				continue
			}
			if cur == nil {
				continue // text before the first command
			}
			cur.want += l + "\n"
		}
		if len(b.cmds) > 0 {
			blocks = append(blocks, b)
		} else if b.skip != "" {
			return nil, fmt.Errorf("line %d: a doctest skip marker before a block without commands", skipLine)
		}
	}
	if skip != "" {
		return nil, fmt.Errorf("line %d: a doctest skip marker at the end of the page", skipLine)
	}
	return blocks, nil
}

// TestParseDocBlocks pins the reading of a page: commands, outputs,
// here-documents, skip markers and blocks without commands.
func TestParseDocBlocks(t *testing.T) {
	page := "# T\n" + // 1
		"```\n" + // 2
		"go test ./...\n" + // 3: no prompt, not run
		"```\n" + // 4
		"text\n" + // 5
		"```\n" + // 6
		"$ cat > a.cute <<'EOF'\n" + // 7
		"A = 8:1\n" + // 8
		"EOF\n" + // 9
		"$ cutec lint a.cute\n" + // 10
		"$ echo $?\n" + // 11
		"0\n" + // 12
		"```\n" + // 13
		"<!-- doctest: skip: the output names the platform -->\n" + // 14
		"\n" + // 15
		"```\n" + // 16
		"$ cutec version\n" + // 17
		"cutec (devel) go linux/amd64\n" + // 18
		"```\n" // 19
	blocks, err := parseDocBlocks(page)
	if err != nil {
		t.Fatal(err)
	}
	type cmdView struct {
		Line       int
		Text, Want string
	}
	type blockView struct {
		Line int
		Skip string
		Cmds []cmdView
	}
	var got []blockView
	for _, b := range blocks {
		v := blockView{Line: b.line, Skip: b.skip}
		for _, c := range b.cmds {
			v.Cmds = append(v.Cmds, cmdView{c.line, c.text, c.want})
		}
		got = append(got, v)
	}
	// Derived by hand from the page above (line numbers in its comments).
	want := []blockView{
		{Line: 6, Cmds: []cmdView{
			{7, "cat > a.cute <<'EOF'\nA = 8:1\nEOF", ""},
			{10, "cutec lint a.cute", ""},
			{11, "echo $?", "0\n"},
		}},
		{Line: 16, Skip: "the output names the platform", Cmds: []cmdView{
			{17, "cutec version", "cutec (devel) go linux/amd64\n"},
		}},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("blocks (-want +got):\n%s", d)
	}
	if blocks[0].cmds[2].prev != blocks[0].cmds[1] {
		t.Error("echo $? is not tied to the command before it")
	}
	for _, bad := range []string{
		"<!-- doctest: skip: why -->\ntext\n```\n$ cutec version\n```\n",
		"<!-- doctest: skip: why -->\n```\nno command\n```\n",
		"```\n$ cat > a <<EOF\nx\n```\n",
	} {
		if _, err := parseDocBlocks(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// Case is one instruction of one warp: the fields of the measured files of
// banks/testdata/h200 (README.md there).
type Case struct {
	Line         int      `json:"-"` // the line of its file, from 1
	File         string   `json:"-"` // its file
	Source       string   `json:"source,omitempty"`
	Args         []string `json:"args"`
	Instruction  int      `json:"instruction"`
	Kind         string   `json:"kind"`
	Lanes        []int64  `json:"lanes"`
	Pred         *int     `json:"pred"`
	GPU          int      `json:"gpu"`
	GPUConflicts int      `json:"gpu_conflicts"`
	// Metric names the counter of GPU when it is not the shared-memory
	// wavefronts less op_misc (cp.async: the LDGSTS counter).
	Metric string `json:"metric,omitempty"`
	Device string `json:"device,omitempty"`
}

// readCases reads a file of cases, one JSON object a line.
func readCases(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Case
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		var c Case
		if err := json.Unmarshal(line, &c); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		c.Line, c.File = n, path
		out = append(out, c)
	}
	return out, sc.Err()
}

// writeCases writes cases as JSON lines.
func writeCases(w io.Writer, cases []Case) error {
	enc := json.NewEncoder(w)
	for _, c := range cases {
		if err := enc.Encode(c); err != nil {
			return err
		}
	}
	return nil
}

// kinds maps the kind of a case (the PTX instruction banks.cu executes) to
// the atom of cutec that names it, and back.
var kinds = map[string]string{
	"ld8": "ld.shared.b8", "ld16": "ld.shared.b16", "ld32": "ld.shared.b32", "ld64": "ld.shared.b64", "ld128": "ld.shared.b128",
	"st8": "st.shared.b8", "st16": "st.shared.b16", "st32": "st.shared.b32", "st64": "st.shared.b64", "st128": "st.shared.b128",
	"ldmatrix_x1": "ldmatrix.x1", "ldmatrix_x2": "ldmatrix.x2", "ldmatrix_x4": "ldmatrix.x4",
	"ldmatrix_x1_t": "ldmatrix.x1.trans", "ldmatrix_x2_t": "ldmatrix.x2.trans", "ldmatrix_x4_t": "ldmatrix.x4.trans",
	"stmatrix_x1": "stmatrix.x1", "stmatrix_x2": "stmatrix.x2", "stmatrix_x4": "stmatrix.x4",
	"stmatrix_x1_t": "stmatrix.x1.trans", "stmatrix_x2_t": "stmatrix.x2.trans", "stmatrix_x4_t": "stmatrix.x4.trans",
	"cp4": "cp.async.4", "cp8": "cp.async.8", "cp16ca": "cp.async.16", "cp16": "cp.async.cg.16",
}

// cutecArgs returns the arguments of `cutec banks -format json` for a case:
// its own, with the instruction of its kind named as the ATOM (a -width of
// a plain access replaced by the atom, which then ends the arguments).
func cutecArgs(c Case) ([]string, error) {
	atom, ok := kinds[c.Kind]
	if !ok {
		return nil, fmt.Errorf("%s:%d: unknown kind %q", c.File, c.Line, c.Kind)
	}
	var out []string
	positional := 0
	hasWidth := false
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a == "-width":
			hasWidth = true
			i++
		case strings.HasPrefix(a, "-") && a != "-byte-swizzle" && i+1 < len(c.Args):
			out = append(out, a, c.Args[i+1])
			i++
		case a == "-byte-swizzle":
			out = append(out, a)
		default:
			positional++
			if positional == 3 {
				continue // the atom, named again below
			}
			out = append(out, a)
		}
	}
	if hasWidth && !strings.HasPrefix(c.Args[0], "-") {
		return nil, fmt.Errorf("%s:%d: -width without -tv", c.File, c.Line)
	}
	return append([]string{"banks", "-format", "json"}, append(out, atom)...), nil
}

// predictor runs cutec.
type predictor struct{ cutec string }

// report is the part of `cutec banks -format json` the check reads.
type report struct {
	Instructions []struct {
		Wavefronts int `json:"wavefronts"`
		Phases     []struct {
			Requests []struct {
				Thread int   `json:"thread"`
				Byte   int64 `json:"byte"`
			} `json:"requests"`
		} `json:"phases"`
	} `json:"instructions"`
}

// predict runs cutec on a case with arguments, and sets its prediction and
// (when the case has none) its lanes: the byte address of each thread of
// the instruction, -1 for a thread that takes no part, and for ldmatrix
// and stmatrix .x1/.x2 the addresses of threads 0-7/0-15 again in the
// threads the hardware ignores.
func (p predictor) predict(c *Case) error {
	if c.Args == nil {
		if len(c.Lanes) != 32 {
			return fmt.Errorf("%s:%d: a case without arguments gives the 32 lanes", c.File, c.Line)
		}
		return nil
	}
	args, err := cutecArgs(*c)
	if err != nil {
		return err
	}
	cmd := exec.Command(p.cutec, args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil && out.Len() == 0 {
		return fmt.Errorf("%s:%d: cutec %s: %v: %s", c.File, c.Line, strings.Join(args, " "), err, errOut.String())
	}
	var r report
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		return fmt.Errorf("%s:%d: cutec's JSON: %v", c.File, c.Line, err)
	}
	if c.Instruction < 0 || c.Instruction >= len(r.Instructions) {
		return fmt.Errorf("%s:%d: the analysis has %d instructions, no instruction %d", c.File, c.Line, len(r.Instructions), c.Instruction)
	}
	in := r.Instructions[c.Instruction]
	w := in.Wavefronts
	c.Pred = &w
	lanes := make([]int64, 32)
	for i := range lanes {
		lanes[i] = -1
	}
	for _, ph := range in.Phases {
		for _, q := range ph.Requests {
			lanes[q.Thread] = q.Byte
		}
	}
	if n := matrixLanes(c.Kind); n > 0 {
		for t := n; t < 32; t++ {
			lanes[t] = lanes[t%n]
		}
	}
	if c.Lanes == nil {
		c.Lanes = lanes
	} else if fmt.Sprint(c.Lanes) != fmt.Sprint(lanes) {
		return fmt.Errorf("%s:%d: cutec gives the lanes %v, the case %v", c.File, c.Line, lanes, c.Lanes)
	}
	return nil
}

// matrixLanes returns the threads whose addresses ldmatrix/stmatrix .x1 and
// .x2 read (8, 16), or 0.
func matrixLanes(kind string) int {
	switch {
	case strings.Contains(kind, "matrix_x1"):
		return 8
	case strings.Contains(kind, "matrix_x2"):
		return 16
	}
	return 0
}

// writeLanes writes the line banks.cu reads for a case: the kind, the
// bytes of shared memory the kernel needs, and the 32 addresses.
func writeLanes(w io.Writer, c Case) error {
	top := int64(1024)
	for _, a := range c.Lanes {
		top = max(top, a+16)
	}
	top = (top + 1023) / 1024 * 1024
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d", c.Kind, top)
	for _, a := range c.Lanes {
		fmt.Fprintf(&b, " %d", a)
	}
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}

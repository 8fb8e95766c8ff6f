package remote

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mcp-playground/mcp-playground/exercises/importrule"
)

// CallTimeout bounds each call into the learner's code. Every check's calls
// return in milliseconds on a right answer; a call still running after this
// is an endless loop, and the process is killed. It is also what a check
// that hangs in its first call costs (see TEACHING.md, "Classroom 50").
const CallTimeout = 5 * time.Second

// callTimeout is CallTimeout, or a shorter bound from
// MCP_PLAYGROUND_CALL_TIMEOUT (a Go duration). The course's own test of a
// submission that spins in every check sets it: thirteen checks at 5 s
// each kept a core busy for a minute of the check. A value that would
// lengthen the bound is ignored, so setting it can only cost a submission
// time, never give a hang more.
func callTimeout() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("MCP_PLAYGROUND_CALL_TIMEOUT")); err == nil && d > 0 && d < CallTimeout {
		return d
	}
	return CallTimeout
}

// A Spec is what building an exercise's learner process needs.
type Spec struct {
	// Exercise is the exercise's id; Dir its folder (holding the learner's
	// file and the fixed API files).
	Exercise, Dir string
	// File is the learner's file, in Dir.
	File string
	// Imports is the exercise's import rule (importrule.ForExercise).
	Imports importrule.Rule
	// Driver is the driver's main package: LEARNER in it stands for the
	// learner package's import path. Without one, Build only compiles the
	// learner's package and returns a nil Learner.
	Driver string
}

// A Learner is a built learner program.
type Learner struct {
	spec Spec
	dir  string // holds the binary
	bin  string
}

// Build checks the learner's imports and builds the learner's program: the
// learner's file and the exercise's fixed API files (every other non-test
// file of Dir not named grade*.go), as a package of their own, and the
// driver. The graders are not in it: the learner's code cannot call them.
func Build(spec Spec) (*Learner, error) {
	src, err := os.ReadFile(filepath.Join(spec.Dir, spec.File))
	if err != nil {
		return nil, err
	}
	if err := importrule.Check(spec.File, src, spec.Imports); err != nil {
		return nil, err
	}
	dir, err := filepath.Abs(spec.Dir)
	if err != nil {
		return nil, err
	}
	root, module, err := findModule(dir)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "learner-"+spec.Exercise+"-")
	if err != nil {
		return nil, err
	}
	// The build's packages exist only in the overlay: nothing is written
	// into the module, which may be read-only.
	pkgDir := filepath.Join(root, "learnerbuild", spec.Exercise, "learner")
	mainDir := filepath.Join(root, "learnerbuild", spec.Exercise, "main")
	replace := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || (strings.HasPrefix(n, "grade") && n != spec.File) {
			continue
		}
		replace[filepath.Join(pkgDir, n)] = filepath.Join(dir, n)
	}
	importPath := module + "/learnerbuild/" + spec.Exercise + "/learner"
	if spec.Driver == "" {
		// Only compile the learner's package: the classroom grader's
		// compile test, before any check runs.
		ov, _ := json.Marshal(map[string]any{"Replace": replace})
		defer os.RemoveAll(tmp)
		if err := os.WriteFile(filepath.Join(tmp, "overlay.json"), ov, 0o644); err != nil {
			return nil, err
		}
		cmd := exec.Command("go", "build", "-trimpath", "-overlay", filepath.Join(tmp, "overlay.json"), "./learnerbuild/"+spec.Exercise+"/learner")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("%s does not compile:\n%s", spec.File, compilerLines(string(out), pkgDir, spec.File))
		}
		return nil, nil
	}
	driver := filepath.Join(tmp, "main.go")
	if err := os.WriteFile(driver, []byte(strings.ReplaceAll(spec.Driver, "LEARNER", importPath)), 0o644); err != nil {
		return nil, err
	}
	replace[filepath.Join(mainDir, "main.go")] = driver
	ov, _ := json.Marshal(map[string]any{"Replace": replace})
	if err := os.WriteFile(filepath.Join(tmp, "overlay.json"), ov, 0o644); err != nil {
		return nil, err
	}
	l := &Learner{spec: spec, dir: tmp, bin: filepath.Join(tmp, spec.Exercise+"-learner")}
	// No DWARF (-w): nobody runs a debugger on the learner's process, its
	// panics still print their stacks, and the link is a third cheaper.
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-w", "-overlay", filepath.Join(tmp, "overlay.json"), "-o", l.bin, "./learnerbuild/"+spec.Exercise+"/main")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("%s does not compile:\n%s", spec.File, compilerLines(string(out), pkgDir, spec.File))
	}
	// The learner's process may run as another user (see Start): it only
	// needs to read and run the binary.
	_ = os.Chmod(tmp, 0o755)
	_ = os.Chmod(l.bin, 0o755)
	return l, nil
}

// compilerLines keeps the compiler's messages, with the overlay's paths
// shown as the learner's file.
func compilerLines(out, pkgDir, file string) string {
	var keep []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(line, "# ") {
			continue
		}
		line = strings.ReplaceAll(line, pkgDir+string(filepath.Separator), "")
		line = strings.ReplaceAll(line, "learnerbuild/", "")
		keep = append(keep, line)
	}
	return strings.Join(keep, "\n")
}

// findModule returns the module root above dir and its module path.
func findModule(dir string) (root, module string, err error) {
	for d := dir; ; d = filepath.Dir(d) {
		b, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			for _, l := range strings.Split(string(b), "\n") {
				if f := strings.Fields(l); len(f) == 2 && f[0] == "module" {
					return d, f[1], nil
				}
			}
			return "", "", fmt.Errorf("%s/go.mod names no module", d)
		}
		if filepath.Dir(d) == d {
			return "", "", fmt.Errorf("no go.mod above %s", dir)
		}
	}
}

// Remove deletes the built program.
func (l *Learner) Remove() { os.RemoveAll(l.dir) }

// A Process is one run of the learner's program.
type Process struct {
	cmd    *exec.Cmd
	conn   *Conn
	output *tailBuffer
	exited chan struct{}
	once   sync.Once
}

// Start starts the learner's program in a process group of its own, as the
// user MCP_PLAYGROUND_LEARNER_UID names when set (Gradescope: a user who
// cannot write the results or the graders), with an empty environment.
func (l *Learner) Start(errs Errors, adapters Adapters) (*Process, error) {
	toChild, fromGrader, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	fromChild, toGrader, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(l.bin)
	cmd.Dir = l.dir
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + l.dir}
	out := &tailBuffer{max: 4096}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.ExtraFiles = []*os.File{toChild, toGrader}
	if err := isolate(cmd); err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	toChild.Close()
	toGrader.Close()
	p := &Process{cmd: cmd, output: out, exited: make(chan struct{})}
	p.conn = newConn(fromChild, fromGrader, reflect.Value{}, errs, adapters)
	p.conn.timeout = callTimeout()
	go func() {
		_ = cmd.Wait()
		close(p.exited)
		fromGrader.Close()
	}()
	p.conn.why = func() string {
		select {
		case <-p.exited:
			return "your code's process ended (" + p.cmd.ProcessState.String() + ")" + p.said()
		case <-time.After(time.Second):
			return "your code's process closed its pipe to the grader" + p.said()
		}
	}
	return p, nil
}

// said is the end of what the learner's process printed, for a message.
func (p *Process) said() string {
	s := strings.TrimSpace(p.output.String())
	if s == "" {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > 5 {
		lines = lines[len(lines)-5:]
	}
	return "; it printed:\n  | " + strings.Join(lines, "\n  | ")
}

// Root decodes the learner's functions into *ptr, whose type is the shape
// the checks take (a function type, or a struct of functions).
func (p *Process) Root(ptr any) error {
	pv := reflect.ValueOf(ptr)
	if pv.Kind() != reflect.Pointer {
		return errors.New("Root needs a pointer")
	}
	var raw []json.RawMessage
	if err := catch(func() { raw = p.conn.request("root", nil, "the learner's functions") }); err != nil {
		return err
	}
	v, err := p.conn.decode(pv.Elem().Type(), raw[0])
	if err != nil {
		return err
	}
	pv.Elem().Set(v)
	return nil
}

// CPUTime is the CPU time the learner's process has spent inside the
// learner's functions, as its driver measures it: the cost checks' clock,
// which leaves out the pipe's own cost per call. The learner's code cannot
// reach the driver's count.
func (p *Process) CPUTime() time.Duration {
	raw := p.conn.request("cputime", nil, "the CPU time of your code")
	var d time.Duration
	_ = json.Unmarshal(raw[0], &d)
	return d
}

// Close kills the learner's process group (every process it started
// included) and waits for it.
func (p *Process) Close() {
	p.once.Do(func() {
		killGroup(p.cmd)
		<-p.exited
	})
}

// catch runs f and returns a [NoAnswer] it panics with as an error.
func catch(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if n, ok := r.(NoAnswer); ok {
				err = n
				return
			}
			panic(r)
		}
	}()
	f()
	return nil
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   bytes.Buffer
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b.Write(p)
	if over := t.b.Len() - t.max; over > 0 {
		t.b.Next(over)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.b.String()
}

// learnerUID is the user the learner's process runs as, when set.
func learnerUID() (uid, gid int, ok bool, err error) {
	s := os.Getenv("MCP_PLAYGROUND_LEARNER_UID")
	if s == "" {
		return 0, 0, false, nil
	}
	u, g, _ := strings.Cut(s, ":")
	if uid, err = strconv.Atoi(u); err != nil {
		return 0, 0, false, fmt.Errorf("MCP_PLAYGROUND_LEARNER_UID=%q: want uid or uid:gid", s)
	}
	gid = uid
	if g != "" {
		if gid, err = strconv.Atoi(g); err != nil {
			return 0, 0, false, fmt.Errorf("MCP_PLAYGROUND_LEARNER_UID=%q: want uid or uid:gid", s)
		}
	}
	return uid, gid, true, nil
}

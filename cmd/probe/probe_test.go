package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/conformance"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The test binary doubles as the servers the tests start: with
// PROBE_TEST_AS set it runs as that instead of running tests.
func TestMain(m *testing.M) {
	switch os.Getenv("PROBE_TEST_AS") {
	case "":
		os.Exit(m.Run())
	case "hang":
		// A server that reads nothing, answers nothing and ignores its
		// stdin closing, with a child that would outlive it.
		child := exec.Command("sleep", "300")
		if child.Start() == nil {
			_ = os.WriteFile(os.Getenv("PROBE_TEST_CHILD"), []byte(fmt.Sprint(child.Process.Pid)), 0o644)
		}
		time.Sleep(time.Hour)
	case "log-then-hang":
		// A server that says it is up, in one well-framed log
		// notification, and then answers nothing.
		fmt.Println(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"up"}}`)
		time.Sleep(time.Hour)
	default:
		args := []string{"fixture"}
		if r := os.Getenv("PROBE_TEST_REPORT"); r != "" {
			args = append(args, "-report", r)
		}
		if r := os.Getenv("PROBE_TEST_TRACE"); r != "" {
			args = append(args, "-trace", r)
		}
		os.Exit(run(append(args, os.Getenv("PROBE_TEST_AS")), os.Stdin, os.Stdout, os.Stderr))
	}
}

// jsonReport is the -json output.
type jsonReport struct {
	Server    string               `json:"server"`
	Revisions []string             `json:"revisions"`
	Cases     []conformance.Result `json:"cases"`
	Ended     []string             `json:"ended"`
}

func probeJSON(t *testing.T, args ...string) (jsonReport, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(append([]string{"server", "-json"}, args...), nil, &out, &errOut)
	var rep jsonReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("exit %d, output not JSON: %v\n%s\n%s", code, err, out.String(), errOut.String())
	}
	return rep, code
}

func verdicts(rep jsonReport) map[string]string {
	m := map[string]string{}
	for _, c := range rep.Cases {
		key := c.ID
		if c.Revision != "" {
			key += "@" + c.Revision
		}
		m[key] = c.Verdict
	}
	return m
}

// find returns the row with the id and revision.
func find(rep jsonReport, id, rev string) *conformance.Result {
	for i, c := range rep.Cases {
		if c.ID == id && c.Revision == rev {
			return &rep.Cases[i]
		}
	}
	return nil
}

func TestServerModeAgainstTheFixtureOverStdio(t *testing.T) {
	t.Setenv("PROBE_TEST_AS", "paging-empty-token")
	dir := t.TempDir()
	rep, code := probeJSON(t, "-trace", dir, "--", os.Args[0])
	if code != 0 {
		t.Errorf("exit %d, want 0: %v", code, verdicts(rep))
	}
	if !slices.Equal(rep.Revisions, []string{"2025-11-25", "2026-07-28"}) {
		t.Errorf("revisions %v, want both", rep.Revisions)
	}
	v := verdicts(rep)
	for _, key := range []string{"stdio-framing", "list-walk:tools@2025-11-25", "list-walk:tools@2026-07-28", "era-discover@2026-07-28", "lifecycle-version-counteroffer@2025-11-25"} {
		if v[key] != conformance.Pass {
			t.Errorf("%s = %q, want pass", key, v[key])
		}
	}
	// Every trace decodes as the playground's Import reads it.
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) < 10 {
		t.Fatalf("%d traces in %s, want one per case", len(files), dir)
	}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if _, err := trace.Decode(bytes.NewReader(b)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

func TestServerModeAgainstTheFixtureOverHTTP(t *testing.T) {
	f, err := conformance.NewFixture("paging-normal")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(f.Handler())
	defer srv.Close()
	rep, code := probeJSON(t, "-url", srv.URL+"/mcp")
	if code != 0 || !slices.Equal(rep.Revisions, []string{"2025-11-25", "2026-07-28"}) {
		t.Errorf("exit %d, revisions %v: %v", code, rep.Revisions, verdicts(rep))
	}
	if v := verdicts(rep)["http-mcp-method-mismatch@2026-07-28"]; v != conformance.Pass {
		t.Errorf("http-mcp-method-mismatch = %q, want pass", v)
	}
}

func TestAHungServerIsReportedAndItsGroupKilled(t *testing.T) {
	t.Setenv("PROBE_TEST_AS", "hang")
	pidFile := filepath.Join(t.TempDir(), "child")
	t.Setenv("PROBE_TEST_CHILD", pidFile)
	rep, code := probeJSON(t, "-timeout", "200ms", "-start-timeout", "200ms", "-budget", "20s", "--", os.Args[0])
	// No text sets a deadline for a response: a server that answers
	// nothing within the probe's bound warns, and the run, having judged
	// nothing, ends with status 2, never 0.
	if code != 2 {
		for _, c := range rep.Cases {
			t.Logf("%s %s: %s %s", c.ID, c.Revision, c.Verdict, c.Message)
		}
		t.Errorf("exit %d, want 2", code)
	}
	if c := find(rep, "lifecycle-initialize", "2025-11-25"); c == nil || c.Verdict != conformance.Warn || !strings.Contains(c.Message, `no response within "-timeout 200ms", the probe's own bound`) {
		t.Errorf("lifecycle-initialize = %+v, want a warning naming the probe's -timeout as its own bound", c)
	}
	// Silence frames nothing wrongly, but it is no pass either.
	if c := find(rep, "stdio-framing", ""); c == nil || c.Verdict != conformance.Note {
		t.Errorf("stdio-framing = %+v, want a note that there was nothing to judge", c)
	}
	if len(rep.Ended) == 0 || !strings.Contains(rep.Ended[0], "killed") {
		t.Errorf("ended = %q, want the kill reported", rep.Ended)
	}
	// The child the server started went with its process group: it is
	// gone, or a zombie waiting for init to reap it.
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the hung server wrote no child pid: %v", err)
	}
	// SIGKILL to the group is delivered, not awaited: on a loaded machine
	// the child can still show as running for a moment after the probe
	// returns (a clean CI run saw state R, already reparented to init).
	// It must be gone or a zombie soon after; it never will be if the
	// group was not killed.
	stat := "/proc/" + strings.TrimSpace(string(b)) + "/stat"
	for deadline := time.Now().Add(10 * time.Second); ; {
		st, err := os.ReadFile(stat)
		if f := strings.Fields(string(st)); err != nil || len(f) > 2 && f[2] == "Z" {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("the server's child %s outlived the probe by 10 s: %s", b, st)
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestASilentServerIsNoPass: a server that answers no request ends the
// run with status 2, however well it framed what little it wrote.
func TestASilentServerIsNoPass(t *testing.T) {
	for _, as := range []string{"hang", "log-then-hang"} {
		t.Run(as, func(t *testing.T) {
			t.Setenv("PROBE_TEST_AS", as)
			var out, errOut bytes.Buffer
			code := run([]string{"server", "-timeout", "200ms", "-start-timeout", "200ms", "-budget", "20s", "--", os.Args[0]}, nil, &out, &errOut)
			if code != 2 || !strings.Contains(errOut.String(), "no request was judged") {
				t.Errorf("exit %d, stderr %q; want 2, saying no request was judged\n%s", code, errOut.String(), out.String())
			}
		})
	}
}

func TestBadArgumentsAreRefused(t *testing.T) {
	for _, args := range [][]string{
		{"server"},
		{"server", "-url", "ftp://example.com/mcp"},
		{"server", "-url", "http://127.0.0.1:1/mcp", "--", "cat"},
		{"server", "-call", "echo", "--", "cat"},
		{"server", "--", "/nonexistent/mcp-playground-no-such-server"}, // nothing to probe: not a run of skips
		{"server", "-lang", "fr", "--", "cat"},
		{"fixture"},
		{"fixture", "no-such-scenario"},
		{"fixture", "ttl-session-expired"},
		{"nonsense"},
	} {
		var out, errOut bytes.Buffer
		if code := run(args, nil, &out, &errOut); code != 2 || errOut.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a reason", args, code, errOut.String())
		}
	}
}

// The reference server, over stdio and HTTP. What it gets wrong is
// recorded in PROBE.md ("What it found in the reference server"); these
// are the same findings.
func TestReferenceServer(t *testing.T) {
	dir := npmModules(t)
	t.Run("stdio", func(t *testing.T) {
		rep, code := probeJSON(t, "--", "node", everything(dir), "stdio")
		v := verdicts(rep)
		t.Logf("%v", v)
		if code != 0 || !slices.Equal(rep.Revisions, []string{"2025-11-25"}) {
			t.Errorf("exit %d, revisions %v", code, rep.Revisions)
		}
		for key, want := range map[string]string{
			"list-invalid-cursor:tools@2025-11-25": conformance.Warn,
			"era-discover@2026-07-28":              conformance.Note,
			"tools-call-unknown@2025-11-25":        conformance.Note,
			"stdio-framing":                        conformance.Pass,
		} {
			if v[key] != want {
				t.Errorf("%s = %q, want %s", key, v[key], want)
			}
		}
	})
	t.Run("http", func(t *testing.T) {
		url := startEverythingHTTP(t, dir)
		rep, code := probeJSON(t, "-url", url)
		v := verdicts(rep)
		t.Logf("%v", v)
		if code != 1 {
			t.Errorf("exit %d, want 1", code)
		}
		for key, want := range map[string]string{
			"http-origin-403@2025-11-25":          conformance.Fail,
			"http-session-unknown-404@2025-11-25": conformance.Fail,
			"http-notification-202@2025-11-25":    conformance.Pass,
			"list-walk:tools@2025-11-25":          conformance.Pass,
		} {
			if v[key] != want {
				t.Errorf("%s = %q, want %s", key, v[key], want)
			}
		}
	})
}

// startEverythingHTTP starts the reference server in Streamable HTTP mode
// (node dist/index.js streamableHttp, its port from PORT) and returns its
// endpoint once it listens.
func startEverythingHTTP(t testing.TB, dir string) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.Command("node", everything(dir), "streamableHttp")
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
	})
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "listening") {
				ready <- true
			}
		}
		close(ready)
	}()
	select {
	case ok := <-ready:
		if !ok {
			t.Fatal("the reference server ended before it listened")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the reference server did not listen within 30 s")
	}
	return fmt.Sprintf("http://127.0.0.1:%d/mcp", port)
}

// The TypeScript SDK's client against fixture mode over stdio.
func TestFixtureModeJudgesTheTypeScriptClient(t *testing.T) {
	dir := npmModules(t)
	script, err := os.ReadFile("testdata/tsclient.mjs")
	if err != nil {
		t.Fatal(err)
	}
	// The script imports the SDK from the cache's node_modules, so it runs
	// from there.
	path := filepath.Join(dir, "tsclient.mjs")
	if err := os.WriteFile(path, script, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ scenario, verdict, tools string }{
		{"paging-empty-token", conformance.Pass, `["alpha","beta","gamma"]`},
		{"paging-repeat", conformance.Pass, `["alpha"]`},
	} {
		t.Run(tt.scenario, func(t *testing.T) {
			report := filepath.Join(t.TempDir(), "report.json")
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, "node", path, os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "PROBE_TEST_AS="+tt.scenario+"", "PROBE_TEST_REPORT="+report)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("node: %v\n%s", err, out)
			}
			if got := strings.TrimSpace(string(out)); got != tt.tools {
				t.Errorf("the client read %s, want %s", got, tt.tools)
			}
			b, err := os.ReadFile(report)
			if err != nil {
				t.Fatal(err)
			}
			var rep conformance.FixtureReport
			if err := json.Unmarshal(b, &rep); err != nil || rep.Verdict != tt.verdict {
				t.Errorf("report %s (%v), want %s", b, err, tt.verdict)
			}
		})
	}
}

// The whole server probe, as a user runs it: against the fixture as a
// subprocess (the issue asks for under 5 s) and against the reference
// server over stdio and HTTP (under 20 s).
func BenchmarkServerProbe(b *testing.B) {
	quiet := func(args ...string) {
		var out, errOut bytes.Buffer
		if code := run(append([]string{"server"}, args...), nil, &out, &errOut); code == 2 {
			b.Fatalf("%s%s", out.String(), errOut.String())
		}
	}
	b.Run("fixture-stdio", func(b *testing.B) {
		b.Setenv("PROBE_TEST_AS", "paging-empty-token")
		for b.Loop() {
			quiet("--", os.Args[0])
		}
	})
	dir := npmModules(b)
	b.Run("reference-stdio", func(b *testing.B) {
		for b.Loop() {
			quiet("--", "node", everything(dir), "stdio")
		}
	})
	b.Run("reference-http", func(b *testing.B) {
		url := startEverythingHTTP(b, dir)
		for b.Loop() {
			quiet("-url", url)
		}
	})
}

// go-sdk v1.8.0's client, starting fixture mode as its server command:
// the fixture reports that ClientSession.Tools stops at nextCursor "", as
// lesson 4 shows, and writes the wire as a trace.
func TestFixtureModeJudgesTheGoSDKClient(t *testing.T) {
	dir := t.TempDir()
	report, traceFile := filepath.Join(dir, "report.json"), filepath.Join(dir, "wire.jsonl")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "PROBE_TEST_AS=paging-empty-token", "PROBE_TEST_REPORT="+report, "PROBE_TEST_TRACE="+traceFile)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "go-client", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
	}
	if err := cs.Close(); err != nil {
		t.Logf("close: %v", err)
	}
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var rep conformance.FixtureReport
	if err := json.Unmarshal(b, &rep); err != nil || rep.Verdict != conformance.Fail || !strings.Contains(rep.Message, `""`) {
		t.Errorf("report %s (%v); want fail at nextCursor \"\" (the client read %v)", b, err, names)
	}
	w, err := os.ReadFile(traceFile)
	if err != nil {
		t.Fatal(err)
	}
	if events, err := trace.Decode(bytes.NewReader(w)); err != nil || len(events) < 4 {
		t.Errorf("trace: %d events, %v", len(events), err)
	}
}

// -lang zh, or a Chinese locale, names each case's lesson by the Chinese
// edition's title and heading; -lang en or another locale keeps English.
func TestTheReportSpeaksTheLearnersEdition(t *testing.T) {
	f, err := conformance.NewFixture("paging-normal")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(f.Handler())
	defer srv.Close()
	tests := []struct {
		name       string
		env        map[string]string
		args       []string
		wantLesson string
	}{
		{"-lang zh", nil, []string{"-lang", "zh"}, "第 4 课（读完整个工具目录）· 终止规则"},
		{"LANG=zh_CN.UTF-8", map[string]string{"LANG": "zh_CN.UTF-8"}, nil, "第 4 课（读完整个工具目录）· 终止规则"},
		{"LC_ALL=C over a Chinese LANG", map[string]string{"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, nil, "Lesson 4 · The termination rule"},
		{"-lang en under a Chinese locale", map[string]string{"LANG": "zh_TW.UTF-8"}, []string{"-lang", "en"}, "Lesson 4 · The termination rule"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
				t.Setenv(k, tt.env[k])
			}
			rep, _ := probeJSON(t, append(tt.args, "-url", srv.URL+"/mcp")...)
			var got string
			for _, c := range rep.Cases {
				if c.ID == "list-walk:tools" {
					got = c.Lesson
				}
			}
			if got != tt.wantLesson {
				t.Errorf("list-walk:tools lesson = %q, want %q", got, tt.wantLesson)
			}
		})
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"server", "-lang", "fr", "-url", srv.URL + "/mcp"}, nil, &out, &errOut); code != 2 {
		t.Errorf("-lang fr: exit %d, want 2 (%s)", code, errOut.String())
	}
}

package conformance_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/conformance"
)

// A rawServer is a deliberately broken MCP server of the tests' own,
// written on raw frames so that it can break any rule: it speaks both
// revisions correctly but for the one flaw it is given.
type rawServer struct{ flaw string }

func (s rawServer) dial(ctx context.Context, tap *conformance.Tap) (conformance.Link, error) {
	fromServer, serverOut := io.Pipe()
	serverIn, toServer := io.Pipe()
	go s.serve(serverIn, serverOut)
	return conformance.StdioLink(fromServer, toServer, tap, func() string {
		toServer.Close()
		fromServer.Close()
		return ""
	}), nil
}

type rawMsg struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		ProtocolVersion string  `json:"protocolVersion"`
		Cursor          *string `json:"cursor"`
		Name            string  `json:"name"`
		Meta            struct {
			Version string `json:"io.modelcontextprotocol/protocolVersion"`
		} `json:"_meta"`
	} `json:"params"`
}

func (s rawServer) serve(in io.ReadCloser, out io.WriteCloser) {
	defer in.Close() // a server that ends stops reading, as a process's stdin would
	defer out.Close()
	write := func(format string, a ...any) { fmt.Fprintf(out, format+"\n", a...) }
	if s.flaw == "banner" {
		write("inventory server v1 starting")
	}
	sc := bufio.NewScanner(in)
	page := 0
	for sc.Scan() {
		var m rawMsg
		if json.Unmarshal(sc.Bytes(), &m) != nil || len(m.ID) == 0 {
			continue
		}
		result := func(r string) { write(`{"jsonrpc":"2.0","id":%s,"result":%s}`, m.ID, r) }
		fail := func(code int, msg, data string) {
			write(`{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%q%s}}`, m.ID, code, msg, data)
		}
		caps := `{"tools":{}}`
		if s.flaw == "duplicate-keys" {
			caps = `{"tools":{},"prompts":{},"resources":{}}`
		}
		if v := m.Params.Meta.Version; v != "" && v != "2026-07-28" && s.flaw != "serves-unknown-version" {
			fail(-32022, "unsupported protocol version", `,"data":{"supported":["2026-07-28","2025-11-25"],"requested":"`+v+`"}`)
			continue
		}
		switch m.Method {
		case "initialize":
			if s.flaw == "request-before-init" {
				write(`{"jsonrpc":"2.0","id":"s1","method":"roots/list"}`)
			}
			v := m.Params.ProtocolVersion
			if v != "2025-11-25" && s.flaw == "version-error-supported" {
				// The lifecycle page's own example initialization error.
				fail(-32602, "Unsupported protocol version", `,"data":{"supported":["2025-11-25"],"requested":"`+v+`"}`)
				continue
			}
			if v != "2025-11-25" && s.flaw == "version-error-bare" {
				fail(-32602, "Unsupported protocol version", "")
				continue
			}
			if v != "2025-11-25" && s.flaw != "echoes-version" {
				v = "2025-11-25"
			}
			info := `,"serverInfo":{"name":"broken","version":"0"}`
			if s.flaw == "no-server-info" {
				info = ""
			}
			result(fmt.Sprintf(`{"protocolVersion":%q,"capabilities":%s%s}`, v, caps, info))
		case "server/discover":
			switch s.flaw {
			case "discover-method-not-found": // a legacy server
				fail(-32601, "method not found", "")
			case "discover-future-only": // a modern server past 2026-07-28
				fail(-32022, "unsupported protocol version", `,"data":{"supported":["2099-12-31"],"requested":"2026-07-28"}`)
			case "discover-refuses-listed": // refuses the version it lists
				fail(-32022, "unsupported protocol version", `,"data":{"supported":["2026-07-28","2025-11-25"],"requested":"2026-07-28"}`)
			case "discover-bare-32022":
				fail(-32022, "unsupported protocol version", "")
			case "discover-header-mismatch":
				fail(-32020, "header mismatch", "")
			default:
				result(`{"supportedVersions":["2026-07-28","2025-11-25"],"capabilities":` + caps + `,"resultType":"complete"}`)
			}
		case "prompts/list":
			result(`{"prompts":[{"name":"review"},{"name":"review"}]}`)
		case "resources/list":
			result(`{"resources":[{"uri":"file:///a","name":"a"},{"uri":"file:///a","name":"a again"}]}`)
		case "resources/templates/list":
			result(`{"resourceTemplates":[{"uriTemplate":"file:///{p}","name":"p"},{"uriTemplate":"file:///{p}","name":"q"}]}`)
		case "ping":
			switch s.flaw {
			case "ping-error":
				fail(-32603, "no ping here", "")
			case "ping-hangs": // no answer
			default:
				result(`{}`)
			}
		case "tools/list":
			if s.flaw == "floods" {
				// One line longer than any message may be, with no end.
				for range 5 {
					fmt.Fprint(out, strings.Repeat("x", 1<<20))
				}
				continue
			}
			s.list(m, &page, result, fail)
			if s.flaw == "crash" {
				return
			}
		case "tools/call":
			if s.flaw == "unknown-tool-succeeds" {
				result(`{"content":[]}`)
			} else {
				fail(-32602, "unknown tool "+m.Params.Name, "")
			}
		default:
			fail(-32601, "method not found", "")
		}
	}
}

// list serves alpha | beta, with the flaw's paging.
func (s rawServer) list(m rawMsg, page *int, result func(string), fail func(int, string, string)) {
	c := m.Params.Cursor
	switch {
	case s.flaw == "hangs":
		return
	case s.flaw == "crash":
		return
	case c == nil && s.flaw == "no-tools-array":
		result(`{"nextCursor":"p2"}`)
	case c == nil && s.flaw == "empty-cursor":
		result(`{"tools":[{"name":"alpha","inputSchema":{"type":"object"}}],"nextCursor":""}`)
	case c != nil && *c == "" && s.flaw == "empty-cursor":
		result(`{"tools":[{"name":"beta","inputSchema":{"type":"object"}}]}`)
	case c == nil:
		result(`{"tools":[{"name":"alpha","inputSchema":{"type":"object"}}],"nextCursor":"p2"}`)
	case s.flaw == "refuses-own-cursor":
		fail(-32602, "invalid cursor", "")
	case s.flaw == "cursor-cycle" && *c == "p2":
		// Page 2 leads back to page 1, whose cursor leads to page 2.
		result(`{"tools":[{"name":"gamma","inputSchema":{"type":"object"}}],"nextCursor":"p1"}`)
	case s.flaw == "cursor-cycle" && *c == "p1":
		result(`{"tools":[{"name":"alpha","inputSchema":{"type":"object"}}],"nextCursor":"p2"}`)
	case s.flaw == "null-next-cursor" && *c == "p2":
		result(`{"tools":[{"name":"beta","inputSchema":{"type":"object"}}],"nextCursor":null}`)
	case s.flaw == "repeats-cursor":
		result(`{"tools":[],"nextCursor":"p2"}`)
	case s.flaw == "endless":
		*page++
		result(fmt.Sprintf(`{"tools":[],"nextCursor":"p%d"}`, *page+2))
	case *c == "p2":
		name := "beta"
		if s.flaw == "duplicate-name" {
			name = "alpha"
		}
		result(fmt.Sprintf(`{"tools":[{"name":%q,"inputSchema":{"type":"object"}}]}`, name))
	case s.flaw == "ignores-bad-cursor":
		result(`{"tools":[{"name":"alpha","inputSchema":{"type":"object"}}],"nextCursor":"p2"}`)
	default:
		fail(-32602, "invalid cursor", "")
	}
}

func TestBrokenServersAreCaughtByTheNamedCase(t *testing.T) {
	tests := []struct {
		flaw    string
		caseID  string
		verdict string
		// rule and says, when set, are in the case's rule (section or
		// level) and message: the verdict rests on the right text.
		rule, says string
		// alsoFail are cases a flaw may fail too: a server that crashes or
		// hangs takes the rest of its session with it.
		alsoFail []string
	}{
		{"none", "", "", "", "", nil},
		{"banner", "stdio-framing", conformance.Fail, "", "", nil},
		{"no-server-info", "lifecycle-initialize", conformance.Fail, "", "", nil},
		{"echoes-version", "lifecycle-version-counteroffer", conformance.Fail, "", "", nil},
		{"version-error-supported", "lifecycle-version-counteroffer", conformance.Note, "Lifecycle › Error Handling", "example initialization error", nil},
		{"version-error-bare", "lifecycle-version-counteroffer", conformance.Fail, "Version Negotiation", "no data.supported", nil},
		{"request-before-init", "lifecycle-before-initialize", conformance.Warn, "", "", nil},
		{"ping-error", "lifecycle-ping", conformance.Fail, "", "", nil},
		{"serves-unknown-version", "era-discover", conformance.Fail, "", "", nil},
		{"repeats-cursor", "list-walk:tools", conformance.Fail, "course", "again", nil},
		{"cursor-cycle", "list-walk:tools", conformance.Fail, "course", `returned cursor "p2" again`, nil},
		{"endless", "list-walk:tools", conformance.Fail, "course", "page budget", nil},
		{"duplicate-name", "list-walk:tools", conformance.Warn, "Tool Names", `name repeated: "alpha"`, nil},
		{"duplicate-keys", "list-walk:prompts", conformance.Note, "Prompts › Data Types", `name repeated: "review"`, nil},
		{"duplicate-keys", "list-walk:resources", conformance.Note, "Resources › Data Types", `uri repeated: "file:///a"`, nil},
		{"duplicate-keys", "list-walk:resource-templates", conformance.Note, "silent", `uriTemplate repeated: "file:///{p}"`, nil},
		{"null-next-cursor", "list-walk:tools", conformance.Fail, "schema", `"null", not a string`, nil},
		{"empty-cursor", "list-walk:tools", conformance.Pass, "", `"" led to more`, nil},
		{"refuses-own-cursor", "list-walk:tools", conformance.Warn, "", "", nil},
		{"no-tools-array", "list-walk:tools", conformance.Fail, "schema", "", nil},
		{"ignores-bad-cursor", "list-invalid-cursor:tools", conformance.Warn, "", "", nil},
		{"unknown-tool-succeeds", "tools-call-unknown", conformance.Note, "", "", nil},
		{"hangs", "list-walk:tools", conformance.Warn, "Basic › Messages MUST", `no response within "-timeout 300ms", the probe's own bound`, nil},
		{"ping-hangs", "lifecycle-ping", conformance.Warn, "Ping › Behavior Requirements MUST", `no response within "-timeout 300ms", the probe's own bound`, nil},
		{"crash", "list-walk:tools", conformance.Fail, "Basic › Messages", "was not reached", []string{"list-invalid-cursor:tools", "tools-call-unknown"}},
		{"floods", "list-walk:tools", conformance.Fail, "Basic › Messages", "flooding", []string{"list-invalid-cursor:tools", "tools-call-unknown"}},
	}
	for _, tt := range tests {
		t.Run(tt.flaw+"/"+tt.caseID, func(t *testing.T) {
			rep := probeRaw(t, tt.flaw)
			if got := rep.Revisions; !slices.Equal(got, []string{"2025-11-25", "2026-07-28"}) && tt.flaw != "no-server-info" {
				t.Errorf("revisions = %v, want both", got)
			}
			caught := tt.caseID == ""
			for _, c := range rep.Cases {
				switch {
				case c.ID == tt.caseID && c.Verdict == tt.verdict:
					caught = true
					if c.Rule == nil && tt.rule != "" || c.Rule != nil && !strings.Contains(c.Rule.Section+" "+c.Rule.Level, tt.rule) {
						t.Errorf("%s (%s) rests on %+v, want a rule naming %q", c.ID, c.Revision, c.Rule, tt.rule)
					}
					if !strings.Contains(c.Message, tt.says) {
						t.Errorf("%s (%s) says %q, want it to say %q", c.ID, c.Revision, c.Message, tt.says)
					}
				case c.Verdict == conformance.Fail && !slices.Contains(tt.alsoFail, c.ID) && c.ID != tt.caseID:
					t.Errorf("false fail: %s (%s): %s", c.ID, c.Revision, c.Message)
				}
			}
			if !caught {
				if r := rep.Find(tt.caseID, ""); r != nil {
					t.Errorf("%s not caught: want %s %s, got %s: %s", tt.flaw, tt.caseID, tt.verdict, r.Verdict, r.Message)
				} else {
					t.Errorf("%s not caught: no %s row", tt.flaw, tt.caseID)
				}
			}
		})
	}
}

// probeRaw probes a raw server with flaw.
func probeRaw(t *testing.T, flaw string) *conformance.Report {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	// Only the hanging servers wait out their timeouts; the others get
	// room enough for a loaded machine.
	timeout := 5 * time.Second
	if strings.HasSuffix(flaw, "hangs") {
		timeout = 300 * time.Millisecond
	}
	rep, err := conformance.Probe(ctx, rawServer{flaw}.dial, conformance.Options{RequestTimeout: timeout, MaxPages: 20})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// A row of a revision quotes that revision's text: the rules of the list
// and tool cases differ between 2025-11-25 and 2026-07-28 rows, and a
// failure the connection caused names a rule too.
func TestEveryRowQuotesItsOwnRevision(t *testing.T) {
	for _, flaw := range []string{"none", "empty-cursor", "duplicate-keys", "crash"} {
		rep := probeRaw(t, flaw)
		for _, c := range rep.Cases {
			if c.Verdict == conformance.Fail && c.Rule == nil {
				t.Errorf("%s: %s (%s) fails with no rule: %s", flaw, c.ID, c.Revision, c.Message)
			}
			if c.Rule != nil && c.Revision != "" && c.Rule.Revision != c.Revision {
				t.Errorf("%s: %s row %s quotes %s's text (%s)", flaw, c.Revision, c.ID, c.Rule.Revision, c.Rule.Section)
			}
		}
	}
	// The 2026-07-28 pagination text is not silent on "".
	rep := probeRaw(t, "empty-cursor")
	w := rep.Find("list-walk:tools", "2026-07-28")
	if w == nil || w.Rule == nil || w.Rule.Level != "MUST NOT" || !strings.Contains(w.Rule.Text, "an empty string is a valid cursor and thus MUST NOT be treated as the end of results") {
		var rule *conformance.Rule
		if w != nil {
			rule = w.Rule
		}
		t.Errorf("2026-07-28 list-walk rests on %+v, want the pagination page's MUST NOT on \"\"", rule)
	}
}

// The 2026-07-28 versioning page reads a server's era from the error that
// answers server/discover: a recognized modern error identifies a modern
// server, which must list what it supports when it refuses 2026-07-28,
// and anything else a legacy one.
func TestEraDiscoverReadsTheServersEraFromItsError(t *testing.T) {
	tests := []struct {
		name, flaw     string
		verdict        string
		section, level string
		says           string
	}{
		{"a non-modern error is a legacy server", "discover-method-not-found", conformance.Note,
			"Versioning › Backward Compatibility with Initialization-Based Versions", "no keyword", `error -32601 "method not found": a legacy server (2025-11-25 or earlier`},
		{"a modern error is a modern server", "discover-header-mismatch", conformance.Note,
			"Versioning › Backward Compatibility with Initialization-Based Versions", "no keyword", "a recognized 2026-07-28 error"},
		{"-32022 with a list is a modern server that does not speak 2026-07-28", "discover-future-only", conformance.Note,
			"Versioning › Protocol Version Negotiation", "MUST", `lists "2099-12-31", not 2026-07-28`},
		{"-32022 listing the version it refused breaks the negotiation MUST", "discover-refuses-listed", conformance.Fail,
			"Versioning › Protocol Version Negotiation", "MUST", "2026-07-28 among them"},
		{"-32022 without a list breaks the negotiation MUST", "discover-bare-32022", conformance.Fail,
			"Versioning › Protocol Version Negotiation", "MUST", "without data.supported"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := probeRaw(t, tt.flaw).Find("era-discover", "2026-07-28")
			if c == nil {
				t.Fatal("no era-discover row")
			}
			if c.Verdict != tt.verdict || !strings.Contains(c.Message, tt.says) {
				t.Errorf("era-discover = %s: %s; want %s, saying %q", c.Verdict, c.Message, tt.verdict, tt.says)
			}
			if c.Rule == nil || c.Rule.Section != tt.section || c.Rule.Level != tt.level || c.Rule.Revision != "2026-07-28" {
				t.Errorf("era-discover rests on %+v; want 2026-07-28's %s, %s", c.Rule, tt.section, tt.level)
			}
		})
	}
}

// A rule quotes the sentence that binds the side the case judges, with the
// condition the text attaches to it, and cites the schema where the
// schema defines what the page names.
func TestRulesQuoteTheSentenceThatBindsTheServer(t *testing.T) {
	tests := []struct {
		name, flaw, caseID, rev string
		starts                  string
		has, hasNot             []string
	}{
		{"the counteroffer note quotes the server's MUST before the example", "version-error-supported", "lifecycle-version-counteroffer", "2025-11-25",
			"If the server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it supports.",
			[]string{"Example initialization error: {\"jsonrpc\": \"2.0\", \"id\": 1, \"error\": {\"code\": -32602"}, []string{"Implementations SHOULD"}},
		{"the -32022 rule cites the schema constant", "serves-unknown-version", "era-discover", "2026-07-28",
			"If the server does not implement the requested version",
			[]string{`"export const UNSUPPORTED_PROTOCOL_VERSION = -32022;"`, `"supported: string[];"`}, []string{"the page's example", "The page's example"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := probeRaw(t, tt.flaw).Find(tt.caseID, tt.rev)
			if c == nil || c.Rule == nil {
				t.Fatalf("%s: %+v, want a row with a rule", tt.caseID, c)
			}
			if !strings.HasPrefix(c.Rule.Text, tt.starts) {
				t.Errorf("%s quotes %q; want it to start %q", tt.caseID, c.Rule.Text, tt.starts)
			}
			for _, s := range tt.has {
				if !strings.Contains(c.Rule.Text, s) {
					t.Errorf("%s quotes %q; want %q in it", tt.caseID, c.Rule.Text, s)
				}
			}
			for _, s := range tt.hasNot {
				if strings.Contains(c.Rule.Text, s) {
					t.Errorf("%s quotes %q; want no %q in it", tt.caseID, c.Rule.Text, s)
				}
			}
		})
	}
}

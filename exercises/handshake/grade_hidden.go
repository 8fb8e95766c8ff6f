package handshake

// This file is the grader's hidden transcripts and the model client they
// are judged by. Do not edit it: go test and the classroom run it against
// your handshake.go, and the browser runs the same checks.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
)

// gradeHidden plays seeded random transcripts against a model client and
// compares every answer.
func gradeHidden(ctx context.Context, f GradeNew) grading.Result {
	rng := grading.Rand(ctx, 5, 20251125)
	versions := []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28", "1999-01-01"}
	methods := []string{"ping", "initialize", "tools/list", "tools/call", "notifications/initialized", "resources/read"}
	for run := 0; run < 300; run++ {
		if ctx.Err() != nil {
			return grading.Failf("stopped: %v", ctx.Err())
		}
		var supported []string
		for _, v := range versions {
			if rng.IntN(2) == 0 {
				supported = append(supported, v)
			}
		}
		ask := versions[rng.IntN(len(versions))]
		c := f(ask, slices.Clone(supported))
		m := &gradeModel{state: New, supported: supported, offer: ask}
		var log []string
		var sent []int64 // ids of the requests sent so far
		next := int64(1 + rng.IntN(3))
		for op := 0; op < 12; op++ {
			var desc string
			switch k := rng.IntN(10); {
			case k < 5:
				meth := methods[rng.IntN(len(methods))]
				if m.state == New && rng.IntN(2) == 0 {
					meth = "initialize"
				}
				var id int64
				if !strings.HasPrefix(meth, "notifications/") {
					id = next
				}
				err := c.Send(meth, id)
				werr := m.send(meth, id)
				desc = fmt.Sprintf("Send(%q, %d) = %v", meth, id, err)
				if (err == nil) != (werr == "") {
					return grading.Failf("transcript %d: %s\nafter NewClient(%q, %q) and:\n%s\nwant %s", run, desc, ask, supported, gradeLines(log), gradeErrWant(werr))
				}
				if werr == "" && id != 0 {
					sent = append(sent, id)
					next++
				}
			case k < 9:
				frame := gradeRandomFrame(rng, versions, sent, next)
				got, err := c.Receive([]byte(frame))
				w := m.receive([]byte(frame))
				desc = fmt.Sprintf("Receive(%s) = %q, %v", frame, got, err)
				if got != w.reply || (err == nil) != (w.err == "") {
					return grading.Failf("transcript %d: %s\nafter NewClient(%q, %q) and:\n%s\nwant %q, %s", run, desc, ask, supported, gradeLines(log), w.reply, gradeErrWant(w.err))
				}
			default:
				c.Close()
				m.state = Closed
				desc = "Close()"
			}
			log = append(log, desc)
			if c.State() != m.state {
				return grading.Failf("transcript %d: State() = %q, want %q\nafter NewClient(%q, %q) and:\n%s", run, c.State(), m.state, ask, supported, gradeLines(log))
			}
			if m.state == Ready && c.Version() != m.agreed {
				return grading.Failf("transcript %d: Version() = %q, want %q\nafter NewClient(%q, %q) and:\n%s", run, c.Version(), m.agreed, ask, supported, gradeLines(log))
			}
		}
	}
	return grading.Pass()
}

func gradeLines(log []string) string {
	out := ""
	for _, l := range log {
		out += "  " + l + "\n"
	}
	return out
}

// gradeRandomFrame makes a server frame: mostly a response to one of the
// requests sent (any of them, the initialize request included), sometimes
// to an id never sent or to a string id, sometimes a server request.
func gradeRandomFrame(rng *rand.Rand, versions []string, sent []int64, next int64) string {
	id := strconv.FormatInt(next+int64(rng.IntN(3)), 10) // not sent yet
	if len(sent) > 0 && rng.IntN(5) > 0 {
		id = strconv.FormatInt(sent[rng.IntN(len(sent))], 10)
	}
	if rng.IntN(10) == 0 {
		id = strconv.Quote(id) // "1" is not the id 1
	}
	switch rng.IntN(6) {
	case 0, 1:
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":%q,"capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`, id, versions[rng.IntN(len(versions))])
	case 2:
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{}}`, id)
	case 3:
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32602,"message":"Unsupported protocol version"}}`, id)
	case 4:
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32603,"message":"internal error"}}`, id)
	default:
		return `{"jsonrpc":"2.0","id":"s1","method":"ping"}`
	}
}

// gradeModel is the grader's own client, the yardstick for hidden
// transcripts.
type gradeModel struct {
	state     string
	supported []string
	agreed    string
	initID    int64

	offer      string
	discoverID int64 // 0 while a retry of the probe is due
	retried    bool
	fellBack   bool
}

func (m *gradeModel) send(method string, id int64) string {
	switch {
	case m.state == Closed:
		return "closed"
	case m.state == Discovering:
		if method == "server/discover" && m.discoverID == 0 {
			m.discoverID, m.retried = id, true
			return ""
		}
		return "not allowed while discovering"
	case method == "ping" && m.state != Ready:
		return ""
	case m.state == New && method == "initialize":
		m.state, m.initID = Initializing, id
		return ""
	case m.state == New && method == "server/discover" && !m.fellBack && m.offer >= Modern:
		m.state, m.discoverID = Discovering, id
		return ""
	case m.state == Ready && method != "initialize" && method != "notifications/initialized":
		return ""
	}
	return "not allowed in " + m.state
}

func (m *gradeModel) receive(frame []byte) gradeWant {
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Result *struct {
			ProtocolVersion   string   `json:"protocolVersion"`
			SupportedVersions []string `json:"supportedVersions"`
		} `json:"result"`
		Error *struct {
			Code int64 `json:"code"`
			Data struct {
				Supported []string `json:"supported"`
			} `json:"data"`
		} `json:"error"`
	}
	json.Unmarshal(frame, &msg)
	switch {
	case m.state == Closed:
		return gradeWant{err: "closed"}
	case msg.Method != "":
		return gradeWant{}
	case m.state == Discovering && m.discoverID != 0 && string(msg.ID) == strconv.FormatInt(m.discoverID, 10):
		switch {
		case msg.Result != nil || msg.Error == nil:
			var theirs []string
			if msg.Result != nil {
				theirs = msg.Result.SupportedVersions
			}
			return m.choose(theirs, false)
		case msg.Error.Code == -32022 && m.retried:
			m.state = Closed
			return gradeWant{err: "a second UnsupportedProtocolVersion: the server refused a version it listed"}
		case msg.Error.Code == -32022:
			return m.choose(msg.Error.Data.Supported, true)
		case msg.Error.Code == -32020 || msg.Error.Code == -32021:
			m.state = Closed
			return gradeWant{err: fmt.Sprintf("%d is a 2026-07-28 error: the server is modern, and no other version helps", msg.Error.Code)}
		}
		legacy := gradeNewest(m.supported, func(v string) bool { return v < Modern })
		if legacy == "" {
			m.state = Closed
			return gradeWant{err: "no version before " + Modern + " to fall back to"}
		}
		m.state, m.offer, m.fellBack = New, legacy, true
		return gradeWant{reply: "initialize"}
	case m.state != Initializing:
		return gradeWant{}
	case string(msg.ID) != strconv.FormatInt(m.initID, 10):
		return gradeWant{} // the answer to another request
	case msg.Error != nil:
		m.state = Closed
		return gradeWant{err: "initialize failed"}
	case msg.Result == nil || msg.Result.ProtocolVersion == "":
		m.state = Closed
		return gradeWant{err: "an initialize result without protocolVersion"}
	case !slices.Contains(m.supported, msg.Result.ProtocolVersion):
		m.state = Closed
		return gradeWant{err: "unsupported version " + msg.Result.ProtocolVersion}
	}
	m.state, m.agreed = Ready, msg.Result.ProtocolVersion
	return gradeWant{reply: "notifications/initialized"}
}

// choose settles the probe with the server's list: the newest version both
// speak, used at once (result), asked again (after -32022) or, when it is
// older than 2026-07-28, through initialize.
func (m *gradeModel) choose(theirs []string, retry bool) gradeWant {
	v := gradeNewest(m.supported, func(v string) bool { return slices.Contains(theirs, v) })
	switch {
	case v == "":
		m.state = Closed
		return gradeWant{err: fmt.Sprintf("no version in common with %q", theirs)}
	case v < Modern:
		m.state, m.offer, m.fellBack = New, v, true
		return gradeWant{reply: "initialize"}
	case retry:
		m.offer, m.discoverID = v, 0
		return gradeWant{reply: "server/discover"}
	}
	m.state, m.agreed = Ready, v
	return gradeWant{}
}

// gradeNewest returns the newest version in vs that keep accepts, or "".
func gradeNewest(vs []string, keep func(string) bool) string {
	out := ""
	for _, v := range vs {
		if keep(v) && v > out {
			out = v
		}
	}
	return out
}

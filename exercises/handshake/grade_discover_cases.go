package handshake

// This file is the grader's scripted 2026-07-28 cases and the frames they
// are made of. Do not edit it: go test and the classroom run it against
// your handshake.go, and the browser runs the same checks.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
)

// Frames of the 2026-07-28 probe.
func gradeDiscoverResult(id int64, versions ...string) string {
	b, _ := json.Marshal(versions)
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1"}},"ttlMs":0,"cacheScope":"public","supportedVersions":%s,"capabilities":{"tools":{}}}}`, id, b)
}

func gradeUnsupported(id int64, requested string, supported ...string) string {
	b, _ := json.Marshal(supported)
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":%s,"requested":%q}}}`, id, b, requested)
}

func gradeError(id int64, code int, message string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"error":{"code":%d,"message":%q}}`, id, code, message)
}

func gradeInitResult(id int64, version string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"protocolVersion":%q,"capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`, id, version)
}

var (
	gradeBoth   = []string{"2026-07-28", "2025-11-25"}
	gradeFuture = []string{"2027-03-01", "2026-07-28", "2025-11-25", "2025-06-18"}
)

func gradePicksCases() []gradeDiscoverCase {
	why := "specification 2026-07-28 (Versioning): use a version both sides support; this client takes the newest one in both lists, whatever order the server lists them in"
	return []gradeDiscoverCase{
		{name: "the server lists the version asked for", ask: "2026-07-28", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeDiscoverResult(1, "2026-07-28", "2025-11-25", "2025-06-18")}, {send: "tools/list", id: 2}},
			state: Ready, version: "2026-07-28", why: why},
		{name: "the server lists older versions first", ask: "2027-03-01", supported: gradeFuture,
			steps: []gradeStep{{send: "server/discover", id: 4}, {frame: gradeDiscoverResult(4, "2025-06-18", "2025-11-25", "2026-07-28", "2027-09-09")}},
			state: Ready, version: "2026-07-28", why: why},
		{name: "a newer version than the one asked for", ask: "2026-07-28", supported: gradeFuture,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeDiscoverResult(1, "2027-03-01", "2026-07-28")}},
			state: Ready, version: "2027-03-01", why: why},
		{name: "answers to other ids", ask: "2026-07-28", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 3}, {send: "tools/list", id: 4},
				{frame: gradeDiscoverResult(2, "2026-07-28")}, {frame: strings.Replace(gradeDiscoverResult(3, "2026-07-28"), `"id":3`, `"id":"3"`, 1)},
				{frame: `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`},
				{frame: gradeDiscoverResult(3, "2026-07-28")}, {frame: gradeDiscoverResult(3, "2026-07-28")}},
			state: Ready, version: "2026-07-28", why: "only the response with the probe's id (the integer 3) answers it; nothing but waiting is allowed while discovering; a repeated answer changes nothing"},
		{name: "a 2025-11-25 client does not probe", ask: "2025-11-25", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 1}, {send: "initialize", id: 1}, {frame: gradeInitResult(1, "2025-11-25")}},
			state: Ready, version: "2025-11-25", why: "server/discover carries the version in _meta, which only 2026-07-28 and later have: a client asking for an older version uses initialize"},
	}
}

func gradeFallbackCases() []gradeDiscoverCase {
	why := "specification 2026-07-28 (Versioning, Backward Compatibility): on stdio, probe with server/discover and fall back to initialize on any error that is not a recognized 2026-07-28 error; the fallback asks for the newest version before 2026-07-28 this client speaks (go-sdk v1.8.0 asks for 2025-11-25)"
	return []gradeDiscoverCase{
		{name: "method not found", ask: "2026-07-28", supported: gradeSDKVersions,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeError(1, -32601, "Method not found")},
				{send: "server/discover", id: 2}, {send: "initialize", id: 2}, {frame: gradeInitResult(2, "2025-11-25")}, {send: "tools/list", id: 3}},
			state: Ready, version: "2025-11-25", offer: "2025-11-25", why: why},
		{name: "code 0, as go-sdk v1.8.0 answers a request before initialize", ask: "2026-07-28", supported: gradeSDKVersions,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeError(1, 0, "method \"server/discover\" is invalid during session initialization")}},
			state: New, offer: "2025-11-25", why: why},
		{name: "invalid params, then a counter-offer", ask: "2027-03-01", supported: gradeFuture,
			steps: []gradeStep{{send: "server/discover", id: 5}, {send: "ping", id: 6}, {frame: gradeError(5, -32602, "Invalid params")},
				{send: "ping", id: 6}, {send: "initialize", id: 7}, {frame: gradeInitResult(7, "2025-06-18")}},
			state: Ready, version: "2025-06-18", offer: "2025-11-25", why: why},
		{name: "internal error", ask: "2026-07-28", supported: []string{"2026-07-28", "2025-06-18", "2024-11-05"},
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeError(1, -32603, "Internal error")}},
			state: New, offer: "2025-06-18", why: why},
		{name: "nothing to fall back to", ask: "2026-07-28", supported: []string{"2026-07-28"},
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeError(1, -32601, "Method not found")}, {send: "initialize", id: 2}},
			state: Closed, why: "the server speaks no 2026-07-28 and this client no earlier version: the connection closes with an error"},
	}
}

func gradeRetryCases() []gradeDiscoverCase {
	why := "specification 2026-07-28 (Versioning): UnsupportedProtocolVersionError (-32022) lists the versions the server supports in error.data.supported; it identifies a 2026-07-28 server, so the client retries with the newest version in common instead of falling back; retrying once is this exercise's bound (go-sdk v1.8.0's too), not the specification's"
	return []gradeDiscoverCase{
		{name: "retry with a listed version", ask: "2027-03-01", supported: gradeFuture,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeUnsupported(1, "2027-03-01", "2025-11-25", "2026-07-28")},
				{send: "tools/list", id: 2}, {send: "server/discover", id: 2}, {frame: gradeDiscoverResult(2, "2026-07-28", "2025-11-25")}},
			state: Ready, version: "2026-07-28", offer: "2026-07-28", why: why},
		{name: "the old id after the retry", ask: "2027-03-01", supported: gradeFuture,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeUnsupported(1, "2027-03-01", "2026-07-28")},
				{frame: gradeDiscoverResult(1, "2026-07-28")}, {send: "server/discover", id: 9},
				{frame: gradeDiscoverResult(1, "2026-07-28")}, {frame: gradeDiscoverResult(9, "2026-07-28")}},
			state: Ready, version: "2026-07-28", offer: "2026-07-28", why: why + "; the retry has its own id"},
		{name: "only an older version in common", ask: "2026-07-28", supported: gradeSDKVersions,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeUnsupported(1, "2026-07-28", "2025-06-18", "2024-11-05")},
				{send: "initialize", id: 2}, {frame: gradeInitResult(2, "2025-06-18")}},
			state: Ready, version: "2025-06-18", offer: "2025-06-18", why: why + "; a version before 2026-07-28 is spoken through initialize"},
		{name: "refused twice", ask: "2027-03-01", supported: gradeFuture,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeUnsupported(1, "2027-03-01", "2026-07-28")},
				{send: "server/discover", id: 2}, {frame: gradeUnsupported(2, "2026-07-28", "2026-07-28")}, {send: "server/discover", id: 3}},
			state: Closed, why: "a server that refuses the version it listed will not be satisfied by a third try: after one retry a -32022 closes the connection with an error"},
	}
}

func gradeNoCommonCases() []gradeDiscoverCase {
	why := "specification 2026-07-28 (Versioning): the client retries with a mutually supported version, or surfaces an error if no compatible version exists; a server that answers server/discover or sends a 2026-07-28 error is not a 2025 server, so initialize would not help. go-sdk v1.8.0 falls back to initialize here"
	return []gradeDiscoverCase{
		{name: "a result whose versions are all unknown", ask: "2026-07-28", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeDiscoverResult(1, "2028-01-01", "2024-11-05")}, {send: "initialize", id: 2}},
			state: Closed, why: why},
		{name: "a -32022 whose versions are all unknown", ask: "2026-07-28", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeUnsupported(1, "2026-07-28", "2030-01-01")}},
			state: Closed, why: why},
		{name: "a -32022 without a list", ask: "2026-07-28", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeError(1, -32022, "Unsupported protocol version")}},
			state: Closed, why: why},
		{name: "a result without supportedVersions", ask: "2026-07-28", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: `{"jsonrpc":"2.0","id":1,"result":{}}`}},
			state: Closed, why: why},
		{name: "MissingRequiredClientCapability", ask: "2026-07-28", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeError(1, -32021, "Missing required client capability")}},
			state: Closed, why: why + " (-32020 HeaderMismatch and -32021 MissingRequiredClientCapability are 2026-07-28 errors too)"},
	}
}

// gradeHiddenDiscovery plays seeded random transcripts that start with the
// probe: random version lists on both sides, results, -32022 with and
// without lists, legacy errors, answers to other ids, retries and
// fallbacks.
func gradeHiddenDiscovery(ctx context.Context, f GradeNew) grading.Result {
	rng := grading.Rand(ctx, 7, 20260728)
	versions := []string{"2024-11-05", "2025-06-18", "2025-11-25", "2026-07-28", "2027-03-01", "2028-01-01"}
	others := []string{"ping", "tools/list", "initialize", "notifications/initialized", "server/discover"}
	subset := func() []string {
		var out []string
		for _, v := range versions {
			if rng.IntN(2) == 0 {
				out = append(out, v)
			}
		}
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out
	}
	for run := 0; run < 300; run++ {
		if ctx.Err() != nil {
			return grading.Failf("stopped: %v", ctx.Err())
		}
		supported := subset()
		ask := versions[3+rng.IntN(3)]
		if rng.IntN(8) == 0 {
			ask = versions[rng.IntN(3)]
		}
		m := newGradeModel(supported, ask)
		var steps []gradeStep
		next := int64(1 + rng.IntN(3))
		var sent []int64
		asked := "server/discover"
		for op := 0; op < 8; op++ {
			var s gradeStep
			if op == 0 || rng.IntN(2) == 0 {
				meth := others[rng.IntN(len(others))]
				if asked != "" && (op == 0 || rng.IntN(4) > 0) {
					meth = asked
				}
				if !strings.HasPrefix(meth, "notifications/") {
					s = gradeStep{send: meth, id: next}
				} else {
					s = gradeStep{send: meth}
				}
				if m.send(s.send, s.id) == "" && s.id != 0 {
					sent = append(sent, s.id)
					next++
				}
				asked = ""
			} else {
				id := next
				if len(sent) > 0 && rng.IntN(6) > 0 {
					id = sent[len(sent)-1-rng.IntN(min(2, len(sent)))]
				}
				s = gradeStep{frame: gradeRandomDiscoverFrame(rng, id, subset())}
				asked = m.receive([]byte(s.frame)).reply
			}
			steps = append(steps, s)
		}
		if r := gradePlay(f, fmt.Sprintf("hidden transcript %d", run), ask, supported, steps, ""); !r.Pass {
			return r
		}
	}
	return grading.Pass()
}

// gradeRandomDiscoverFrame makes a server frame answering id.
func gradeRandomDiscoverFrame(rng *rand.Rand, id int64, list []string) string {
	var fr string
	switch rng.IntN(10) {
	case 0, 1, 2, 3:
		fr = gradeDiscoverResult(id, list...)
	case 4, 5:
		fr = gradeUnsupported(id, "2026-07-28", list...)
	case 6:
		fr = gradeError(id, []int{-32601, 0, -32602, -32603, -32600}[rng.IntN(5)], "no")
	case 7:
		fr = gradeError(id, []int{-32020, -32021, -32022}[rng.IntN(3)], "no")
	case 8:
		v := "2025-11-25"
		if len(list) > 0 {
			v = list[0]
		}
		fr = gradeInitResult(id, v)
	default:
		return `{"jsonrpc":"2.0","id":"s1","method":"ping"}`
	}
	if rng.IntN(12) == 0 {
		fr = strings.Replace(fr, fmt.Sprintf(`"id":%d`, id), fmt.Sprintf(`"id":"%d"`, id), 1)
	}
	return fr
}

package outcomes

// This file is the grader's account of a failing situation: what was sent, and
// what came back. Do not edit it: go test and the classroom
// run it against your outcomes.go, and the browser runs the same checks.

import (
	"encoding/json"
	"fmt"
	"strings"
)

func gradeSent(sent []string) string {
	if len(sent) == 0 {
		return "nothing"
	}
	return strings.Join(sent, "; ")
}

func gradeDescribe(c Call, s gradeSpec) string {
	b, _ := json.Marshal(c.Args)
	ro := ""
	if c.ReadOnly {
		ro = " (read-only)"
	}
	answer := map[string]string{
		"ok": "a result", "is-error": "an isError result",
		"eof": "an error wrapping io.EOF", "closed": "mcp.ErrConnectionClosed", "canceled": "context.Canceled", "deadline": "context.DeadlineExceeded",
		"stream-lost": `"request terminated without response" (a 2026-07-28 response stream broke)`,
	}[s.answer]
	e, rpc := gradeRPCCodes[s.answer]
	if rpc {
		answer = fmt.Sprintf("a JSON-RPC error %d %q", e.Code, e.Message)
	}
	ran := ""
	if !c.ReadOnly && gradeModelClassify(c) == Unknown {
		ran = map[bool]string{true: "; the server did run it", false: "; the server never saw it"}[s.ran]
		if rpc {
			ran = map[bool]string{true: "; the handler had reserved before it failed", false: "; the handler failed before reserving"}[s.ran]
		}
	}
	return fmt.Sprintf("  %s %s%s → %s%s", c.Tool, b, ro, answer, ran)
}

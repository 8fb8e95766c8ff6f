package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// TestCourseClaimsFollowTheSpecification holds the lesson and statement
// sentences independent reviews found overstating a revision (issues 25
// and 35) to their corrected form, in both editions: each file must say the
// corrected claim and must not say the old one. Whitespace is ignored, so
// rewrapping a paragraph does not matter.
func TestCourseClaimsFollowTheSpecification(t *testing.T) {
	tests := []struct {
		claim   string
		file    string
		want    []string
		mustNot []string
	}{
		{"2025-11-25 defines no server reaction before initialize", "lessons/01-handshake.md",
			[]string{"defines no server reaction to a request that arrives before `initialize`"},
			[]string{"gives a server one reaction", "it must not process any other", "the one server rule"}},
		{"2025-11-25 defines no server reaction before initialize", "lessons/zh/01-handshake.md",
			[]string{"服务器该如何响应，2025-11-25 生命周期页面都没有规定"},
			[]string{"只给了服务器一种反应", "处理任何其他请求", "针对服务器的只有一条"}},
		{"falling back after a legacy-only list is go-sdk's choice", "exercises/handshake/README.md",
			[]string{"it is the SDK's choice for a case the specification leaves open, not its rule", "does not fall back to `initialize`"},
			[]string{"the server speaks it through the handshake"}},
		{"falling back after a legacy-only list is go-sdk's choice", "exercises/handshake/README.zh.md",
			[]string{"回退是 SDK 的选择，不是规范的规则", "不回退到 `initialize`"},
			[]string{"服务器通过握手来讲这个版本"}},
		{"an expired handle: the tools page recommends a tool execution error", "lessons/06-session-expiry.md",
			[]string{"\"Stateful Tools\"", "tool execution error that says so"},
			[]string{"is the tool's business"}},
		{"an expired handle: the tools page recommends a tool execution error", "lessons/zh/06-session-expiry.md",
			[]string{"“Stateful Tools”", "说明这一点的工具执行错误"},
			[]string{"是工具自己的事"}},
		{"an expired handle: the tools page recommends a tool execution error", "lessons/08-putting-it-together.md",
			[]string{"a tool execution error that says so"},
			[]string{"how that is reported is up to the server"}},
		{"an expired handle: the tools page recommends a tool execution error", "lessons/zh/08-putting-it-together.md",
			[]string{"说明这一点的工具执行错误"},
			[]string{"如何告知由服务器决定"}},
		{"a null nextCursor is treated as absent, not allowed", "lessons/05-paging-failures.md",
			[]string{"the schema types `nextCursor` as a string, so `null` is not a value a server may send"},
			[]string{"as 2026-07-28 allows", "tells a client to treat as absent", "so a `null` counts as absent"}},
		{"a null nextCursor is treated as absent, not allowed", "lessons/zh/05-paging-failures.md",
			[]string{"schema 把 `nextCursor` 定为字符串，所以 `null` 不是服务器可以发送的值"},
			[]string{"所允许的那样为 `null`", "要求客户端把 `null` 当作字段缺失", "所以 `null` 等同于字段缺失"}},
		{"a null nextCursor is treated as absent, not allowed", "exercises/catalog/README.md",
			[]string{"The schema types it as an optional string", "so a `null` counts as an absent field"},
			[]string{"a walk ends when `nextCursor` is absent or `null`", "tells a client to treat a `null`"}},
		{"a null nextCursor is treated as absent, not allowed", "exercises/catalog/README.zh.md",
			[]string{"schema 把它定为可选的字符串", "所以 `null` 等同于字段缺失"},
			[]string{"`nextCursor` 缺失或为 `null` 时遍历结束", "要求客户端把 `null` 当作字段缺失"}},
		// Issue 35.
		{"2026-07-28's pagination ends a walk on a missing nextCursor; null is not a string", "lessons/04-catalog.md",
			[]string{"Both schemas type `nextCursor` as a string, so `null` is not a value\na server may send", "In 2026-07-28, whether a cursor is there decides, not what it holds"},
			// 2025-11-25 says a missing nextCursor ends results, not that nothing else does.
			[]string{"absent or null", "absent or `null`", "absent (or `null`)", "in 2025-11-25 only a missing nextCursor ends the walk"}},
		{"2026-07-28's pagination ends a walk on a missing nextCursor; null is not a string", "lessons/zh/04-catalog.md",
			[]string{"两版 schema 都把 `nextCursor` 定为字符串，所以 `null` 不是服务器可以发送的值", "在 2026-07-28 中，起决定作用的是游标在不在"},
			[]string{"缺失或为 null", "缺失或为 `null`", "缺失（或为 `null`）", "在 2025-11-25 中，只有缺少 nextCursor 才会结束遍历"}},
		{"2026-07-28's pagination ends a walk on a missing nextCursor; null is not a string", "lessons/08-putting-it-together.md",
			[]string{"(a string in both schemas; a conforming server never sends `null`)"}, []string{"in 2026-07-28, absent or `null`"}},
		{"2026-07-28's pagination ends a walk on a missing nextCursor; null is not a string", "lessons/zh/08-putting-it-together.md",
			[]string{"（两版 schema 中它都是字符串；符合规范的服务器不会发送 `null`）"}, []string{"在 2026-07-28 中为缺失或 `null`"}},
		{"clients MAY pass a protocol error to the model", "lessons/03-first-tool.md",
			[]string{"which a client may pass to the model", "less likely than an `isError` result to lead to a\nsuccessful recovery"},
			[]string{"the model cannot read", "tells the model nothing"}},
		{"clients MAY pass a protocol error to the model", "lessons/zh/03-first-tool.md",
			[]string{"客户端可以把它交给模型", "它比 `isError` 结果更难让模型成功纠正"}, []string{"模型读不到"}},
		{"clients MAY pass a protocol error to the model", "exercises/stock/grade.go",
			[]string{"which a client may pass to the model but which is less likely than an isError result to lead to a recovery"},
			[]string{"tells the model nothing"}},
		{"an authenticated server's handle is a name, not a capability", "lessons/06-session-expiry.md",
			[]string{"for\nan authenticated server a handle is a name, not a capability", "An unauthenticated server's handle is necessarily a bearer token"},
			// The tools page says "necessarily", not "only".
			[]string{"A handle is as much a bearer secret as a session id was", "Only an unauthenticated server's handle is a bearer token"}},
		{"an authenticated server's handle is a name, not a capability", "lessons/zh/06-session-expiry.md",
			[]string{"句柄只是一个名字，而不是一种权限凭证（capability）", "不做认证的服务器，其句柄必然是 bearer 令牌"},
			[]string{"都是持有即可用的秘密", "只有不做认证的服务器，句柄才是 bearer 令牌"}},
		{"an authenticated server's handle is a name, not a capability", "sim/scenario/handle/run.go",
			[]string{"since the handle is then a name, not a capability"}, []string{"whoever holds a handle can use it"}},
	}
	squeeze := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) {
				return -1
			}
			return r
		}, s)
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(tc.file)))
			if err != nil {
				t.Fatal(err)
			}
			text := squeeze(string(src))
			for _, w := range tc.want {
				if !strings.Contains(text, squeeze(w)) {
					t.Errorf("%s does not say %q (%s)", tc.file, w, tc.claim)
				}
			}
			for _, w := range tc.mustNot {
				if strings.Contains(text, squeeze(w)) {
					t.Errorf("%s still says %q (%s)", tc.file, w, tc.claim)
				}
			}
		})
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// TestCourseClaimsFollowTheSpecification holds the lesson and statement
// sentences an independent review found overstating a revision (issue 25)
// to their corrected form, in both editions: each file must say the
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
			[]string{"服务器该如何回应，2025-11-25 生命周期页面都没有规定"},
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
			[]string{"has a client decide only by whether a non-null cursor was provided, so a `null` counts as absent"},
			[]string{"as 2026-07-28 allows", "tells a client to treat as absent"}},
		{"a null nextCursor is treated as absent, not allowed", "lessons/zh/05-paging-failures.md",
			[]string{"只让客户端根据是否提供了非 null 的游标来判断，所以 `null` 等同于字段缺失"},
			[]string{"所允许的那样为 `null`", "要求客户端把 `null` 当作字段缺失"}},
		{"a null nextCursor is treated as absent, not allowed", "exercises/catalog/README.md",
			[]string{"The schema types it as an optional string", "so a `null` counts as an absent field"},
			[]string{"a walk ends when `nextCursor` is absent or `null`", "tells a client to treat a `null`"}},
		{"a null nextCursor is treated as absent, not allowed", "exercises/catalog/README.zh.md",
			[]string{"schema 把它定为可选的字符串", "所以 `null` 等同于字段缺失"},
			[]string{"`nextCursor` 缺失或为 `null` 时遍历结束", "要求客户端把 `null` 当作字段缺失"}},
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

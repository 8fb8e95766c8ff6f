package main

import (
	"slices"
	"testing"
)

func TestEnglishSentencesOnATranslatedPage(t *testing.T) {
	tests := []struct {
		name, page string
		want       []string
	}{
		{"a sentence in prose", `<p>按下一步。Nothing has crossed the wire yet.</p>`, []string{"Nothing has crossed the wire yet"}},
		{"a sentence in an attribute-free button", `<button>Check your answer now please</button>`, []string{"Check your answer now please"}},
		{"entities decoded", `<p>the server&#39;s answer is not here</p>`, []string{"the server's answer is not here"}},
		{"Chinese with names", `<p>go-sdk v1.8.0 的 Streamable HTTP 处理器回答 JSON-RPC 错误。</p>`, nil},
		{"code", `<p>返回 <code>not JSON: log output on stdout?</code></p>`, nil},
		{"code inside pre", `<pre><code>// Package ttl is an idle-expiry scheduler for sessions.</code></pre>`, nil},
		{"the editor", `<textarea rows="3">// TODO: add the fields you need here</textarea>`, nil},
		{"a specification section", `<p>见 <em>Versioning › Backward Compatibility of the text</em>。</p>`, nil},
		{"a quotation from the wire", `<p>消息是“invalid during session initialization of it”。</p>`, nil},
		{"a path", `<p>阅读 pkg.go.dev/github.com/modelcontextprotocol/go-sdk/mcp 的文档</p>`, nil},
		{"an attribute", `<a title="Open the playground in a new tab" href="x">演练场</a>`, nil},
		{"a script", `<script type="application/json">{"Nothing has crossed the wire yet":"线路上"}</script>`, nil},
		{"two elements do not join", `<td>Mcp Session Id</td><td>only if set</td>`, nil},
		{"four words are a name", `<p>Model Context Protocol Go 的教程</p>`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := englishSentences([]byte(tc.page)); !slices.Equal(got, tc.want) {
				t.Errorf("englishSentences(%q) = %q, want %q", tc.page, got, tc.want)
			}
		})
	}
}

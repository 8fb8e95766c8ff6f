package main

import (
	"encoding/json"
	"testing"

	"gopkg.in/yaml.v3"
)

func TestGlobMatch(t *testing.T) {
	for _, tc := range []struct {
		pattern, s string
		want       bool
	}{
		{"READY", "READY", true},
		{"READY", "READY ", false},
		{"", "", true},
		{"", "x", false},
		{"*", "", true},
		{"*", "anything", true},
		{"catalog: *", "catalog: tool limit", true},
		{"catalog: *", "other: tool limit", false},
		{"*ErrSessionMissing", "wraps mcp.ErrSessionMissing", true},
		{"*ErrSessionMissing", "mcp.ErrSessionMissing: more", false},
		{"*cursor*repeated*", "catalog: cursor \"x\" repeated after page 2", true},
		{"*cursor*repeated*", "catalog: repeated cursor", false},
		{"a*a", "a", false}, // the prefix and the suffix may not overlap
		{"a*a", "aa", true},
	} {
		if got := globMatch(tc.pattern, tc.s); got != tc.want {
			t.Errorf("globMatch(%q, %q) = %t, want %t", tc.pattern, tc.s, got, tc.want)
		}
	}
}

func TestPatternMatch(t *testing.T) {
	const value = `{"client":"READY","catalog":["alpha","beta"],"cursors":[],"ttl":{"live":1,"heap":3},"ok":true,"nothing":null}`
	for _, tc := range []struct {
		name, pattern string
		want          bool
	}{
		{"a mapping is a subset", `{client: READY}`, true},
		{"nested values", `{ttl: {heap: 3}}`, true},
		{"numbers by value", `{ttl: {heap: 3.0}}`, true},
		{"a number is not a string", `{ttl: {heap: "3"}}`, false},
		{"booleans", `{ok: true}`, true},
		{"a wrong boolean", `{ok: false}`, false},
		{"a list item by item", `{catalog: [alpha, beta]}`, true},
		{"a list of another length", `{catalog: [alpha]}`, false},
		{"a list in another order", `{catalog: [beta, alpha]}`, false},
		{"null matches an absent field", `{error: null}`, true},
		{"null matches null", `{nothing: null}`, true},
		{"null matches an empty list", `{cursors: null}`, true},
		{"[] matches an absent field", `{error: []}`, true},
		{"null does not match a value", `{client: null}`, false},
		{"an absent field is not the empty string", `{error: ""}`, false},
		{"a glob", `{client: "RE*"}`, true},
		{"a mapping against a list", `{catalog: {alpha: 1}}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var doc yaml.Node
			if err := yaml.Unmarshal([]byte(tc.pattern), &doc); err != nil {
				t.Fatal(err)
			}
			var v any
			json.Unmarshal([]byte(value), &v)
			err := match(doc.Content[0], v, true, "p")
			if got := err == nil; got != tc.want {
				t.Errorf("match(%s) = %v, want match: %t", tc.pattern, err, tc.want)
			}
		})
	}
}

package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// A quiz's expect: holds patterns: YAML values matched against JSON (a
// frame, a state snapshot). The rules are in the doc of [quizExpect].

// match matches the pattern p against v, a value decoded from JSON;
// present is false when the field is absent. path names p in errors.
func match(p *yaml.Node, v any, present bool, path string) *lineError {
	if p.Kind == yaml.AliasNode {
		p = p.Alias
	}
	fail := func() *lineError {
		e := lineErrorf(p.Line, "%s is %s, want %s", path, showJSON(v, present), showYAML(p))
		return &e
	}
	if isEmptyPattern(p) {
		if l, isList := v.([]any); !present || v == nil || (isList && len(l) == 0) {
			return nil
		}
		return fail()
	}
	switch p.Kind {
	case yaml.MappingNode:
		m, ok := v.(map[string]any)
		if !ok {
			return fail()
		}
		for i := 0; i+1 < len(p.Content); i += 2 {
			k := p.Content[i].Value
			sub, has := m[k]
			if err := match(p.Content[i+1], sub, has, path+"."+k); err != nil {
				return err
			}
		}
		return nil
	case yaml.SequenceNode:
		l, ok := v.([]any)
		if !ok || len(l) != len(p.Content) {
			return fail()
		}
		for i, item := range p.Content {
			if err := match(item, l[i], true, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	case yaml.ScalarNode:
		switch p.Tag {
		case "!!str", "!!timestamp": // YAML reads 2025-11-25 unquoted as a timestamp
			if s, ok := v.(string); ok && globMatch(p.Value, s) {
				return nil
			}
		case "!!int", "!!float":
			want, err := strconv.ParseFloat(p.Value, 64)
			if n, ok := v.(float64); ok && err == nil && n == want {
				return nil
			}
		case "!!bool":
			if b, ok := v.(bool); ok && strconv.FormatBool(b) == p.Value {
				return nil
			}
		default:
			e := lineErrorf(p.Line, "%s: a pattern holds strings, numbers, booleans, null, lists and mappings, not %s", path, strings.TrimPrefix(p.Tag, "!!"))
			return &e
		}
	}
	return fail()
}

// isEmptyPattern reports whether p is null or [].
func isEmptyPattern(p *yaml.Node) bool {
	return (p.Kind == yaml.ScalarNode && p.Tag == "!!null") || (p.Kind == yaml.SequenceNode && len(p.Content) == 0)
}

// globMatch reports whether s matches pattern, in which * stands for any
// text. Without a *, only s == pattern matches.
func globMatch(pattern, s string) bool {
	parts := strings.Split(pattern, "*")
	if len(parts) == 1 {
		return s == pattern
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, part := range parts[1 : len(parts)-1] {
		i := strings.Index(s, part)
		if i < 0 {
			return false
		}
		s = s[i+len(part):]
	}
	return len(s) >= len(last) && strings.HasSuffix(s, last)
}

func showJSON(v any, present bool) string {
	if !present {
		return "absent"
	}
	b, _ := json.Marshal(v)
	if s := string(b); len(s) <= 80 {
		return s
	}
	return string(b[:77]) + "..."
}

func showYAML(p *yaml.Node) string {
	if p.Kind == yaml.ScalarNode {
		if p.Tag == "!!str" {
			return strconv.Quote(p.Value)
		}
		return p.Value
	}
	var v any
	_ = p.Decode(&v)
	b, _ := json.Marshal(v)
	return string(b)
}

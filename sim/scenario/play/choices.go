package play

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// choices maps each enumerated parameter of a family, by its JSON name, to
// the words it accepts, in the order a form offers them. It is the one
// place a family states them: its validate checks against it, the error
// lists it, [Info.Choices] is a copy of it, and the family's run switches
// over the same named constants.
type Choices map[string][]string

// check returns nil when got is one of the words param accepts, else an
// error that lists them, as in
//
//	shape "spiral": want normal, repeat, cycle or endless
func (c Choices) Check(param, got string) error {
	words := c[param]
	if slices.Contains(words, got) {
		return nil
	}
	return fmt.Errorf("%s %q: want %s", param, got, OrList(words))
}

// orList joins words as "a, b or c". The empty word is a parameter left
// out, so it reads "none".
func OrList(words []string) string {
	named := make([]string, len(words))
	for i, w := range words {
		named[i] = w
		if w == "" {
			named[i] = "none"
		}
	}
	if len(named) < 2 {
		return strings.Join(named, "")
	}
	return strings.Join(named[:len(named)-1], ", ") + " or " + named[len(named)-1]
}

// clone returns a copy that shares nothing with c, so that a caller who
// changes one [Info]'s choices changes no other Info's. A family without
// enumerated parameters gets nil, which [Info] leaves out of its JSON.
func (c Choices) Clone() map[string][]string {
	out := maps.Clone(map[string][]string(c))
	for k, words := range out {
		out[k] = slices.Clone(words)
	}
	return out
}

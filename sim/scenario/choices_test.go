package scenario

import (
	"slices"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
)

func TestCheckListsTheAcceptedWords(t *testing.T) {
	c := play.Choices{
		"shape": {"normal", "repeat", "cycle"},
		"twist": {"", "restart"},
		"fault": {"banner"},
	}
	tests := []struct {
		name, param, got, want string
	}{
		{"an accepted word", "shape", "cycle", ""},
		{"the empty word when offered", "twist", "", ""},
		{"an unknown word", "shape", "spiral", `shape "spiral": want normal, repeat or cycle`},
		{"the empty word reads none", "twist", "loop", `twist "loop": want none or restart`},
		{"a single word", "fault", "smoke", `fault "smoke": want banner`},
		{"the empty word when not offered", "shape", "", `shape "": want normal, repeat or cycle`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := c.Check(tc.param, tc.got)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("check(%q, %q) = %q, want %q", tc.param, tc.got, got, tc.want)
			}
		})
	}
}

// TestInfoChoicesAreNotShared changes one Info's choices and checks that
// no other Info, in the same list or a later one, sees the change.
func TestInfoChoicesAreNotShared(t *testing.T) {
	list := List()
	i := slices.IndexFunc(list, func(info play.Info) bool { return info.ID == "paging-normal" })
	if i < 0 || len(list[i].Choices["shape"]) == 0 {
		t.Fatal("paging-normal offers no shape choices")
	}
	list[i].Choices["shape"][0] = "changed"
	list[i].Choices["added"] = []string{"x"}
	for _, info := range slices.Concat(list[:i], list[i+1:], List()) {
		if info.Family != "paging" {
			continue
		}
		if info.Choices["shape"][0] == "changed" || info.Choices["added"] != nil {
			t.Errorf("%s: choices %v changed with another Info's", info.ID, info.Choices)
		}
	}
}

// TestCounterpartsPairEras checks every era link: it names a scenario that
// exists, in the other era, and that names it back.
func TestCounterpartsPairEras(t *testing.T) {
	byID := map[string]play.Info{}
	for _, in := range List() {
		byID[in.ID] = in
	}
	for _, in := range List() {
		if in.Counterpart == "" {
			continue
		}
		other, ok := byID[in.Counterpart]
		if !ok {
			t.Errorf("%s: counterpart %q is not a scenario", in.ID, in.Counterpart)
			continue
		}
		if other.Era == in.Era {
			t.Errorf("%s (%s): counterpart %s is in the same era", in.ID, in.Era, other.ID)
		}
		if other.Counterpart != in.ID {
			t.Errorf("%s: counterpart %s names %q back, want %q", in.ID, other.ID, other.Counterpart, in.ID)
		}
	}
}

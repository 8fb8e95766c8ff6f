// Package ruletest writes the learner files the graders' tests grade to
// prove the import rule (exercises/importrule): a correct answer that also
// uses the standard library a Go programmer reaches for, which go test,
// the classroom graders and the page must all accept and grade as the
// answer itself.
package ruletest

import (
	"fmt"
	"go/parser"
	"go/token"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Everyday maps each package every page's grader carries (the symbol
// tables' always, and the generic packages yaegi compiles from source) to
// an expression that runs some of it: sort, maps, strconv, unicode/utf8,
// bytes, math, container/heap, sync and time, the packages issue #37 names.
// The page's slices and maps are yaegi's own generic sources, older than
// Go's: slices.Sort, Min, Max and BinarySearch and most of maps (Keys,
// Clone, Equal) do not compile there (go test grades them; the page says
// so), so the uses here are ones both run.
var Everyday = map[string]string{
	"bytes":          `bytes.ToUpper([]byte("mcp"))`,
	"cmp":            `cmp.Compare(1, 2)`,
	"container/heap": `heap.Fix`,
	"maps":           `func() int { m := map[string]int{"a": 1, "b": 2}; maps.DeleteFunc(m, func(_ string, v int) bool { return v > 1 }); return len(m) }()`,
	"math":           `math.Sqrt(2) + math.MaxInt32`,
	"slices":         `slices.Index([]string{"a", "b"}, "b")`,
	"sort":           `sort.SearchInts([]int{1, 2, 3}, 2)`,
	"strconv":        `strconv.Itoa(42)`,
	"sync":           `new(sync.Mutex)`,
	"time":           `time.Duration(5) * time.Second`,
	"unicode":        `unicode.IsUpper('M')`,
	"unicode/utf8":   `utf8.RuneCountInString("héllo")`,
}

// WithUses returns src, a Go file, with the packages uses names imported
// (those it does not import already) and each expression assigned to the
// blank identifier at package level, in path order, so it runs when the
// package initializes. Every line of src keeps its number but the imports
// are added on the line of src's last import.
func WithUses(src []byte, uses map[string]string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ImportsOnly)
	if err != nil {
		return nil, err
	}
	have := map[string]bool{}
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		if im.Name != nil {
			return nil, fmt.Errorf("ruletest: the file imports %s as %s", p, im.Name.Name)
		}
		have[p] = true
	}
	var add strings.Builder
	var tail strings.Builder
	for _, p := range slices.Sorted(maps.Keys(uses)) {
		if !have[p] {
			fmt.Fprintf(&add, "import %q\n", p)
		}
		fmt.Fprintf(&tail, "var _ = %s\n", uses[p])
	}
	at := fset.Position(f.Name.End()).Offset
	if len(f.Decls) > 0 {
		at = fset.Position(f.Decls[len(f.Decls)-1].End()).Offset
	}
	out := append([]byte{}, src[:at]...)
	if add.Len() > 0 {
		out = append(out, "; "+strings.ReplaceAll(strings.TrimSuffix(add.String(), "\n"), "\n", "; ")...)
	}
	out = append(out, src[at:]...)
	out = append(out, "\n"+tail.String()...)
	return out, nil
}

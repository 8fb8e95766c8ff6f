// Package importrule decides which packages a learner's file may import.
// The classroom grader applies it before it compiles a submission and the
// page's grader before it interprets one, so that both refuse the same
// files with the same message, in English and Chinese.
//
// The rule is what a package can do, not a short list per exercise. Every
// standard-library package that reaches no file by name, no network, no
// other process or exit status, no runtime internals and no value around
// the type system is allowed in every exercise ([Allowed]): a Go
// programmer reaches for sort, maps, strconv or container/heap, and none
// of them can touch a grade. Refused everywhere, each with its reason
// (std.go), grouped by what it reaches:
//
//   - the operating system: os and below it, syscall, plugin — a file that
//     exits with status 0, writes a results file or starts a process could
//     fake a grade;
//   - files by name: io/ioutil, io/fs, path/filepath, embed, archive/zip,
//     debug/… (not dwarf and gosym), go/build, go/importer, go/parser,
//     text/template, html/template, mime/multipart, crypto/x509 — the
//     grader's sources, results and recorded answers are files;
//   - the process's life and arguments: log (log.Fatal is os.Exit; log/slog
//     is allowed), flag;
//   - the network: net and below it (not net/url, net/netip, net/mail,
//     which only parse), crypto/tls, log/syslog, expvar, database/sql;
//   - around the type system: unsafe, cgo ("C"), reflect — in go test and
//     on the page the grader's values share the process with the learner's;
//   - the runtime: runtime and below it, weak;
//   - testing and below it: the grader runs the tests;
//   - and any package of this module (the simulator's reference answers,
//     the graders): the exercise is to write them.
//
// A standard-library path neither list names (a package a later Go adds)
// is refused until std.go decides it. Outside the standard library an
// exercise allows only what it is about (the go-sdk's mcp and jsonrpc
// where it uses them), and an exercise may refuse a standard package the
// others allow, where writing that package's work is what it teaches (its
// statement says why); both are the "allow" and "refuse" of its
// .meta/config.json, mirrored in [ForExercise] for the page's grader.
//
// A refusal names the import, says why in one line and, where there is
// one, what to use instead. //go:linkname is refused as well: it reaches
// any package's functions around the exports, the grader's included.
package importrule

import (
	"fmt"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
)

// modulePath is this course's module: none of its packages is the learner's
// to import (the simulator's reference code, the graders).
const modulePath = "github.com/mcp-playground/mcp-playground"

// A Rule is what one exercise's learner file may import: every package
// [Allowed] lists but those it refuses, and the packages outside the
// standard library it allows. The zero Rule allows the standard library's
// allowed packages alone.
type Rule struct {
	allow  []string           // outside the standard library
	refuse map[string]refusal // allowed elsewhere, refused here
}

// An Error is a file the rule rejects: the file, the import (or directive)
// and the message in both languages.
type Error struct {
	File, Import string
	EN, ZH       string
}

func (e *Error) Error() string { return e.EN + "\n" + e.ZH }

// Check parses src, the learner's file named file, and returns an [*Error]
// for a //go:linkname directive or the first import rule refuses.
// A file with syntax errors is judged on what parses: the compiler, next,
// reports the errors better than this could.
func Check(file string, src []byte, rule Rule) error {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.ParseComments)
	if f == nil {
		return err
	}
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:linkname") {
				pos := fset.Position(c.Pos())
				return &Error{File: file, Import: "//go:linkname",
					EN: fmt.Sprintf("%s:%d: //go:linkname is not allowed: it reaches functions of other packages around their exports, the grader's included", file, pos.Line),
					ZH: fmt.Sprintf("%s:%d：不允许使用 //go:linkname：它能绕过导出规则调用其他包（包括评分器）的函数", file, pos.Line)}
			}
		}
	}
	for _, im := range f.Imports {
		path, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			return err
		}
		if e := rule.refusal(path); e != nil {
			line := fset.Position(im.Pos()).Line
			e.File, e.Import = file, path
			e.EN = fmt.Sprintf("%s:%d: %s", file, line, e.EN)
			e.ZH = fmt.Sprintf("%s:%d：%s", file, line, e.ZH)
			return e
		}
	}
	return nil
}

// Allows reports whether rule lets a learner's file import path.
func (rule Rule) Allows(path string) bool { return rule.refusal(path) == nil }

// refusal returns the message (without the file and line) refusing path,
// or nil when rule allows it.
func (rule Rule) refusal(path string) *Error {
	why := func(r refusal, en, zh string) *Error {
		e := &Error{EN: fmt.Sprintf(en, path) + ": " + r.why.en, ZH: fmt.Sprintf(zh, path) + "：" + r.why.zh}
		if r.instead.en != "" {
			e.EN += "; " + r.instead.en
			e.ZH += "；" + r.instead.zh
		}
		return e
	}
	if r, ok := rule.refuse[path]; ok {
		return why(r, "import %q is not allowed in this exercise", "本练习不允许导入 %q")
	}
	if r, ok := standardRefusal(path); ok {
		return why(r, "import %q is not allowed", "不允许导入 %q")
	}
	if slices.Contains(allowed, path) || slices.Contains(rule.allow, path) {
		return nil
	}
	r := refusal{why: text{"this exercise may import the standard library alone", "本练习只能导入标准库"}}
	if len(rule.allow) > 0 {
		r.why = text{"this exercise may import the standard library and " + strings.Join(rule.allow, ", ") + " alone",
			"本练习只能导入标准库和 " + strings.Join(rule.allow, "、")}
	}
	return why(r, "import %q is not allowed", "不允许导入 %q")
}

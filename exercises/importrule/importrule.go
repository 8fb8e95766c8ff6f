// Package importrule decides which packages a learner's file may import.
// The classroom grader applies it before it compiles a submission and the
// page's grader before it interprets one, so that both reject the same files
// with the same message, in English and Chinese.
//
// The rule is an allow-list per exercise (the "allow" list of its
// .meta/config.json, mirrored in [ForExercise]): a learner's code needs
// the few packages its exercise is about, and every package left off keeps
// a door shut. A package that opens a known door (the operating system,
// raw memory, the grader's own code) is named with the reason, so that a
// learner who reaches for it learns why it is not there.
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

// A reason says, in both languages, why a package is never allowed.
type reason struct{ en, zh string }

var (
	reasonOS      = reason{"it reaches the operating system (files, processes, the exit status), which the grader keeps to itself", "它能直接操作操作系统（文件、进程、退出状态），这些只归评分程序使用"}
	reasonMemory  = reason{"it reads and writes memory around Go's type checks", "它能绕过 Go 的类型检查读写内存"}
	reasonRuntime = reason{"it reaches into the Go runtime, which this exercise does not need", "它能深入 Go 运行时，本练习用不到它"}
	reasonTesting = reason{"the grader, not the learner's file, runs the tests", "测试由评分程序运行，而不是由你的文件运行"}
	reasonNet     = reason{"it reaches the network, which a graded file never needs", "它能访问网络，而被评分的文件从不需要网络"}
	reasonCourse  = reason{"it is part of this course's own code (the simulator's reference answers, the graders): the exercise is to write it yourself", "它属于本课程自己的代码（模拟器的参考答案、评分程序）：练习要求你自己写出来"}
)

// denied are the packages never allowed, with why. A path also covers the
// packages below it ("net" covers "net/http").
var denied = map[string]reason{
	"os":        reasonOS,
	"os/exec":   reasonOS,
	"syscall":   reasonOS,
	"io/ioutil": reasonOS,
	"plugin":    reasonOS,
	"unsafe":    reasonMemory,
	"reflect":   reasonMemory,
	"runtime":   reasonRuntime,
	"testing":   reasonTesting,
	"net":       reasonNet,
	"C":         reasonMemory,
	modulePath:  reasonCourse,
}

// deniedReason returns the reason path is denied, if it is.
func deniedReason(path string) (reason, bool) {
	for p := path; ; {
		if r, ok := denied[p]; ok {
			return r, true
		}
		i := strings.LastIndex(p, "/")
		if i < 0 {
			return reason{}, false
		}
		p = p[:i]
	}
}

// An Error is a file the rule rejects: the file, the import (or directive)
// and the message in both languages.
type Error struct {
	File, Import string
	EN, ZH       string
}

func (e *Error) Error() string { return e.EN + "\n" + e.ZH }

// Check parses src, the learner's file named file, and returns an [*Error]
// for a //go:linkname directive or the first import allow does not list.
// A file with syntax errors is judged on what parses: the compiler, next,
// reports the errors better than this could.
func Check(file string, src []byte, allow []string) error {
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
					ZH: fmt.Sprintf("%s:%d：不允许使用 //go:linkname：它能绕过导出规则调用其他包（包括评分程序）的函数", file, pos.Line)}
			}
		}
	}
	for _, im := range f.Imports {
		path, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			return err
		}
		line := fset.Position(im.Pos()).Line
		if r, ok := deniedReason(path); ok {
			return &Error{File: file, Import: path,
				EN: fmt.Sprintf("%s:%d: import %q is not allowed: %s", file, line, path, r.en),
				ZH: fmt.Sprintf("%s:%d：不允许导入 %q：%s", file, line, path, r.zh)}
		}
		if !slices.Contains(allow, path) {
			return &Error{File: file, Import: path,
				EN: fmt.Sprintf("%s:%d: import %q is not allowed in this exercise; it may import %s", file, line, path, strings.Join(allow, ", ")),
				ZH: fmt.Sprintf("%s:%d：本练习不允许导入 %q；可以导入的包是 %s", file, line, path, strings.Join(allow, "、"))}
		}
	}
	return nil
}

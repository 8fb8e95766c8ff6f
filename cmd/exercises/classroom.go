package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// modulePath is the module the exports keep, so that the graders' imports
// of sim/ and exercises/grading need no rewriting.
const modulePath = "github.com/mcp-playground/mcp-playground"

// A target is a platform a teacher runs a class on. Every target grades
// with the same grader: the exercises' grade.go checks under go test,
// scored by the points in .meta/config.json, which are the page's points.
type target struct {
	name    string
	summary string
	write   func(e *export, dir string) error
}

// classroomTargets lists the targets, in the order the command shows them.
// (GitHub Classroom, the old target, was discontinued on 2026-08-28.)
func classroomTargets() []target {
	return []target{
		{"classroom50", "Classroom 50 (foundation50/classroom50): a template repository, tests/<id>.json and runtime.json for gh teacher assignment add, and the pristine graders for the assignment's bundle", writeClassroom50},
		{"gradescope", "Gradescope: <id>/autograder.zip per exercise (setup.sh installs Go, run_autograder grades the submitted <id>.go)", writeGradescope},
		{"github", "plain GitHub: template/, a repository whose Actions workflow grades every push, with a points table in the job summary and results.json as an artifact; regrade/, the teacher's grader to regrade a student's copy with", writeGitHubClass},
	}
}

// WriteClassroom writes the export for the named target into dir, which
// must be empty or absent.
func WriteClassroom(root, targetName, dir string) error {
	return writeClassroom(root, targetName, dir, "")
}

// writeClassroom is WriteClassroom with the published course's URL, to
// which failure messages link ("" for none).
func writeClassroom(root, targetName, dir, site string) error {
	if site != "" {
		u, err := url.Parse(site)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return fmt.Errorf("-site %q: want the course's address, https://HOST/PATH/", site)
		}
		site = strings.TrimSuffix(site, "/") + "/"
	}
	i := slices.IndexFunc(classroomTargets(), func(t target) bool { return t.name == targetName })
	if i < 0 {
		return fmt.Errorf("no classroom target %q (the targets are %s)", targetName, strings.Join(targetNames(), ", "))
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty", dir)
	}
	e, err := newExport(root)
	if err != nil {
		return err
	}
	e.site = site
	return classroomTargets()[i].write(e, dir)
}

func targetNames() []string {
	var names []string
	for _, t := range classroomTargets() {
		names = append(names, t.name)
	}
	return names
}

// An export is what every target is made from: the module's root, its
// exercises, and the Go version to grade with.
type export struct {
	root      string
	exs       []exercise
	goVersion string // "1.26.8": go.mod's toolchain, else its go line
	site      string // the published course, ending in "/", or ""
}

func newExport(root string) (*export, error) {
	exs, err := loadExercises(root, nil)
	if err != nil {
		return nil, err
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	v := goVersion(string(gomod))
	if v == "" {
		return nil, fmt.Errorf("go.mod names no Go version")
	}
	return &export{root: root, exs: exs, goVersion: v}, nil
}

// goVersion is the Go release go.mod asks for: its toolchain line, which
// is what the go command would switch to, else its go line.
func goVersion(gomod string) string {
	var goLine string
	for _, l := range strings.Split(gomod, "\n") {
		l, _, _ = strings.Cut(l, "//")
		f := strings.Fields(l)
		if len(f) != 2 {
			continue
		}
		switch f[0] {
		case "toolchain":
			return strings.TrimPrefix(f[1], "go")
		case "go":
			goLine = f[1]
		}
	}
	return goLine
}

// A tree says what of the module a target's copy holds.
type tree struct {
	exs      []exercise // the exercise folders to copy
	starters bool       // the learner files (the starters)
	readmes  bool       // the statements, exercises/<id>/README.md and README.zh.md
	// recorded: a copy students get, whose reference implementations are
	// a tape of their answers (sim/tape) instead of their code.
	recorded bool
}

// writeTree copies into dir the module files the graders need: go.mod and
// go.sum, the support packages (without their tests), the exercise folders
// without .meta (no solutions, no mutants), and the grader command with
// its checks.json. Graders are grade.go, the _test.go and the fixed API
// files: everything of an exercise folder but the learner's file and the
// statement.
func (e *export) writeTree(dir string, t tree) error {
	for _, f := range []string{"go.mod", "go.sum"} {
		if err := copyFile(filepath.Join(e.root, f), filepath.Join(dir, f)); err != nil {
			return err
		}
	}
	for _, ex := range t.exs {
		entries, err := os.ReadDir(ex.Dir)
		if err != nil {
			return err
		}
		for _, en := range entries {
			name := en.Name()
			switch {
			case en.IsDir() || strings.HasPrefix(name, "."):
				continue // .meta holds the solution and the mutants
			case name == ex.Config.File && !t.starters, strings.HasPrefix(name, "README.") && !t.readmes:
				continue
			}
			src, err := os.ReadFile(filepath.Join(ex.Dir, name))
			if err != nil {
				return err
			}
			keep, content, err := forCopy(filepath.Join("exercises", ex.ID, name), string(src), t.recorded)
			if err != nil {
				return err
			}
			if keep {
				if err := writeFile(filepath.Join(dir, "exercises", ex.ID, name), content); err != nil {
					return err
				}
			}
		}
	}
	deps, err := supportPackages(e.root, t.exs)
	if err != nil {
		return err
	}
	for _, d := range deps {
		rel, err := filepath.Rel(e.root, d.dir)
		if err != nil {
			return err
		}
		for _, f := range d.files {
			src, err := os.ReadFile(filepath.Join(d.dir, f))
			if err != nil {
				return err
			}
			keep, content, err := forCopy(filepath.Join(rel, f), string(src), t.recorded)
			if err != nil {
				return err
			}
			if keep {
				if err := writeFile(filepath.Join(dir, rel, f), content); err != nil {
					return err
				}
			}
		}
	}
	if t.recorded {
		r, err := e.recording()
		if err != nil {
			return err
		}
		if err := writeFile(filepath.Join(dir, "sim", "tape", "recorded.json"), string(r.tape)); err != nil {
			return err
		}
		if err := writeFile(filepath.Join(dir, "sim", "tape", "recorded.go"), tapeLoader); err != nil {
			return err
		}
	}
	return e.writeGrader(filepath.Join(dir, "grader"), t.exs, t.recorded)
}

// namesReplay finds a build constraint that names the tag replay.
var namesReplay = regexp.MustCompile(`(?m)^//go:build .*\breplay\b`)

// forCopy says whether a support package's file goes into a copy, and
// with what content. A file built for the tag replay (a reference played
// back from the tape) goes, without its constraint, into a recorded copy
// only; one built for !replay (the reference's code) into the others only.
// A Go file may name replay in no other way.
func forCopy(name, src string, recorded bool) (keep bool, content string, err error) {
	if !strings.HasSuffix(name, ".go") {
		return true, src, nil
	}
	first, rest, _ := strings.Cut(src, "\n")
	switch strings.TrimSpace(first) {
	case "//go:build replay":
		return recorded, strings.TrimLeft(rest, "\n"), nil
	case "//go:build !replay":
		return !recorded, src, nil
	}
	if namesReplay.MatchString(src) {
		return false, "", fmt.Errorf("%s: a file's build constraint may name replay only as its first line, \"//go:build replay\" or \"//go:build !replay\"", name)
	}
	return true, src, nil
}

// runPattern is the -run pattern selecting one check. It needs no quoting
// in a shell (and none without one): ^ and a $ before / or at the end are
// literal in sh.
func runPattern(test, check string) string {
	return "^" + test + "$/^" + check + "$"
}

// checkName is a check's name in every report and test list: the page's
// check name under its exercise.
func checkName(ex exercise, c string) string { return ex.ID + "/" + c }

// exerciseTable is the student README's table of exercises.
func exerciseTable(exs []exercise) string {
	var b strings.Builder
	b.WriteString("| Exercise | Edit | Checks | Points |\n|---|---|---|---|\n")
	for _, ex := range exs {
		fmt.Fprintf(&b, "| [%s](exercises/%s/README.md) | `exercises/%s/%s` | %d | %d |\n", ex.Config.Title, ex.ID, ex.ID, ex.Config.File, len(ex.Config.Checks), ex.Config.MaxScore())
	}
	return b.String()
}

// studentREADME is a template repository's README. how says how the class
// collects the grade.
func studentREADME(exs []exercise, how string) string {
	total := 0
	for _, ex := range exs {
		total += ex.Config.MaxScore()
	}
	return `# MCP in Go: graded exercises

[中文](README.zh.md)

Six exercises on the Model Context Protocol, from the mcp-playground course. Each folder under
` + "`exercises/`" + ` holds a statement (` + "`README.md`" + `), the file you edit, and a grader. The same checks,
worth the same points, grade your code on the course's page: a grade here is the grade there.

## Working on an exercise

1. Read ` + "`exercises/<id>/README.md`" + `.
2. Edit only the file named below. Everything else (` + "`grade.go`" + `, ` + "`api.go`" + `, the ` + "`_test.go`" + ` file,
   ` + "`exercises/grading/`" + `, ` + "`sim/`" + `, ` + "`grader/`" + `) is the grader, and your class grades with its own copy.
3. Run the checks: ` + "`go test ./exercises/<id>/`" + ` (add ` + "`-v`" + ` to see every check). It fails until the
   exercise is solved; each failing check says what it expected.
4. See your points: ` + "`go run ./grader`" + ` prints every check with its points, as the class grades
   them (` + "`go run ./grader catalog`" + ` for one exercise).

` + how + `

Needs Go (the version in ` + "`go.mod`" + `); the first ` + "`go test`" + ` downloads the modules. Nothing here
talks to the network while grading: the MCP servers and clients run in memory.

` + exerciseTable(exs) + fmt.Sprintf("\nThere are %d points in all.\n", total) + `
The ` + "`sim/`" + ` folder is the course's simulator (a fixture MCP server, a stepped wire); it is
not part of any exercise. The reference implementations the checks compare your code with are
not here as code: ` + "`sim/catalog`" + `, ` + "`sim/frames`" + `, ` + "`sim/ttl`" + ` and the graders' own models answer
from ` + "`sim/tape/recorded.json`" + `, the reference's answers to the checks' own cases, recorded when
this copy was made. (The fixture server's ` + "`get_stock`" + ` is readable: its rules are the stock
statement's.) So here the hidden checks run on their fixed cases; the grade your teacher
records comes from a grader that has the reference and draws fresh cases.
`
}

// zhTitle is an exercise's title in Chinese, from .meta/config.zh.json,
// or its English title when there is none.
func zhTitle(ex exercise) string {
	var c struct {
		Title string `json:"title"`
	}
	if b, err := os.ReadFile(filepath.Join(ex.Dir, ".meta", "config.zh.json")); err == nil && json.Unmarshal(b, &c) == nil && c.Title != "" {
		return c.Title
	}
	return ex.Config.Title
}

// studentREADMEzh is studentREADME in Chinese, README.zh.md beside it.
func studentREADMEzh(exs []exercise, how string) string {
	total := 0
	var table strings.Builder
	table.WriteString("| 练习 | 要改的文件 | 检查项 | 分数 |\n|---|---|---|---|\n")
	for _, ex := range exs {
		total += ex.Config.MaxScore()
		fmt.Fprintf(&table, "| [%s](exercises/%s/README.zh.md) | `exercises/%s/%s` | %d | %d |\n", zhTitle(ex), ex.ID, ex.ID, ex.Config.File, len(ex.Config.Checks), ex.Config.MaxScore())
	}
	return `# 用 Go 学 MCP：评分练习

[English](README.md)

这些练习来自 mcp-playground 课程，讲的是模型上下文协议（MCP）。` + "`exercises/`" + ` 下每个文件夹里有题目说明
（` + "`README.zh.md`" + `，英文版是 ` + "`README.md`" + `）、你要改的文件和评分器。课程网页上给你打分的也是同样的检查项、同样的分数：
这里得几分，网页上就是几分。

## 做一道练习

1. 读 ` + "`exercises/<id>/README.zh.md`" + `。
2. 只改下表列出的文件。其余文件（` + "`grade.go`" + `、` + "`api.go`" + `、` + "`_test.go`" + ` 文件、` + "`exercises/grading/`" + `、` + "`sim/`" + `、` + "`grader/`" + `）都属于评分器，班级评分时用的是它自己的副本。
3. 运行检查：` + "`go test ./exercises/<id>/`" + `（加 ` + "`-v`" + ` 可看到每一项检查）。练习没做完之前它会失败，每个失败的检查项都会说明它期望什么。
4. 查看分数：` + "`go run ./grader`" + ` 按班级评分的方式列出每个检查项及其分数（` + "`go run ./grader catalog`" + ` 只看一道练习）。

` + how + `

需要 Go（版本见 ` + "`go.mod`" + `）；第一次 ` + "`go test`" + ` 会下载依赖模块。评分时不访问网络：MCP 服务器和客户端都在内存里运行。

` + table.String() + fmt.Sprintf("\n总分 %d 分。\n", total) + `
` + "`sim/`" + ` 文件夹是课程的模拟器（夹具 MCP 服务器、可单步的线路），不属于任何练习。检查项拿来和你的代码比较的参考实现不以代码形式放在这里：` + "`sim/catalog`" + `、` + "`sim/frames`" + `、` + "`sim/ttl`" + ` 以及评分器自己的模型，其回答都来自 ` + "`sim/tape/recorded.json`" + `，即导出这份副本时录下的参考实现对检查项自身用例的回答。（夹具服务器的 ` + "`get_stock`" + ` 可以阅读：它的规则就是 stock 题目说明里的规则。）所以在这里，隐藏检查项只跑它们固定的用例；老师记录的分数来自持有参考实现、会抽取新用例的评分器。
`
}

func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return writeFile(dst, string(b))
}

func writeFile(path, content string) error {
	return writeFileMode(path, content, 0o644)
}

func writeFileMode(path, content string, mode fs.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		return err
	}
	return os.Chmod(path, mode) // WriteFile's mode is filtered by the umask
}

package conformance

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// lessonPage is what a lesson file says of itself: its title and its
// ## and ### headings, in order, outside code fences.
func lessonPage(t *testing.T, path string) (title string, headings []string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	heading := regexp.MustCompile(`^#{2,3} (.*)$`)
	sc := bufio.NewScanner(f)
	fence, front := false, 0
	for sc.Scan() {
		line := sc.Text()
		switch {
		case front < 2 && line == "---":
			front++
		case front == 1 && strings.HasPrefix(line, "title:"):
			title = strings.TrimSpace(strings.TrimPrefix(line, "title:"))
		case strings.HasPrefix(line, "```"):
			fence = !fence
		case !fence && front == 2:
			if m := heading.FindStringSubmatch(line); m != nil {
				headings = append(headings, strings.TrimSpace(m[1]))
			}
		}
	}
	return title, headings
}

// The report's lesson lines name real sections of both editions: the
// English heading, the Chinese heading in its place, and each edition's
// lesson title. A heading renamed in a lesson fails here, with the line
// the table should hold.
func TestLessonRefsMatchTheLessons(t *testing.T) {
	dir := filepath.Join("..", "..", "lessons")
	for _, ref := range lessonRefs {
		enTitle, en := lessonPage(t, filepath.Join(dir, ref.file))
		zhTitle, zh := lessonPage(t, filepath.Join(dir, "zh", ref.file))
		if enTitle != ref.enTitle || zhTitle != ref.zhTitle {
			t.Errorf("lesson %d titles %q, %q; want %q, %q as %s says", ref.n, ref.enTitle, ref.zhTitle, enTitle, zhTitle, ref.file)
		}
		if ref.at >= len(en) || en[ref.at] != ref.en {
			t.Errorf("%s: heading %d is not %q (headings: %q)", ref.file, ref.at, ref.en, en)
			continue
		}
		if ref.at >= len(zh) || zh[ref.at] != ref.zh {
			got := ""
			if ref.at < len(zh) {
				got = zh[ref.at]
			}
			t.Errorf("zh/%s: heading %d (%q in English) is %q, want the table to say so (it says %q)", ref.file, ref.at, ref.en, got, ref.zh)
		}
	}
}

func TestAChineseReportNamesTheChineseSections(t *testing.T) {
	r := &Report{Cases: []Result{{ID: "list-walk:tools", ref: lessonPages, Lesson: lessonPages.String()}}}
	zh := r.InLanguage(Chinese)
	if got, want := zh.Cases[0].Lesson, "第 4 课（读完整个工具目录）· 终止规则"; got != want {
		t.Errorf("InLanguage(zh) lesson = %q, want %q", got, want)
	}
	if got, want := r.Cases[0].Lesson, "Lesson 4 · The termination rule"; got != want {
		t.Errorf("the English report changed with the copy: %q, want %q", got, want)
	}
}

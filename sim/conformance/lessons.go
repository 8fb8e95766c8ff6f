package conformance

import "fmt"

// A lessonRef is the course section that teaches a case: the lesson's
// number and file, and its heading in each edition. A Chinese heading
// keeps its English heading's anchor, so both name the same section.
type lessonRef struct {
	n       int
	file    string // the lesson's Markdown file under lessons/ and lessons/zh/
	en, zh  string // the heading, without its #s
	enTitle string // the lesson's title, from its front matter
	zhTitle string
	// at is the heading's position among the page's ## and ### headings
	// (outside code fences): the Chinese page's heading there is its
	// translation.
	at int
}

// The lessons' titles, by number, in each edition (the front matter of
// lessons/NN-*.md and lessons/zh/NN-*.md; TestLessonRefsMatchTheLessons
// keeps them equal).
var lessonTitles = map[int][2]string{
	1: {"The handshake", "握手"},
	2: {"Transports and framing", "传输与分帧"},
	3: {"Your first tool", "你的第一个工具"},
	4: {"Reading the whole catalog", "读完整个工具目录"},
	5: {"When paging goes wrong", "分页出错时"},
	6: {"Session expiry", "会话过期"},
}

func lesson(n int, file string, at int, en, zh string) lessonRef {
	t := lessonTitles[n]
	return lessonRef{n: n, file: file, en: en, zh: zh, enTitle: t[0], zhTitle: t[1], at: at}
}

// The sections the cases cite.
var (
	lessonHandshake = lesson(1, "01-handshake.md", 5, "The three messages (2025-11-25)", "三条消息（2025-11-25）")
	lessonVersion   = lesson(1, "01-handshake.md", 7, "Version negotiation", "版本协商")
	lessonOrder     = lesson(1, "01-handshake.md", 8, "Breaking the order: what the SDK does", "打乱顺序：SDK 会怎么做")
	lessonByError   = lesson(1, "01-handshake.md", 10, "Version negotiation by error (2026-07-28)", "通过报错协商版本（2026-07-28）")
	lessonFraming   = lesson(2, "02-transports.md", 3, "The banner that breaks everything", "毁掉一切的横幅")
	lessonTransport = lesson(2, "02-transports.md", 6, "Streamable HTTP in one paragraph", "一段话讲清 Streamable HTTP")
	lessonHTTP2026  = lesson(2, "02-transports.md", 7, "Streamable HTTP in 2026-07-28", "2026-07-28 中的 Streamable HTTP")
	lessonMismatch  = lesson(2, "02-transports.md", 8, "A header that disagrees with the body", "与请求体不一致的请求头")
	lessonTwoLayers = lesson(3, "03-first-tool.md", 5, "Two layers of failure", "两层失败")
	lessonPages     = lesson(4, "04-catalog.md", 2, "The termination rule", "终止规则")
	lessonRepeat    = lesson(5, "05-paging-failures.md", 2, "A cursor you have seen before", "见过的游标")
	lessonForeign   = lesson(5, "05-paging-failures.md", 7, "Cursors that do not belong to this server", "不属于这个服务器的游标")
	lessonDuplicate = lesson(5, "05-paging-failures.md", 16, "A duplicate name", "重复的名字")
	lessonExpiry    = lesson(6, "06-session-expiry.md", 7, "A real session expires (2025-11-25)", "一个真实的会话过期（2025-11-25）")
)

// lessonRefs lists every section the cases cite, for the test that keeps
// them equal to the lessons.
var lessonRefs = []lessonRef{lessonHandshake, lessonVersion, lessonOrder, lessonByError, lessonFraming,
	lessonTransport, lessonHTTP2026, lessonMismatch, lessonTwoLayers, lessonPages, lessonRepeat,
	lessonForeign, lessonDuplicate, lessonExpiry}

// String is the English line the report shows, "Lesson N · Heading".
func (l lessonRef) String() string {
	if l.n == 0 {
		return ""
	}
	return fmt.Sprintf("Lesson %d · %s", l.n, l.en)
}

// Chinese is the line the Chinese edition's report shows: the lesson's
// number and title, then the heading.
func (l lessonRef) Chinese() string {
	if l.n == 0 {
		return ""
	}
	return fmt.Sprintf("第 %d 课（%s）· %s", l.n, l.zhTitle, l.zh)
}

// Languages [Report.InLanguage] knows.
const (
	English = "en"
	Chinese = "zh"
)

// InLanguage returns a copy of r whose lesson lines are in lang, English
// or Chinese; the cases' ids, verdicts, rules and messages stay as they
// are (the rules quote the English specification).
func (r *Report) InLanguage(lang string) *Report {
	out := *r
	out.Cases = append([]Result(nil), r.Cases...)
	for i := range out.Cases {
		if ref := out.Cases[i].ref; ref.n != 0 {
			if lang == Chinese {
				out.Cases[i].Lesson = ref.Chinese()
			} else {
				out.Cases[i].Lesson = ref.String()
			}
		}
	}
	return &out
}

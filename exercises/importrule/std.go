package importrule

import (
	"slices"
	"strings"
)

// allowed are the standard-library packages every exercise's learner file
// may import: none of them reaches a file by name, the network, another
// process, the exit status, the runtime's internals or values around the
// type system. A package not listed here, in [refused] or in an
// exercise's own list is refused too, so a package a new Go release adds
// stays shut until it is decided here (TestEveryStandardPackageIsDecided).
// The notes say why a package that could look risky is not.
var allowed = []string{
	"archive/tar", // reads and writes archives through io.Reader and io.Writer, never files by name
	"bufio",
	"bytes",
	"cmp",
	"compress/bzip2", "compress/flate", "compress/gzip", "compress/lzw", "compress/zlib",
	"container/heap", "container/list", "container/ring",
	"context",
	// Hashes, ciphers and signatures compute on bytes; crypto/rand reads the
	// kernel's random numbers, which reveal nothing and change nothing.
	"crypto", "crypto/aes", "crypto/cipher", "crypto/des", "crypto/dsa", "crypto/ecdh",
	"crypto/ecdsa", "crypto/ed25519", "crypto/elliptic", "crypto/fips140", "crypto/hkdf",
	"crypto/hmac", "crypto/hpke", "crypto/md5", "crypto/mlkem", "crypto/mlkem/mlkemtest",
	"crypto/pbkdf2", "crypto/rand", "crypto/rc4", "crypto/rsa", "crypto/sha1", "crypto/sha256",
	"crypto/sha3", "crypto/sha512", "crypto/subtle", "crypto/x509/pkix",
	"debug/dwarf", "debug/gosym", // decode tables handed to them; the rest of debug/ opens binaries
	// The encoders use reflect inside, on the values they are handed: the
	// learner's file gets no reflect of its own through them.
	"encoding", "encoding/ascii85", "encoding/asn1", "encoding/base32", "encoding/base64",
	"encoding/binary", "encoding/csv", "encoding/gob", "encoding/hex", "encoding/json",
	"encoding/pem", "encoding/xml",
	"errors",
	"fmt", // prints to the learner's own output, which decides nothing
	// Go source as data; go/build, go/importer and go/parser read files.
	"go/ast", "go/build/constraint", "go/constant", "go/doc", "go/doc/comment", "go/format",
	"go/printer", "go/scanner", "go/token", "go/types", "go/version",
	"hash", "hash/adler32", "hash/crc32", "hash/crc64", "hash/fnv", "hash/maphash",
	"html", // escaping only; html/template parses files
	"image", "image/color", "image/color/palette", "image/draw", "image/gif", "image/jpeg", "image/png",
	"index/suffixarray",
	"io", // interfaces and in-memory pipes: no file is reachable without os
	"iter",
	"log/slog", // writes to standard error like fmt, and never ends the process (log.Fatal does)
	"maps",
	"math", "math/big", "math/bits", "math/cmplx", "math/rand", "math/rand/v2",
	"mime", // reads the system's public table of types, by no name the learner gives
	"mime/quotedprintable",
	"net/mail", "net/netip", "net/url", // parsers of addresses and URLs: they dial nothing
	"path", // slash-separated paths as strings; path/filepath walks the file system
	"regexp", "regexp/syntax",
	"slices",
	"sort",
	"strconv",
	"strings",
	"structs",
	"sync", "sync/atomic", // goroutines are the learner's own; a deadlock fails only their check
	"text/scanner", "text/tabwriter", "text/template/parse",
	// time.Sleep only spends the learner's own check budget, and
	// LoadLocation reads the public zone database by zone name.
	"time", "time/tzdata",
	"unicode", "unicode/utf16", "unicode/utf8",
	"unique",
}

// A text is one line in both languages.
type text struct{ en, zh string }

// A refusal is why a package is refused and, where there is one, what
// the learner can use instead.
type refusal struct {
	why, instead text
}

var (
	reasonOS = text{"it reaches the operating system (files, processes, the exit status), which only the grader may touch",
		"它能直接操作操作系统（文件、进程、退出状态），这些只有评分器可以使用"}
	reasonFiles = text{"it opens files by name, and a graded file reads and writes none (the grader's files are the grader's)",
		"它能按名称打开文件，而被评分的文件不读写任何文件（评分器的文件只归评分器）"}
	reasonNet = text{"it reaches the network, which a graded file never needs",
		"它能访问网络，而被评分的文件从不需要网络"}
	reasonMemory = text{"it reads and writes memory around Go's type checks, the grader's memory included",
		"它能绕过 Go 的类型检查读写内存，包括评分器的内存"}
	reasonReflect = text{"it inspects and changes values around Go's type checks, the grader's values included",
		"它能绕过 Go 的类型检查查看和修改值，包括评分器的值"}
	reasonRuntime = text{"it reaches into the Go runtime (stacks, the scheduler, the garbage collector), where a graded answer has nothing to do",
		"它能深入 Go 运行时（栈、调度器、垃圾回收器），而被评分的答案在那里无事可做"}
	reasonTesting = text{"the grader, not the learner's file, runs the tests",
		"测试由评分器运行，而不是由你的文件运行"}
	reasonExit = text{"log.Fatal and log.Panic end the process (os.Exit), which only the grader may do",
		"log.Fatal 和 log.Panic 会结束进程（os.Exit），这只有评分器可以做"}
	reasonArgs = text{"it reads the process's command line and ends the process on a bad flag, and the grader calls your functions with no command line",
		"它读取进程的命令行，遇到错误的标志还会结束进程，而评分器调用你的函数时没有命令行"}
	reasonCourse = text{"it is part of this course's own code (the simulator's reference answers, the graders): the exercise is to write it yourself",
		"它属于本课程自己的代码（模拟器的参考答案、评分器）：练习要求你自己写出来"}
	reasonUnknown = text{"it is not one of the standard-library packages a graded file may import (exercises/importrule lists them)",
		"它不在被评分的文件可以导入的标准库包之列（见 exercises/importrule 的列表）"}

	insteadOS = text{"print with fmt while you debug, and return errors instead of exiting",
		"调试时用 fmt 打印，用返回错误代替退出"}
	insteadIoutil = text{"io and bytes do the same without files (ioutil.ReadAll is io.ReadAll)",
		"io 和 bytes 不用文件也能做同样的事（ioutil.ReadAll 就是 io.ReadAll）"}
	insteadFilepath = text{"path handles slash-separated paths without touching files",
		"path 处理以斜杠分隔的路径，不会碰文件"}
	insteadEmbed = text{"put the data in a string constant",
		"把数据写成字符串常量"}
	insteadTemplate = text{"fmt and strings.Builder build text",
		"用 fmt 和 strings.Builder 拼出文本"}
	insteadReflect = text{"use a type switch or a type assertion",
		"改用类型 switch 或类型断言"}
	insteadRuntime = text{"sync (WaitGroup, Mutex) coordinates goroutines",
		"用 sync（WaitGroup、Mutex）协调 goroutine"}
	insteadLog = text{"print with fmt while you debug, and return an error instead of log.Fatal",
		"调试时用 fmt 打印，用返回错误代替 log.Fatal"}
)

// refused are the packages refused in every exercise, with why. A path
// also covers the packages below it ("net" covers "net/http") unless
// [allowed] names one ("net/url").
var refused = map[string]refusal{
	// The operating system: a file that exits with status 0, writes a
	// results file or starts a process could fake a grade.
	"os":      {reasonOS, insteadOS},
	"syscall": {reasonOS, insteadOS},
	"plugin":  {reasonOS, text{}},
	// Files by name: the grader's sources, its results, the tape.
	"io/ioutil":      {reasonFiles, insteadIoutil},
	"io/fs":          {reasonFiles, text{}},
	"path/filepath":  {reasonFiles, insteadFilepath},
	"embed":          {reasonFiles, insteadEmbed}, // //go:embed compiles the package folder's files (the graders) in
	"archive/zip":    {reasonFiles, text{}},       // zip.OpenReader
	"debug":          {reasonFiles, text{}},       // elf.Open, buildinfo.ReadFile, …
	"go/build":       {reasonFiles, text{}},
	"go/importer":    {reasonFiles, text{}},
	"go/parser":      {reasonFiles, text{}},          // ParseFile reads the file when handed no source
	"text/template":  {reasonFiles, insteadTemplate}, // ParseFiles, ParseGlob
	"html/template":  {reasonFiles, insteadTemplate},
	"mime/multipart": {reasonFiles, text{}}, // spills large forms to temporary files
	"crypto/x509":    {reasonFiles, text{}}, // SystemCertPool reads the system's certificates
	// The process's life and arguments.
	"log":  {reasonExit, insteadLog},
	"flag": {reasonArgs, text{}},
	// The network.
	"net":          {reasonNet, text{}},
	"crypto/tls":   {reasonNet, text{}},
	"log/syslog":   {reasonNet, insteadLog},
	"expvar":       {reasonNet, text{}}, // serves on HTTP
	"database/sql": {reasonNet, text{}}, // a driver reaches a server or a file
	// Around the type system: the grader's own values share the process
	// with the learner's in go test and the page.
	"unsafe":  {reasonMemory, text{}},
	"C":       {reasonMemory, text{}},
	"reflect": {reasonReflect, insteadReflect},
	// The runtime: stacks name the grader's frames, the collector's timing
	// is not the learner's to observe.
	"runtime": {reasonRuntime, insteadRuntime},
	"weak":    {reasonRuntime, text{}},
	"testing": {reasonTesting, text{}},
	// This course's own packages: the reference answers and the graders.
	modulePath: {reasonCourse, text{}},
}

// Allowed returns the standard-library packages every exercise allows,
// in path order.
func Allowed() []string { return slices.Sorted(slices.Values(allowed)) }

// Refused returns, in English, why path is refused in every exercise, or
// "" when it is not (it is allowed, or outside the standard library and
// this module, where each exercise decides).
func Refused(path string) string {
	if r, ok := standardRefusal(path); ok {
		return r.why.en
	}
	return ""
}

// standardRefusal returns why path is refused in every exercise, if it is:
// a package of this module, one under [refused] and not [allowed], or a
// path without a dot in its first element (the standard library's form)
// that neither list names.
func standardRefusal(path string) (refusal, bool) {
	if slices.Contains(allowed, path) {
		return refusal{}, false
	}
	for p := path; ; {
		if r, ok := refused[p]; ok {
			return r, true
		}
		i := strings.LastIndex(p, "/")
		if i < 0 {
			break
		}
		p = p[:i]
	}
	first, _, _ := strings.Cut(path, "/")
	if !strings.Contains(first, ".") {
		return refusal{why: reasonUnknown}, true
	}
	return refusal{}, false
}

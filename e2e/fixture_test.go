package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
)

// csp is the policy the real build puts in every page; the fixture uses the
// same so that a script that would break it fails here too.
const csp = `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'`

// buildWasm builds the bridge as dir/sim.wasm and copies the matching
// wasm_exec.js beside it, the way cmd/buildsite does.
func buildWasm(root, pkg, dir string) error { return buildWasmAs(root, pkg, dir, "sim.wasm") }

// buildWasmAs is [buildWasm] with the output file named name.
func buildWasmAs(root, pkg, dir, name string) error { return buildWasmTagged(root, pkg, dir, name, "") }

// buildWasmTagged is [buildWasmAs] with build tags (comma-separated, or "").
func buildWasmTagged(root, pkg, dir, name, tags string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	args := []string{"build", "-trimpath", "-ldflags=-s -w"}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.Command("go", append(args, "-o", filepath.Join(dir, name), pkg)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return err
	}
	b, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "wasm_exec.js"), b, 0o644)
}

// bakeEscape is the build's escaping of a trace inside <script>.
func bakeEscape(s string) string { return strings.ReplaceAll(s, "</", `<\/`) }

// buildFixture writes a small site that follows the markup contract of
// cmd/buildsite: an index with progress, one lesson page with two players
// and a quiz, the playground, scenarios.json and traces/.
func buildFixture(root, dir string) error {
	assets := filepath.Join(dir, "assets")
	if err := buildWasm(root, "./wasm", assets); err != nil {
		return err
	}
	// The streamable HTTP scenarios run in their own build, as on the site.
	if err := buildWasmTagged(root, "./wasm", assets, "sim-http.wasm", "simhttp"); err != nil {
		return err
	}
	for _, sub := range []string{"js", "css"} {
		files, _ := filepath.Glob(filepath.Join(root, "site", sub, "*."+sub))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(assets, filepath.Base(f)), b, 0o644); err != nil {
				return err
			}
		}
	}
	css, _ := filepath.Glob(filepath.Join(assets, "*.css"))
	if err := os.MkdirAll(filepath.Join(dir, "traces"), 0o755); err != nil {
		return err
	}
	infos := scenario.List()
	traces := map[string]string{}
	for _, in := range infos {
		res, err := scenario.Run(context.Background(), in.ID, nil)
		if err != nil {
			return fmt.Errorf("scenario %s: %v", in.ID, err)
		}
		traces[in.ID] = res.JSONL()
		if err := os.WriteFile(filepath.Join(dir, "traces", in.ID+".jsonl"), []byte(traces[in.ID]), 0o644); err != nil {
			return err
		}
	}
	idx, err := json.Marshal(infos)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "scenarios.json"), idx, 0o644); err != nil {
		return err
	}
	page := func(name, title, body string) error {
		var b strings.Builder
		fmt.Fprintf(&b, "<!doctype html>\n<html lang=en data-base=\"\"><head><meta charset=utf-8>\n<meta http-equiv=Content-Security-Policy content=%q>\n", csp)
		fmt.Fprintf(&b, "<meta name=viewport content=\"width=device-width, initial-scale=1\"><title>%s</title>\n", html.EscapeString(title))
		for _, c := range css {
			fmt.Fprintf(&b, "<link rel=stylesheet href=\"assets/%s\">\n", filepath.Base(c))
		}
		b.WriteString("<script type=module src=\"assets/app.js\"></script></head>\n<body><main>\n")
		b.WriteString(body)
		b.WriteString("\n</main></body></html>\n")
		return os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644)
	}
	player := func(id, step string) string {
		return fmt.Sprintf("<figure class=\"player\" data-testid=\"player\" data-scenario=%q data-step=%q><script type=\"application/jsonl\" class=\"baked-trace\">%s</script><figcaption>%s</figcaption></figure>\n",
			id, step, bakeEscape(traces[id]), html.EscapeString(id))
	}
	lesson := `<h1 data-testid="lesson-title">Fixture lesson: the handshake</h1>
<p>Plain text first: this paragraph is what the first contentful paint shows.</p>
` + player("handshake-ok", "") + `
<section class="quiz" data-testid="quiz" data-quiz="01-fixture-1"><p class="quiz-q">What does the client send after the initialize result?</p>
<ol class="quiz-choices">
<li><button type="button" class="quiz-choice" data-correct="false">tools/list</button><p class="quiz-why" hidden>Not yet: the client first confirms.</p></li>
<li><button type="button" class="quiz-choice" data-correct="true">notifications/initialized</button><p class="quiz-why" hidden>A notification, no id.</p></li>
</ol></section>
` + player("handshake-version-counteroffer", "2")
	if err := page("01-fixture.html", "Fixture lesson", lesson); err != nil {
		return err
	}
	if err := page("index.html", "Fixture course", `<h1>Fixture course</h1><div data-testid="progress"></div><ol><li><a href="01-fixture.html">The handshake</a></li></ol><p><a href="playground.html">Playground</a></p>`); err != nil {
		return err
	}
	return page("playground.html", "Playground", fmt.Sprintf(`<h1>Playground</h1><div id="playground" data-testid="playground"></div><script type="application/json" id="scenario-index">%s</script><figure class="player" data-testid="player" data-scenario="" data-step=""><figcaption>Pick a scenario, change its parameters, run it live.</figcaption></figure>`,
		bakeEscape(string(idx))))
}

// Package e2e drives the built site in real headless Chromium with chromedp:
// the players, the live simulator in its Web Worker, trace import and
// export, and the playground. It has no code outside its tests.
//
//	go test ./e2e                          # the suite (skips without Chromium unless CI is set)
//	go test ./e2e -run=^$ -bench=Load -benchtime=1x   # figures: first step, live, floor, sizes
//	E2E_SITE=dist go test ./e2e            # reuse an already built site
//	E2E_SHOTS=/tmp/shots go test ./e2e -run Screenshots
//
// It builds the site with `go run ./cmd/buildsite -out DIR`. The tests
// share one browser, and each opens a tab of its own, one an earlier test
// left (cleared, on about:blank) when there is one: a new tab's renderer
// process and cold wasm start were a third of the suite's CPU time.
package e2e

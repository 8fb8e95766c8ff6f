// sw.js: the service worker that keeps the course for offline use. One
// cache per build, named by the build's hash. Installing a build copies
// into a fresh cache what reading the lessons offline needs: the scripts,
// styles and pictures, and the index and lessons of the edition the
// learner is reading (in the background: the page that registered it is
// already usable). The rest joins the cache when first opened, so that a
// page's first seconds carry the page, not the whole course: the other
// edition's lessons with its first page; an exercise page or the
// playground when opened (the playground brings every recorded trace, for
// any scenario it may show); a wasm build when first fetched, or when the
// page asks ("Keep for offline"). A new deploy is a new worker with a new
// cache, which copies again the pages the learner opened under the old
// one; it waits until the learner takes it (the page says an update is
// ready), then deletes every older cache, so no page ever meets a wasm of
// another build.
//
// cmd/buildsite writes this file to the top of the site with one line
// before it: self.BUILD = {version, files, editions, opened, playground,
// traces, wasm} (see swBuild in cmd/buildsite/offline.go), as paths
// relative to this file.
'use strict';

const PREFIX = 'mcp-playground-';
const CACHE = `${PREFIX}${self.BUILD.version}`;
const SCOPE = new URL('./', self.location.href);
const abs = (f) => new URL(f, SCOPE).href;
// Each wasm build by URL, named as the page names it (sim.wasm).
const WASM = new Map(self.BUILD.wasm.map((n) => [abs(n), n.slice(n.lastIndexOf('/') + 1)]));

// key is the cache key of a request: no query (worker.js?wasm=… is
// worker.js), no fragment, and an index.html is its directory, which is
// what the worker fetches: a server may redirect index.html to the
// directory (cmd/buildsite -serve does), and a redirected response must
// not answer a navigation.
function key(url) {
  const u = new URL(url);
  u.search = '';
  u.hash = '';
  if (u.pathname.endsWith('/index.html')) u.pathname = u.pathname.slice(0, -'index.html'.length);
  return u.href;
}
const SHARED = self.BUILD.files.map((f) => key(abs(f)));
const EDITIONS = Object.fromEntries(Object.entries(self.BUILD.editions).map(([ed, files]) => [ed, files.map((f) => key(abs(f)))]));
const OPENED = new Set(self.BUILD.opened.map((f) => key(abs(f))));
const PLAYGROUND = new Set(self.BUILD.playground.map((f) => key(abs(f))));
const TRACES = self.BUILD.traces.map((f) => key(abs(f)));
// Every file of the build but the wasm: each joins the cache as it is
// first fetched, whichever list it is on.
const KNOWN = new Set([...SHARED, ...Object.values(EDITIONS).flat(), ...OPENED, ...TRACES]);

// editionOf returns the edition of a page's URL: the rule cmd/buildsite
// splits the files by.
function editionOf(url) {
  const rel = new URL(url).pathname.slice(SCOPE.pathname.length);
  return rel.startsWith('zh/') ? 'zh' : 'en';
}

// precache copies urls the cache lacks into it. cache: 'no-cache'
// revalidates with the server: the HTTP cache may still hold the previous
// build's files.
async function precache(urls) {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => r.url));
  await cache.addAll(urls.filter((u) => !have.has(u)).map((u) => new Request(u, { cache: 'no-cache' })));
}

self.addEventListener('install', (e) => {
  e.waitUntil((async () => {
    // The pages that registered this worker say which edition is read.
    const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const editions = new Set(pages.filter((c) => c.url.startsWith(SCOPE.href)).map((c) => editionOf(c.url)));
    if (editions.size === 0) editions.add('en');
    await precache([...SHARED, ...[...editions].flatMap((ed) => EDITIONS[ed] || [])]);
    // What the learner opened under an older build stays offline under
    // this one. Not part of the install: a page the network fails to
    // give now is cached when next opened.
    precache(await openedBefore()).catch(() => {});
  })());
});

// openedBefore lists this build's pages and traces that an older build's
// cache holds (the learner opened them), and this one's lacks.
async function openedBefore() {
  const urls = new Set();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    for (const r of await (await caches.open(name)).keys()) {
      if (OPENED.has(r.url) || TRACES.includes(r.url) || Object.values(EDITIONS).some((urls) => urls.includes(r.url))) urls.add(r.url);
    }
  }
  return [...urls];
}

// The groups of files this worker is copying now (an edition's pages, the
// playground's traces), so that a reader clicking through starts one
// copy, not one per page.
const copying = new Map();

// keepGroup caches the urls of group name unless they are, once at a time.
function keepGroup(name, urls) {
  if (!copying.has(name)) {
    copying.set(name, precache(urls).then(changed).catch(() => {}).finally(() => copying.delete(name)));
  }
  return copying.get(name);
}

self.addEventListener('activate', (e) => {
  e.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || !req.url.startsWith(SCOPE.href)) return;
  e.respondWith(respond(e, req));
});

// keepWith caches what goes with the page at url when the cache lacks
// any of it: the pages of its edition, and for a playground every
// recorded trace.
async function keepWith(url) {
  const cache = await caches.open(CACHE);
  const missing = async (urls) => {
    for (const u of urls) {
      if (!(await cache.match(u))) return true;
    }
    return false;
  };
  const ed = editionOf(url);
  const kept = [];
  if (EDITIONS[ed] && (await missing(EDITIONS[ed]))) kept.push(keepGroup(ed, EDITIONS[ed]));
  if (PLAYGROUND.has(key(url)) && (await missing(TRACES))) kept.push(keepGroup('traces', TRACES));
  await Promise.all(kept);
}

async function respond(e, req) {
  const cache = await caches.open(CACHE);
  const k = key(req.url);
  // The cached Response as it is: a rebuilt one would lose streaming
  // compilation and Chromium's code cache for the wasm.
  const hit = await cache.match(k);
  // A worker's location is the URL of the response that served it:
  // worker.js?wasm=sim-http.wasm must keep its query, so a script asked
  // for with one gets a response of its own, which takes the request's.
  if (hit && new URL(req.url).search && !WASM.has(k)) return new Response(hit.body, hit);
  if (hit) {
    // A page whose company is not wholly kept (a copy cut short): the
    // rest joins the cache once this one is answered.
    if (req.mode === 'navigate') e.waitUntil(keepWith(req.url));
    return hit;
  }
  if (WASM.has(k)) {
    // A newer build is installed and waiting: this page's build may be
    // gone from the server, and a wasm from the other build must never
    // run under this page.
    // The body is both editions' words: a wasm's request comes from a
    // worker, whose URL does not say which edition opened it.
    if (self.registration.waiting) return new Response('An update of the course is ready: reload the page.\n课程已有更新：请重新加载页面。\n', { status: 503, statusText: 'Update ready', headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    const resp = await fetch(req);
    // Cached as it streams to the page, not before: the page compiles
    // while it downloads.
    if (resp.ok) e.waitUntil(cache.put(k, resp.clone()).then(changed));
    return resp;
  }
  try {
    const resp = await fetch(req);
    // A file of the build first fetched joins the cache as it is (not
    // fetched twice); then, for a page, what goes with it, once this one
    // is answered (the page's own loads go first). A redirected response
    // must never answer a navigation, so it is not kept.
    const own = resp.status === 200 && !resp.redirected && KNOWN.has(k);
    const put = own ? cache.put(k, resp.clone()) : Promise.resolve();
    e.waitUntil(req.mode === 'navigate' ? put.then(() => keepWith(req.url)) : put);
    return resp;
  } catch (err) {
    if (req.mode === 'navigate') {
      const missing = await cache.match(abs('404.html'));
      if (missing) return missing;
    }
    throw err;
  }
}

// changed tells every page that what is kept offline changed.
async function changed() {
  for (const c of await self.clients.matchAll()) c.postMessage({ type: 'changed' });
}

// keep fetches the named wasm builds (all when names is null) into the
// cache, skipping those it holds. httpCache: the page just ran them, so
// the browser's HTTP cache may hold them already. Keeping every build
// keeps the pages that use them too, edition's exercise pages and
// playground with every recorded trace, whether opened yet or not.
async function keep(names, httpCache, edition) {
  const cache = await caches.open(CACHE);
  if (!names) await precache([...[...OPENED].filter((u) => u.endsWith('.html') && editionOf(u) === edition), ...TRACES]);
  for (const [url, name] of WASM) {
    if (names && !names.includes(name)) continue;
    if (await cache.match(url)) continue;
    const resp = await fetch(url, { cache: httpCache ? 'default' : 'no-cache' });
    if (!resp.ok) throw new Error(`${name}: HTTP ${resp.status}`);
    await cache.put(url, resp);
  }
  await changed();
}

// status reports what the cache holds for a reader of edition: the files
// every page uses and that edition's, and each wasm build.
async function status(edition) {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => r.url));
  const wasm = {};
  for (const [url, name] of WASM) wasm[name] = have.has(url);
  const files = [...SHARED, ...(EDITIONS[edition] || EDITIONS.en || [])];
  const cached = files.filter((u) => have.has(u)).length;
  const editions = Object.keys(EDITIONS).filter((ed) => EDITIONS[ed].every((u) => have.has(u)));
  // Every recorded trace: what the playground brings when first opened.
  const traces = TRACES.every((u) => have.has(u));
  return { version: self.BUILD.version, files: files.length, cached, complete: cached === files.length, wasm, editions, traces };
}

self.addEventListener('message', (e) => {
  const msg = e.data || {};
  const reply = (v) => {
    if (e.ports[0]) e.ports[0].postMessage(v);
  };
  switch (msg.type) {
    case 'status':
      e.waitUntil(status(String(msg.edition || 'en')).then(reply));
      break;
    case 'keep':
      e.waitUntil(keep(Array.isArray(msg.names) ? msg.names : null, !!msg.httpCache, String(msg.edition || 'en')).then(() => reply({}), (err) => reply({ error: String(err.message || err) })));
      break;
    case 'skip-waiting':
      self.skipWaiting();
      break;
    default:
  }
});

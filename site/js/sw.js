// sw.js: the service worker that keeps the course for offline use. One
// cache per build, named by the build's hash: installing a build copies
// its scripts, styles and recorded traces, and the pages of the edition
// the learner is reading, into a fresh cache (in the background: the page
// that registered it is already usable); the other edition's pages join
// it when the learner first opens one of them, and a wasm build when first
// fetched, or when the page asks ("Keep for offline"). A new deploy is a
// new worker with a new cache; it waits until the learner takes it (the
// page says an update is ready), then deletes every older cache, so no
// page ever meets a wasm of another build.
//
// cmd/buildsite writes this file to the top of the site with one line
// before it: self.BUILD = {version, files, editions, wasm}: the files
// every page uses, each edition's own files by language (zh/ is the
// Chinese edition's, any other page the English one's), and the wasm
// builds, as paths relative to this file.
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
  })());
});

// The editions whose pages this worker is copying now, so that a reader
// clicking through the other edition starts one copy, not one per page.
const copying = new Map();

// keepEdition caches edition's pages unless they are, once at a time.
function keepEdition(ed) {
  if (!EDITIONS[ed]) return Promise.resolve();
  if (!copying.has(ed)) {
    copying.set(ed, precache(EDITIONS[ed]).then(changed).catch(() => {}).finally(() => copying.delete(ed)));
  }
  return copying.get(ed);
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

// keepEditionOf caches the pages of url's edition when the cache lacks any.
async function keepEditionOf(url) {
  const ed = editionOf(url);
  const cache = await caches.open(CACHE);
  for (const u of EDITIONS[ed] || []) {
    if (!(await cache.match(u))) return keepEdition(ed);
  }
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
    // A page of an edition not wholly kept (a copy cut short): the rest
    // of its pages join the cache once this one is answered.
    if (req.mode === 'navigate') e.waitUntil(keepEditionOf(req.url));
    return hit;
  }
  if (WASM.has(k)) {
    // A newer build is installed and waiting: this page's build may be
    // gone from the server, and a wasm from the other build must never
    // run under this page.
    if (self.registration.waiting) return new Response('An update of the course is ready: reload the page.', { status: 503, statusText: 'Update ready' });
    const resp = await fetch(req);
    // Cached as it streams to the page, not before: the page compiles
    // while it downloads.
    if (resp.ok) e.waitUntil(cache.put(k, resp.clone()).then(changed));
    return resp;
  }
  try {
    const resp = await fetch(req);
    if (req.mode === 'navigate') {
      // The first page of an edition not kept: it joins the cache as it
      // is (not fetched twice), then the rest of its edition's pages, once
      // this one is answered (the page's own loads go first). A redirected
      // response must never answer a navigation, so it is not kept.
      const own = resp.ok && !resp.redirected && Object.values(EDITIONS).some((urls) => urls.includes(k));
      e.waitUntil((own ? cache.put(k, resp.clone()) : Promise.resolve()).then(() => keepEditionOf(req.url)));
    }
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
// the browser's HTTP cache may hold them already.
async function keep(names, httpCache) {
  const cache = await caches.open(CACHE);
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
  return { version: self.BUILD.version, files: files.length, cached, complete: cached === files.length, wasm, editions };
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
      e.waitUntil(keep(Array.isArray(msg.names) ? msg.names : null, !!msg.httpCache).then(() => reply({}), (err) => reply({ error: String(err.message || err) })));
      break;
    case 'skip-waiting':
      self.skipWaiting();
      break;
    default:
  }
});

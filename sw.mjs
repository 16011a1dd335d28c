// Parlor's service worker: precache the whole app, answer from the cache first, so the
// app opens and plays with the network gone. The cache name comes from a hash of the
// content (precache.js, written by tools/site.py, which also gives each file's hash),
// so a new version gets a new cache; it waits until the page's "reload" prompt asks it
// to take over.
//
// Each file is downloaded once, whatever the HTTP cache does
// (docs/decisions/first-visit-downloads-once.md): a browser session may keep no HTTP cache at all (WebKitGTK's WebDriver session),
// and then a precache made after the page loaded downloads everything a second time.
//   - The first version installs at once with nothing in it, and takes the page that
//     registered it, so the page's downloads from then on pass through it: each
//     response whose bytes hash to the manifest's is kept in the cache on its way to
//     the page. (index.html registers it once the app is ready; in WebKit, a first
//     visit registers it before asking for anything, hands it the page's own text and
//     writes itself again through it, so nothing the page uses is downloaded twice.)
//   - Once the app is ready, the page asks for the rest ("parlor:precache"): only the
//     files the cache does not hold yet are fetched.
//   - An update installs in full before it is offered (a game is never swapped under
//     the player), copying from the older cache each file whose hash did not change.
//   - The Bot Lab sandboxes' snapshot (MANIFEST.lazy, 4.9 MB) is fetched only once the
//     Lab is first opened ("parlor:precache-lab", from assets/lab-sandbox.js): most
//     visitors never open it. An update carries it over by hash if it was cached.
// Until the rest is fetched, the cache is partial: a file it lacks comes from the
// network, and the page's Python starts from its snapshot only when the snapshot and
// the very files it was made from are all in the cache (assets/pyodide-start.mjs).
//
// This is the source; the browser runs sw.js, this module and what it imports bundled
// into one classic script by esbuild (`make setup-core`, the Makefile's sw.js rule; not
// minified, git-ignored). Classic, because index.html registers ./sw.js as one and every
// visitor's worker must keep updating to the new file at the same URL and scope; and
// one file, because an earlier worker that loaded a second script of its own with
// importScripts failed the offline test (e2e/test_offline.py); precache.js is the one
// script it loads so (generated, and compared by the browser's update check too).
import { sha16 } from "./assets/snapshot-check.mjs";

importScripts("./precache.js");

/** This file's global scope, as the checker should see it: a service worker's, which
 * precache.js gave the manifest. */
const sw = /** @type {ServiceWorkerGlobalScope & {PARLOR_PRECACHE: any}} */ (
  /** @type {unknown} */ (self));
const MANIFEST = sw.PARLOR_PRECACHE;
const CACHE = "parlor-" + MANIFEST.version;
const EAGER = MANIFEST.files.map((url) => new URL(url, sw.location.href).href);
const LAZY = (MANIFEST.lazy || []).map((url) => new URL(url, sw.location.href).href);
const HASHES = new Map(
  Object.entries(MANIFEST.hashes || {}).map(([url, hash]) => [new URL(url, sw.location.href).href, hash]),
);

// The Python snapshot travels gzipped (6 MB, not 31: static hosts do not
// compress a .bin) and is kept unpacked under its name without ".gz", which is where the
// page (assets/pyodide-start.mjs) looks for it. A host that already unpacked it
// (Content-Encoding: gzip for .gz) hands over the plain bytes, kept as they are. Any
// failure here (no DecompressionStream, a bad download) leaves the snapshot out rather
// than the install failing: the page then starts Python normally, and checks the
// snapshot's header anyway.
const GZIPPED = ".gz";

/** A response of `bytes` with `from`'s type (the wasm must stay application/wasm); other
 * headers (a length, an encoding) described the bytes on the wire, not these. */
function stored(bytes, from) {
  const type = from.headers.get("Content-Type");
  return new Response(bytes, type ? { headers: { "Content-Type": type } } : {});
}

/** `bytes` unpacked if gzipped (a host that unpacked them on the way, Content-Encoding:
 * gzip for .gz, hands over the plain bytes: kept as they are); null if they cannot be. */
async function gunzipped(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  if (typeof DecompressionStream !== "function") return null;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function addGunzipped(cache, url) {
  try {
    const response = await fetch(new Request(url, { cache: "no-cache" }));
    if (!response.ok) return;
    const bytes = await gunzipped(new Uint8Array(await response.arrayBuffer()));
    if (bytes) await cache.put(url.slice(0, -GZIPPED.length), new Response(bytes));
  } catch (err) {
    console.warn("Parlor: the Python snapshot was not cached:", err);
  }
}

/** Those of `urls` that `cache` does not hold yet (a snapshot by its unpacked name). */
async function missing(cache, urls) {
  const held = new Set((await cache.keys()).map((request) => request.url));
  return urls.filter((url) => !held.has(url.endsWith(GZIPPED) ? url.slice(0, -GZIPPED.length) : url));
}

/** Copy from older Parlor caches each of `urls` whose bytes there hash to this version's
 * (a snapshot: its unpacked bytes, under its name without ".gz"; a damaged copy is left
 * behind); return the urls still to fetch. */
async function copyUnchanged(cache, urls) {
  const older = (await caches.keys()).filter((name) => name.startsWith("parlor-") && name !== CACHE);
  if (!older.length) return urls;
  const left = [];
  for (const url of urls) {
    const gz = url.endsWith(GZIPPED);
    const key = gz ? url.slice(0, -GZIPPED.length) : url;
    let copied = false;
    for (const name of older) {
      const hit = await (await caches.open(name)).match(key);
      if (!hit) continue;
      const bytes = await hit.arrayBuffer();
      if ((await sha16(bytes)) === HASHES.get(new URL(key, sw.location.href).href)) {
        await cache.put(key, stored(bytes, hit));
        copied = true;
        break;
      }
    }
    if (!copied) left.push(url);
  }
  return left;
}

/** Fetch `urls` into `cache`. "no-cache": a file the HTTP cache holds is revalidated (a
 * 304 of a few hundred bytes) rather than downloaded again; a changed file still comes
 * fresh from the server, never a stale copy. */
async function fetchInto(cache, urls) {
  const plain = urls.filter((url) => !url.endsWith(GZIPPED));
  await Promise.all([
    cache.addAll(plain.map((url) => new Request(url, { cache: "no-cache" }))),
    ...urls.filter((url) => url.endsWith(GZIPPED)).map((url) => addGunzipped(cache, url)),
  ]);
}

/** `work` run by one caller at a time: a second ask while it runs shares its promise
 * (pages send their messages whenever they like). */
function oneAtATime(work) {
  let running = null;
  return () => {
    if (!running) running = work().finally(() => { running = null; });
    return running;
  };
}

/** The rest of the precache: what this version's cache lacks, copied or fetched. The
 * Lab's files (LAZY) only carried over from an older cache, never fetched here. */
const fill = oneAtATime(async () => {
  const cache = await caches.open(CACHE);
  await fetchInto(cache, await copyUnchanged(cache, await missing(cache, EAGER)));
  await copyUnchanged(cache, await missing(cache, LAZY));
});

/** The Lab's files (its sandboxes' snapshot), asked for when the Lab opens: copied or
 * fetched if this cache lacks them; true once they are all held. */
const fillLab = oneAtATime(async () => {
  const cache = await caches.open(CACHE);
  await fetchInto(cache, await copyUnchanged(cache, await missing(cache, LAZY)));
  return (await missing(cache, LAZY)).length === 0;
});

sw.addEventListener("install", (event) => {
  if (!sw.registration.active) {
    // The first version: nothing to wait for, no game to swap. Take the page now, so
    // that its downloads fill the cache; the rest comes when the app is ready.
    event.waitUntil(caches.open(CACHE).then(() => sw.skipWaiting()));
    return;
  }
  // An update: complete before it is offered, as the version it replaces was.
  event.waitUntil(fill());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("parlor-") && name !== CACHE) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

/** The page's own text, handed over by a WebKit first visit (index.html's first script):
 * no worker saw its navigation, and without an HTTP cache the precache would download it
 * again. Kept as index.html only if its bytes are the manifest's; anything else (another
 * version, a reconstruction that differs by a byte, a message that is not a page) is
 * ignored, and the precache fetches the file as before. Answers whether it was kept. */
const PAGE_MAX_CHARS = 1 << 20;
async function keepPage(html) {
  if (typeof html !== "string" || html.length > PAGE_MAX_CHARS) return false;
  const url = new URL("./index.html", sw.location.href).href;
  const bytes = new TextEncoder().encode(html);
  if (!HASHES.has(url) || (await sha16(bytes)) !== HASHES.get(url)) return false;
  const cache = await caches.open(CACHE);
  if (!(await cache.match(url))) {
    await cache.put(url, new Response(bytes, {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    }));
  }
  return true;
}

sw.addEventListener("message", (event) => {
  const data = event.data;
  if (data === "parlor:skip-waiting") sw.skipWaiting();
  if (data === "parlor:precache") {
    event.waitUntil(fill().catch((err) => console.warn("Parlor: the precache stopped:", err)));
  }
  if (data && typeof data === "object" && data.type === "parlor:page") {
    const [port] = event.ports;
    event.waitUntil(keepPage(data.html).catch(() => false)
      .then((kept) => port && port.postMessage(kept)));
  }
  // The Lab opened: its files now, and the answer (true: held) on the port it sent.
  if (event.data === "parlor:precache-lab" && event.ports.length === 1) {
    const port = event.ports[0];
    event.waitUntil(fillLab().catch(() => false).then((held) => port.postMessage(held === true)));
  }
});

/** Keep a copy of a response on its way to the page when it is one of the manifest's
 * files (by its exact URL: no query), whole (200), from this origin, and its bytes are
 * the manifest's (not a newer or older version's, not a host's rewrite: those the
 * precache fetches later, as before). A gzipped snapshot (the Lab's, fetched by a page
 * before this worker held it) is kept unpacked under its name without ".gz", where the
 * precache keeps it and the pages look for it, and only there: never a second, packed
 * copy (4.9 MB) beside it. */
async function keep(request, response) {
  if (!HASHES.has(request.url) || response.status !== 200 || response.type !== "basic") return;
  let [url, bytes] = [request.url, new Uint8Array(await response.arrayBuffer())];
  if (url.endsWith(GZIPPED)) {
    if ((await sha16(bytes)) !== HASHES.get(url)) return;
    [url, bytes] = [url.slice(0, -GZIPPED.length), await gunzipped(bytes)];
    if (!bytes) return;
  }
  if ((await sha16(bytes)) !== HASHES.get(url)) return;
  const cache = await caches.open(CACHE);
  if (!(await cache.match(url))) {
    await cache.put(url, url === request.url ? stored(bytes, response) : new Response(bytes));
  }
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== sw.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // Game links carry ?game=… or ?save=…: the page is the same file.
      let hit = await cache.match(request, { ignoreSearch: true });
      if (!hit && request.mode === "navigate") {
        hit = await cache.match(new URL("./index.html", sw.registration.scope).href);
      }
      if (hit) return hit;
      const response = await fetch(request);
      if (HASHES.has(request.url)) {
        event.waitUntil(keep(request, response.clone()).catch(() => {}));
      }
      return response;
    })(),
  );
});

// Parlor's service worker: precache the whole app, answer from the cache first, so the
// app opens and plays with the network gone. The cache name comes from a hash of the
// content (precache.js, written by tools/site.py), so a new version gets a new cache;
// it waits until the page's "reload" prompt asks it to take over.
importScripts("./precache.js");

const MANIFEST = self.PARLOR_PRECACHE;
const CACHE = "parlor-" + MANIFEST.version;

// The Python snapshot (issue 36) travels gzipped (6 MB, not 31: static hosts do not
// compress a .bin) and is kept unpacked under its name without ".gz", which is where the
// page (assets/pyodide-start.mjs) looks for it. A host that already unpacked it
// (Content-Encoding: gzip for .gz) hands over the plain bytes, kept as they are. Any
// failure here (no DecompressionStream, a bad download) leaves the snapshot out rather
// than the install failing: the page then starts Python normally, and checks the
// snapshot's header anyway.
const GZIPPED = ".gz";

async function addGunzipped(cache, url) {
  try {
    const response = await fetch(new Request(url, { cache: "no-cache" }));
    if (!response.ok) return;
    let bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      if (typeof DecompressionStream !== "function") return;
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    }
    await cache.put(url.slice(0, -GZIPPED.length), new Response(bytes));
  } catch (err) {
    console.warn("Parlor: the Python snapshot was not cached:", err);
  }
}

self.addEventListener("install", (event) => {
  const plain = MANIFEST.files.filter((url) => !url.endsWith(GZIPPED));
  const gzipped = MANIFEST.files.filter((url) => url.endsWith(GZIPPED));
  event.waitUntil(
    caches.open(CACHE).then((cache) => Promise.all([
      // "no-cache": the files the page has just loaded are revalidated (a 304 of a
      // few hundred bytes) rather than downloaded a second time; a changed file still
      // comes fresh from the server, never a stale copy from the HTTP cache.
      cache.addAll(plain.map((url) => new Request(url, { cache: "no-cache" }))),
      ...gzipped.map((url) => addGunzipped(cache, url)),
    ])),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("parlor-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "parlor:skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // Game links carry ?game=… or ?save=…: the page is the same file.
      let hit = await cache.match(request, { ignoreSearch: true });
      if (!hit && request.mode === "navigate") {
        hit = await cache.match(new URL("./index.html", self.registration.scope).href);
      }
      return hit || fetch(request);
    })(),
  );
});

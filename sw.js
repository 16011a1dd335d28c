// Parlor's service worker: precache the whole app, answer from the cache first, so the
// app opens and plays with the network gone. The cache name comes from a hash of the
// content (precache.js, written by tools/site.py), so a new version gets a new cache;
// it waits until the page's "reload" prompt asks it to take over.
importScripts("./precache.js");

const MANIFEST = self.PARLOR_PRECACHE;
const CACHE = "parlor-" + MANIFEST.version;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // "no-cache": the files the page has just loaded are revalidated (a 304 of a
      // few hundred bytes) rather than downloaded a second time; a changed file still
      // comes fresh from the server, never a stale copy from the HTTP cache.
      cache.addAll(MANIFEST.files.map((url) => new Request(url, { cache: "no-cache" }))),
    ),
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

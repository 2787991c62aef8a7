// Keeps every file of the page (listed in manifest.json) so that it opens offline.
const CACHE = "ena-rules-{{STAMP}}";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const manifest = await (await fetch("manifest.json", { cache: "no-store" })).json();
    const cache = await caches.open(CACHE);
    await cache.addAll(manifest.files);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== CACHE && key.startsWith("ena-rules-")) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(event.request, { ignoreSearch: true });
    return hit || fetch(event.request);
  })());
});

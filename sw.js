/* Offline play: every file of the site, precached, served cache-first.
 *
 * scripts/build_site.py fills in VERSION (a hash of every file's contents)
 * and FILES (every file of the site but this one), so each release installs
 * into a cache of its own name. Install stores all files or none
 * (cache.addAll), so a half-filled cache never serves; activate deletes the
 * caches of older releases. Responses are cached as served, so .wasm keeps
 * Content-Type application/wasm. Anything not precached goes to the network.
 *
 * UNPACKED (also filled in by the build: file -> its Content-Type) names the
 * files the site sends packed as FILE.xz: install fetches the packed copy
 * and stores it unpacked under FILE, so a later visit reads the runtime's
 * wasm (and Chromium its compiled code with it) and the game's files from
 * the cache as they are.
 */
"use strict";
const VERSION = "dev";
const FILES = [];
const UNPACKED = {};
// The xz decoder (XzReadableStream), the one the page unpacks with.
importScripts("vendor/xz/xz-decompress.min.js");
const PREFIX = "triple-play-";
const CACHE = PREFIX + VERSION;
const ROOT = new URL("./", self.location).pathname;
const PRECACHED = new Set(FILES);

// Where the browser has static routing (Chromium), it reads the precached
// files from the cache itself, without waking this worker for each of the
// dozens a start-up asks for. Page addresses (any ?query) and anything with
// a query still come to the fetch handler below; a file missing from the
// cache goes to the network either way.
function staticRoutes() {
  const here = { protocol: self.location.protocol, hostname: self.location.hostname, port: self.location.port };
  return [
    { condition: { requestMode: "navigate" }, source: "fetch-event" },
    { condition: { urlPattern: new URLPattern({ ...here, pathname: ROOT + "*", search: "" }) },
      source: { cacheName: CACHE } },
  ];
}

self.addEventListener("install", (event) => {
  if (event.addRoutes) {
    event.waitUntil(event.addRoutes(staticRoutes()).catch((error) => console.warn("[sw] no static routes: " + error)));
  }
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      await cache.addAll(FILES.filter((file) => !(file in UNPACKED))
        .map((file) => new Request(file, { cache: "no-cache" })));
      for (const [file, type] of Object.entries(UNPACKED)) {
        const packed = await fetch(new Request(file + ".xz", { cache: "no-cache" }));
        if (!packed.ok) throw new Error(`${file}.xz: HTTP ${packed.status}`);
        const { XzReadableStream } = self["xz-decompress"];
        await cache.put(file, new Response(new XzReadableStream(packed.body), { headers: { "Content-Type": type } }));
      }
    } catch (error) {
      await caches.delete(CACHE);
      throw error;
    }
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// One open cache for the worker's life: a page load asks for dozens of files.
let opened = null;
function openCache() {
  opened = opened || caches.open(CACHE);
  return opened;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || !url.pathname.startsWith(ROOT)) return;
  // The page's own address (any ?query) is index.html.
  const file = decodeURIComponent(url.pathname.slice(ROOT.length)) || "index.html";
  if (!PRECACHED.has(file)) return;
  event.respondWith((async () => {
    const hit = await (await openCache()).match(file);
    return hit || fetch(request);
  })());
});

// Hearts' service worker. build.sh stamps VERSION (a hash of everything the site is built from) and the
// list of files to keep, so a changed build is a new worker with a new cache.
"use strict";

const VERSION = "{{VERSION}}";
const PRECACHE = {{PRECACHE}};
const RUNTIME = "{{RUNTIME}}";
// The Python runtime's files: on pygbag's CDN, or the site's own copy under cdn/ (relative). Fetched
// while the worker installs (the page's first load runs before the worker controls it) and kept under
// pygbag's version, so a new version of the game does not fetch them again.
const RUNTIME_URLS = {{RUNTIME_URLS}};
const APP_CACHE = "hearts-app-" + VERSION;
// The Python runtime from the CDN is cached apart, under its pinned version, so an update of the game
// does not download it again.
const RUNTIME_CACHE = "hearts-runtime-" + RUNTIME;

self.addEventListener("install", (event) => {
    event.waitUntil(Promise.all([
        caches.open(APP_CACHE).then((cache) =>
            cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "reload" })))
        ),
        keepRuntime(),
    ]));
    // No skipWaiting here: the page asks for it when the player chooses to reload (see shell.js),
    // except on the very first install, when there is no page to disturb.
    if (!self.registration.active) {
        self.skipWaiting();
    }
});

self.addEventListener("activate", (event) => {
    event.waitUntil(
        caches.keys()
            .then((names) => Promise.all(
                names
                    .filter((name) => name.startsWith("hearts-") && name !== APP_CACHE && name !== RUNTIME_CACHE)
                    .map((name) => caches.delete(name))
            ))
            .then(() => self.clients.claim())
    );
});

self.addEventListener("message", (event) => {
    if (event.data && event.data.type === "skip-waiting") {
        self.skipWaiting();
    }
});

self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") {
        return;
    }
    const url = new URL(request.url);
    if (url.origin === self.location.origin) {
        event.respondWith(fromApp(request));
    } else if (url.protocol === "https:" || url.protocol === "http:") {
        event.respondWith(fromRuntime(request));
    }
});

// Best effort: without the network now, the runtime is kept the first time the page loads it instead.
async function keepRuntime() {
    const cache = await caches.open(RUNTIME_CACHE);
    const keep = async (url) => {
        const known = await cache.match(url);
        if (known) {
            return known;
        }
        const response = await fetch(url, { mode: "cors" });
        if (!response.ok) {
            throw new Error(url + ": " + response.status);
        }
        await cache.put(url, response.clone());
        return response;
    };
    const results = await Promise.allSettled(RUNTIME_URLS.map(keep));
    // The package index names the pygame-ce wheel, which sits beside it.
    const index = RUNTIME_URLS.find((url) => url.endsWith(".json"));
    const found = results[RUNTIME_URLS.indexOf(index)];
    if (!index || found.status !== "fulfilled") {
        return;
    }
    try {
        const wheel = (await found.value.clone().json()).pygame
            .replaceAll("<abi>", "cp312").replaceAll("<api>", "wasm32_bi_emscripten").split("#")[0];
        await keep(new URL(wheel, new URL(index, self.location.href)).href);
    } catch (error) {
        console.warn("Hearts: the runtime will be kept when it is first used:", error);
    }
}

// The site's own files: the cache first (they change only with a new version), then the network. A
// navigation that is not cached (a bookmarked URL with a query, say) gets the cached page.
async function fromApp(request) {
    const cache = await caches.open(APP_CACHE);
    const cached = await cache.match(request, { ignoreSearch: request.mode === "navigate" })
        || await caches.match(request, { cacheName: RUNTIME_CACHE });
    if (cached) {
        return cached;
    }
    try {
        return await fetch(request);
    } catch (offline) {
        if (request.mode === "navigate") {
            const page = await cache.match("./") || await cache.match("index.html");
            if (page) {
                return page;
            }
        }
        throw offline;
    }
}

// Other origins (the CDN's runtime): cache first, else the network, keeping what arrives. The runtime's
// files are requested with CORS, so a cached copy can answer later loads; an opaque answer (a script
// tag without crossorigin) is kept too, since it serves the same kind of request.
async function fromRuntime(request) {
    const cache = await caches.open(RUNTIME_CACHE);
    const cached = await cache.match(request);
    if (cached) {
        return cached;
    }
    const response = await fetch(request);
    if (response.ok || response.type === "opaque") {
        cache.put(request, response.clone()).catch(() => {});
    }
    return response;
}

/* The site's service worker (tools/site/offline.py writes it over JupyterLite's own, at the same
 * address, so that the two never fight over the site's scope).
 *
 * JupyterLite's part is kept as it was: the kernel's file system (`/api/drive`) and its input
 * (`/api/stdin/`) are relayed to the page that owns the kernel. cardlab's part makes the site work
 * offline: every GET of the site is answered from the cache when it is there (the query ignored:
 * `lab/index.html?path=…` is `lab/index.html`), else from the network and kept; and once a page of
 * the site has been opened, the rest of the site (the build's list, PRECACHE) is fetched into the
 * cache in the background, whenever no page has asked for anything for a moment, so that every
 * page opens later with the network gone.
 */
"use strict";
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = `cardlab-${VERSION}`;
const QUIET_MS = 1500;
const broadcast = new BroadcastChannel("/sw-api.v1");
const scope = new URL(self.registration.scope);
let lastAsked = 0;
let filling = null;

self.addEventListener("install", (event) => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE && (name.startsWith("cardlab-") || name === "precache")) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "precache") {
    event.waitUntil(fill());
  } else if (event.data === "status" && event.ports[0]) {
    event.waitUntil(kept().then((count) => event.ports[0].postMessage({ kept: count, total: PRECACHE.length })));
  }
});

/** How many files of PRECACHE the cache holds. */
async function kept() {
  const cache = await caches.open(CACHE);
  const held = new Set((await cache.keys()).map((request) => request.url));
  return PRECACHE.filter((path) => held.has(new URL(path, scope).href)).length;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.pathname === "/api/service-worker-heartbeat" || url.pathname.endsWith("/api/service-worker-heartbeat")) {
    event.respondWith(new Response("ok"));
    return;
  }
  if (url.origin === location.origin && (url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/"))) {
    event.respondWith(relay(request, url));
    return;
  }
  if (request.method !== "GET" || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) {
    return;
  }
  lastAsked = Date.now();
  event.respondWith(cached(request, url));
  event.waitUntil(fill());
});

/** JupyterLite's relay: the request goes to the page that owns the kernel, which answers it. */
async function relay(request, url) {
  const message = await request.json();
  const answered = new Promise((resolve) => {
    const listener = (event) => {
      const data = event.data;
      if (data.browsingContextId !== message.browsingContextId || data.requestId !== message.requestId) {
        return;
      }
      resolve(new Response(JSON.stringify(data.response)));
      broadcast.removeEventListener("message", listener);
    };
    broadcast.addEventListener("message", listener);
  });
  message.pathname = url.pathname;
  broadcast.postMessage(message);
  return await answered;
}

/** The file's address in the cache: the site's files ignore their query; a folder is its index. */
function key(url) {
  const path = url.pathname.endsWith("/") ? `${url.pathname}index.html` : url.pathname;
  return new URL(path, url.origin).href;
}

async function cached(request, url) {
  const cache = await caches.open(CACHE);
  const found = await cache.match(key(url));
  if (found) {
    return found;
  }
  try {
    const response = await fetch(request);
    if ((response.ok && response.type === "basic" && !response.redirected) || response.status === 404) {
      await cache.put(key(url), response.clone());
    }
    return response;
  } catch (error) {
    return Response.error();
  }
}

/** Fetch into the cache every file of PRECACHE not yet there, while the pages are quiet. */
function fill() {
  if (!filling) {
    filling = (async () => {
      const cache = await caches.open(CACHE);
      for (const path of PRECACHE) {
        const address = new URL(path, scope).href;
        if (await cache.match(address)) {
          continue;
        }
        while (Date.now() - lastAsked < QUIET_MS) {
          await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
        }
        try {
          const response = await fetch(address, { cache: "no-cache" });
          if (response.ok) {
            await cache.put(address, response);
          }
        } catch (error) {
          break;                        // offline: the next page opened online goes on
        }
      }
    })().finally(() => { filling = null; });
  }
  return filling;
}

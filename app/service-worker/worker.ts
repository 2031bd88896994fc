/**
 * SafeTap's service worker, written for server-rendered pages
 * (docs/decisions/050). scripts/build-service-worker.mjs bundles it into
 * build/client/sw.js with the build's version and the app shell's hashed files.
 *
 * - App shell (`safetap-shell-{version}`): precached on install; hashed
 *   `/assets/*` are cache-first (a name never changes content).
 * - Public cards (`safetap-cards`): network first, the answer kept for offline
 *   use; without a network the kept copy.
 * - The signed-in account's SOS page (`safetap-account`, decision 151): network
 *   first and kept the same way, with the scripts it runs; forgotten as soon
 *   as anyone signs in or out. Nothing else is ever cached: no other signed-in
 *   page, no API answer.
 * - Alerts queued on the device are sent on Background Sync.
 * - A new version takes over at once (skipWaiting + clients.claim): pages are
 *   always rendered by the server when online, so no page runs stale code.
 */
import { openAlertStore, sendQueuedAlerts } from "#app/lib/alert-queue-idb.ts";
import {
  ACCOUNT_CACHE,
  ALERT_SYNC_TAG,
  accountCacheKey,
  CACHE_FILL_HEADER,
  CACHE_FILL_VALUE,
  CARDS_CACHE,
  cardCacheKey,
  endsAccountPages,
  isCardPath,
  isKeptAccountPath,
  OFFLINE_PAGE,
  SHELL_CACHE_PREFIX,
} from "#core/offline.ts";

declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

// The DOM library has no service worker types; these are the parts used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface WorkerMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
  readonly source: { postMessage(message: unknown): void } | null;
}
interface WorkerGlobal {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
  addEventListener(type: "message", listener: (event: WorkerMessageEvent) => void): void;
}

const worker = self as unknown as WorkerGlobal;
const VERSION = __SW_VERSION__;
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${VERSION}`;
/** Cards kept at most; the least recently viewed go first. */
const MAX_CARDS = 50;

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // Hashed files may come from the HTTP cache; the others are revalidated.
      await cache.addAll(
        __SW_PRECACHE__.map(
          (file) =>
            new Request(file, { cache: file.startsWith("/assets/") ? "default" : "no-cache" }),
        ),
      );
      // The page for pages it cannot fetch offline; a failure here only means
      // the browser's own error page, as before, so it does not stop the install.
      await cache.add(new Request(OFFLINE_PAGE, { cache: "no-cache" })).catch(() => undefined);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await worker.clients.claim();
      // Kept cards point at the previous build's files: fetch them again, and
      // keep the old shell only while some card could not be refreshed.
      const refreshed = (await Promise.all([refreshKeptCards(), refreshAccountPages()])).every(
        Boolean,
      );
      if (!refreshed) return;
      for (const name of await caches.keys()) {
        if (name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE) await caches.delete(name);
      }
    })(),
  );
});

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  // Someone signs in or out: the kept SOS page belongs to nobody any more. The
  // request itself goes on untouched.
  if (endsAccountPages(request.method, url.pathname)) {
    event.waitUntil(caches.delete(ACCOUNT_CACHE));
  }
  if (request.method !== "GET") return;
  if (isCardPath(url.pathname) && wantsHtml(request)) {
    event.respondWith(cardNetworkFirst(event));
  } else if (isKeptAccountPath(url.pathname) && request.mode === "navigate") {
    event.respondWith(accountNetworkFirst(event));
  } else if (request.mode === "navigate") {
    event.respondWith(pageOrOffline(request));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (__SW_PRECACHE__.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
  // Everything else (data requests, APIs) goes to the network untouched; other
  // pages too, only answered with the offline page when there is no network.
});

worker.addEventListener("sync", (event) => {
  if (event.tag !== ALERT_SYNC_TAG) return;
  event.waitUntil(
    (async () => {
      const store = await openAlertStore();
      await sendQueuedAlerts(store);
      // A rejection tells the browser to try this sync again later.
      if ((await store.list()).some((alert) => alert.state === "queued")) {
        throw new Error("alerts are still queued");
      }
    })(),
  );
});

worker.addEventListener("message", (event) => {
  const message = event.data as { type?: string; url?: string } | null;
  if (message?.type === "version") {
    const reply = { type: "version", version: VERSION };
    if (event.ports[0]) event.ports[0].postMessage(reply);
    else event.source?.postMessage(reply);
  } else if (message?.type === "keep-card" && typeof message.url === "string") {
    // The page was loaded before this worker controlled it: keep a copy now.
    const url = new URL(message.url, worker.location.origin);
    if (url.origin === worker.location.origin && isCardPath(url.pathname)) {
      event.waitUntil(fetchCardCopy(url.href).catch(() => undefined));
    }
  } else if (message?.type === "keep-page" && typeof message.url === "string") {
    // The SOS page loaded before this worker controlled it (decision 151).
    const url = new URL(message.url, worker.location.origin);
    if (url.origin === worker.location.origin && isKeptAccountPath(url.pathname)) {
      event.waitUntil(fetchAccountCopy(url.href).catch(() => undefined));
    }
  }
});

function wantsHtml(request: Request): boolean {
  return request.mode === "navigate" || (request.headers.get("accept") ?? "").includes("text/html");
}

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, { ignoreVary: true, ignoreSearch: false });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith("/assets/")) {
    const copy = response.clone();
    void caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/**
 * Without a network, a page that was not kept goes to the kept offline page
 * (the cards on this phone and the emergency number). A redirect, not the page
 * itself: the page must run at its own address to hydrate. `from` is where
 * "Try again" goes back to.
 */
async function offlineAnswer(request: Request, error: unknown): Promise<Response> {
  const url = new URL(request.url);
  const page = await (await caches.open(SHELL_CACHE)).match(OFFLINE_PAGE, {
    ignoreVary: true,
    ignoreSearch: true,
  });
  if (!page || request.mode !== "navigate") throw error;
  if (url.pathname === OFFLINE_PAGE) return page;
  const from = encodeURIComponent(url.pathname + url.search);
  return Response.redirect(`${OFFLINE_PAGE}?from=${from}`, 302);
}

/** Any other page: the network's answer (never kept); without a network, the offline page. */
async function pageOrOffline(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    return offlineAnswer(request, error);
  }
}

async function cardNetworkFirst(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const key = cardCacheKey(request.url);
  try {
    const response = await fetch(request);
    const kept = keepCard(key, response.clone(), new URL(request.url));
    // A page streams at once; a script's fetch answers once the copy is kept,
    // so `caches.match` right after it finds the card.
    if (request.mode === "navigate") event.waitUntil(kept);
    else await kept.catch(() => false);
    return response;
  } catch (error) {
    const cached = await (await caches.open(CARDS_CACHE)).match(key, { ignoreVary: true });
    if (cached) return cached;
    return offlineAnswer(request, error);
  }
}

/**
 * Keeps a card's page, or forgets it when the tag no longer shows a card (a
 * redirect: unlinked or unknown). Errors keep the previous copy. A page that
 * follows an alert (`?alert=`) shows that alert's status and is not kept.
 */
async function keepCard(key: string, response: Response, url: URL): Promise<boolean> {
  const cache = await caches.open(CARDS_CACHE);
  if (response.type === "opaqueredirect" || response.redirected) {
    await cache.delete(key);
    return true;
  }
  const html = (response.headers.get("content-type") ?? "").includes("text/html");
  if (!response.ok || !html) return false;
  if (url.searchParams.has("alert")) return true;
  const headers = new Headers(response.headers);
  // One copy per card whatever the request's language or encoding.
  headers.delete("vary");
  const copy = new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
  // put replaces the entry in one step and moves it to the end (most recent).
  await cache.put(key, copy);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_CARDS))) await cache.delete(old);
  return true;
}

async function fetchCardCopy(url: string): Promise<boolean> {
  const response = await fetch(url, {
    headers: { accept: "text/html", [CACHE_FILL_HEADER]: CACHE_FILL_VALUE },
    credentials: "same-origin",
  });
  return keepCard(cardCacheKey(url), response, new URL(url));
}

/** Fetches every kept card again; true when all answered. */
async function refreshKeptCards(): Promise<boolean> {
  const cache = await caches.open(CARDS_CACHE);
  const results = await Promise.all(
    (await cache.keys()).map((request) => fetchCardCopy(request.url).catch(() => false)),
  );
  return results.every(Boolean);
}

/**
 * The SOS page (decision 151): the network's answer, kept for offline use; a
 * redirect (signed out) forgets the copy. Without a network, the kept copy.
 */
async function accountNetworkFirst(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const key = accountCacheKey(request.url);
  try {
    const response = await fetch(request);
    event.waitUntil(keepAccountPage(key, response.clone()).catch(() => false));
    return response;
  } catch (error) {
    const cached = await (await caches.open(ACCOUNT_CACHE)).match(key, { ignoreVary: true });
    if (cached) return cached;
    return offlineAnswer(request, error);
  }
}

/**
 * Keeps the account's page whole (with its CSP header, as a card is kept) and
 * the hashed scripts and styles it names, which the card's shell does not
 * hold; a redirect means signed out, and the copy goes.
 */
async function keepAccountPage(key: string, response: Response): Promise<boolean> {
  const cache = await caches.open(ACCOUNT_CACHE);
  if (response.type === "opaqueredirect" || response.redirected) {
    await cache.delete(key);
    return true;
  }
  const html = (response.headers.get("content-type") ?? "").includes("text/html");
  if (!response.ok || !html) return false;
  const headers = new Headers(response.headers);
  headers.delete("vary");
  const body = await response.text();
  await cache.put(
    key,
    new Response(body, { status: response.status, statusText: response.statusText, headers }),
  );
  const shell = await caches.open(SHELL_CACHE);
  const assets = new Set(
    [...body.matchAll(/["'](\/assets\/[\w.-]+\.(?:js|css))["']/g)].map((match) => match[1]!),
  );
  for (const asset of assets) {
    if (!(await shell.match(asset))) await shell.add(asset).catch(() => undefined);
  }
  return true;
}

async function fetchAccountCopy(url: string): Promise<boolean> {
  const response = await fetch(url, {
    headers: { accept: "text/html", [CACHE_FILL_HEADER]: CACHE_FILL_VALUE },
    credentials: "same-origin",
    redirect: "manual",
  });
  return keepAccountPage(accountCacheKey(url), response);
}

/** Fetches the kept SOS page again (a new build's scripts, or signed out); true when it answered. */
async function refreshAccountPages(): Promise<boolean> {
  const cache = await caches.open(ACCOUNT_CACHE);
  const results = await Promise.all(
    (await cache.keys()).map((request) => fetchAccountCopy(request.url).catch(() => false)),
  );
  return results.every(Boolean);
}

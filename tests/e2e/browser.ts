import { createHash, randomInt } from "node:crypto";
import { mkdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import axe from "axe-core";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  chromium,
  type Frame,
  type Locator,
  type Page,
} from "playwright-core";
import { expect, inject, onTestFinished } from "vitest";
import { runCli } from "#tests/support/processes.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

export { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

/**
 * The run's one Chromium (tests/e2e/global-setup.ts starts it): each file connects to it and
 * works in its own contexts, which are closed when the file's `browser.close()` disconnects.
 * Launching a Chromium per file cost about 2.5 s of CPU each, 33 times a run. Outside the
 * e2e project's setup (no endpoint), a browser of its own is launched as before.
 */
export function launchBrowser(): Promise<Browser> {
  const wsEndpoint = inject("browserWSEndpoint");
  if (wsEndpoint) return chromium.connect(wsEndpoint);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const baseURL = () => inject("baseURL");

/** Mints one tag with the `safetap` command against the shared server's data. */
export async function mintTag(product = "card"): Promise<{ tagId: string; token: string }> {
  const result = await runCli(["tags", "mint", "--product", product, "--count", "1"], {
    DATA_DIR: inject("dataDir"),
  });
  expect(result.code, result.stderr).toBe(0);
  const [, row] = result.stdout.trim().split("\n");
  const [tagId, token] = row!.split(",");
  return { tagId: tagId!, token: token! };
}

export const MOBILE_USER_AGENT = PHONE_USER_AGENT;

export interface WatchedPage {
  page: Page;
  /** Console errors, uncaught exceptions and CSP violations seen so far. */
  problems: string[];
}

/**
 * A page in a context of its own that records every error the page reports. The service worker
 * is blocked unless `serviceWorkers: "allow"` is passed (the offline tests). Opened in a test,
 * the page is put back when the test ends and a later test of the file asking for the same
 * options gets it again, emptied (decision 167); a test that does what cannot be emptied leaves
 * a context that is closed when it ends.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const page = await reusablePage(browser, options);
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return { page, problems };
}

/** A made-up client address per page: the server's limits per address never join two tests. */
const clientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function contextOptions(options: BrowserContextOptions): BrowserContextOptions {
  return {
    baseURL: baseURL(),
    // A phone's browser: headless Chromium's own user agent is (rightly) treated as a bot.
    userAgent: MOBILE_USER_AGENT,
    // The site's worker precaches every asset (about 150 requests) in each new context that
    // loads a page; only the tests of offline use need it, and they ask (decision 009).
    serviceWorkers: "block",
    ...options,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress(), ...options.extraHTTPHeaders },
  };
}

/**
 * A context kept between a file's tests with its one page (decision 167). A new context, its
 * renderer and a page loaded in it cost about 1.7 s of CPU on a machine that traps page faults,
 * against 0.4 s for loading a page in one already open; a file opens up to twenty.
 */
interface Kept {
  context: BrowserContext;
  page: Page;
  options: BrowserContextOptions;
  /** The origins its page showed, whose storage is emptied before it is used again. */
  origins: Set<string>;
  /** Set when the test did what emptying cannot undo (an init script, a clock, its own CDP session). */
  spoiled: boolean;
  /** A CDP session of our own (the context's method is watched for the test's). */
  session: () => Promise<CDPSession>;
}

/** Per browser connection (each file has its own), the kept pages not in use, by their options. */
const idle = new WeakMap<Browser, Map<string, Kept[]>>();

/** The page events a test may listen to; Playwright's own listeners on the page stay. */
const TEST_EVENTS = [
  "console",
  "pageerror",
  "dialog",
  "request",
  "requestfailed",
  "requestfinished",
  "response",
  "framenavigated",
  "load",
  "domcontentloaded",
  "popup",
  "download",
  "filechooser",
  "websocket",
  "worker",
] as const;

async function reusablePage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const pool = idle.get(browser) ?? new Map<string, Kept[]>();
  idle.set(browser, pool);
  const key = stableJSON(options);
  let taken: Kept | undefined;
  // Outside a test (a file's beforeAll) the context is the caller's to close.
  const inTest = whenTestEnds(() => (taken ? putBack(pool, key, taken) : Promise.resolve()));
  // The offline tests' service workers outlive what emptying a context can undo.
  const reusable = inTest && options.serviceWorkers !== "allow";
  taken = reusable ? pool.get(key)?.pop() : undefined;
  if (taken) {
    await taken.context.setExtraHTTPHeaders({
      "x-forwarded-for": clientAddress(),
      ...options.extraHTTPHeaders,
    });
    return taken.page;
  }
  const context = await browser.newContext(contextOptions(options));
  const page = await context.newPage();
  const session = context.newCDPSession.bind(context, page);
  const fresh: Kept = { context, page, options, origins: new Set(), spoiled: !reusable, session };
  watch(fresh);
  if (inTest) taken = fresh;
  return page;
}

/** JSON with every object's keys in order: the same options give the same key. */
function stableJSON(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJSON).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJSON(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Replaces each named method of `target` with one that first marks the context spoiled. */
function spoilOnCall(kept: Kept, target: object, names: string[]) {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== "function") continue;
    methods[name] = (...args: unknown[]) => {
      kept.spoiled = true;
      return original.apply(target, args);
    };
  }
}

/** Notes the origins the page shows, and marks the context spoiled by what cannot be emptied. */
function watch(kept: Kept) {
  const { context, page } = kept;
  spoilOnCall(kept, context, ["addInitScript", "exposeBinding", "exposeFunction", "newCDPSession"]);
  spoilOnCall(kept, page, ["addInitScript", "exposeBinding", "exposeFunction"]);
  // Playwright's clock is an init script that stays (page.clock is the context's).
  const clockMethods = Object.getOwnPropertyNames(Object.getPrototypeOf(context.clock));
  spoilOnCall(
    kept,
    context.clock,
    clockMethods.filter((name) => name !== "constructor"),
  );
  context.on("page", (other) => other.on("framenavigated", (frame) => noteOrigin(kept, frame)));
  followOrigins(kept);
}

/** Starts the kept page's list of origins afresh: the site's, and each one it shows from now. */
function followOrigins(kept: Kept) {
  kept.origins.clear();
  kept.origins.add(new URL(baseURL()).origin);
  kept.page.on("framenavigated", (frame) => noteOrigin(kept, frame));
}

function noteOrigin(kept: Kept, frame: Frame) {
  const { origin } = new URL(frame.url());
  if (origin.startsWith("http")) kept.origins.add(origin);
}

/**
 * Empties a kept context when its test ends and puts it back for the file's next test asking
 * for the same options: its other pages closed, the test's listeners and routes dropped, its
 * page on about:blank (the last document's timers and polls stop), and its cookies, storage of
 * every kind, HTTP cache, permissions, geolocation, connection and viewport as a new context's.
 * A spoiled context, or one that cannot be emptied, is closed instead.
 */
async function putBack(pool: Map<string, Kept[]>, key: string, kept: Kept) {
  const { context, page, options } = kept;
  try {
    if (kept.spoiled || page.isClosed()) throw new Error("not reusable");
    for (const other of context.pages()) if (other !== page) await other.close();
    for (const event of TEST_EVENTS) page.removeAllListeners(event);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await page.goto("about:blank");
    await context.setOffline(false);
    await context.clearCookies();
    await context.clearPermissions();
    if (options.permissions) await context.grantPermissions(options.permissions);
    await context.setGeolocation(options.geolocation ?? null);
    const viewport = options.viewport === undefined ? DEFAULT_VIEWPORT : options.viewport;
    if (viewport) await page.setViewportSize(viewport);
    const session = await kept.session();
    try {
      await session.send("Network.clearBrowserCache");
      for (const origin of kept.origins) {
        // Every kind but a tab's sessionStorage, which SafeTap does not use.
        await session.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
      }
    } finally {
      await session.detach();
    }
    followOrigins(kept);
    pool.set(key, [...(pool.get(key) ?? []), kept]);
  } catch {
    await context.close().catch(() => {});
  }
}

/** Playwright's viewport when a context names none. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

/**
 * Runs `fn` when the current test ends, passed or failed; false outside a test (a file's
 * `beforeAll`), where Vitest refuses the hook.
 */
function whenTestEnds(fn: () => Promise<void>): boolean {
  try {
    onTestFinished(fn);
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits until the page responds: React has hydrated it, or, on a public page a
 * signed-out visitor gets without React (decision 159), its script has run. A
 * page that starts React on the visitor's first interaction (/support, /contact,
 * /auth signed out, decision 160) is given one, as a first touch would, and is
 * waited for until React has hydrated it.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const root = document.documentElement as unknown as Record<string, unknown>;
    const body = document.body as unknown as Record<string, unknown>;
    return (
      document.documentElement.dataset.enhanced === "true" ||
      [root, body].some((el) => Object.keys(el).some((k) => k.startsWith("__react")))
    );
  });
  if (await page.evaluate(() => document.documentElement.dataset.hydrate === "on-interaction")) {
    await startReact(page);
  }
}

/**
 * On a page that starts React on the first interaction (decision 160): makes one (a
 * pointer pressed on the page, which does nothing else) and waits until React has
 * hydrated it and run its first effects (`data-hydrated`, app/lib/hydration.ts).
 */
export async function startReact(page: Page) {
  await page.evaluate(() =>
    document.body.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true })),
  );
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** Whether React hydrated the page (a static public page is never hydrated, decision 159). */
export function isHydrated(page: Page) {
  return page.evaluate(() =>
    [document.documentElement, document.body].some((el) =>
      Object.keys(el).some((k) => k.startsWith("__react")),
    ),
  );
}

export interface OutboxMessage {
  id: string;
  channel: string;
  to: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

export async function outbox(): Promise<OutboxMessage[]> {
  return (await fetch(`${baseURL()}/dev/outbox.json`)).json() as Promise<OutboxMessage[]>;
}

/**
 * How long to wait for a message in the dev outbox: it is sent after the answer, by the
 * dispatcher, which on a loaded 2-core machine (the test command's runs side by side) took
 * longer than the 15 s this once was. A limit on waiting; the tests assert what arrives.
 */
const MESSAGE_WAIT_MS = 60_000;

/** A contact's confirmation request or "still current?" check (decision 148): its `/c/` link. */
const CONTACT_LINK = /\/c\/[A-Za-z0-9_-]{32}/;

/** Whether an outbox message is a contact's confirmation request or check (decision 148). */
export const isContactRequest = (message: OutboxMessage) => CONTACT_LINK.test(message.body);

/**
 * Waits for a message to `to` newer than `after` (an outbox id) and returns it. A contact's
 * confirmation request, queued when they were added, is not what a test waits for after an
 * alert: it is passed over unless `requests` asks for it.
 */
export async function waitForMessage(
  to: string,
  after?: string,
  options: { requests?: boolean } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + MESSAGE_WAIT_MS;
  for (;;) {
    const messages = (await outbox()).filter(
      (m) => m.to === to && (options.requests || !CONTACT_LINK.test(m.body)),
    );
    const newest = messages[0];
    if (newest && newest.id !== after) return newest;
    if (Date.now() > deadline) throw new Error(`No new message to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Confirms a contact as the contact would (decision 148): waits for the confirmation request in
 * the outbox, opens its `/c/TOKEN` link and presses Confirm. Returns the request's outbox id, so
 * a later `waitForMessage(to, id)` waits for what comes after it.
 */
export async function confirmContact(to: string, origin = baseURL()): Promise<string> {
  const deadline = Date.now() + MESSAGE_WAIT_MS;
  for (;;) {
    const messages = (await (await fetch(`${origin}/dev/outbox.json`)).json()) as OutboxMessage[];
    const request = messages.find((m) => m.to === to && CONTACT_LINK.test(m.body));
    if (request) {
      const link = request.body.match(/https?:\/\/\S+\/c\/[A-Za-z0-9_-]{32}/)![0];
      const answered = await fetch(`${origin}${new URL(link).pathname}`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          // The contact's own phone, not the test runner's address (per-address limits).
          "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
        },
        body: "answer=confirm",
      });
      if (answered.status !== 200) throw new Error(`confirming ${to} answered ${answered.status}`);
      return request.id;
    }
    if (Date.now() > deadline) throw new Error(`No confirmation request to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function waitForCode(to: string, after?: string): Promise<string> {
  const message = await waitForMessage(to, after);
  const code = message.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`Message to ${to} has no code`);
  return code;
}

/**
 * Runs `fn` while no other test process signs the same account in: e2e files run in parallel
 * and several sign in as the demo accounts; two sign-ins at once would each read the newest code,
 * which may be the other's. A directory is the lock (mkdir is atomic); one left by a killed run
 * is taken over after a minute.
 */
async function withSignInLock<T>(identifier: string, fn: () => Promise<T>): Promise<T> {
  const key = createHash("sha256").update(`${baseURL()}|${identifier}`).digest("hex").slice(0, 20);
  const lock = join(tmpdir(), `safetap-e2e-sign-in-${key}`);
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const held = await stat(lock).catch(() => null);
      if (held && Date.now() - held.mtimeMs > 60_000)
        await rm(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`sign-in lock for ${identifier} never freed`);
      await delay(50);
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/**
 * Signs an existing account in within this page's browser context, as a browser would (the
 * password, then the code from the outbox).
 */
export async function signInWithCode(
  page: Page,
  who: { email: string; password: string },
): Promise<void> {
  const request = page.context().request;
  await withSignInLock(who.email, async () => {
    const after = await newestMessageId(who.email);
    const started = await request.post(`${baseURL()}/auth`, {
      form: { intent: "signin", identifier: who.email, password: who.password },
    });
    expect(started.ok()).toBe(true);
    const verified = await request.post(`${baseURL()}/auth`, {
      form: { intent: "verify", code: await waitForCode(who.email, after) },
      maxRedirects: 0,
    });
    expect(verified.status()).toBe(302);
  });
}

export async function newestMessageId(to: string): Promise<string | undefined> {
  return (await outbox()).find((m) => m.to === to)?.id;
}

/**
 * A new account, verified with its code and onboarded with the given contacts,
 * signed in within this page's browser context (form posts, as a browser would).
 */
export async function signUpAndOnboard(
  page: Page,
  options: { name: string; contacts: { name: string; channel: string; value: string }[] },
): Promise<string> {
  const email = `e2e-${Date.now()}-${randomInt(1_000_000)}@example.com`;
  const request = page.context().request;
  const started = await request.post(`${baseURL()}/auth`, {
    form: {
      intent: "signup",
      fullName: options.name,
      identifier: email,
      password: "Sup3r!secret",
      acceptTerms: "on",
    },
  });
  if (!started.ok()) throw new Error(`sign-up answered ${started.status()}`);
  const verified = await request.post(`${baseURL()}/auth`, {
    form: { intent: "verify", code: await waitForCode(email) },
    maxRedirects: 0,
  });
  if (verified.status() !== 302) throw new Error(`verify answered ${verified.status()}`);
  const fields: Record<string, string> = {
    intent: "finish",
    fullName: options.name,
    language: "en",
    country: "us",
    bloodType: "B-",
    allergies: "Latex",
    medicalNotes: "Epilepsy: turn on side, time the seizure",
  };
  options.contacts.forEach((contact, i) => {
    fields[`contacts.${i}.name`] = contact.name;
    fields[`contacts.${i}.channel`] = contact.channel;
    fields[`contacts.${i}.value`] = contact.value;
  });
  const onboarded = await request.post(`${baseURL()}/onboarding`, {
    form: fields,
    maxRedirects: 0,
  });
  if (onboarded.status() !== 302) throw new Error(`onboarding answered ${onboarded.status()}`);
  return email;
}

/**
 * The text a locator's element shows: both billing cycles' prices are in the page and CSS shows
 * one, so `textContent` would read both.
 */
export function shownText(locator: Locator) {
  // biome-ignore lint/performance/useDomNodeTextContent: the text shown, which is what CSS decides
  return locator.innerText();
}

/** axe-core's serious and critical findings (evaluated through the debugging protocol, CSP intact). */
export async function seriousViolations(page: Page) {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    // Colours are read as they settle: a button's hover or focus transition caught half-way
    // (the pointer still on the button just pressed) is neither its old nor its new colour.
    const still = document.createElement("style");
    still.textContent = "*,*::before,*::after{transition:none!important;animation:none!important}";
    document.head.append(still);
    try {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
        resultTypes: ["violations"],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(" ")),
      }));
    } finally {
      still.remove();
    }
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

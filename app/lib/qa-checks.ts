import { LANGUAGES, type Language } from "#core/languages.ts";
import { annualPerMonth, formatAmount, PLAN_IDS, type PlanId } from "#core/plans.ts";
import { QA_CONTACT_NUMBER, QA_OWNER_NAME } from "#core/qa.ts";
import { PLANS } from "./plans.ts";

/**
 * The ten checks of /qa (spec section 2). They run in the browser against the
 * live site: each fetches the site's own pages (or reads the browser's state)
 * and compares them with what the spec and the plan catalogue say. Everything
 * the checks touch comes through `QaEnvironment`, so each one can be pointed
 * at a broken page and seen to fail.
 */

export const QA_CHECK_IDS = [
  "signInLink",
  "getStartedLink",
  "authRedirect",
  "scrollRestoration",
  "audienceAnchors",
  "contactPage",
  "pricingPlans",
  "tagFlow",
  "offlineCard",
  "languageKeys",
] as const;
export type QaCheckId = (typeof QA_CHECK_IDS)[number];
export type QaStatus = "pass" | "fail" | "running";

/** A check's verdict: a `qa:checks.*` key and its values, translated by the page. */
export interface QaVerdict {
  ok: boolean;
  key: string;
  values?: Record<string, string | number>;
}

export type LocaleBundles = Record<Language, Record<string, Record<string, unknown>>>;

export interface QaEnvironment {
  /** The site's origin, e.g. "https://safetap.app". */
  origin: string;
  /** fetch bound to the site's origin (relative paths). */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  parseHtml: (html: string) => Document;
  history: { scrollRestoration: string };
  serviceWorker?: Pick<
    ServiceWorkerContainer,
    "getRegistration" | "controller" | "addEventListener" | "removeEventListener"
  >;
  caches?: Pick<CacheStorage, "keys" | "open">;
  loadLocales: () => Promise<LocaleBundles>;
  /** Translates a key of the page's language (used for plan names and prices). */
  t: (key: string, values?: Record<string, unknown>) => string;
  language: Language;
  signedIn: boolean;
  /** How long to wait for the service worker (ms). */
  waitMs?: number;
}

/** What one run shares between checks: fetched pages and the throwaway tag. */
export interface QaRun {
  env: QaEnvironment;
  pages: Map<string, Promise<{ response: Response; doc: Document }>>;
  testTag?: { tagId: string; handle: string; claimed: boolean };
}

export const SIGN_IN_PATH = "/auth?mode=signin";
export const GET_STARTED_PATH = "/auth?mode=signup&plan=free";
/** Spec section 2: the who-it-is-for cards' targets. */
export const AUDIENCE_LINKS = [
  "/pricing#family",
  "/for-organizations#schools",
  "/pricing#pro",
  "/for-organizations#workplaces",
  "/for-organizations#healthcare",
] as const;
export const CARD_CACHE_PREFIX = "safetap-cards";

const pass = (key: string, values?: QaVerdict["values"]): QaVerdict => ({ ok: true, key, values });
const fail = (key: string, values?: QaVerdict["values"]): QaVerdict => ({ ok: false, key, values });

/** A page of the site as a signed-out visitor gets it (cookies only for the language). */
export function fetchPage(run: QaRun, path: string) {
  let page = run.pages.get(path);
  if (!page) {
    page = run.env
      .fetch(path, { credentials: "omit", headers: { Accept: "text/html" } })
      .then(async (response) => ({ response, doc: run.env.parseHtml(await response.text()) }));
    run.pages.set(path, page);
  }
  return page;
}

const navLink = (doc: Document, href: string) =>
  [...doc.querySelectorAll("header a[href]")].find((a) => a.getAttribute("href") === href);

async function signInLink(run: QaRun) {
  const { doc } = await fetchPage(run, "/");
  return navLink(doc, SIGN_IN_PATH)
    ? pass("checks.signInLink.pass")
    : fail("checks.signInLink.fail");
}

async function getStartedLink(run: QaRun) {
  const { doc } = await fetchPage(run, "/");
  return navLink(doc, GET_STARTED_PATH)
    ? pass("checks.getStartedLink.pass")
    : fail("checks.getStartedLink.fail");
}

/** The value the sign-in form posts as `redirect` (null: none, so the server's default). */
function signInRedirect(doc: Document): string | null | undefined {
  const button = doc.querySelector('button[name="intent"][value="signin"]');
  const form = button?.closest("form");
  if (!form) return undefined;
  return form.querySelector<HTMLInputElement>('input[name="redirect"]')?.value ?? null;
}

/**
 * Signed in, /auth must send you on to the dashboard. Signed out, the sign-in
 * form must carry a same-site return path and drop an off-site one.
 */
async function authRedirect(run: QaRun) {
  if (run.env.signedIn) {
    const response = await run.env.fetch("/auth?mode=signin", { credentials: "include" });
    const path = new URL(response.url, "http://x").pathname;
    return response.redirected && (path === "/dashboard" || path === "/onboarding")
      ? pass("checks.authRedirect.passSignedIn", { path })
      : fail("checks.authRedirect.fail");
  }
  const kept = await fetchPage(run, `${SIGN_IN_PATH}&redirect=${encodeURIComponent("/dashboard")}`);
  const foreign = await fetchPage(
    run,
    `${SIGN_IN_PATH}&redirect=${encodeURIComponent("https://example.com/dashboard")}`,
  );
  const keptValue = signInRedirect(kept.doc);
  const foreignValue = signInRedirect(foreign.doc);
  const sameSite = (value: string | null | undefined) =>
    value === null ||
    (typeof value === "string" && value.startsWith("/") && !value.startsWith("//"));
  return keptValue === "/dashboard" && foreignValue !== undefined && sameSite(foreignValue)
    ? pass("checks.authRedirect.pass")
    : fail("checks.authRedirect.fail");
}

async function scrollRestoration(run: QaRun) {
  return run.env.history.scrollRestoration === "manual"
    ? pass("checks.scrollRestoration.pass")
    : fail("checks.scrollRestoration.fail");
}

async function audienceAnchors(run: QaRun) {
  const { doc } = await fetchPage(run, "/");
  const found = new Set(
    [...doc.querySelectorAll("main a[href]")]
      .map((a) => a.getAttribute("href") ?? "")
      .filter((href) => /^\/(pricing|for-organizations)#./.test(href)),
  );
  if (found.size === 0) return fail("checks.audienceAnchors.fail");
  const missing = AUDIENCE_LINKS.filter((href) => !found.has(href));
  if (missing.length) return fail("checks.audienceAnchors.missing", { links: missing.join(", ") });
  const noTarget: string[] = [];
  for (const href of AUDIENCE_LINKS) {
    const [path, id] = href.split("#") as [string, string];
    const { doc: target } = await fetchPage(run, path);
    if (!target.getElementById(id)) noTarget.push(href);
  }
  return noTarget.length
    ? fail("checks.audienceAnchors.noTarget", { links: noTarget.join(", ") })
    : pass("checks.audienceAnchors.pass", { count: AUDIENCE_LINKS.length });
}

async function contactPage(run: QaRun) {
  const { response, doc } = await fetchPage(run, "/contact");
  const form = doc.querySelector('form[method="post"]');
  const fields = ["fullName", "organization", "email", "industry", "estimatedUsers", "message"];
  return response.ok && form && fields.every((name) => form.querySelector(`[name="${name}"]`))
    ? pass("checks.contactPage.pass")
    : fail("checks.contactPage.fail");
}

/** A price as /pricing writes it in the page's language, e.g. "$1.99" or "1,99 $". */
export function expectedPrice(t: QaEnvironment["t"], amount: string) {
  return t("marketing:price.amount", {
    price: amount.replace(".", t("marketing:price.decimalSeparator")),
  });
}

/**
 * Every plan of the catalogue must have its card on /pricing, with its name
 * and its price: monthly, and annual shown per month (annual ÷ 12).
 */
async function pricingPlans(run: QaRun) {
  const { t, language } = run.env;
  const monthly = await fetchPage(run, `/pricing?lng=${language}`);
  const annual = await fetchPage(run, `/pricing?lng=${language}&billing=annual`);
  const name = (id: PlanId) => t(`marketing:${PLANS[id].nameKey}`);
  const text = (doc: Document, selector: string) =>
    (doc.querySelector(selector)?.textContent ?? "").replace(/\s+/g, " ");
  const missing = PLAN_IDS.filter((id) => {
    const card = text(monthly.doc, `[data-testid="plan-${id}"]`);
    return !card.includes(name(id));
  });
  if (!monthly.response.ok || missing.length) {
    return fail("checks.pricingPlans.fail");
  }
  const wrong: string[] = [];
  const shown: string[] = [];
  for (const id of PLAN_IDS) {
    const plan = PLANS[id];
    const month = text(monthly.doc, `[data-testid="price-${id}"]`);
    const year = text(annual.doc, `[data-testid="price-${id}"]`);
    if (plan.monthlyPrice === null || plan.annualPrice === null) {
      const custom = t("marketing:price.custom");
      if (!month.includes(custom) || !year.includes(custom)) wrong.push(name(id));
      shown.push(`${name(id)} ${custom}`);
      continue;
    }
    const perMonth = expectedPrice(t, formatAmount(plan.monthlyPrice));
    // Annual shown per month: annual ÷ 12 with two decimals; a free plan stays "0".
    const annualPerMonthPrice = expectedPrice(
      t,
      plan.annualPrice === 0 ? formatAmount(0) : annualPerMonth(plan)!,
    );
    if (!month.includes(perMonth) || !year.includes(annualPerMonthPrice)) wrong.push(name(id));
    shown.push(
      plan.monthlyPrice === 0
        ? `${name(id)} ${perMonth}`
        : `${name(id)} ${perMonth}/${annualPerMonthPrice}`,
    );
  }
  return wrong.length
    ? fail("checks.pricingPlans.wrongPrice", { plans: wrong.join(", ") })
    : pass("checks.pricingPlans.pass", { prices: shown.join(", ") });
}

async function tagFlowRequest(run: QaRun, body: Record<string, string>) {
  const response = await run.env.fetch("/qa/tag-flow", {
    method: "POST",
    credentials: "include",
    body: new URLSearchParams(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, json };
}

/**
 * Makes a throwaway tag on the server (decision 043), checks that unclaimed it
 * leads to /claim/{tag}, claims it, and checks that it then shows its card.
 */
async function tagFlow(run: QaRun) {
  const started = await tagFlowRequest(run, { intent: "start" });
  if (started.status === 403) return fail("checks.tagFlow.forbidden");
  const tagId = started.json.tagId;
  const handle = started.json.handle;
  if (typeof tagId !== "string" || typeof handle !== "string") {
    throw new Error(`/qa/tag-flow answered ${started.status}`);
  }
  run.testTag = { tagId, handle, claimed: false };
  const cardPath = `/t/${encodeURIComponent(tagId)}`;
  const unclaimed = await run.env.fetch(cardPath, { credentials: "omit" });
  const endedAt = new URL(unclaimed.url, "http://x").pathname;
  if (!unclaimed.ok || endedAt !== `/claim/${encodeURIComponent(tagId)}`) {
    return fail("checks.tagFlow.unclaimed", { tag: tagId, path: endedAt });
  }
  const claimed = await tagFlowRequest(run, { intent: "claim", handle });
  if (claimed.status !== 200) {
    return fail("checks.tagFlow.claimFailed", {
      reason: String(claimed.json.detail ?? claimed.json.reason ?? claimed.status),
    });
  }
  run.testTag.claimed = true;
  const card = await run.env.fetch(cardPath, {
    credentials: "omit",
    headers: { Accept: "text/html" },
  });
  const doc = run.env.parseHtml(await card.text());
  const name = doc.querySelector('[data-testid="card-name"]')?.textContent?.trim();
  const shown =
    card.ok && new URL(card.url, "http://x").pathname === cardPath && name === QA_OWNER_NAME;
  return shown
    ? pass("checks.tagFlow.pass", { tag: tagId })
    : fail("checks.tagFlow.claimed", { tag: tagId });
}

/** Resolves once a service worker controls the page, or with false after `ms`. */
function waitForController(container: NonNullable<QaEnvironment["serviceWorker"]>, ms: number) {
  if (container.controller) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    const done = (value: boolean) => {
      container.removeEventListener("controllerchange", onChange);
      clearTimeout(timer);
      resolve(value);
    };
    const onChange = () => done(true);
    const timer = setTimeout(() => done(Boolean(container.controller)), ms);
    container.addEventListener("controllerchange", onChange);
  });
}

async function findCachedCard(
  storage: NonNullable<QaEnvironment["caches"]>,
  url: string,
): Promise<{ cache: string; response: Response } | null> {
  for (const name of await storage.keys()) {
    if (!name.startsWith(CARD_CACHE_PREFIX)) continue;
    const response = await (await storage.open(name)).match(url);
    if (response) return { cache: name, response };
  }
  return null;
}

/**
 * The service worker's contract: a card fetched as HTML is kept in a
 * `safetap-cards*` cache, and the kept page still has the call and text links
 * and the alert form (what works without a network).
 */
async function offlineCard(run: QaRun) {
  const { serviceWorker, caches: storage } = run.env;
  const waitMs = run.env.waitMs ?? 5_000;
  const registration = await serviceWorker?.getRegistration("/").catch(() => undefined);
  if (!serviceWorker || !storage || !registration) return fail("checks.offlineCard.noWorker");
  if (!(await waitForController(serviceWorker, waitMs))) {
    return fail("checks.offlineCard.notControlled");
  }
  if (!run.testTag?.claimed) return fail("checks.offlineCard.needsTag");
  const cardPath = `/t/${encodeURIComponent(run.testTag.tagId)}`;
  const fetched = await run.env.fetch(cardPath, {
    credentials: "omit",
    headers: { Accept: "text/html" },
  });
  await fetched.text();
  const url = new URL(fetched.url || cardPath, run.env.origin).href;
  let cached = await findCachedCard(storage, url);
  // The worker may store its copy just after answering.
  for (let waited = 0; !cached && waited < waitMs; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    cached = await findCachedCard(storage, url);
  }
  if (!cached) return fail("checks.offlineCard.notCached");
  const doc = run.env.parseHtml(await cached.response.text());
  const tel = doc.querySelector(`a[href="tel:${QA_CONTACT_NUMBER}"]`);
  const sms = doc.querySelector(`a[href^="sms:${QA_CONTACT_NUMBER}"]`);
  if (!tel || !sms) return fail("checks.offlineCard.noLinks");
  const alertForm = doc.querySelector('[data-testid="send-alert"]')?.closest("form");
  if (!alertForm) return fail("checks.offlineCard.noAlert");
  return pass("checks.offlineCard.pass", { cache: cached.cache });
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(",");

function flatten(value: unknown, prefix: string, out: Map<string, string>) {
  if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value))
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, typeof value === "string" ? value : "");
  }
}

/**
 * Keys of English missing, empty or with other placeholders in another
 * language, as "lang:namespace:key" (and keys only another language has).
 */
export function localeProblems(bundles: LocaleBundles): { problems: string[]; count: number } {
  const flat = (language: Language) => {
    const out = new Map<string, string>();
    for (const [ns, bundle] of Object.entries(bundles[language] ?? {}))
      flatten(bundle, `${ns}:`, out);
    return new Map([...out].map(([key, text]) => [key.replace(":.", ":"), text]));
  };
  const english = flat("en");
  const problems: string[] = [];
  for (const language of LANGUAGES) {
    if (language === "en") continue;
    const other = flat(language);
    for (const [key, text] of english) {
      const translated = other.get(key);
      if (!translated?.trim() || placeholders(translated) !== placeholders(text)) {
        problems.push(`${language}:${key}`);
      }
    }
    for (const key of other.keys()) if (!english.has(key)) problems.push(`${language}:${key}`);
  }
  for (const [key, text] of english) if (!text.trim()) problems.push(`en:${key}`);
  return { problems, count: english.size };
}

async function languageKeys(run: QaRun) {
  const { problems, count } = localeProblems(await run.env.loadLocales());
  if (count === 0) return fail("checks.languageKeys.fail", { keys: "en" });
  return problems.length
    ? fail("checks.languageKeys.fail", {
        keys:
          problems.length > 8
            ? `${problems.slice(0, 8).join(", ")} (+${problems.length - 8})`
            : problems.join(", "),
      })
    : pass("checks.languageKeys.pass", { count });
}

export const QA_CHECKS: Record<QaCheckId, (run: QaRun) => Promise<QaVerdict>> = {
  signInLink,
  getStartedLink,
  authRedirect,
  scrollRestoration,
  audienceAnchors,
  contactPage,
  pricingPlans,
  tagFlow,
  offlineCard,
  languageKeys,
};

/** Removes the throwaway tag on the server and its page from the offline cache. */
export async function cleanUpRun(run: QaRun) {
  const tag = run.testTag;
  if (!tag) return;
  run.testTag = undefined;
  await tagFlowRequest(run, { intent: "finish", handle: tag.handle }).catch(() => undefined);
  const storage = run.env.caches;
  if (!storage) return;
  const url = new URL(`/t/${encodeURIComponent(tag.tagId)}`, run.env.origin).href;
  for (const name of await storage.keys().catch(() => [] as string[])) {
    if (name.startsWith(CARD_CACHE_PREFIX)) await (await storage.open(name)).delete(url);
  }
}

/**
 * Runs every check in order (the offline check uses the tag flow's card),
 * reporting each verdict as it lands; a check that throws fails with
 * 'Error checking …'. Cleans up the throwaway tag at the end.
 */
export async function runQaChecks(
  env: QaEnvironment,
  onVerdict: (id: QaCheckId, verdict: QaVerdict) => void,
) {
  const run: QaRun = { env, pages: new Map() };
  try {
    for (const id of QA_CHECK_IDS) {
      let verdict: QaVerdict;
      try {
        verdict = await QA_CHECKS[id](run);
      } catch (error) {
        verdict = fail("checks.error", {
          what: env.t(`qa:checks.${id}.name`),
          message: error instanceof Error ? error.message : String(error),
        });
      }
      onVerdict(id, verdict);
    }
  } finally {
    await cleanUpRun(run);
  }
}

export interface QaReport {
  timestamp: string;
  checks: { name: string; status: QaStatus; message: string }[];
  summary: { total: number; passed: number; failed: number };
}

export function buildReport(
  results: { name: string; status: QaStatus; message: string }[],
  now = new Date(),
): QaReport {
  const passed = results.filter((r) => r.status === "pass").length;
  const failed = results.filter((r) => r.status === "fail").length;
  return {
    timestamp: now.toISOString(),
    checks: results.map(({ name, status, message }) => ({ name, status, message })),
    summary: { total: results.length, passed, failed },
  };
}

import { describe, expect, it } from "vitest";
import {
  buildReport,
  type LocaleBundles,
  localeProblems,
  QA_CHECKS,
  type QaEnvironment,
  type QaRun,
} from "./qa-checks.ts";

const bundles = (): LocaleBundles => ({
  en: { qa: { title: "Self-check", summary: "{{passed}}/{{total}}" } },
  es: { qa: { title: "Autocomprobación", summary: "{{passed}}/{{total}}" } },
  fr: { qa: { title: "Autocontrôle", summary: "{{passed}}/{{total}}" } },
  vi: { qa: { title: "Tự kiểm tra", summary: "{{passed}}/{{total}}" } },
});

describe("language keys check", () => {
  it("passes when every language has every key", () => {
    expect(localeProblems(bundles())).toEqual({ problems: [], count: 2 });
  });

  it("names missing, empty, extra keys and changed placeholders", () => {
    const broken = bundles();
    delete (broken.es.qa as Record<string, unknown>).title;
    (broken.fr.qa as Record<string, unknown>).summary = "{{passed}} sur {{totl}}";
    (broken.vi.qa as Record<string, unknown>).title = "  ";
    (broken.vi.qa as Record<string, unknown>).extra = "x";
    expect(localeProblems(broken).problems).toEqual([
      "es:qa:title",
      "fr:qa:summary",
      "vi:qa:title",
      "vi:qa:extra",
    ]);
  });
});

function runWith(env: Partial<QaEnvironment>, run: Partial<QaRun> = {}): QaRun {
  return {
    env: {
      origin: "http://localhost",
      fetch: () => Promise.reject(new Error("no network in this test")),
      parseHtml: () => {
        throw new Error("no DOM in this test");
      },
      history: { scrollRestoration: "manual" },
      loadLocales: async () => bundles(),
      t: (key) => key,
      language: "en",
      signedIn: false,
      waitMs: 50,
      ...env,
    },
    pages: new Map(),
    ...run,
  };
}

describe("scroll restoration check", () => {
  it("passes only when the browser's restoration is manual", async () => {
    expect(await QA_CHECKS.scrollRestoration(runWith({}))).toMatchObject({ ok: true });
    expect(
      await QA_CHECKS.scrollRestoration(runWith({ history: { scrollRestoration: "auto" } })),
    ).toEqual({ ok: false, key: "checks.scrollRestoration.fail", values: undefined });
  });
});

describe("offline card check", () => {
  const worker = (registered: boolean, controller: unknown) =>
    ({
      getRegistration: async () => (registered ? ({} as ServiceWorkerRegistration) : undefined),
      controller,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as QaEnvironment["serviceWorker"];
  const emptyCaches = {
    keys: async () => ["safetap-cards-v1", "other"],
    open: async () => ({ match: async () => undefined }) as unknown as Cache,
  } as QaEnvironment["caches"];

  it("fails without a registered service worker", async () => {
    expect(await QA_CHECKS.offlineCard(runWith({}))).toMatchObject({
      ok: false,
      key: "checks.offlineCard.noWorker",
    });
    expect(
      await QA_CHECKS.offlineCard(
        runWith({ serviceWorker: worker(false, null), caches: emptyCaches }),
      ),
    ).toMatchObject({ ok: false, key: "checks.offlineCard.noWorker" });
  });

  it("fails when the worker does not control the page", async () => {
    expect(
      await QA_CHECKS.offlineCard(
        runWith({ serviceWorker: worker(true, null), caches: emptyCaches }),
      ),
    ).toMatchObject({ ok: false, key: "checks.offlineCard.notControlled" });
  });

  it("fails when the card fetched as HTML is not in a safetap-cards cache", async () => {
    const fetched: string[] = [];
    const run = runWith(
      {
        serviceWorker: worker(true, {}),
        caches: emptyCaches,
        fetch: async (path, init) => {
          fetched.push(`${path} ${new Headers(init?.headers).get("accept")}`);
          return new Response("<html></html>");
        },
      },
      { testTag: { tagId: "CD-ABCDE", handle: "h", claimed: true } },
    );
    expect(await QA_CHECKS.offlineCard(run)).toMatchObject({
      ok: false,
      key: "checks.offlineCard.notCached",
    });
    expect(fetched).toEqual(["/t/CD-ABCDE text/html"]);
  });

  it("needs the tag flow's card", async () => {
    expect(
      await QA_CHECKS.offlineCard(
        runWith({ serviceWorker: worker(true, {}), caches: emptyCaches }),
      ),
    ).toMatchObject({ ok: false, key: "checks.offlineCard.needsTag" });
  });
});

describe("QA report", () => {
  it("has the timestamp, each check's name, status and message, and the summary", () => {
    const report = buildReport(
      [
        { name: "A", status: "pass", message: "fine" },
        { name: "B", status: "fail", message: "broken" },
        { name: "C", status: "running", message: "…" },
      ],
      new Date("2026-11-21T12:00:00Z"),
    );
    expect(report).toEqual({
      timestamp: "2026-11-21T12:00:00.000Z",
      checks: [
        { name: "A", status: "pass", message: "fine" },
        { name: "B", status: "fail", message: "broken" },
        { name: "C", status: "running", message: "…" },
      ],
      summary: { total: 3, passed: 1, failed: 1 },
    });
  });
});

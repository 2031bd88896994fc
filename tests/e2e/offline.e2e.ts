import { once } from "node:events";
import { createServer, request as forward } from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli } from "#tests/support/processes.ts";
import {
  baseURL,
  isContactRequest,
  launchBrowser,
  openPage,
  outbox,
  signUpAndOnboard,
  waitForHydration,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function mintAndClaim(page: Page) {
  const result = await runCli(["tags", "mint", "--product", "card", "--count", "1"], {
    DATA_DIR: inject("dataDir"),
  });
  expect(result.code, result.stderr).toBe(0);
  const [tagId, token] = result.stdout.trim().split("\n")[1]!.split(",");
  await page.goto(`/claim/${tagId}`);
  await waitForHydration(page);
  await page.getByLabel("Activation token").fill(token!);
  await page.getByRole("button", { name: "Claim tag" }).click();
  await page.waitForURL("**/dashboard?tab=tags");
  return tagId!;
}

/**
 * The version of the worker controlling the page, or null when none does or
 * none answers. A worker being replaced drops the message (the page still
 * holds it as its controller until `controllerchange`, but it is already
 * redundant), so this answers null after a while and callers ask again.
 */
function controllerVersion(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve(null);
        const timer = setTimeout(() => resolve(null), 2_000);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => {
          clearTimeout(timer);
          resolve((event.data as { version: string }).version);
        };
        controller.postMessage({ type: "version" }, [channel.port2]);
      }),
  );
}

/** Waits until a service worker controls the page and returns its version. */
async function workerVersion(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 20_000,
  });
  let version: string | null = null;
  await expect
    .poll(async () => (version = await controllerVersion(page)), { timeout: 10_000 })
    .not.toBeNull();
  return version!;
}

/**
 * An origin of the update test's own, in front of the shared server: every
 * request is passed on unchanged except /sw.js, whose version `release` can
 * change, as a new build would. The build on disk is not touched, so the files
 * running alongside against the shared server keep the worker they installed
 * (rewriting build/client/sw.js handed the other files' pages a worker that
 * changed under them). A route of Playwright cannot do this: the browser's
 * update check of a worker script goes to the network without passing any route.
 */
async function frontOrigin(target: string) {
  const upstream = new URL(target.replace("//localhost:", "//127.0.0.1:"));
  let release: { from: string; to: string } | undefined;
  /** What this origin answered since the release, for a failure's message. */
  const seen = { workerScripts: 0, passed: 0, failed: [] as string[] };
  const server = createServer((request, response) => {
    if (request.method === "GET" && request.url?.split("?")[0] === "/sw.js") {
      if (release) seen.workerScripts++;
      void (async () => {
        const answer = await fetch(new URL("/sw.js", upstream));
        const code = await answer.text();
        response.writeHead(answer.status, {
          "content-type": answer.headers.get("content-type") ?? "text/javascript",
          "cache-control": "no-cache",
        });
        response.end(release ? code.replaceAll(release.from, release.to) : code);
      })().catch(() => response.destroy());
      return;
    }
    const passed = forward(
      new URL(request.url ?? "/", upstream),
      { method: request.method, headers: request.headers },
      (answer) => {
        if (release) {
          seen.passed++;
          if ((answer.statusCode ?? 502) >= 400)
            seen.failed.push(`${answer.statusCode} ${request.url}`);
        }
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    passed.on("error", (error) => {
      if (release) seen.failed.push(`${error.message} ${request.url}`);
      response.destroy();
    });
    request.pipe(passed);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  return {
    // localhost: a secure context, where service workers are allowed.
    url: `http://localhost:${port}`,
    /** From now on /sw.js is the worker of a new build: `from` replaced with `to`. */
    release(from: string, to: string) {
      release = { from, to };
    },
    seen,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

// Alerts only: the confirmation request each new contact gets is not one (decision 148).
const messagesTo = async (address: string) =>
  (await outbox()).filter((m) => m.to === address && !isContactRequest(m));

describe("the card when SafeTap is busy (decision 156)", () => {
  it("a busy answer keeps the alert on the phone, says so, and sends it again after Retry-After, once", async () => {
    const maria = `maria-busy-${Date.now()}@example.com`;
    const owner = await openPage(browser, { serviceWorkers: "allow" });
    await signUpAndOnboard(owner.page, {
      name: "Bea Busy",
      contacts: [{ name: "Maria", channel: "email", value: maria }],
    });
    const tagId = await mintAndClaim(owner.page);

    // No worker: the page's own requests are the ones answered busy here.
    const { page, problems } = await openPage(browser, { serviceWorkers: "block" });
    let answeredBusy = 0;
    await page.route(`**/t/${tagId}/alert`, async (route) => {
      if (answeredBusy > 0) return route.continue();
      answeredBusy++;
      await route.fulfill({
        status: 503,
        headers: { "retry-after": "2", "content-type": "application/json" },
        body: JSON.stringify({ intent: "alert", ok: false, reason: "busy" }),
      });
    });
    await page.goto(`/t/${tagId}`);
    await waitForHydration(page);
    await page.getByTestId("send-alert").click();
    await page
      .getByTestId("alert-queued")
      .getByText("SafeTap is busy: the alert is saved on this phone")
      .waitFor();
    expect(await page.getByTestId("send-alert").textContent()).toContain(
      "SafeTap is busy — sending again…",
    );
    // Sent again by the page after the server's two seconds, with the same key.
    await page.getByText("Emergency alert sent").waitFor({ timeout: 20_000 });
    expect(answeredBusy).toBe(1);
    await expect.poll(async () => (await messagesTo(maria)).length, { timeout: 60_000 }).toBe(1);
    expect(problems.filter((p) => !p.includes("503"))).toEqual([]);
    await owner.page.context().close();
    await page.context().close();
  });
});

describe("the card offline", () => {
  it("opens from the cache with call links, queues the alert, and sends it once per contact when back online", async () => {
    const stamp = Date.now();
    const maria = `maria-offline-${stamp}@example.com`;
    const sam = `sam-offline-${stamp}@example.com`;
    const owner = await openPage(browser, { serviceWorkers: "allow" });
    const email = await signUpAndOnboard(owner.page, {
      name: "Olu Offline",
      contacts: [{ name: "Maria", channel: "email", value: maria }],
    });
    // A second contact needs a paid plan (Free allows one).
    const upgraded = await runCli(["users", "set-plan", email, "pro"], {
      DATA_DIR: inject("dataDir"),
    });
    expect(upgraded.code, upgraded.stderr).toBe(0);
    const added = await owner.page.context().request.post(`${baseURL()}/dashboard`, {
      form: { intent: "addContact", name: "Sam", channel: "email", value: sam },
    });
    expect(added.status()).toBe(200);
    const tagId = await mintAndClaim(owner.page);
    const cardUrl = `${baseURL()}/t/${tagId}`;

    // A stranger views the card once, online: the worker installs and keeps it.
    const stranger = await openPage(browser, {
      serviceWorkers: "allow",
      geolocation: { latitude: 48.856613, longitude: 2.352222 },
      permissions: ["geolocation"],
    });
    const { page } = stranger;
    await page.goto(`/t/${tagId}`);
    await waitForHydration(page);
    await workerVersion(page);
    await expect
      .poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), cardUrl), {
        timeout: 15_000,
      })
      .toBe(true);
    // Same-origin fetches asking for HTML are kept as well (the /qa page relies on it).
    expect(
      await page.evaluate(async (url) => {
        await (await caches.open("safetap-cards")).delete(url);
        await fetch(url, { headers: { accept: "text/html" } });
        return Boolean(await caches.match(url));
      }, cardUrl),
    ).toBe(true);
    const cacheNames = await page.evaluate(() => caches.keys());
    expect(cacheNames.some((name) => name.startsWith("safetap-cards"))).toBe(true);
    const keptKey = await page.evaluate(async (url) => {
      const html = await (await caches.match(url))!.text();
      return new DOMParser()
        .parseFromString(html, "text/html")
        .querySelector<HTMLInputElement>('input[name="idempotencyKey"]')!.value;
    }, cardUrl);

    // No network: the card opens from the cache, readable and callable.
    await page.context().setOffline(true);
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId("card-name").textContent()).toBe("Olu Offline");
    expect(
      await page
        .getByTestId("card-action-bar")
        .locator('input[name="idempotencyKey"]')
        .inputValue(),
    ).toBe(keptKey);
    await page.getByTestId("offline-banner").getByText("You are offline").waitFor();
    const links = await page
      .getByTestId("card-contacts")
      .locator("a")
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(links).toEqual([`mailto:${maria}`, `mailto:${sam}`]);
    expect(await page.getByTestId("emergency-number").getAttribute("href")).toMatch(/^tel:\d+$/);

    // The alert is kept on the phone instead of sent.
    await page.getByTestId("send-alert").click();
    await page.getByTestId("alert-queued").waitFor();
    expect(await page.getByTestId("send-alert").textContent()).toContain(
      "Alert queued — sends when online",
    );
    expect(await page.getByTestId("send-alert").isDisabled()).toBe(true);
    const queued = await page.evaluate(
      () =>
        new Promise<{ state: string; tagId: string; latitude: string }[]>((resolve, reject) => {
          const request = indexedDB.open("safetap-offline");
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const all = request.result.transaction("alerts").objectStore("alerts").getAll();
            all.onsuccess = () => resolve(all.result);
          };
        }),
    );
    expect(queued).toEqual([
      expect.objectContaining({ state: "queued", tagId, latitude: "48.856613" }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await messagesTo(maria)).toHaveLength(0);

    // The network returns: the queue is sent and the card shows the usual status.
    await page.context().setOffline(false);
    await page.getByText("Emergency alert sent").waitFor({ timeout: 20_000 });
    await page.getByTestId("alert-status").getByText("Delivered").first().waitFor({
      timeout: 20_000,
    });
    // Give a second sender (Background Sync, another online event) time to show up.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await page.reload();
    await waitForHydration(page);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const address of [maria, sam]) {
      const messages = await messagesTo(address);
      expect(messages, address).toHaveLength(1);
      expect(messages[0]!.body).toContain("https://maps.google.com/?q=48.856613,2.352222");
    }
    expect(
      stranger.problems.filter(
        (p) => !p.includes("Failed to load resource") && !p.includes("ERR_INTERNET_DISCONNECTED"),
      ),
    ).toEqual([]);
    await owner.page.context().close();
    await page.context().close();
  });
});

describe("service worker updates", () => {
  it("a new build's worker takes over the open page and drops the old shell", async () => {
    const front = await frontOrigin(baseURL());
    const { page } = await openPage(browser, { baseURL: front.url, serviceWorkers: "allow" });
    try {
      await page.goto("/");
      const version = await workerVersion(page);
      expect(version).toMatch(/^[0-9a-f]{12}$/);
      expect(await page.evaluate(() => caches.keys())).toContain(`safetap-shell-${version}`);

      // A new build: the same worker with another version.
      const next = `${version.slice(0, 11)}${version.endsWith("0") ? "1" : "0"}`;
      front.release(version, next);
      // skipWaiting + clients.claim: the open page is controlled by the new worker. Its
      // install fetches the whole shell (about 150 files); if the browser gives that install
      // up (a fetch failed on a loaded machine), the next update check installs it again, as
      // a returning visitor's browser would: asked again while no new worker is on its way.
      // What the page's registration looked like at the last check, for a failure's message.
      let state = "";
      await expect
        .poll(
          async () => {
            state = await page.evaluate(async () => {
              const registration = await navigator.serviceWorker.getRegistration();
              const states = registration
                ? `installing ${registration.installing?.state}, waiting ${registration.waiting?.state}, active ${registration.active?.state}`
                : "no registration";
              if (registration && !registration.installing && !registration.waiting) {
                const asked = await registration.update().then(
                  () => "update asked",
                  (error: Error) => `update refused: ${error.message}`,
                );
                return `${states}; ${asked}`;
              }
              return states;
            });
            return controllerVersion(page);
          },
          {
            timeout: 90_000,
            interval: 2_000,
            message: "the new worker controls the page",
          },
        )
        .toBe(next)
        .catch((error: Error) => {
          error.message += ` (last state: ${state}; ${JSON.stringify(front.seen)})`;
          throw error;
        });
      await expect
        .poll(() => page.evaluate(() => caches.keys()), { timeout: 30_000 })
        .not.toContain(`safetap-shell-${version}`);
      expect(await page.evaluate(() => caches.keys())).toContain(`safetap-shell-${next}`);
    } finally {
      await page.context().close();
      await front.close();
    }
  });
});

describe("writing a tag with NFC on the dashboard", () => {
  it("writes the card URL where Web NFC exists and is hidden where it does not", async () => {
    const { page } = await openPage(browser, { serviceWorkers: "allow" });
    await signUpAndOnboard(page, {
      name: "Nia Nfc",
      contacts: [{ name: "Maria", channel: "email", value: `nfc-${Date.now()}@example.com` }],
    });
    const tagId = await mintAndClaim(page);
    await waitForHydration(page);
    expect(await page.getByTestId("write-tag").count()).toBe(0);

    // A phone with Web NFC: a stand-in NDEFReader that records what is written.
    await page.context().addInitScript(() => {
      const written: unknown[] = [];
      (window as unknown as { written: unknown[] }).written = written;
      (window as unknown as { NDEFReader: unknown }).NDEFReader = class {
        async write(message: unknown) {
          // The write waits for the test to let it finish once it has seen the "hold" state
          // (a timer could end it before a loaded machine's test looks); a refusal needs no wait.
          if (!(window as unknown as { refuse?: boolean }).refuse) {
            await new Promise((resolve) => {
              (window as unknown as { finishWrite: (v?: unknown) => void }).finishWrite = resolve;
            });
          }
          if ((window as unknown as { refuse?: boolean }).refuse) {
            throw new DOMException("NFC permission denied", "NotAllowedError");
          }
          written.push(message);
        }
      };
    });
    // Once the worker is active, a navigation it sees: controlled, yet never kept in any cache.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.goto("/dashboard?tab=tags");
    await waitForHydration(page);
    const item = page.getByTestId(`tag-${tagId}`);
    await workerVersion(page);
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls.map((url) => new URL(url).pathname);
    });
    expect(kept.length).toBeGreaterThan(0);
    // Beside files: only the public offline page (it reads no session).
    expect(
      kept.filter((p) => !p.startsWith("/assets/") && !/^\/[\w-]+\.(png|svg|webmanifest)$/.test(p)),
    ).toEqual(["/offline"]);
    await item.getByTestId("write-tag").click();
    await item.getByText("Hold the tag against the back of your phone…").waitFor();
    await page.evaluate(() =>
      (window as unknown as { finishWrite: (v?: unknown) => void }).finishWrite(),
    );
    await item.getByText("Tag written: tapping it now opens the emergency card.").waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { written: unknown[] }).written),
    ).toEqual([{ records: [{ recordType: "url", data: `${baseURL()}/t/${tagId}` }] }]);

    await page.evaluate(() => {
      (window as unknown as { refuse: boolean }).refuse = true;
    });
    await item.getByTestId("write-tag").click();
    await item.getByText("NFC permission was refused.", { exact: false }).waitFor();
    await page.context().close();
  });
});

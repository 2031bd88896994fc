import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Download, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  launchBrowser,
  openPage,
  seriousViolations,
  signInWithCode,
  waitForHydration,
} from "./browser.ts";

/** A download's file: the run shares one Chromium over a connection, so it is saved here. */
async function saved(download: Download): Promise<string> {
  const file = path.join(tmpdir(), `safetap-${randomUUID()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return file;
}

// Issue 15 items 6 and 7 (decision 133), in Chromium: the demo household's second adult opens the
// shared history from the dashboard, downloads the CSV and a PDF that opens, and sees the family
// map's places listed when the tiles cannot load.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Signs the page's context in as the demo household's second adult. */
async function signInAdult(page: Page) {
  await signInWithCode(page, inject("demo").adult);
}

async function pdfText(data: Uint8Array) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join("\n"));
  }
  return texts.join("\n");
}

describe("the shared alert history in a browser", () => {
  it("opens from the dashboard and exports a CSV and a PDF that opens", async () => {
    const { page, problems } = await openPage(browser, { acceptDownloads: true });
    await signInAdult(page);
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByTestId("history-nav").getByRole("link", { name: "Alert history" }).click();
    await page.waitForURL("**/dashboard/history");
    await expect.poll(() => page.getByTestId("history-alert").count()).toBeGreaterThanOrEqual(3);
    expect(await seriousViolations(page)).toEqual([]);
    // The demo's three people each raised an alert: the shared history shows all three.
    const names = await page.getByTestId("history-person").allTextContents();
    expect(new Set(names).size).toBeGreaterThanOrEqual(3);

    const [csvDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toMatch(/^safetap-alert-history.*\.csv$/);
    const csv = await readFile(await saved(csvDownload), "utf8");
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain("Date (UTC),Person,Source");
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(csv).toContain(names[0]!);

    const [pdfDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toMatch(/^safetap-alert-history.*\.pdf$/);
    const pdf = new Uint8Array(await readFile(await saved(pdfDownload)));
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    expect(text).toContain("SafeTap alert history");
    expect(text).toContain("Page 1");
    expect(text).toContain(names[0]!);

    // A filter narrows the list and the exports follow it.
    await page.getByLabel("Source").selectOption("sos");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL("**/dashboard/history?**source=sos**");
    // React Router puts the new address in the location bar first and renders the filtered list
    // after, in a transition: right after the address changes, the unfiltered list (with its
    // card scans) can still be on screen. Wait for the list itself.
    const sources = () =>
      page.getByTestId("history-alert").locator("span.rounded").allTextContents();
    await expect.poll(async () => new Set(await sources())).toEqual(new Set(["SOS"]));
    await expect
      .poll(() => page.getByRole("link", { name: "Download CSV" }).getAttribute("href"))
      .toContain("source=sos");

    // A backwards range is named in words, and the page stays accessible.
    await page.goto("/dashboard/history?from=2026-05-01&to=2026-04-01");
    await waitForHydration(page);
    await expect
      .poll(() => page.getByTestId("history-errors").textContent())
      .toContain("The end date is before the start date.");
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("the family map lists the places when the tiles cannot load", async () => {
    const { page, problems } = await openPage(browser);
    await signInAdult(page);
    // No tile server: the map says so and the places stay listed with their links.
    await page.route("https://tile.openstreetmap.org/**", (route) => route.abort());
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByTestId("history-nav").getByRole("link", { name: "Family map" }).click();
    await page.waitForURL("**/dashboard/map");
    await expect.poll(() => page.getByTestId("map-place").count()).toBeGreaterThanOrEqual(3);
    const links = await page
      .getByTestId("map-place")
      .locator("a")
      .evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    for (const href of links) expect(href).toMatch(/^https:\/\/maps\.google\.com\/\?q=-?\d/);
    // Leaflet loaded after the page and drew its markers; the tiles failed.
    await expect
      .poll(() => page.getByTestId("family-map").getAttribute("data-state"), { timeout: 15_000 })
      .toBe("failed");
    expect(await page.locator(".leaflet-interactive").count()).toBeGreaterThanOrEqual(3);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems.filter((p) => !p.includes("ERR_FAILED"))).toEqual([]);
  });
});

import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "#core/photos.ts";
import { launchBrowser, mintTag, openPage, signUpAndOnboard, waitForHydration } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PHONE = { viewport: { width: 390, height: 844 } };

describe("a person's photo from the phone (decision 131)", () => {
  it("a camera photo over 2 MB is cropped and shrunk on the phone, saved, and shown on the dashboard and on the signed-out card without moving anything", async () => {
    const tag = await mintTag("wristband");
    const { page, problems } = await openPage(browser, PHONE);
    await signUpAndOnboard(page, {
      name: "Fiona Photo",
      contacts: [{ name: "Kim", channel: "email", value: `kim-photo-${Date.now()}@example.com` }],
    });
    await page.goto(`/claim/${tag.tagId}`);
    await waitForHydration(page);
    await page.getByLabel("Activation token").fill(tag.token);
    await page.getByRole("button", { name: "Claim tag" }).click();
    await page.waitForURL("**/dashboard?tab=tags");

    await page.goto("/dashboard");
    await waitForHydration(page);
    // A 12 MP phone photo, taller than wide, as a camera saves it: well over the limit.
    const photo = await sharp({
      create: {
        width: 3000,
        height: 4000,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(photo.byteLength).toBeGreaterThan(PHOTO_MAX_BYTES);
    await page.getByLabel("Choose from gallery").setInputFiles({
      name: "IMG_0001.JPG",
      mimeType: "image/jpeg",
      buffer: photo,
    });
    await page.getByTestId("notice").getByText("Photo saved").waitFor();
    const current = page.getByTestId("photo-current");
    await current.waitFor();
    await expect
      .poll(() => current.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(512);

    // The card, signed out: the small photo beside the name, and no layout shift.
    const { page: reader, problems: readerProblems } = await openPage(browser, PHONE);
    await reader.goto(`/t/${tag.tagId}`);
    await reader.waitForLoadState("load");
    const cardPhoto = reader.getByTestId("card-photo");
    await expect
      .poll(() => cardPhoto.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(96);
    const box = await cardPhoto.boundingBox();
    expect(box).toMatchObject({ width: 64, height: 64 });
    // What moved on the card since it started loading: nothing of its header (the photo and
    // the name) may, however late the photo arrives. (Elsewhere a late hint can shift a line.)
    const moved = await reader.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const found: string[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              const sources = (entry as PerformanceEntry & { sources?: { node?: Node }[] }).sources;
              for (const source of sources ?? []) {
                const node = source.node;
                const element = node instanceof Element ? node : node?.parentElement;
                if (element?.closest("header")) found.push(element.outerHTML.slice(0, 80));
              }
            }
          }).observe({ type: "layout-shift", buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(found)));
        }),
    );
    expect(moved).toEqual([]);
    expect(await reader.getByTestId("card-name").textContent()).toBe("Fiona Photo");
    expect(problems).toEqual([]);
    expect(readerProblems).toEqual([]);
  });
});

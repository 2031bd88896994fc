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
    const shift = await reader.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              total += (entry as PerformanceEntry & { value: number }).value;
            }
          }).observe({ type: "layout-shift", buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
        }),
    );
    expect(shift).toBe(0);
    expect(await reader.getByTestId("card-name").textContent()).toBe("Fiona Photo");
    expect(problems).toEqual([]);
    expect(readerProblems).toEqual([]);
  });
});

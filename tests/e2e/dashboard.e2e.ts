import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli } from "../support/processes.ts";
import { launchBrowser, openPage, signUpAndOnboard, waitForHydration } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PHONE = { viewport: { width: 390, height: 844 } };

async function mint(product: string) {
  const result = await runCli(["tags", "mint", "--product", product, "--count", "1"], {
    DATA_DIR: inject("dataDir"),
  });
  expect(result.code, result.stderr).toBe(0);
  const [, row] = result.stdout.trim().split("\n");
  const [tagId, token] = row!.split(",");
  return { tagId: tagId!, token: token! };
}

/** Resolves once the element lies wholly inside the viewport (scrolling may still be running). */
async function waitInViewport(locator: Locator) {
  await locator.waitFor();
  await locator.evaluate(
    (el) =>
      new Promise<void>((resolve, reject) => {
        const observer = new IntersectionObserver(
          (entries) => {
            if (entries.some((e) => e.intersectionRatio >= 0.99)) {
              observer.disconnect();
              resolve();
            }
          },
          { threshold: [0, 0.99, 1] },
        );
        observer.observe(el);
        setTimeout(() => {
          observer.disconnect();
          const r = el.getBoundingClientRect();
          reject(new Error(`not in the viewport: top ${r.top}, bottom ${r.bottom}`));
        }, 5_000);
      }),
  );
}

describe("dashboard notices on a phone", () => {
  it("'Tag claimed successfully!' and 'You already own this tag!' are in view where the page lands", async () => {
    const tag = await mint("card");
    const { page } = await openPage(browser, PHONE);
    await signUpAndOnboard(page, {
      name: "Nia Notice",
      contacts: [{ name: "Kim", channel: "email", value: `kim-${Date.now()}@example.com` }],
    });
    await page.goto(`/claim/${tag.tagId}`);
    await waitForHydration(page);
    await page.getByLabel("Activation token").fill(tag.token);
    await page.getByRole("button", { name: "Claim tag" }).click();
    await page.waitForURL("**/dashboard?tab=tags");
    await waitInViewport(page.getByText("Tag claimed successfully!"));
    await waitInViewport(page.getByTestId(`tag-${tag.tagId}`).locator("p").first());

    await page.goto(`/claim/${tag.tagId}`);
    await page.waitForURL("**/dashboard?tab=tags");
    await waitForHydration(page);
    await waitInViewport(page.getByText("You already own this tag!"));
  });
});

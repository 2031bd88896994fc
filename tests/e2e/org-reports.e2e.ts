import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli } from "#tests/support/processes.ts";
import {
  launchBrowser,
  openPage,
  seriousViolations,
  signUpAndOnboard,
  waitForHydration,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function cli(args: string[]) {
  const result = await runCli(args, { DATA_DIR: inject("dataDir") });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

// Issue 17 item 4: an organisation's reports page, in Chromium.
describe("an organisation's reports", () => {
  it("names a bad range beside its field and moves the focus there; a good range downloads a CSV; no serious accessibility problem", async () => {
    const { page, problems } = await openPage(browser);
    const email = await signUpAndOnboard(page, {
      name: "Rita Reports",
      contacts: [{ name: "Kim", channel: "email", value: `kim-${Date.now()}@example.com` }],
    });
    // SafeTap's own admins act in any organisation as its admin (decision 135).
    await cli(["users", "grant-role", email, "admin"]);
    const slug = `rep-${Date.now().toString(36)}`;
    await cli(["orgs", "create", "--name", "Report School", "--slug", slug, "--preset", "school"]);

    await page.goto(`/org/${slug}/reports`);
    await waitForHydration(page);
    await expect
      .poll(() => page.getByRole("heading", { name: "Reports and exports" }).count())
      .toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("From", { exact: true }).fill("2026-03-05");
    await page.getByLabel("To", { exact: true }).fill("2026-03-01");
    await page.getByRole("button", { name: "Show" }).click();
    await page.getByText("The last day cannot be before the first day.").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("reports-to");
    expect(await page.getByTestId("report-attendance-days-csv").count()).toBe(0);
    // The pointer leaves the button it pressed (its hover colour fades), so the page is judged.
    await page.mouse.move(0, 0);
    await expect.poll(() => seriousViolations(page)).toEqual([]);

    await page.getByLabel("To", { exact: true }).fill("2026-03-07");
    await page.getByRole("button", { name: "Show" }).click();
    await page.getByTestId("report-attendance-days-csv").waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("report-attendance-days-csv").click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `safetap-${slug}-attendance-days-2026-03-05-to-2026-03-07.csv`,
    );
    expect(problems).toEqual([]);
  });
});

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

const HEADER =
  "external_id,full_name,date_of_birth,class,guardian_name,guardian_channel,guardian_value";

// Issue 16 item 3: the import page in a browser, with its script (decision 136).
describe("bulk onboarding by CSV", () => {
  it("an admin uploads a school's file, reads the rejected rows, imports the clean ones with progress, and downloads the rejected ones", async () => {
    const { page, problems } = await openPage(browser);
    const email = await signUpAndOnboard(page, {
      name: "Ivy Importer",
      contacts: [{ name: "Max", channel: "email", value: "max-import@example.com" }],
    });
    const slug = `e2e-school-${Date.now().toString(36)}`;
    const env = { DATA_DIR: inject("dataDir") };
    for (const args of [
      ["orgs", "create", "--name", "E2E Primary", "--slug", slug, "--preset", "school"],
      // A SafeTap admin acts as the organisation's admin (decision 135).
      ["users", "grant-role", email, "admin"],
    ]) {
      const result = await runCli(args, env);
      expect(result.code, result.stderr).toBe(0);
    }
    const rows = Array.from(
      { length: 60 },
      (_, i) => `E-${i},Pupil ${i},2015-01-0${1 + (i % 9)},2A,Parent ${i},email,p${i}@example.com`,
    );
    rows[4] = "E-4,Pupil 4,2015-02-30,2A,Parent 4,email,p4@example.com";
    rows[9] = "E-9,Pupil 9,2015-01-01,2A,Parent 9,fax,+447700900109";
    const file = `${[HEADER, ...rows].join("\n")}\n`;

    await page.goto(`/org/${slug}/members/import`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Import people" }).waitFor();
    await page.getByLabel("CSV file").setInputFiles({
      name: "class-2a.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(file),
    });
    await page.getByRole("button", { name: "Check the file" }).click();
    await page.getByTestId("import-preview").waitFor();
    expect(await page.getByTestId("count-new").locator("dd").textContent()).toBe("58");
    expect(await page.getByTestId("count-rejected").locator("dd").textContent()).toBe("2");
    const rejected = page.getByTestId("rejected-rows");
    await rejected.getByText("Please enter a valid date in the past").waitFor();
    await rejected.getByText("Invalid channel").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const download = page.waitForEvent("download");
    await page.getByTestId("rejected-link").click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe("rejected-rows.csv");

    // With the script, the import streams its progress from the run address.
    const run = page.waitForResponse((r) => r.url().endsWith("/run") && r.status() === 200);
    await page.getByRole("button", { name: "Import the 58 clean rows" }).click();
    await run;
    await page.getByTestId("import-result").waitFor();
    expect(await page.getByTestId("import-result").textContent()).toBe(
      "58 created, 0 updated, 0 unchanged, 2 rejected",
    );
    expect(page.url()).toMatch(new RegExp(`/org/${slug}/members/import\\?import=`));
    expect(problems).toEqual([]);
  });
});

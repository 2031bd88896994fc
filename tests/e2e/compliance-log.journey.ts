import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  baseURL,
  launchBrowser,
  openPage,
  seriousViolations,
  signInWithCode,
  waitForHydration,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Signs a demo account in within this page's browser context (password, then the code). */
async function signIn(page: Page, who: { email: string; password: string }) {
  await signInWithCode(page, who);
}

// Issue 17 item 5 on the demo school: a handover as it happens, then the admin's log.
describe("the compliance log", () => {
  it("staff record a handover; the admin finds it in the log, checks the chain, and checks an export on the verify page", async () => {
    const { organization, demo } = inject("demo");
    const base = `/org/${organization.slug}`;

    const staff = await openPage(browser);
    await signIn(staff.page, organization.staff);
    await staff.page.goto(`${base}/people`);
    await waitForHydration(staff.page);
    await staff.page.getByRole("link", { name: "Mia Thompson" }).click();
    await staff.page.getByTestId("handover-form").waitFor();
    await waitForHydration(staff.page);
    const form = staff.page.getByTestId("handover-form");
    await form.getByLabel("Class they go to").fill("4C");
    await form.getByLabel("Note (optional)").fill("Moved up for maths");
    await form.getByRole("button", { name: "Record the handover" }).click();
    await form.getByText("Handover recorded").waitFor();
    expect(await seriousViolations(staff.page)).toEqual([]);
    expect(staff.problems).toEqual([]);

    const admin = await openPage(browser);
    await signIn(admin.page, demo);
    await admin.page.goto(`${base}/log`);
    await waitForHydration(admin.page);
    await admin.page.getByLabel("Kind of event").selectOption("handovers");
    await admin.page.getByRole("button", { name: "Show" }).click();
    await admin.page.waitForURL(/kind=handovers/);
    await admin.page
      .getByText(
        "Mia Thompson: transferred from Class 4B, Main building to Class 4C, Main building by Taylor Staff.",
      )
      .waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    await admin.page.getByRole("button", { name: "Check the log" }).click();
    await admin.page.getByText(/Intact: \d+ entries/).waitFor();

    const exported = await admin.page.context().request.get(`${baseURL()}${base}/log/export.jsonl`);
    expect(exported.ok()).toBe(true);
    const file = await exported.body();
    await admin.page.goto(`${base}/log/verify`);
    await waitForHydration(admin.page);
    await admin.page.getByLabel("Export file (.jsonl)").setInputFiles({
      name: "log.jsonl",
      mimeType: "application/x-ndjson",
      buffer: file,
    });
    await admin.page.getByRole("button", { name: "Check the file" }).click();
    const result = admin.page.getByTestId("verify-result");
    await result.getByText(/Intact: \d+ entries/).waitFor();
    await result.getByText("The file says it is the log of Hillside Primary School.").waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    expect(admin.problems).toEqual([]);
  });
});

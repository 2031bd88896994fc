import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  launchBrowser,
  openPage,
  outbox,
  seriousViolations,
  signInWithCode,
  waitForHydration,
} from "./browser.ts";

/**
 * Attendance notifications in Chromium (issue 17 item 1, decision 142), on the seeded demo
 * school: its admin reads the rules; its staff member checks a child in through /reader and the
 * guardian's message arrives in the outbox; a second scan within 2 minutes is told plainly and
 * messages nobody.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signIn(page: Page, email: string, password: string) {
  await signInWithCode(page, { email, password });
}

const GUARDIAN = "rafael.silva@example.com";

describe("attendance notifications in a browser", () => {
  it("the school's admin sees each location's rules and the HR and security list", async () => {
    const { page, problems } = await openPage(browser);
    const { email, password } = inject("demo").demo;
    await signIn(page, email, password);
    const { slug } = inject("demo").organization;
    await page.goto(`/org/${slug}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Notifications" }).click();
    await page.waitForURL(`**/org/${slug}/notifications`);
    await page.getByRole("heading", { name: "Attendance notifications" }).waitFor();
    const main = page.getByTestId("notify-location").filter({ hasText: "Main building" });
    const guardians = main.getByTestId("rule-guardians");
    expect(await guardians.getByLabel("Tell guardians of scans at Main building").isChecked()).toBe(
      true,
    );
    expect(await guardians.getByLabel("Which scans").inputValue()).toBe("both");
    expect(await page.getByTestId("notify-recipient").allTextContents()).toEqual([
      expect.stringContaining("Site office"),
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    // A refused time is said at its field, which takes the focus.
    const staffList = main.getByTestId("rule-staff_list");
    await staffList.getByLabel("Quiet until").fill("");
    await staffList.getByRole("button", { name: /^Save/ }).click();
    await staffList.getByText("Enter both times of the quiet hours, or neither.").waitFor();
    expect(await staffList.getByLabel("Quiet until").getAttribute("aria-invalid")).toBe("true");
    // The refusal's own 400 is the only complaint.
    expect(problems.filter((p) => !p.includes("status of 400"))).toEqual([]);
    await page.context().close();
  });

  it("staff check a child in through /reader: the guardian's message is in the outbox; a second scan within 2 minutes adds none", async () => {
    const { page, problems } = await openPage(browser);
    const { slug, staff } = inject("demo").organization;
    await signIn(page, staff.email, staff.password);

    // The child's wristband, as staff find it on the school's tag list.
    await page.goto(`/org/${slug}/tags`);
    const row = page.locator('[data-testid^="org-tag-"]').filter({ hasText: "Lucas Silva" });
    const tagId = (await row.getAttribute("data-testid"))?.replace("org-tag-", "");
    expect(tagId).toMatch(/^WB-/);

    // The guardian may hear of other things meanwhile (the demo school's notices, journeys
    // running beside this one): count only this child's attendance messages from now on.
    const seen = new Set((await outbox()).map((m) => m.id));
    const attendance = async () =>
      (await outbox()).filter(
        (m) => m.to === GUARDIAN && !seen.has(m.id) && m.subject?.startsWith("Lucas Silva checked"),
      );
    const waitForAttendance = async (count: number) => {
      await expect.poll(async () => (await attendance()).length, { timeout: 15_000 }).toBe(count);
      return (await attendance())[0]!;
    };
    await page.goto("/reader");
    await waitForHydration(page);
    await page.getByText("Scanning for Hillside Primary School at Main building").waitFor();
    await page.getByLabel("Tag ID").fill(tagId!);
    await page.getByRole("button", { name: "Record" }).click();
    await page.getByTestId("scan-result").getByText("Checked in", { exact: true }).waitFor();

    const message = await waitForAttendance(1);
    expect(message.subject).toBe("Lucas Silva checked in at Main building");
    expect(message.body).toContain("Lucas Silva checked in at Main building at ");
    expect(message.body).toContain("Scanned by Taylor Staff.");

    // The same tag again at once: not recorded again, told plainly, nobody messaged.
    await page.getByLabel("Tag ID").fill(tagId!);
    await page.getByRole("button", { name: "Record" }).click();
    const repeat = page.getByTestId("scan-result").getByText(/^Already checked in at /);
    await repeat.waitFor();
    expect(await page.getByTestId("scan-result").getByRole("alert").count()).toBe(0);
    expect(await page.getByTestId("recent-scan").filter({ hasText: tagId! }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // A check-out is news: once its message is out, anything queued before it is out too.
    await page.locator("label", { hasText: "Check Out" }).click();
    await page.getByLabel("Tag ID").fill(tagId!);
    await page.getByRole("button", { name: "Record" }).click();
    await page.getByTestId("scan-result").getByText("Checked out", { exact: true }).waitFor();
    const out = await waitForAttendance(2);
    expect(out.subject).toBe("Lucas Silva checked out of Main building");
    expect((await attendance()).map((m) => m.subject)).toEqual([
      "Lucas Silva checked out of Main building",
      "Lucas Silva checked in at Main building",
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

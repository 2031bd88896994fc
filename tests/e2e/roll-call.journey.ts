import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  baseURL,
  launchBrowser,
  newestMessageId,
  openPage,
  outbox,
  seriousViolations,
  signInWithCode,
  waitForHydration,
  waitForMessage,
} from "./browser.ts";
import { standInNfc, tapNfcTag } from "./stand-in-nfc.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Signs `who` in within this page's context (form posts, as a browser would). */
async function signIn(page: Page, who: { email: string; password: string }) {
  await signInWithCode(page, who);
}

const safePerson = (page: Page, name: string) =>
  page.locator(`[data-testid="safe-person"][data-name="${name}"]`);
const unaccountedPerson = (page: Page, name: string) =>
  page.locator(`[data-testid="unaccounted-person"][data-name="${name}"]`);

/** The tap that marks a person safe: their entry in the unaccounted list. */
const markButton = (page: Page, name: string) => unaccountedPerson(page, name).getByRole("button");

/** Marks the page's document, so a later check can tell that it was never reloaded. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

const GUARDIANS = {
  Mia: "grace.thompson@example.com",
  Noah: "lucia.garcia@example.com",
  Ava: "minh.nguyen@example.com",
  Liam: "claire.dubois@example.com",
  Zoe: "anita.patel@example.com",
};

// Issue 17, "must be shown": a roll call with two staff browsers marking people safe and seeing
// each other's marks live, the guardian alert for the one left missing, the frozen report; a drill.
describe("a roll call at the demo school", () => {
  it("two staff phones mark people safe and see each other's marks live; the one left missing's guardian is alerted; the end freezes the report", async () => {
    const demo = inject("demo");
    const slug = demo.organization.slug;
    const admin = await openPage(browser);
    const staff = await openPage(browser);
    await standInNfc(staff.page);
    await signIn(admin.page, demo.demo);
    await signIn(staff.page, demo.organization.staff);

    // Isla is not checked in this morning; her wristband is scanned at the muster point.
    await admin.page.goto(`/org/${slug}/tags`);
    const islaRow = admin.page
      .locator('[data-testid^="org-tag-"]')
      .filter({ hasText: "Isla Murphy" });
    const islaTag = (await islaRow.getAttribute("data-testid"))!.replace("org-tag-", "");

    // The admin starts it; the staff member's Start at the same place joins it.
    await admin.page.goto(`/org/${slug}/roll-call`);
    await waitForHydration(admin.page);
    const form = admin.page.getByTestId("roll-call-start");
    await form.getByLabel("Location").selectOption({ label: "Main building" });
    await form.getByLabel("Type").selectOption("evacuation");
    await form.getByLabel("Minutes before contacts are alerted automatically").fill("10");
    await form.getByRole("button", { name: "Start roll call" }).click();
    await admin.page.getByText("Roll call started: 5 people listed.").waitFor();
    expect(await admin.page.getByTestId("count-unaccounted").textContent()).toBe("5");
    const rollCallUrl = new URL(admin.page.url()).pathname;

    await staff.page.goto(`/org/${slug}/roll-call`);
    await waitForHydration(staff.page);
    await staff.page
      .getByTestId("roll-call-start")
      .getByRole("button", { name: "Start roll call" })
      .click();
    await staff.page
      .getByText("A roll call was already open at this location: you have joined it.")
      .waitFor();
    expect(new URL(staff.page.url()).pathname).toBe(rollCallUrl);
    await waitForHydration(admin.page);
    await waitForHydration(staff.page);
    await admin.page.locator('[data-testid="live-state"][data-live="true"]').waitFor();
    await staff.page.locator('[data-testid="live-state"][data-live="true"]').waitFor();
    await markDocument(admin.page);
    await markDocument(staff.page);

    // A tap on each phone, each seen on the other.
    await markButton(admin.page, "Mia Thompson").click();
    await safePerson(staff.page, "Mia Thompson").waitFor();
    await markButton(staff.page, "Noah Garcia").click();
    await safePerson(admin.page, "Noah Garcia").waitFor();
    expect(await safePerson(admin.page, "Noah Garcia").textContent()).toContain("tapped");

    // The staff phone scans Isla's wristband (NFC): not on the list, so added as safe.
    await staff.page.getByRole("button", { name: "Scan with NFC" }).click();
    await staff.page.getByTestId("nfc-scanning").waitFor();
    await tapNfcTag(staff.page, `${baseURL()}/t/${islaTag}`);
    await staff.page
      .getByText("Isla Murphy was not on the list and has been added as safe.")
      .waitFor();
    await safePerson(admin.page, "Isla Murphy").waitFor();
    expect(await safePerson(admin.page, "Isla Murphy").textContent()).toContain("scanned");

    // Search narrows both lists; an undo goes back to unaccounted on both phones.
    await admin.page.getByLabel("Search by name or group").fill("ava");
    expect(await admin.page.getByTestId("unaccounted-person").count()).toBe(1);
    await admin.page.getByLabel("Search by name or group").fill("");
    await markButton(admin.page, "Ava Nguyen").click();
    await markButton(admin.page, "Liam Dubois").click();
    await safePerson(staff.page, "Liam Dubois").waitFor();
    await staff.page.getByRole("button", { name: "Undo: Liam Dubois is not safe" }).click();
    await unaccountedPerson(admin.page, "Liam Dubois").waitFor();
    await markButton(staff.page, "Liam Dubois").click();
    await safePerson(admin.page, "Liam Dubois").waitFor();
    expect(await admin.page.getByTestId("count-safe").textContent()).toBe("5");
    expect(await staff.page.getByTestId("count-unaccounted").textContent()).toBe("1");
    expect(await sameDocument(admin.page)).toBe(true);
    expect(await sameDocument(staff.page)).toBe(true);
    expect(await seriousViolations(staff.page)).toEqual([]);

    // Zoe is missing: "Alert contacts now" reaches her guardian through the outbox.
    const zoeBefore = await newestMessageId(GUARDIANS.Zoe);
    const othersBefore = await Promise.all(
      [GUARDIANS.Mia, GUARDIANS.Noah].map((email) => newestMessageId(email)),
    );
    await admin.page.getByRole("button", { name: "Alert contacts now" }).click();
    await admin.page.getByText("The contacts of 1 unaccounted people are being alerted.").waitFor();
    const alert = await waitForMessage(GUARDIANS.Zoe, zoeBefore);
    expect(alert.subject).toBe("URGENT: Zoe Patel was not accounted for at Main building");
    expect(alert.body).toContain(
      "Zoe Patel was not accounted for at the roll call at Main building",
    );
    expect(
      await Promise.all([GUARDIANS.Mia, GUARDIANS.Noah].map((email) => newestMessageId(email))),
    ).toEqual(othersBefore);

    // The end, confirmed, freezes the report on both phones.
    await admin.page.getByTestId("end-roll-call").locator("summary").click();
    await admin.page.getByRole("button", { name: "Yes, end it" }).click();
    await admin.page.getByText("This roll call has ended; its report is frozen.").waitFor();
    await staff.page.getByText("This roll call has ended; its report is frozen.").waitFor();
    const missing = admin.page.getByTestId("report-missing-person");
    expect(await missing.count()).toBe(1);
    expect(await missing.textContent()).toContain("Zoe Patel");
    expect(await missing.textContent()).toContain("contacts alerted");
    expect(await admin.page.getByTestId("report-safe-person").count()).toBe(5);
    const timeline = await admin.page.getByTestId("report-timeline").textContent();
    expect(timeline).toContain("Isla Murphy marked safe (scanned) by");
    expect(timeline).toContain("alerted the contacts of everyone unaccounted");
    const pdfHref = `/org/${slug}/reports/roll-calls/${rollCallUrl.split("/").pop()}/report.pdf`;
    expect(await admin.page.getByRole("link", { name: "Download PDF" }).getAttribute("href")).toBe(
      pdfHref,
    );
    // The frozen report as a PDF, fetched with the admin's session.
    const pdf = await admin.page.request.get(pdfHref);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(await seriousViolations(admin.page)).toEqual([]);
    expect(admin.problems).toEqual([]);
    expect(staff.problems).toEqual([]);
  });

  it("a drill is labelled DRILL and sends guardians nothing", async () => {
    const demo = inject("demo");
    const slug = demo.organization.slug;
    const { page, problems } = await openPage(browser);
    await signIn(page, demo.organization.staff);
    const before = await outbox();
    await page.goto(`/org/${slug}/roll-call`);
    await waitForHydration(page);
    const form = page.getByTestId("roll-call-start");
    await form.getByLabel("Drill (practice", { exact: false }).check();
    await form.getByLabel("Minutes before contacts are alerted automatically").fill("1");
    await form.getByRole("button", { name: "Start roll call" }).click();
    await page.getByTestId("drill-banner").waitFor();
    expect(await page.getByTestId("drill-banner").textContent()).toContain(
      "This is a drill: no guardian or contact is messaged.",
    );
    expect(await page.getByTestId("roll-call-title").textContent()).toMatch(/^DRILL/);
    expect(await page.getByRole("button", { name: "Alert contacts now" }).count()).toBe(0);
    await waitForHydration(page);
    await markButton(page, "Mia Thompson").click();
    await safePerson(page, "Mia Thompson").waitFor();
    await page.getByTestId("end-roll-call").locator("summary").click();
    await page.getByRole("button", { name: "Yes, end it" }).click();
    await page.getByText("This roll call has ended; its report is frozen.").waitFor();
    expect(await page.getByTestId("drill-banner").count()).toBe(1);
    await page.goto(`/org/${slug}/roll-call`);
    expect(await page.getByTestId("roll-call-row").first().textContent()).toMatch(/^DRILL/);
    const after = await outbox();
    const guardians = new Set(Object.values(GUARDIANS));
    const sent = after.filter(
      (m) => guardians.has(m.to) && !before.some((earlier) => earlier.id === m.id),
    );
    expect(sent).toEqual([]);
    expect(problems).toEqual([]);
  });
});

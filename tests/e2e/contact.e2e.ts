import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { deferred } from "#tests/support/deferred.ts";
import {
  baseURL,
  launchBrowser,
  newestMessageId,
  openPage,
  signInWithCode,
  signUpAndOnboard,
  waitForHydration,
  waitForMessage,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const notice = async (page: Page) => ({
  title: await page.getByTestId("notice-title").textContent(),
  description: await page.getByTestId("notice-description").textContent(),
});

async function fill(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const field = page.locator(`[data-testid="sales-form"] [name="${name}"]`);
    if ((await field.evaluate((el) => el.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
}

/** Signs the demo admin in within this page's browser context. */
async function signInAdmin(page: Page) {
  await signInWithCode(page, inject("demo").admin);
}

describe("/contact", () => {
  it("shows each validation message, the sending state and the Thank You state; the enquiry reaches the admin CSV and the sales mailbox", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto("/contact");
    await waitForHydration(page);
    const organization = `Browser School ${Date.now()}`;
    const steps: [Record<string, string>, string][] = [
      [{}, "Full name is required"],
      [{ fullName: "Maria Garcia" }, "Organization is required"],
      [{ organization }, "Invalid email address"],
      [{ email: "maria@school.example" }, "Please select an industry"],
      [{ industry: "education" }, "Please select estimated users"],
      [{ estimatedUsers: "501-1000" }, "Message must be at least 10 characters"],
    ];
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    for (const [values, message] of steps) {
      await fill(page, values);
      await page.getByTestId("sales-submit").click();
      await expect
        .poll(() => notice(page))
        .toEqual({ title: "Validation error", description: message });
    }
    // Checked in the browser: nothing was sent yet.
    expect(posts).toEqual([]);
    // The field at fault has the focus.
    await expect(page.evaluate(() => document.activeElement?.getAttribute("name"))).resolves.toBe(
      "message",
    );
    // Angle brackets are cleaned as typed.
    await fill(page, { message: "We need <b>900</b> wristbands for a school trip." });
    await expect(page.locator('[name="message"]').inputValue()).resolves.toBe(
      "We need b900/b wristbands for a school trip.",
    );

    // Hold the request a moment to see the sending state.
    const held = deferred();
    await page.route(`${baseURL()}/contact*`, async (route) => {
      if (route.request().method() === "POST") await held.promise;
      await route.continue();
    });
    const before = await newestMessageId("sales@safetap.app");
    await page.getByTestId("sales-submit").click();
    await expect.poll(() => page.getByTestId("sales-submit").textContent()).toBe("Sending…");
    await expect(page.getByTestId("sales-submit").isDisabled()).resolves.toBe(true);
    held.resolve();

    await page.getByTestId("sales-thanks").waitFor();
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Thank You!");
    await expect(page.getByText("Our team will contact you soon").count()).resolves.toBe(1);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/contact?sent=1");

    const mail = await waitForMessage("sales@safetap.app", before);
    expect(mail.subject).toBe(`Sales enquiry: ${organization} (Maria Garcia)`);
    expect(mail.body).toContain("maria@school.example");
    expect(mail.body).toContain("We need b900/b wristbands for a school trip.");

    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${baseURL()}/`);

    await signInAdmin(page);
    const csv = await page.context().request.get(`${baseURL()}/admin/enquiries.csv`);
    expect(csv.status()).toBe(200);
    const row = (await csv.text()).split("\r\n").find((line) => line.includes(organization));
    expect(row).toMatch(
      new RegExp(
        `^"[^"]+","Maria Garcia","${organization}","maria@school\\.example","","education","501-1000","We need b900/b wristbands for a school trip\\.","en"$`,
      ),
    );
    await page.goto("/admin");
    await expect(page.getByTestId("enquiries").textContent()).resolves.toContain(organization);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("works without JavaScript: the server checks, stores and thanks", async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto("/contact");
    const organization = `No Script Clinic ${Date.now()}`;
    await fill(page, {
      fullName: "Lee Nguyen",
      organization,
      email: "lee@clinic.example",
      industry: "healthcare",
      estimatedUsers: "51-100",
      message: "short",
    });
    await page.getByTestId("sales-submit").click();
    await page.waitForLoadState();
    expect(await notice(page)).toEqual({
      title: "Validation error",
      description: "Message must be at least 10 characters",
    });
    // What was typed is kept.
    await expect(page.locator('[name="organization"]').inputValue()).resolves.toBe(organization);
    await fill(page, { message: "Please show us reader mode for our ward handovers." });
    const before = await newestMessageId("sales@safetap.app");
    await page.getByTestId("sales-submit").click();
    await page.getByTestId("sales-thanks").waitFor();
    const mail = await waitForMessage("sales@safetap.app", before);
    expect(mail.subject).toBe(`Sales enquiry: ${organization} (Lee Nguyen)`);
    await page.context().close();
  });

  it("keeps the enquiry CSV from anyone but admins", async () => {
    const { page } = await openPage(browser);
    const request = page.context().request;
    const signedOut = await request.get(`${baseURL()}/admin/enquiries.csv`);
    expect(signedOut.status()).toBe(401);
    await signUpAndOnboard(page, {
      name: "Nora Nonadmin",
      contacts: [{ name: "Ben", channel: "email", value: "ben@example.com" }],
    });
    const denied = await request.get(`${baseURL()}/admin/enquiries.csv`);
    expect(denied.status()).toBe(403);
    expect(await denied.text()).not.toContain("@");
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Access Denied",
    );
    await page.context().close();
  });
});

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  launchBrowser,
  newestMessageId,
  openPage,
  seriousViolations,
  signInWithCode,
  waitForHydration,
  waitForMessage,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Signs the page's context in as the demo school's admin (the demo account). */
async function signInSchoolAdmin(page: Page) {
  await signInWithCode(page, inject("demo").demo);
}

/** The reply link in the newest message to `to` since `after` that carries `text`. */
async function replyLink(to: string, after: string | undefined, text: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const message = await waitForMessage(to, after);
    if (message.body.includes(text)) {
      const link = message.body.match(/https?:\/\/\S+\/n\/[A-Za-z0-9_~-]+\?lng=[a-z]{2}/)?.[0];
      expect(link, message.body).toBeTruthy();
      const url = new URL(link!);
      return url.pathname + url.search;
    }
    if (Date.now() > deadline) throw new Error(`no notice to ${to}`);
    after = message.id;
  }
}

// Issue 17, "What must be shown": a mass notice with reply links counted live, in Chromium.
describe("a mass notice", () => {
  it("the admin composes, previews and sends; two guardians answer from their links; the admin's page counts them without reloading", async () => {
    const slug = inject("demo").organization.slug;
    const admin = await openPage(browser);
    await signInSchoolAdmin(admin.page);
    await admin.page.goto(`/org/${slug}/notices`);
    await waitForHydration(admin.page);
    // The demo school's earlier notice is listed.
    await expect.poll(() => admin.page.getByTestId("notice-row").count()).toBeGreaterThan(0);
    await admin.page.getByTestId("new-notice").click();
    await admin.page.waitForURL(`**/org/${slug}/notices/new`);
    await waitForHydration(admin.page);
    expect(await seriousViolations(admin.page)).toEqual([]);

    // A refusal first: no location chosen.
    const form = admin.page.getByTestId("compose-form");
    const message = `Lockdown drill finished at ${Date.now().toString(36)}. All pupils are back in class.`;
    await form.getByLabel("Message").fill(message);
    await form.getByRole("button", { name: "Preview" }).click();
    await admin.page.getByText("Choose at least one location.").waitFor();
    await admin.page.getByTestId("compose-form").getByLabel("Main building").check();
    await admin.page.getByTestId("compose-form").getByRole("button", { name: "Preview" }).click();
    const preview = admin.page.getByTestId("notice-preview");
    await preview.waitFor();
    expect(await preview.getByTestId("preview-people").textContent()).toBe("8");
    expect(await preview.getByTestId("preview-messages").textContent()).toBe("8");
    expect(await preview.getByTestId("preview-over-quota").textContent()).toBe("0");
    expect(await seriousViolations(admin.page)).toEqual([]);

    const liam = "claire.dubois@example.com";
    const zoe = "anita.patel@example.com";
    const afterLiam = await newestMessageId(liam);
    const afterZoe = await newestMessageId(zoe);
    await preview.getByRole("button", { name: "Send 8 messages" }).click();
    await admin.page.waitForURL(/\/notices\/[0-9a-f-]{36}$/);
    await waitForHydration(admin.page);
    expect(await admin.page.getByTestId("notice-message").textContent()).toBe(message);
    expect(await admin.page.getByTestId("tally-none").textContent()).toBe("8");
    expect(await seriousViolations(admin.page)).toEqual([]);

    // Two guardians answer from the links in their emails, each in a browser of their own.
    const safe = await openPage(browser);
    await safe.page.goto(await replyLink(liam, afterLiam, message));
    await waitForHydration(safe.page);
    await safe.page.getByText("Is Liam safe?").waitFor();
    expect(await seriousViolations(safe.page)).toEqual([]);
    await safe.page.getByRole("button", { name: "I'm safe" }).click();
    await safe.page.getByTestId("reply-recorded").getByText("knows that Liam is safe").waitFor();

    const help = await openPage(browser);
    await help.page.goto(await replyLink(zoe, afterZoe, message));
    await waitForHydration(help.page);
    await help.page.getByRole("button", { name: "I need help" }).click();
    await help.page.getByTestId("reply-recorded").getByText("Zoe needs help").waitFor();

    // The admin's page, never reloaded, shows both, who needs help first.
    await expect
      .poll(() => admin.page.getByTestId("tally-help").textContent(), { timeout: 15_000 })
      .toBe("1");
    await expect
      .poll(() => admin.page.getByTestId("tally-safe").textContent(), { timeout: 15_000 })
      .toBe("1");
    expect(await admin.page.getByTestId("tally-none").textContent()).toBe("6");
    expect(await admin.page.getByTestId("need-help-list").textContent()).toContain("Zoe Patel");
    // The one refusal above is answered 400, which the browser reports; nothing else went wrong.
    expect(admin.problems.filter((p) => !p.includes("status of 400"))).toEqual([]);
    expect(admin.problems.filter((p) => p.includes("status of 400"))).toHaveLength(1);
    expect(safe.problems).toEqual([]);
    expect(help.problems).toEqual([]);
  });
});

import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { deferred } from "#tests/support/deferred.ts";
import { runCli } from "#tests/support/processes.ts";
import {
  confirmContact,
  launchBrowser,
  mintTag,
  openPage,
  outbox,
  seriousViolations,
  signUpAndOnboard,
  waitForHydration,
  waitForMessage,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PHONE = { viewport: { width: 390, height: 844 } };

/** Resolves once the element lies wholly inside the viewport (scrolling may still be running). */
async function waitInViewport(locator: Locator) {
  const element = await locator.elementHandle();
  try {
    await locator.page().waitForFunction(
      (el) => {
        const r = (el as Element).getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
      },
      element,
      { timeout: 5_000, polling: "raf" },
    );
  } catch {
    const r = await locator.evaluate((el) => el.getBoundingClientRect().toJSON());
    throw new Error(`not in the viewport: ${JSON.stringify(r)}`);
  }
}

describe("dashboard notices on a phone", () => {
  it("'Tag claimed successfully!' and 'You already own this tag!' are in view where the page lands", async () => {
    const tag = await mintTag("card");
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

describe("notices the dashboard is reached with (decision 023)", () => {
  it("'Profile saved' stays at the top while the owner works on the page, and is not shown again", async () => {
    const { page } = await openPage(browser, PHONE);
    await signUpAndOnboard(page, {
      name: "Pat Persist",
      contacts: [{ name: "Kim", channel: "email", value: `kim-keep-${Date.now()}@example.com` }],
    });
    await page.goto("/onboarding?edit=1");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Finish" }).click();
    await page.waitForURL((url) => url.pathname + url.search === "/dashboard");
    await page.getByTestId("notice").getByText("Profile saved").waitFor();
    expect(await page.getByTestId("notice-title").first().textContent()).toBe("Profile saved");

    // A form's answer re-reads the page's data; the arrival notice is still there.
    const contact = page.getByTestId("contact-1");
    await contact.getByLabel("Remove Kim").click();
    await contact.getByRole("button", { name: "Yes, remove" }).click();
    await page.getByText("Contact removed").waitFor();
    expect(await page.getByTestId("notice-title").first().textContent()).toBe("Profile saved");

    await page.goto("/dashboard");
    await page.getByTestId("welcome").waitFor();
    expect(await page.getByText("Profile saved").count()).toBe(0);
  });
});

/** An onboarded owner with one claimed tag, signed in within the page's context. */
async function ownerWithTag(
  page: import("playwright-core").Page,
  name: string,
  contacts: { name: string; channel: string; value: string }[],
) {
  const tag = await mintTag("keychain");
  const email = await signUpAndOnboard(page, { name, contacts });
  const claimed = await page.context().request.post(`${inject("baseURL")}/claim/${tag.tagId}`, {
    form: { token: tag.token },
    maxRedirects: 0,
  });
  expect(claimed.status()).toBe(302);
  return { ...tag, email };
}

describe("destructive tag actions ask first", () => {
  it("without JavaScript: Mark Lost needs a second press, away from Test Alert; Found it brings the card back", async () => {
    const { page } = await openPage(browser, { ...PHONE, javaScriptEnabled: false });
    const tag = await ownerWithTag(page, "Lee Lost", [
      { name: "Kim", channel: "email", value: `kim-nojs-${Date.now()}@example.com` },
    ]);
    await page.goto("/dashboard");
    const item = page.getByTestId(`tag-${tag.tagId}`);
    // Test Alert and Mark Lost are in separate places.
    expect(await item.getByTestId("tag-danger-zone").getByText("Test Alert").count()).toBe(0);
    const confirm = item.getByRole("button", { name: "Yes, mark as lost" });
    expect(await confirm.isVisible()).toBe(false);
    await item.getByText("Mark Lost", { exact: true }).click();
    await confirm.waitFor();
    expect(await item.getByTestId("tag-badge").textContent()).toBe("active");
    await confirm.click();
    await page.getByText("Tag marked as lost").waitFor();
    await item.getByTestId("tag-badge").getByText("Lost", { exact: true }).waitFor();
    const reader = await openPage(browser);
    await reader.page.goto(`/t/${tag.tagId}`);
    await reader.page.getByRole("heading", { name: "Tag Deactivated" }).waitFor();

    await item.getByRole("button", { name: "Found it" }).click();
    await page.getByText("Your emergency card is live again.").waitFor();
    expect(await item.getByTestId("tag-badge").textContent()).toBe("active");
    await reader.page.goto(`/t/${tag.tagId}`);
    await reader.page.getByTestId("send-alert").waitFor();
  });

  it("with JavaScript: Unlink and removing a contact need the confirming press", async () => {
    const { page } = await openPage(browser, PHONE);
    const tag = await ownerWithTag(page, "Uma Unlink", [
      { name: "Kim", channel: "email", value: `kim-js-${Date.now()}@example.com` },
    ]);
    await page.goto("/dashboard");
    await waitForHydration(page);
    const item = page.getByTestId(`tag-${tag.tagId}`);
    await item.getByText("Mark Lost", { exact: true }).click();
    await item.getByRole("button", { name: "Yes, mark as lost" }).click();
    await item.getByTestId("tag-badge").getByText("Lost", { exact: true }).waitFor();
    await item.getByText("Unlink", { exact: true }).click();
    await item.getByText("anyone with its activation token can claim it").waitFor();
    await item.getByRole("button", { name: "Cancel" }).click();
    expect(await item.getByRole("button", { name: "Yes, unlink" }).isVisible()).toBe(false);
    expect(await item.getByTestId("tag-badge").textContent()).toBe("Lost");

    const contact = page.getByTestId("contact-1");
    await contact.getByLabel("Remove Kim").click();
    await contact.getByText("Remove Kim? They will no longer be alerted.").waitFor();
    await contact.getByRole("button", { name: "Yes, remove" }).click();
    await page.getByText("Contact removed").waitFor();
    // React Router shows the answer while it re-reads the page's data: the list goes after it.
    await page.getByTestId("contact-list").waitFor({ state: "detached" });
    expect(await page.getByTestId("contact-list").count()).toBe(0);
  });
});

describe("Test Alert", () => {
  it("shows 'sent' only from the answer to this press; pressing twice sends twice", async () => {
    const email = `test-twice-${Date.now()}@example.com`;
    const { page } = await openPage(browser, PHONE);
    const tag = await ownerWithTag(page, "Tia Twice", [
      { name: "Kim", channel: "email", value: email },
    ]);
    // Test alerts go only to contacts who confirmed (decision 148): Kim confirms first.
    await confirmContact(email);
    await page.goto("/dashboard");
    await waitForHydration(page);
    const item = page.getByTestId(`tag-${tag.tagId}`);
    const sent = page.getByText("Test alert sent!");
    const press = item.getByRole("button", { name: "Test Alert" });
    await press.click();
    await sent.waitFor();
    const first = await waitForMessage(email);
    expect(first.subject).toContain("TEST");

    // Hold the second answer: meanwhile no "sent" may be on screen.
    const held = deferred();
    const requested = deferred();
    await page.route("**/dashboard*", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      requested.resolve();
      await held.promise;
      await route.continue();
    });
    await press.click();
    await requested.promise;
    await sent.waitFor({ state: "hidden" });
    held.resolve();
    await sent.waitFor();
    const second = await waitForMessage(email, first.id);
    expect(second.id).not.toBe(first.id);
    // The two tests (the confirmation request before them is not one).
    expect(
      (await outbox()).filter((m) => m.to === email && m.subject?.includes("TEST")),
    ).toHaveLength(2);
  });
});

describe("Recent Alerts", () => {
  it("on a desktop, an alert's deliveries line up in columns, one per row", async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const kim = `kim-desk-${Date.now()}@example.com`;
    const alex = `alex-desk-${Date.now()}@example.com`;
    const tag = await ownerWithTag(page, "Dee Desktop", [
      { name: "Kim", channel: "email", value: kim },
    ]);
    // A second contact needs a plan with room for it.
    const plan = await runCli(["users", "set-plan", tag.email, "pro"], {
      DATA_DIR: inject("dataDir"),
    });
    expect(plan.code, plan.stderr).toBe(0);
    const added = await page.context().request.post(`${inject("baseURL")}/dashboard`, {
      form: {
        intent: "addContact",
        name: "Alexandra Longname",
        channel: "email",
        value: alex,
      },
    });
    expect(added.status()).toBe(200);
    // Test alerts go only to contacts who confirmed (decision 148).
    await confirmContact(kim);
    await confirmContact(alex);
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByTestId(`tag-${tag.tagId}`).getByRole("button", { name: "Test Alert" }).click();
    await page.getByTestId(`tag-${tag.tagId}`).getByText("Test alert sent!").waitFor();
    const rows = page.getByTestId("recent-alerts").locator("li").first().locator("tr");
    await rows.nth(1).waitFor();
    const boxes = await rows.evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.children].map((cell) => {
          const r = cell.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, height: r.height };
        }),
      ),
    );
    expect(boxes).toHaveLength(2);
    const [a, b] = boxes as [(typeof boxes)[0], (typeof boxes)[0]];
    expect(a.length).toBe(b.length);
    a.forEach((cell, i) => {
      expect(cell.left).toBeCloseTo(b[i]!.left, 0);
      expect(cell.right).toBeCloseTo(b[i]!.right, 0);
      expect(cell.top).toBeCloseTo(a[0]!.top, 0);
    });
    expect(b[0]!.top).toBeGreaterThan(a[0]!.top);
  });
});

describe("the dashboard's contact form", () => {
  it("marks the wrong field, says why under it and puts the focus there", async () => {
    const { page } = await openPage(browser, PHONE);
    await signUpAndOnboard(page, {
      name: "Fay Fields",
      contacts: [{ name: "Kim", channel: "email", value: `kim-form-${Date.now()}@example.com` }],
    });
    await page.goto("/dashboard");
    await waitForHydration(page);
    const form = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Add contact" }) });
    await form.getByLabel("Name").fill("Ravi");
    await form.getByLabel("Channel").selectOption("sms");
    await form.getByLabel("Phone or email").fill("12x");
    await form.getByRole("button", { name: "Add contact" }).click();
    const value = form.getByLabel("Phone or email");
    await page.waitForFunction(
      () => document.activeElement?.getAttribute("aria-invalid") === "true",
    );
    expect(await value.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await value.getAttribute("aria-invalid")).toBe("true");
    const describedBy = await value.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      "Invalid phone number (use +1234567890 format)",
    );
    await waitInViewport(page.locator(`[id="${describedBy}"]`));
    expect(await form.getByLabel("Name").getAttribute("aria-invalid")).toBeNull();
  });
});

describe("the dashboard with its confirm steps open", () => {
  it("has no serious or critical accessibility violations", async () => {
    const { page } = await openPage(browser, PHONE);
    const tag = await ownerWithTag(page, "Axe Owner", [
      { name: "Kim", channel: "email", value: `kim-axe-${Date.now()}@example.com` },
    ]);
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByTestId(`tag-${tag.tagId}`).getByText("Mark Lost", { exact: true }).click();
    await page.getByTestId("contact-1").getByLabel("Remove Kim").click();
    await page.getByTestId("contact-1").getByText("Edit Kim").click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli } from "#tests/support/processes.ts";
import {
  baseURL,
  launchBrowser,
  openPage,
  seriousViolations,
  signUpAndOnboard,
  waitForCode,
  waitForHydration,
  waitForMessage,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// Issue 15 item 5: a second adult accepts an invitation and sees the shared household.
describe("a Family household", () => {
  it("the owner invites an adult by email; they sign up from the link, join, and after onboarding their dashboard shares the owner's people and the Family plan", async () => {
    const owner = await openPage(browser);
    const ownerEmail = await signUpAndOnboard(owner.page, {
      name: "Olga Owner",
      contacts: [{ name: "Maria", channel: "email", value: "maria-household@example.com" }],
    });
    const plan = await runCli(["users", "set-plan", ownerEmail, "family"], {
      DATA_DIR: inject("dataDir"),
    });
    expect(plan.code, plan.stderr).toBe(0);
    // The owner's child (the wizard's own journey is in people.e2e.ts).
    const child = await owner.page.context().request.post(`${baseURL()}/onboarding`, {
      form: {
        intent: "finish",
        person: "new",
        fullName: "Cleo Owner",
        language: "en",
        country: "us",
        isMinor: "on",
        "contacts.0.name": "Olga",
        "contacts.0.channel": "email",
        "contacts.0.value": "olga-household@example.com",
      },
      maxRedirects: 0,
    });
    expect(child.status()).toBe(302);

    await owner.page.goto("/dashboard");
    await waitForHydration(owner.page);
    await owner.page.getByTestId("household-link").click();
    await owner.page.waitForURL("**/dashboard/household");
    await owner.page.getByRole("heading", { name: "Olga Owner's household" }).waitFor();
    expect(await owner.page.getByTestId("seats").textContent()).toBe("2 of 5 seats used");
    const adultEmail = `e2e-adult-${Date.now()}@example.com`;
    await owner.page.getByLabel("Email or phone").fill(adultEmail);
    await owner.page.getByRole("button", { name: "Send invitation" }).click();
    await owner.page.getByText(`Invitation sent to ${adultEmail}`).waitFor();
    await owner.page.getByTestId("invitations").getByText("e2•••@example.com").waitFor();

    const invitation = await waitForMessage(adultEmail);
    expect(invitation.subject).toBe("Olga Owner invited you to their SafeTap household");
    const path = `/household/join/${invitation.body.match(/\/household\/join\/([A-Za-z0-9_-]{43})/)![1]}`;

    const adult = await openPage(browser);
    await adult.page.goto(path);
    await waitForHydration(adult.page);
    await adult.page.getByText("Join Olga Owner's household").first().waitFor();
    await adult.page.getByRole("link", { name: "Create an account" }).click();
    await adult.page.waitForURL("**/auth?mode=signup**");
    await waitForHydration(adult.page);
    await adult.page.getByLabel("Full name").fill("Adam Adult");
    await adult.page.getByLabel("Email or phone").fill(adultEmail);
    await adult.page.getByLabel("Password").fill("Sup3r!secret");
    await adult.page.getByRole("checkbox").check();
    await adult.page.getByRole("button", { name: "Create account" }).click();
    await adult.page
      .getByLabel("Verification code")
      .fill(await waitForCode(adultEmail, invitation.id));
    await adult.page.getByRole("button", { name: "Verify" }).click();

    await adult.page.waitForURL((url) => url.pathname === path);
    await waitForHydration(adult.page);
    await adult.page.getByRole("button", { name: "Join Olga Owner's household" }).click();
    await adult.page.waitForURL("**/dashboard/household");
    await adult.page.getByText("You joined the household").waitFor();
    const members = adult.page.getByTestId("members");
    await members.getByText("Olga Owner", { exact: true }).waitFor();
    await members.getByText("Adam Adult (you)").waitFor();
    const people = await adult.page.getByTestId("household-people").textContent();
    expect(people).toContain("Olga Owner");
    expect(people).toContain("Cleo Owner");

    // Their own onboarding first (skipping the contacts), then the shared dashboard.
    await adult.page.goto("/dashboard");
    await adult.page.waitForURL((url) => url.pathname === "/onboarding");
    await waitForHydration(adult.page);
    await adult.page.getByLabel("Full name").fill("Adam Adult");
    await adult.page.getByLabel("Country").selectOption("us");
    await adult.page.getByRole("button", { name: "Next" }).click();
    await adult.page.getByRole("button", { name: "Next" }).click();
    await adult.page.getByRole("button", { name: "Skip for now" }).click();
    await adult.page.waitForURL((url) => url.pathname === "/dashboard");
    await waitForHydration(adult.page);
    expect(await adult.page.getByTestId("current-plan").textContent()).toBe("Family");
    const strip = adult.page.getByTestId("people-strip");
    expect(await strip.getByTestId("person-link").allTextContents()).toEqual([
      expect.stringMatching(/^Adam Adult\s*You/),
      expect.stringMatching(/^Olga Owner\s*Household member/),
      expect.stringMatching(/^Cleo Owner\s*Managed by Olga Owner/),
    ]);
    // The owner's child: seen, not changed.
    await strip.getByRole("link", { name: /Cleo Owner/ }).click();
    await adult.page.waitForURL((url) => url.searchParams.has("person"));
    await adult.page.getByTestId("read-only").waitFor();
    expect(await adult.page.getByTestId("read-only").textContent()).toBe(
      "Managed by another member of your household: you can see this profile but not change it.",
    );
    expect(await adult.page.getByTestId("photo-field").count()).toBe(0);
    // Her contacts are shown; no form changes anything, not even the record's confirmation:
    // signing out is the only one.
    expect(await adult.page.getByTestId("contact-list").textContent()).toContain(
      "olga-household@example.com",
    );
    expect(await adult.page.locator("main form").count()).toBe(1);
    expect(await adult.page.locator("main form").getAttribute("action")).toBe("/sign-out");
    expect(await adult.page.getByRole("link", { name: "Edit Profile" }).count()).toBe(0);
    expect(await adult.page.getByTestId("current-plan").textContent()).toBe("Family");
    expect(adult.problems).toEqual([]);

    // The owner sees the new member, and the seat taken.
    await owner.page.reload();
    await owner.page.getByTestId("members").getByText("Adam Adult", { exact: true }).waitFor();
    expect(await owner.page.getByTestId("seats").textContent()).toBe("3 of 5 seats used");
    // With the removal's confirm step open, nothing serious for assistive technology.
    await owner.page.getByTestId("members").getByText("Remove", { exact: true }).click();
    expect(await seriousViolations(owner.page)).toEqual([]);
    expect(owner.problems).toEqual([]);
    // A long journey (two accounts, an invitation, two onboardings): room for a loaded machine.
  });
});

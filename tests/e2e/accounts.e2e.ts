import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  newestMessageId,
  openPage,
  waitForCode,
  waitForHydration,
  waitForMessage,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PASSWORD = "Sup3r!secret";
let n = 0;
const newEmail = () => `e2e-${Date.now()}-${n++}@example.com`;

const noticeTitle = (page: Page) => page.getByTestId("notice-title").first().textContent();
const noticeDescription = (page: Page) =>
  page.getByTestId("notice-description").first().textContent();

async function fillSignUp(page: Page, identifier: string, name = "Jamie Rivera") {
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email or phone").fill(identifier);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("checkbox").check();
}

async function verifyWithCode(page: Page, to: string, after?: string) {
  await page.getByLabel("Verification code").fill(await waitForCode(to, after));
  await page.getByRole("button", { name: "Verify" }).click();
}

async function onboard(page: Page, name: string) {
  await page.waitForURL("**/onboarding?welcome=1");
  await waitForHydration(page);
  await page.getByRole("heading", { name: "Welcome to SafeTap!" }).waitFor();
  expect(await page.getByTestId("step-label").textContent()).toBe("Step 1 of 3");
  expect(await page.getByLabel("Full name").inputValue()).toBe(name);
  await page.getByLabel("Country").selectOption("us");
  await page.getByRole("button", { name: "Next" }).click();
  expect(await page.getByTestId("step-label").textContent()).toBe("Step 2 of 3");
  await page.getByLabel("Allergies").fill("Penicillin, peanuts");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Maria Rivera");
  await page.getByLabel("Channel").selectOption("email");
  await page.getByLabel("Phone or email").fill("maria@example.com");
  await page.getByRole("button", { name: "Finish" }).click();
  await page.waitForURL("**/dashboard");
}

describe("sign up, onboarding and dashboard", () => {
  it("email sign-up: code, onboarding with a contact, dashboard with the name", async () => {
    const { page } = await openPage(browser);
    const email = newEmail();
    await page.goto("/auth?mode=signup&plan=free");
    await waitForHydration(page);
    await fillSignUp(page, email);
    expect(await page.getByTestId("password-strength").textContent()).toBe("Strong");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByLabel("Verification code").waitFor();
    expect(await noticeTitle(page)).toBe(
      "Account created! Check your email/phone for verification code.",
    );
    await verifyWithCode(page, email);
    await onboard(page, "Jamie Rivera");
    expect(await page.getByTestId("welcome").textContent()).toBe("Welcome, Jamie Rivera");
    expect(await noticeTitle(page)).toBe("Profile setup complete!");
    expect(await page.getByTestId("contact-list").textContent()).toContain("Maria Rivera");
    expect(await page.getByText("Penicillin, peanuts").count()).toBe(1);
  });

  it("phone sign-up gets its code by SMS", async () => {
    const { page } = await openPage(browser);
    const digits = `1555${String(Date.now()).slice(-7)}`;
    await page.goto("/auth");
    await waitForHydration(page);
    await fillSignUp(page, `+${digits.slice(0, 4)} ${digits.slice(4)}`, "Sam Phone");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByLabel("Verification code").waitFor();
    const message = await waitForMessage(`+${digits}`);
    expect(message.channel).toBe("sms");
    await verifyWithCode(page, `+${digits}`);
    await onboard(page, "Sam Phone");
  });

  it("sign out, then sign in again with password and code", async () => {
    const { page } = await openPage(browser);
    const email = newEmail();
    await page.goto("/auth");
    await waitForHydration(page);
    await fillSignUp(page, email, "Alex Again");
    await page.getByRole("button", { name: "Create account" }).click();
    await verifyWithCode(page, email);
    await onboard(page, "Alex Again");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/auth?mode=signin");
    await waitForHydration(page);
    const before = await newestMessageId(email);
    await page.getByLabel("Email or phone").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).last().click();
    await page.getByLabel("Verification code").waitFor();
    expect(await noticeTitle(page)).toBe("Verification code sent!");
    await verifyWithCode(page, email, before);
    await page.waitForURL("**/dashboard");
    expect(await page.getByTestId("welcome").textContent()).toBe("Welcome, Alex Again");
  });

  it("a wrong code says 'Invalid code'; Back clears the code; resend waits 30 seconds", async () => {
    const { page } = await openPage(browser);
    await page.clock.install();
    const email = newEmail();
    await page.goto("/auth");
    await waitForHydration(page);
    await fillSignUp(page, email);
    await page.getByRole("button", { name: "Create account" }).click();
    const code = await waitForCode(email);
    await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    // Said in the notice and again at the code field.
    await page
      .getByTestId("notice")
      .getByText("That code is not right. 4 attempts left.")
      .waitFor();
    expect(await noticeTitle(page)).toBe("Invalid code");

    const resend = page.getByRole("button", { name: /Resend code/ });
    expect(await resend.isDisabled()).toBe(true);
    expect(await resend.textContent()).toMatch(/Resend code in (29|30) s/);
    await page.clock.fastForward("00:15");
    expect(await resend.textContent()).toMatch(/Resend code in 1[45] s/);
    await page.clock.fastForward("00:16");
    await page.waitForFunction(() =>
      [...document.querySelectorAll("button")].some(
        (b) => b.textContent === "Resend code" && !b.disabled,
      ),
    );
    // The server keeps its own 30-second rule: only the page's clock was moved on.
    await page.getByRole("button", { name: "Resend code" }).click();
    await page.getByText(/Please wait \d+ seconds before requesting another code\./).waitFor();
    expect(await noticeTitle(page)).toBe("Failed to resend code");

    await page.getByLabel("Verification code").fill("12");
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByLabel("Full name").waitFor();
    // Back returns to the form; the code step (and its code) is gone.
    expect(await page.getByLabel("Verification code").count()).toBe(0);
  });

  it("forgot password: code and a new password, then signed in", async () => {
    const { page } = await openPage(browser);
    const email = newEmail();
    await page.goto("/auth");
    await waitForHydration(page);
    await fillSignUp(page, email, "Forgetful Fran");
    await page.getByRole("button", { name: "Create account" }).click();
    await verifyWithCode(page, email);
    await onboard(page, "Forgetful Fran");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/auth?mode=signin");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    const before = await newestMessageId(email);
    await page.getByLabel("Email or phone").fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel("Verification code").fill(await waitForCode(email, before));
    await page.getByLabel("New password").fill("weak");
    await page.getByRole("button", { name: "Verify" }).click();
    expect(await noticeTitle(page)).toBe("Weak password");
    expect(await noticeDescription(page)).toBe("Password must be at least 8 characters");
    await page.getByLabel("New password").fill("Brand!New5pass");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/dashboard");
    expect(await page.getByTestId("welcome").textContent()).toBe("Welcome, Forgetful Fran");
  });
});

describe("validation messages", () => {
  it("sign-up form shows the spec's messages before anything is sent", async () => {
    const { page } = await openPage(browser);
    await page.goto("/auth");
    await waitForHydration(page);
    const submit = () => page.getByRole("button", { name: "Create account" }).click();
    await submit();
    expect(await noticeDescription(page)).toBe("Full name is required");
    await page.getByLabel("Full name").fill("Val Idation");
    await submit();
    expect(await noticeDescription(page)).toBe("Email or phone is required");
    await page.getByLabel("Email or phone").fill("12ab");
    await submit();
    expect(await noticeDescription(page)).toBe("Invalid phone number (use +1234567890 format)");
    await page.getByLabel("Email or phone").fill(newEmail());
    await page.getByLabel("Password").fill("short");
    expect(await page.getByTestId("password-strength").textContent()).toBe("Too short");
    await submit();
    expect(await noticeTitle(page)).toBe("Weak password");
    expect(await noticeDescription(page)).toBe("Password must be at least 8 characters");
    await page.getByLabel("Password").fill("longenough");
    expect(await page.getByTestId("password-strength").textContent()).toBe("Weak");
    await submit();
    expect(await noticeDescription(page)).toBe(
      "Password must contain both uppercase and lowercase letters",
    );
    await page.getByLabel("Password").fill("Longenough");
    expect(await page.getByTestId("password-strength").textContent()).toBe("Fair");
    await page.getByLabel("Password").fill("Longenough1");
    expect(await page.getByTestId("password-strength").textContent()).toBe("Good");
    await page.getByLabel("Password").fill(PASSWORD);
    await submit();
    expect(await noticeDescription(page)).toBe("Please agree to Terms & Privacy Policy");
  });

  it("sign-in needs both fields; a wrong password says 'Sign in failed'", async () => {
    const { page } = await openPage(browser);
    await page.goto("/auth?mode=signin");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign in" }).last().click();
    expect(await noticeDescription(page)).toBe("Email/phone and password are required");
    await page.getByLabel("Email or phone").fill(newEmail());
    await page.getByLabel("Password").fill("Wr0ng!pass");
    await page.getByRole("button", { name: "Sign in" }).last().click();
    await page.getByText("Invalid email/phone or password.").waitFor();
    expect(await noticeTitle(page)).toBe("Sign in failed");
  });

  it("onboarding: Next waits for name, language and country; Back is disabled on step 1; notes and contacts are checked", async () => {
    const { page } = await openPage(browser);
    const email = newEmail();
    await page.goto("/auth");
    await waitForHydration(page);
    await fillSignUp(page, email, "Step Checker");
    await page.getByRole("button", { name: "Create account" }).click();
    await verifyWithCode(page, email);
    await page.waitForURL("**/onboarding?welcome=1");
    await waitForHydration(page);
    expect(await page.getByRole("button", { name: "Back" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await page.getByLabel("Country").selectOption("gb");
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(false);
    await page.getByLabel("Full name").fill("");
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await page.getByLabel("Full name").fill("Step Checker");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Medical notes").fill("n".repeat(5001));
    await page.getByRole("button", { name: "Next" }).click();
    expect(await noticeTitle(page)).toBe("Medical notes too long");
    await page.getByLabel("Medical notes").fill("Asthma");
    await page.getByRole("button", { name: "Next" }).click();
    // Free plan: one contact row, which cannot be removed.
    expect(await page.getByTestId("contact-row").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Remove this contact" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Add another contact" }).count()).toBe(0);
    await page.getByRole("button", { name: "Finish" }).click();
    await page
      .getByTestId("notice")
      .getByText("Add at least one contact with a name and a phone number or email")
      .waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Bad Number");
    await page.getByLabel("Phone or email").fill("0123");
    await page.getByRole("button", { name: "Finish" }).click();
    await page
      .getByTestId("notice")
      .getByText("Invalid phone number (use +1234567890 format)")
      .waitFor();
    expect(await noticeTitle(page)).toBe("Invalid contact");
    await page.getByRole("button", { name: "Skip for now" }).click();
    await page.waitForURL("**/dashboard");
    // The address changes a moment before the dashboard is drawn.
    await page.getByTestId("welcome").waitFor();
    expect(await noticeTitle(page)).toBe(
      "You can complete your profile later with Edit Profile on your dashboard",
    );
    // The place the notice names exists on that page.
    expect(await page.getByRole("link", { name: "Edit Profile" }).count()).toBeGreaterThan(0);
  });

  it("dashboard contacts: 'Incomplete contact', plan limit, add and remove", async () => {
    const { page } = await openPage(browser);
    const email = newEmail();
    await page.goto("/auth");
    await waitForHydration(page);
    await fillSignUp(page, email, "Contact Keeper");
    await page.getByRole("button", { name: "Create account" }).click();
    await verifyWithCode(page, email);
    await onboard(page, "Contact Keeper");
    const card = page.locator("#contacts");
    await card.getByRole("button", { name: "Add contact" }).click();
    expect(await card.getByTestId("notice-title").textContent()).toBe("Incomplete contact");
    expect(await card.getByTestId("notice-description").textContent()).toBe(
      "Please fill in all fields",
    );
    // Each contact also has its own (closed) edit form: type into the add form.
    const addForm = card.getByTestId("add-contact-form");
    await addForm.getByLabel("Name").fill("Second Person");
    await addForm.getByLabel("Phone or email").fill("+15550009999");
    await card.getByRole("button", { name: "Add contact" }).click();
    await card.getByText("Your plan allows 1 contact. Upgrade your plan to add more.").waitFor();
    expect(await card.getByTestId("notice-title").textContent()).toBe("Error adding contact");
    // Removing asks first (issue 12 item 7).
    await card.getByLabel("Remove Maria Rivera").click();
    await card.getByRole("button", { name: "Yes, remove" }).click();
    await card.getByText("Contact removed").waitFor();
    await addForm.getByLabel("Name").fill("Second Person");
    await addForm.getByLabel("Phone or email").fill("+15550009999");
    await card.getByRole("button", { name: "Add contact" }).click();
    await card.getByText("Contact added successfully").waitFor();
    // React Router shows the answer while it re-reads the page's data: the list follows it.
    await card.getByTestId("contact-list").getByText("Second Person").first().waitFor();
    expect(await card.getByTestId("contact-list").textContent()).toContain("Second Person");
  });

  it("signed out, /dashboard and /onboarding go home", async () => {
    const { page } = await openPage(browser);
    await page.goto("/dashboard");
    expect(new URL(page.url()).pathname).toBe("/");
    await page.goto("/onboarding");
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

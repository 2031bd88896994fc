import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli } from "#tests/support/processes.ts";
import {
  isContactRequest,
  launchBrowser,
  mintTag,
  openPage,
  outbox,
  signUpAndOnboard,
  waitForHydration,
  waitForMessage,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const unique = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

interface Child {
  name: string;
  allergies: string;
  /** The first contact is reached by email, the second by text (a call button on the card). */
  contacts: [{ name: string; email: string }, { name: string; phone: string }];
}

/** "Add a person" on the dashboard, through the wizard's three steps, for a child. */
async function addChild(page: Page, child: Child): Promise<string> {
  await page.goto("/dashboard");
  await waitForHydration(page);
  await page.getByTestId("add-person").click();
  await page.waitForURL("**/onboarding?person=new");
  await waitForHydration(page);
  await page.getByRole("heading", { name: "Add a person" }).waitFor();
  await page.getByLabel("Full name").fill(child.name);
  await page.getByLabel("This person is a child (under 18)").check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Allergies").fill(child.allergies);
  await page.getByRole("button", { name: "Next" }).click();
  const [byEmail, byText] = child.contacts;
  const first = page.getByTestId("contact-row").nth(0);
  await first.getByLabel("Name", { exact: true }).fill(byEmail.name);
  await first.getByLabel("Channel").selectOption("email");
  await first.getByLabel("Phone or email").fill(byEmail.email);
  await page.getByRole("button", { name: "Add another contact" }).click();
  const second = page.getByTestId("contact-row").nth(1);
  await second.getByLabel("Name", { exact: true }).fill(byText.name);
  await second.getByLabel("Channel").selectOption("sms");
  await second.getByLabel("Phone or email").fill(byText.phone);
  await page.getByRole("button", { name: "Finish" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard" && url.searchParams.has("person"));
  await page.getByTestId("notice").getByText("Person added").waitFor();
  // The new person is shown, marked in the strip, as a child.
  const shown = page.getByTestId("people-strip").locator('[aria-current="page"]');
  await shown.getByText(child.name, { exact: true }).waitFor();
  expect(await shown.textContent()).toContain("Child");
  return new URL(page.url()).searchParams.get("person")!;
}

/** Claims a freshly minted wristband for the named person, on /claim/{id}. */
async function claimFor(page: Page, personName: string, personId: string) {
  const tag = await mintTag("wristband");
  await page.goto(`/claim/${tag.tagId}`);
  await waitForHydration(page);
  await page.getByLabel("Activation token").fill(tag.token);
  await page.getByLabel("Who is this tag for?").selectOption({ label: personName });
  await page.getByRole("button", { name: "Claim tag" }).click();
  await page.waitForURL(`**/dashboard?person=${personId}&tab=tags`);
  await page.getByText("Tag claimed successfully!").first().waitFor();
  // Wait for the revalidated list, not only the action's answer.
  await page.getByTestId(`tag-${tag.tagId}`).waitFor();
  return tag.tagId;
}

/** Whether `first` comes before `second` in the document. */
const comesBefore = async (first: Locator, second: Locator) =>
  first.evaluate(
    (a, b) => Boolean(a.compareDocumentPosition(b as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
    await second.elementHandle(),
  );

// Issue 15, "What must be shown": a parent adds two children, claims a wristband for each, opens
// each card signed out, and a stranger's alert from one child's card reaches that child's contacts.
describe("a parent with two children on the Family plan", () => {
  it("adds both through the wizard, gives one a photo and each a wristband; each card is child-safe and an alert reaches only that child's contacts", async () => {
    const parent = await openPage(browser);
    const parentEmail = await signUpAndOnboard(parent.page, {
      name: "Paula Parker",
      contacts: [{ name: "Sam", channel: "email", value: `${unique("sam")}@example.com` }],
    });
    const plan = await runCli(["users", "set-plan", parentEmail, "family"], {
      DATA_DIR: inject("dataDir"),
    });
    expect(plan.code, plan.stderr).toBe(0);

    const lily: Child = {
      name: "Lily Parker",
      allergies: "Peanuts",
      contacts: [
        { name: "Mum", email: `${unique("mum")}@example.com` },
        { name: "Dad", phone: "+15550142001" },
      ],
    };
    const max: Child = {
      name: "Max Parker",
      allergies: "Bee stings",
      contacts: [
        { name: "Gran", email: `${unique("gran")}@example.com` },
        { name: "Grandpa", phone: "+15550142002" },
      ],
    };
    const lilyId = await addChild(parent.page, lily);
    const maxId = await addChild(parent.page, max);
    expect(lilyId).not.toBe(maxId);
    const strip = parent.page.getByTestId("people-strip");
    expect(await strip.getByTestId("person-link").allTextContents()).toEqual([
      expect.stringContaining("Paula Parker"),
      expect.stringContaining("Lily Parker"),
      expect.stringContaining("Max Parker"),
    ]);

    // Lily's photo, from the gallery, on her page of the dashboard.
    await parent.page.goto(`/dashboard?person=${lilyId}`);
    await waitForHydration(parent.page);
    const photo = await sharp({
      create: { width: 900, height: 1200, channels: 3, background: "#3a7bd5" },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    await parent.page.getByLabel("Choose from gallery").setInputFiles({
      name: "lily.jpg",
      mimeType: "image/jpeg",
      buffer: photo,
    });
    await parent.page.getByTestId("notice").getByText("Photo saved").waitFor();
    await parent.page.getByTestId("photo-current").waitFor();

    const lilyTag = await claimFor(parent.page, lily.name, lilyId);
    const maxTag = await claimFor(parent.page, max.name, maxId);
    expect(parent.problems).toEqual([]);

    // Signed out, in a fresh context: each child's card.
    for (const [child, tagId, hasPhoto] of [
      [lily, lilyTag, true],
      [max, maxTag, false],
    ] as const) {
      const { page, problems } = await openPage(browser);
      await page.goto(`/t/${tagId}`);
      await waitForHydration(page);
      const firstName = child.name.split(" ")[0]!;
      expect(await page.getByTestId("card-name").textContent()).toBe(firstName);
      expect(await page.content(), "the surname is nowhere on the card").not.toContain("Parker");
      const cardPhoto = page.getByTestId("card-photo");
      if (hasPhoto) {
        await expect
          .poll(() => cardPhoto.evaluate((img) => (img as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
        expect(await cardPhoto.getAttribute("alt")).toContain(firstName);
      } else {
        expect(await cardPhoto.count()).toBe(0);
      }
      // The guardians' calls come first, before the alert button.
      await page.getByRole("heading", { name: "Call a guardian" }).waitFor();
      const call = page.getByRole("link", { name: `Call ${child.contacts[1].name}` });
      expect(await call.getAttribute("href")).toBe(`tel:${child.contacts[1].phone}`);
      expect(await comesBefore(call, page.getByTestId("send-alert"))).toBe(true);
      expect(await page.getByRole("heading", { name: "Emergency Contacts" }).count()).toBe(0);
      expect(problems).toEqual([]);
      await page.context().close();
    }

    // A stranger presses the alert on Max's card (sharing where they are).
    const stranger = await openPage(browser, {
      geolocation: { latitude: 51.5072, longitude: -0.1276 },
      permissions: ["geolocation"],
    });
    await stranger.page.goto(`/t/${maxTag}`);
    await waitForHydration(stranger.page);
    await stranger.page.getByTestId("send-alert").click();
    await stranger.page.getByText("Emergency alert sent").waitFor();
    const [gran, grandpa] = max.contacts;
    const email = await waitForMessage(gran.email);
    expect(email.body).toContain("Max");
    await waitForMessage(grandpa.phone);
    // Both of Max's contacts have it; nothing but their confirmation requests went to Lily's.
    const sent = await outbox();
    for (const to of [lily.contacts[0].email, lily.contacts[1].phone]) {
      expect(sent.filter((m) => m.to === to && !isContactRequest(m))).toEqual([]);
    }
    expect(stranger.problems).toEqual([]);
    // A long journey (two wizards, a photo, two claims, three cards): room for a loaded machine.
  });
});

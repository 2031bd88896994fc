import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli } from "#tests/support/processes.ts";
import {
  launchBrowser,
  newestMessageId,
  openPage,
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

async function cli(args: string[]) {
  const result = await runCli(args, { DATA_DIR: inject("dataDir") });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

const someone = (name: string) => ({
  name,
  contacts: [{ name: "Kim", channel: "email", value: `kim-${Date.now()}@example.com` }],
});

/** A CSV file for an <input type="file">. */
const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(`${lines.join("\n")}\n`),
});

const SCHOOL_HEADER =
  "external_id,full_name,date_of_birth,class,guardian_name,guardian_channel,guardian_value";
const student = (i: number) => ({
  externalId: `S-${100 + i}`,
  first: `Pupil${i}`,
  surname: `Lastname${i}`,
  dateOfBirth: `2015-03-${String(10 + (i % 18)).padStart(2, "0")}`,
});
const studentRow = (i: number) => {
  const s = student(i);
  const phone = `+447700900${String(100 + i).padStart(3, "0")}`;
  return `${s.externalId},${s.first} ${s.surname},${s.dateOfBirth},Owl Class,Gina Guardian${i},sms,${phone}`;
};

/** Accepts the organisation's invitation that `email` received after `after`. */
async function acceptInvitation(page: Page, email: string, after: string | undefined) {
  const message = await waitForMessage(email, after);
  const id = message.body.match(/\/org\/invitations\/([A-Za-z0-9_-]+)/)?.[1];
  expect(id, message.body).toBeTruthy();
  await page.goto(`/org/invitations/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Accept" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/org/invitations/"));
}

// Issue 16, "What must be shown": a school from its creation to a child's card, in Chromium.
describe("an organisation's journey", () => {
  it("a SafeTap admin creates a school and invites its admin and staff; the admin imports 30 students and assigns 30 wristbands; staff check 5 in; a child's card is child-safe", async () => {
    // 1. A SafeTap admin creates the school on /admin.
    const safetap = await openPage(browser);
    const safetapEmail = await signUpAndOnboard(safetap.page, someone("Sam SafeTap"));
    await cli(["users", "grant-role", safetapEmail, "admin"]);
    const slug = `oak-${Date.now().toString(36)}`;
    await safetap.page.goto("/admin");
    await waitForHydration(safetap.page);
    const create = safetap.page.getByTestId("create-org");
    await create.getByLabel("Name").fill("Oak Primary");
    await create.getByLabel("Address").fill(slug);
    await create.getByLabel("Preset").selectOption("school");
    await create.getByRole("button", { name: "Create organisation" }).click();
    await safetap.page
      .getByText(`Organisation Oak Primary created at /org/${slug}.`)
      .first()
      .waitFor();

    // 2. A location, then the school's admin and a staff member working there.
    await safetap.page.goto(`/org/${slug}/locations`);
    await waitForHydration(safetap.page);
    const add = safetap.page.getByTestId("add-location-form");
    await add.getByLabel("Name").fill("Main gate");
    await add.getByLabel("Address").fill("1 Oak Lane, London");
    await add.getByLabel("Time zone").fill("Europe/London");
    await add.getByLabel("Country").selectOption("GB");
    await add.getByRole("button", { name: "Add location" }).click();
    await safetap.page.getByTestId("location-row").filter({ hasText: "Main gate" }).waitFor();

    const admin = await openPage(browser);
    const adminEmail = await signUpAndOnboard(admin.page, someone("Ada Headteacher"));
    const staff = await openPage(browser);
    const staffEmail = await signUpAndOnboard(staff.page, someone("Stan Staff"));
    const adminBefore = await newestMessageId(adminEmail);
    const staffBefore = await newestMessageId(staffEmail);

    await safetap.page.goto(`/org/${slug}/staff`);
    await waitForHydration(safetap.page);
    const invite = safetap.page.getByTestId("invite-form");
    await invite.getByLabel("Email address").fill(adminEmail);
    await invite.getByLabel("Role", { exact: true }).selectOption("admin");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await safetap.page.getByText(`Invitation sent to ${adminEmail}.`).waitFor();
    await invite.getByLabel("Email address").fill(staffEmail);
    await invite.getByLabel("Role", { exact: true }).selectOption("staff");
    await invite.getByLabel("Main gate").check();
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await safetap.page.getByText(`Invitation sent to ${staffEmail}.`).waitFor();

    await acceptInvitation(admin.page, adminEmail, adminBefore);
    expect(new URL(admin.page.url()).pathname).toBe(`/org/${slug}`);
    await acceptInvitation(staff.page, staffEmail, staffBefore);
    expect(new URL(staff.page.url()).pathname).toBe(`/org/${slug}`);

    // 3. The school's admin imports 30 students: 3 bad rows first, then the fixed file.
    const rows = Array.from({ length: 30 }, (_, i) => studentRow(i));
    const bad = [...rows];
    bad[3] = bad[3]!.replace(student(3).dateOfBirth, "2015-02-30");
    bad[11] = bad[11]!.replace(",sms,", ",fax,");
    bad[20] = bad[20]!.replace(`${student(20).first} ${student(20).surname}`, "");
    const page = admin.page;
    await page.goto(`/org/${slug}/members/import`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Import people" }).waitFor();
    await page
      .getByLabel("CSV file")
      .setInputFiles(csvFile("class-3b.csv", [SCHOOL_HEADER, ...bad]));
    await page.getByRole("button", { name: "Check the file" }).click();
    await page.getByTestId("import-preview").waitFor();
    expect(await page.getByTestId("count-new").locator("dd").textContent()).toBe("27");
    expect(await page.getByTestId("count-rejected").locator("dd").textContent()).toBe("3");
    const rejected = page.getByTestId("rejected-rows");
    await rejected.getByText("Please enter a valid date in the past").waitFor();
    await rejected.getByText("Invalid channel").waitFor();
    await rejected.getByText("Name must be between 1 and 100 characters").waitFor();
    // Rows are counted with the header as row 1.
    expect(
      (await rejected.locator("tbody tr").allTextContents()).map((text) => text.split(/[a-z]/)[0]),
    ).toEqual(["5", "13", "22"]);
    expect(await seriousViolations(page)).toEqual([]);

    const firstPreview = page.url();
    await page
      .getByLabel("CSV file")
      .setInputFiles(csvFile("class-3b-fixed.csv", [SCHOOL_HEADER, ...rows]));
    await page.getByRole("button", { name: "Check the file" }).click();
    await page.waitForURL((url) => url.href !== firstPreview);
    // The address changes as the navigation starts; the old preview stays on screen until the
    // new one renders, so wait for the new file's name rather than for any preview.
    await page.getByTestId("import-preview").getByText("class-3b-fixed.csv").waitFor();
    await page.getByTestId("count-rejected").locator("dd", { hasText: /^0$/ }).waitFor();
    expect(await page.getByTestId("count-new").locator("dd").textContent()).toBe("30");
    expect(await page.getByTestId("count-rejected").locator("dd").textContent()).toBe("0");
    await page.getByText("Every row can be imported.").waitFor();
    expect(await page.getByTestId("rejected-rows").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Import 30 people" }).click();
    await page.getByTestId("import-result").waitFor();
    expect(await page.getByTestId("import-result").textContent()).toBe(
      "30 created, 0 updated, 0 unchanged, 0 rejected",
    );

    // 4. 30 wristbands for the school, assigned by CSV.
    const minted = (
      await cli(["tags", "mint", "--product", "wristband", "--count", "30", "--org", slug])
    )
      .trim()
      .split("\n");
    expect(minted[0]).toBe("tag_id,activation_token,card_url");
    const tagIds = minted.slice(1).map((line) => line.split(",")[0]!);
    expect(tagIds).toHaveLength(30);
    await page.goto(`/org/${slug}/tags/import`);
    await waitForHydration(page);
    await page
      .getByLabel("CSV file")
      .setInputFiles(
        csvFile("wristbands.csv", [
          "external_id,tag_id",
          ...tagIds.map((tagId, i) => `${student(i).externalId},${tagId}`),
        ]),
      );
    await page.getByRole("button", { name: "Check the file" }).click();
    await page.getByText("The file is clean: 30 tags will be assigned.").waitFor();
    expect(await page.getByTestId("count-assign").locator("dd").textContent()).toBe("30");
    expect(await page.getByTestId("count-rejected").locator("dd").textContent()).toBe("0");
    await page.getByRole("button", { name: "Assign 30 tags" }).click();
    await page.getByText("Tags assigned").first().waitFor();
    await page.getByText("30 assigned, 0 already so, 0 rejected.").waitFor();
    await page.goto(`/org/${slug}/tags`);
    await waitForHydration(page);
    await page.getByText("30 tags: 0 unassigned, 30 assigned, 0 lost").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(admin.problems).toEqual([]);

    // 5. The staff member checks 5 students in at the location.
    const reader = staff.page;
    await reader.goto("/reader");
    await waitForHydration(reader);
    await reader.getByRole("heading", { name: "Reader Mode" }).waitFor();
    // Their only organisation and only location are picked already (decision 138).
    const place = reader.getByTestId("reader-place");
    await place.getByText("Scanning for Oak Primary at Main gate").waitFor();
    expect(await place.getByLabel("Organisation").inputValue()).toBe(slug);
    const location = place.getByLabel("Location");
    expect(await location.locator("option:checked").textContent()).toBe("Main gate");
    const recent = reader.getByTestId("recent-scan");
    for (let i = 0; i < 5; i++) {
      await reader.getByLabel("Tag ID").fill(tagIds[i]!);
      await reader.getByRole("button", { name: "Record" }).click();
      await expect.poll(() => recent.count(), { timeout: 15_000 }).toBe(i + 1);
    }
    // Newest first: each a check-in with the student's name and tag.
    const scans = await recent.allTextContents();
    expect(scans).toEqual(
      [4, 3, 2, 1, 0].map((i) =>
        expect.stringMatching(
          new RegExp(`^In${student(i).first} ${student(i).surname}${tagIds[i]}`),
        ),
      ),
    );
    expect(staff.problems).toEqual([]);

    // 6. A student's card, signed out: child-safe, the guardians' calls first.
    const passer = await openPage(browser);
    const child = student(7);
    await passer.page.goto(`/t/${tagIds[7]}`);
    await waitForHydration(passer.page);
    expect(await passer.page.getByTestId("card-name").textContent()).toBe(child.first);
    const html = await passer.page.content();
    expect(html).not.toContain(child.surname);
    expect(html).not.toContain(child.dateOfBirth);
    expect(html).not.toContain("Owl Class");
    const guardians = passer.page.getByRole("heading", { name: "Call a guardian" });
    await guardians.waitFor();
    const contacts = passer.page.getByTestId("card-contacts");
    expect(await contacts.getByRole("link", { name: "Call Gina Guardian7" }).count()).toBe(1);
    expect(html.indexOf("Call a guardian")).toBeLessThan(html.indexOf("Send Emergency Alert"));
    expect(passer.problems).toEqual([]);
    expect(safetap.problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
  }, 180_000);
});

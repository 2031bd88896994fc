import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli } from "#tests/support/processes.ts";
import {
  baseURL,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  launchBrowser,
  openPage,
  signUpAndOnboard,
  waitForHydration,
} from "./browser.ts";
import { writeQrVideo } from "./qr-video.ts";
import { standInNfc, tapNfcTag } from "./stand-in-nfc.ts";

const require = createRequire(import.meta.url);

async function cli(args: string[]) {
  const result = await runCli(args, { DATA_DIR: inject("dataDir") });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

/** A person wearing a freshly minted, claimed wristband. */
async function personWithTag(browser: Browser, name: string) {
  const [, row] = (await cli(["tags", "mint", "--product", "wristband", "--count", "1"]))
    .trim()
    .split("\n");
  const [tagId, token] = row!.split(",");
  const { page } = await openPage(browser);
  await signUpAndOnboard(page, {
    name,
    contacts: [{ name: "Kim", channel: "email", value: `kim-${Date.now()}@example.com` }],
  });
  const claimed = await page
    .context()
    .request.post(`${baseURL()}/claim/${tagId}`, { form: { token: token! }, maxRedirects: 0 });
  expect(claimed.status()).toBe(302);
  await page.context().close();
  return { tagId: tagId!, cardUrl: `${baseURL()}/t/${tagId}` };
}

const noticeTitle = (page: Page) => page.getByTestId("notice-title").first();
const noticeDescription = (page: Page) => page.getByTestId("notice-description").first();

async function expectResult(page: Page, title: string, description: string) {
  await page.getByTestId("scan-result").getByText(title, { exact: true }).waitFor();
  expect(await noticeTitle(page).textContent()).toBe(title);
  expect(await noticeDescription(page).textContent()).toBe(description);
}

let plainBrowser: Browser;
let cameraBrowser: Browser;
let person: { tagId: string; cardUrl: string };

beforeAll(async () => {
  plainBrowser = await launchBrowser();
  person = await personWithTag(plainBrowser, "Pia Person");
  // The camera films a printed QR code of Pia's card URL (looping).
  const video = path.join(mkdtempSync(path.join(tmpdir(), "safetap-qr-")), "tag.y4m");
  writeQrVideo(video, person.cardUrl);
  cameraBrowser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
});
afterAll(async () => {
  await cameraBrowser?.close();
  await plainBrowser?.close();
});

describe("reader mode", () => {
  it("a moderator checks a person in by typed id, out with the camera, in with a photo; an admin sees the records and the CSV", async () => {
    const { page, problems } = await openPage(cameraBrowser, { permissions: ["camera"] });
    const readerEmail = await signUpAndOnboard(page, {
      name: "Rey Reader",
      contacts: [{ name: "Sam", channel: "email", value: `sam-${Date.now()}@example.com` }],
    });
    await cli(["users", "grant-role", readerEmail, "moderator"]);

    await page.goto("/reader");
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Reader Mode" }).waitFor();
    expect(await page.getByRole("radio", { name: "Check In" }).isChecked()).toBe(true);
    expect(await page.getByText("No scans yet.").count()).toBe(1);

    // NFC: headless Chromium has no Web NFC.
    await page.getByRole("button", { name: "Scan with NFC" }).click();
    await expectResult(
      page,
      "NFC not supported",
      "This browser cannot read NFC tags (Web NFC works in Chrome on Android). Scan the QR code or type the tag ID instead.",
    );

    // 1. Typed id, in lower case: normalised.
    await page.getByLabel("Tag ID").fill(person.tagId.toLowerCase());
    expect(await page.getByLabel("Tag ID").inputValue()).toBe(person.tagId);
    await page.getByRole("button", { name: "Record" }).click();
    await expectResult(page, "Checked in", `Pia Person · ${person.tagId}`);
    expect(await page.getByLabel("Tag ID").inputValue()).toBe("");

    // 2. Check Out with the camera: the fake camera shows the tag's QR code.
    await page.locator("label", { hasText: "Check Out" }).click();
    expect(await page.getByRole("radio", { name: "Check Out" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Scan QR Code" }).click();
    await expectResult(page, "Checked out", `Pia Person · ${person.tagId}`);
    // The camera closes after one read.
    await page.getByTestId("qr-camera").waitFor({ state: "detached" });

    // 3. Check In from a photo of the QR code (devices without a camera).
    await page.locator("label", { hasText: "Check In" }).click();
    await page.getByLabel("Scan a photo").setInputFiles({
      name: "tag.png",
      mimeType: "image/png",
      buffer: await QRCode.toBuffer(person.cardUrl, { width: 400, margin: 4 }),
    });
    await expectResult(page, "Checked in", `Pia Person · ${person.tagId}`);

    // A photo without a code, and a typed id that is no tag.
    await page.getByLabel("Scan a photo").setInputFiles({
      name: "blank.png",
      mimeType: "image/png",
      buffer: await blankPng(),
    });
    await expectResult(page, "No QR code found", "Try a sharper photo, or type the tag ID.");
    await page.getByLabel("Tag ID").fill("WB-NOTAG");
    await page.getByRole("button", { name: "Record" }).click();
    await expectResult(page, "Invalid tag", "No SafeTap tag has this ID.");

    const recent = page.getByTestId("recent-scan");
    await expect.poll(() => recent.count()).toBe(3);
    const texts = await recent.allTextContents();
    expect(texts.map((t) => (t.startsWith("In") ? "in" : t.startsWith("Out") ? "out" : t))).toEqual(
      ["in", "out", "in"],
    );
    for (const text of texts) expect(text).toContain(`Pia Person${person.tagId}`);
    // 404 answers for the invalid tag are expected; nothing else may go wrong.
    expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);

    // An admin reads the records: on /reader and as CSV.
    const admin = await openPage(plainBrowser);
    const adminEmail = await signUpAndOnboard(admin.page, {
      name: "Ada Admin",
      contacts: [{ name: "Lee", channel: "email", value: `lee-${Date.now()}@example.com` }],
    });
    await cli(["users", "grant-role", adminEmail, "admin"]);
    await admin.page.goto("/reader");
    const rows = admin.page.getByTestId("attendance-table").locator("tbody tr");
    const mine = rows.filter({ hasText: person.tagId });
    expect(await mine.count()).toBe(3);
    expect(await mine.first().textContent()).toContain("Rey Reader");

    expect(await accessibilityViolations(admin.page)).toEqual([]);

    const csv = await admin.page.context().request.get(`${baseURL()}/reader/attendance.csv`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toContain("scanned_at_utc,direction,tag_id,person_name,reader_name");
    const records = lines.filter((l) => l.includes(`"${person.tagId}"`));
    expect(records.map((l) => l.split(",")[1])).toEqual(['"in"', '"out"', '"in"']);
    for (const record of records) {
      expect(record).toContain(`"Pia Person","Rey Reader","${readerEmail}"`);
    }

    // The moderator may scan but not export.
    const forbidden = await page.context().request.get(`${baseURL()}/reader/attendance.csv`);
    expect(forbidden.status()).toBe(403);
  });

  it("Scan with NFC reads the card URL from a tag; the scanning flag clears after a read, an error or Cancel", async () => {
    const { page, problems } = await openPage(plainBrowser);
    // Chromium has Web NFC only on Android: the page gets a stand-in reader (stand-in-nfc.ts).
    await standInNfc(page);
    const tap = (url: string) => tapNfcTag(page, url);
    const readError = () =>
      page.evaluate(() =>
        (
          window as unknown as { nfcReader: { onreadingerror: (e: Event) => void } }
        ).nfcReader.onreadingerror(new Event("readingerror")),
      );

    const email = await signUpAndOnboard(page, {
      name: "Nia Nfc",
      contacts: [{ name: "Sam", channel: "email", value: `sam-${Date.now()}@example.com` }],
    });
    await cli(["users", "grant-role", email, "moderator"]);
    await page.goto("/reader");
    await waitForHydration(page);
    const scanning = page.getByTestId("nfc-scanning");

    // A check-out: the first test left Pia checked in, and a repeat within 2 minutes is not
    // recorded again (decision 142).
    await page.locator("label", { hasText: "Check Out" }).click();
    await page.getByRole("button", { name: "Scan with NFC" }).click();
    await scanning.waitFor();
    await tap(person.cardUrl);
    await expectResult(page, "Checked out", `Pia Person · ${person.tagId}`);
    await scanning.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Scan with NFC" }).click();
    await scanning.waitFor();
    await readError();
    await expectResult(
      page,
      "NFC Error",
      "The tag could not be read. Allow NFC for this site and try again.",
    );
    await scanning.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Scan with NFC" }).click();
    await scanning.waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await scanning.waitFor({ state: "detached" });
    expect(await noticeTitle(page).textContent()).toBe("NFC Error");

    expect(await page.getByTestId("recent-scan").count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it("a plain user is denied: 'Access Denied' and back to the dashboard", async () => {
    const { page } = await openPage(plainBrowser);
    await signUpAndOnboard(page, {
      name: "Paul Plain",
      contacts: [{ name: "Jo", channel: "email", value: `jo-${Date.now()}@example.com` }],
    });
    await page.goto("/reader");
    await page.waitForURL("**/dashboard");
    await page.getByText("Access Denied").waitFor();
    await page.getByText("You don't have permission to access Reader Mode.").waitFor();
    expect(await page.getByRole("button", { name: "Scan with NFC" }).count()).toBe(0);
    const csv = await page.context().request.get(`${baseURL()}/reader/attendance.csv`);
    expect(csv.status()).toBe(403);
  });
});

/** axe-core's WCAG 2 A/AA findings on the page, as "rule: target" lines. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol, so the page's CSP does not block it.
  await page.evaluate(readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResult> } })
      .axe;
    const result = await axe.run(document, { runOnly: ["wcag2a", "wcag2aa"] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
  });
}
interface AxeResult {
  violations: { id: string; nodes: { target: string[] }[] }[];
}

/** A white PNG without any code on it. */
function blankPng(): Promise<Buffer> {
  // A one-character QR code scaled into a corner would still decode, so use a
  // plain QR-free image: the qrcode package renders an all-white margin only.
  return QRCode.toBuffer("x", { width: 200, margin: 0, color: { dark: "#ffffffff" } });
}

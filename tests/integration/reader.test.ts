import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendanceScans, auditEvents, profiles, tags, userRoles } from "#server/db/schema.ts";
import { grantRole } from "#server/domain/users.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { type Client, signIn } from "#tests/support/http-client.ts";

let app: TestApp;
let admin: Client;
let adminOwner: Owner;
let moderator: Client;
let moderatorOwner: Owner;
let plain: Client;
let plainOwner: Owner;
let person: Owner;

/** A reader account: an owner with the role, signed in through /auth. */
async function reader(role: "admin" | "moderator", name: string) {
  const owner = await createOwner(app.services, { name });
  await grantRole(app.services.db, owner.email, role);
  return { owner, client: await signIn(app, owner.email) };
}

const scan = (client: Client, tag: string, direction = "in") =>
  client.post("/reader", { tag, direction });

async function scansBy(readerUserId: string) {
  return app.services.db
    .select()
    .from(attendanceScans)
    .where(eq(attendanceScans.readerUserId, readerUserId))
    .orderBy(desc(attendanceScans.createdAt));
}

const allScans = () => app.services.db.select().from(attendanceScans);

/** Whether the page's Check In / Check Out radio button for `value` is selected. */
function directionChecked(html: string, value: "in" | "out") {
  const input = html.match(new RegExp(`<input[^>]*name="direction"[^>]*value="${value}"[^>]*>`));
  if (!input) throw new Error(`no ${value} radio button`);
  return input[0].includes('checked=""');
}

/** React puts comment markers between text parts; compare what a reader sees. */
const visible = (html: string) => html.replace(/<!-- -->/g, "");

beforeAll(async () => {
  app = await createTestApp();
  ({ owner: adminOwner, client: admin } = await reader("admin", "Ada Admin"));
  ({ owner: moderatorOwner, client: moderator } = await reader("moderator", "Mo Moderator"));
  plainOwner = await createOwner(app.services, { name: "Paul Plain" });
  plain = await signIn(app, plainOwner.email);
  person = await createOwner(app.services, { name: "Pia Person" });
});
afterAll(() => app?.close());

describe("/reader access", () => {
  it("signed out goes to /auth?mode=signin&redirect=/reader, for the page and for a scan", async () => {
    for (const response of [
      await app.request("/reader", { redirect: "manual" }),
      await app.request("/reader", {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ tag: person.tagId, direction: "in" }).toString(),
      }),
    ]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/auth?mode=signin&redirect=/reader");
    }
    expect(await allScans()).toHaveLength(0);
  });

  it("a user without the admin or moderator role sees 'Access Denied' and goes to /dashboard", async () => {
    const denied = await plain.get("/reader");
    expect(denied.status).toBe(302);
    expect(denied.headers.get("location")).toBe("/dashboard");
    expect(denied.headers.get("set-cookie")).toContain("safetap_notice=reader-access-denied");
    const dashboard = await plain.get("/dashboard");
    expect(dashboard.status).toBe(200);
    const html = visible(await dashboard.text());
    // The page's toast shows it (the end-to-end test reads it); without
    // JavaScript the title is printed.
    expect(html).toContain("Access Denied");
    expect(html).toContain("reader-access-denied");

    const [event] = await app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.eventType, "reader_access_denied"),
          eq(auditEvents.userId, plainOwner.userId),
        ),
      );
    expect(event?.success).toBe(false);
  });

  it("'Access Denied' is translated", async () => {
    const denied = await plain.get("/reader?lng=fr");
    expect(denied.headers.get("location")).toBe("/dashboard");
    const html = visible(await (await plain.get("/dashboard?lng=fr")).text());
    expect(html).toContain("Accès refusé");
  });

  it("every scan re-checks the role: a plain user's scan and a revoked moderator's scan store nothing", async () => {
    const response = await scan(plain, person.tagId);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    expect(await scansBy(plainOwner.userId)).toHaveLength(0);

    const { owner, client } = await reader("moderator", "Rita Revoked");
    expect((await client.get("/reader")).status).toBe(200);
    await app.services.db.delete(userRoles).where(eq(userRoles.userId, owner.userId));
    const revoked = await scan(client, person.tagId);
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("location")).toBe("/dashboard");
    expect(await scansBy(owner.userId)).toHaveLength(0);
  });

  it("admins and moderators get the reader: direction (Check In by default), NFC, QR, Back to Dashboard", async () => {
    for (const client of [admin, moderator]) {
      const response = await client.get("/reader");
      expect(response.status).toBe(200);
      const html = visible(await response.text());
      expect(html).toContain("<h1");
      expect(html).toContain("Reader Mode");
      expect(directionChecked(html, "in")).toBe(true);
      expect(directionChecked(html, "out")).toBe(false);
      for (const text of [
        "Check In",
        "Check Out",
        "Scan with NFC",
        "Scan QR Code",
        "Recent Scans",
        "Back to Dashboard",
      ]) {
        expect(html).toContain(text);
      }
      expect(html).toContain('href="/dashboard"');
    }
  });
});

describe("/reader scans", () => {
  it("checks a person in by typed id (any case) and out by card URL, with their name and tag id", async () => {
    const checkIn = await scan(moderator, ` ${person.tagId.toLowerCase()} `, "in");
    expect(checkIn.status).toBe(200);
    const inHtml = visible(await checkIn.text());
    expect(inHtml).toContain("Checked in");
    expect(inHtml).toContain(`Pia Person · ${person.tagId}`);

    const checkOut = await scan(moderator, `http://localhost:3000/t/${person.tagId}`, "out");
    expect(checkOut.status).toBe(200);
    const outHtml = visible(await checkOut.text());
    expect(outHtml).toContain("Checked out");
    expect(outHtml).toContain(`Pia Person · ${person.tagId}`);
    // The direction chosen stays selected for the next person.
    expect(directionChecked(outHtml, "out")).toBe(true);
    expect(directionChecked(outHtml, "in")).toBe(false);

    const rows = await scansBy(moderatorOwner.userId);
    expect(rows.map((r) => r.direction)).toEqual(["out", "in"]);
    for (const row of rows) {
      expect(row).toMatchObject({
        tagId: person.tagId,
        personUserId: person.userId,
        personName: "Pia Person",
        readerUserId: moderatorOwner.userId,
      });
      expect(Date.now() - row.createdAt.getTime()).toBeLessThan(60_000);
    }
  });

  it("keeps the name at scan time, and falls back to the account name without a profile name", async () => {
    const nameless = await createOwner(app.services, { name: "Nora Account" });
    await app.services.db
      .update(profiles)
      .set({ fullName: null })
      .where(eq(profiles.id, nameless.userId));
    const html = visible(await (await scan(moderator, nameless.tagId)).text());
    expect(html).toContain(`Nora Account · ${nameless.tagId}`);
    await app.services.db
      .update(profiles)
      .set({ fullName: "Nora Renamed" })
      .where(eq(profiles.id, nameless.userId));
    const [row] = await scansBy(moderatorOwner.userId);
    expect(row).toMatchObject({ tagId: nameless.tagId, personName: "Nora Account" });
  });

  it("'Invalid tag' for ids and codes that are no tag; nothing is stored, the attempt is audited", async () => {
    const before = (await allScans()).length;
    for (const tag of [
      "ZZ-NOPE9",
      "https://example.com/not-a-card",
      "https://safetap.app/t/WB-00000",
      "=1+1",
      "x".repeat(3000),
    ]) {
      const response = await scan(moderator, tag);
      expect(response.status, tag.slice(0, 40)).toBe(404);
      const html = visible(await response.text());
      expect(html).toContain("Invalid tag");
      expect(html).not.toContain("Checked in");
    }
    expect(await allScans()).toHaveLength(before);
    const rejected = await app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.eventType, "reader_scan_rejected"));
    expect(rejected.map((e) => e.metadata.tag_id)).toContain("ZZ-NOPE9");
    expect(rejected.every((e) => e.userId === moderatorOwner.userId && !e.success)).toBe(true);
  });

  it("'Inactive tag' for a lost tag, an unlinked tag and a tag never claimed; nothing is stored", async () => {
    const lost = await createOwner(app.services, { name: "Lara Lost" });
    await app.services.db
      .update(tags)
      .set({ isLost: true, isActive: false })
      .where(eq(tags.id, lost.tagId));
    const unlinked = await createOwner(app.services, { name: "Una Unlinked" });
    await app.services.db
      .update(tags)
      .set({ userId: null, status: "inactive", isActive: false, linkedAt: null })
      .where(eq(tags.id, unlinked.tagId));
    const unclaimed = await createOwner(app.services, { name: "Ike Inactive" });
    await app.services.db
      .update(tags)
      .set({ isActive: false, status: "inactive" })
      .where(eq(tags.id, unclaimed.tagId));
    const before = (await allScans()).length;
    for (const tagId of [lost.tagId, unlinked.tagId, unclaimed.tagId]) {
      const response = await scan(moderator, tagId);
      expect(response.status).toBe(422);
      const html = visible(await response.text());
      expect(html).toContain("Inactive tag");
      expect(html).not.toContain("Lara Lost");
    }
    expect(await allScans()).toHaveLength(before);
  });

  it("refuses a scan without a tag or with an unknown direction, and stores nothing", async () => {
    const before = (await allScans()).length;
    const empty = await moderator.post("/reader", { tag: "  ", direction: "in" });
    expect(empty.status).toBe(400);
    expect(visible(await empty.text())).toContain("Enter or scan a tag ID.");
    const missing = await moderator.post("/reader", { direction: "in" });
    expect(missing.status).toBe(400);
    for (const direction of ["sideways", "IN", ""]) {
      const response = await moderator.post("/reader", { tag: person.tagId, direction });
      expect(response.status).toBe(400);
      expect(visible(await response.text())).toContain("Choose Check In or Check Out.");
    }
    const noDirection = await moderator.post("/reader", { tag: person.tagId });
    expect(noDirection.status).toBe(400);
    expect(await allScans()).toHaveLength(before);
  });

  it("Recent Scans lists the reader's own 10 most recent scans, newest first", async () => {
    const { owner, client } = await reader("moderator", "Max Many");
    const people = await Promise.all(
      Array.from({ length: 3 }, (_, i) => createOwner(app.services, { name: `Guest ${i + 1}` })),
    );
    for (let i = 0; i < 12; i++) {
      const guest = people[i % 3]!;
      const response = await scan(client, guest.tagId, i % 2 === 0 ? "in" : "out");
      expect(response.status).toBe(200);
    }
    expect(await scansBy(owner.userId)).toHaveLength(12);
    const html = visible(await (await client.get("/reader")).text());
    const items = html.match(/data-testid="recent-scan"/g) ?? [];
    expect(items).toHaveLength(10);
    // Scan 12 (Guest 2, out) first; scans by other readers are not in this list.
    const first = html.indexOf('data-testid="recent-scan"');
    expect(html.slice(first, first + 1500)).toContain("Guest 2");
    expect(html).not.toContain("Pia Person");
  });

  it("limits scans per reader account (429 'Too many scans'), storing nothing beyond the limit", async () => {
    const { owner, client } = await reader("moderator", "Quinn Quick");
    let refused: Response | undefined;
    for (let i = 0; i < 70 && !refused; i++) {
      const response = await scan(client, "ZZ-NOPE9");
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(404);
    }
    expect(refused).toBeDefined();
    const html = visible(await refused!.text());
    expect(html).toContain("Too many scans");
    expect(html).toMatch(/Please wait \d+ seconds before scanning again\./);
    const valid = await scan(client, person.tagId);
    expect(valid.status).toBe(429);
    expect(await scansBy(owner.userId)).toHaveLength(0);
  });
});

describe("attendance list and CSV", () => {
  it("admins see every reader's scans on /reader; moderators do not, not even through the data request", async () => {
    const adminScan = await createOwner(app.services, { name: "Adele Admitted" });
    expect((await scan(admin, adminScan.tagId)).status).toBe(200);

    const adminHtml = visible(await (await admin.get("/reader")).text());
    expect(adminHtml).toContain('data-testid="attendance"');
    expect(adminHtml).toContain("Download CSV");
    expect(adminHtml).toContain('href="/reader/attendance.csv"');
    const table = adminHtml.slice(adminHtml.indexOf('data-testid="attendance-table"'));
    expect(table).toContain("Pia Person");
    expect(table).toContain("Mo Moderator");
    expect(table).toContain("Adele Admitted");

    const moderatorHtml = visible(await (await moderator.get("/reader")).text());
    expect(moderatorHtml).not.toContain('data-testid="attendance"');
    expect(moderatorHtml).not.toContain("Adele Admitted");
    expect(moderatorHtml).not.toContain("attendance.csv");
    const data = await moderator.get("/reader.data");
    expect(data.status).toBe(200);
    const body = await data.text();
    expect(body).toContain("Pia Person");
    expect(body).not.toContain("Adele Admitted");
    expect(body).not.toContain(adminOwner.email);
  });

  it("the CSV is for admins only: 401 signed out, 403 for moderators and plain users", async () => {
    expect((await app.request("/reader/attendance.csv")).status).toBe(401);
    for (const client of [moderator, plain]) {
      const response = await client.get("/reader/attendance.csv");
      expect(response.status).toBe(403);
      const body = await response.text();
      expect(body).not.toContain("Pia Person");
    }
  });

  it("exports every scan as CSV with time, direction, tag, person, reader, organisation and location; the export is audited", async () => {
    const response = await admin.get("/reader/attendance.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="safetap-attendance.csv"',
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte order mark
    const text = new TextDecoder().decode(bytes);
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "scanned_at_utc,direction,tag_id,person_name,reader_name,reader_contact,organization,location",
    );
    const stored = await allScans();
    expect(lines).toHaveLength(stored.length + 1);
    const piaRows = lines.filter((l) => l.includes(`"${person.tagId}"`));
    expect(piaRows).toHaveLength(2);
    expect(piaRows[0]).toMatch(
      new RegExp(
        `^"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z","out","${person.tagId}","Pia Person","Mo Moderator","${moderatorOwner.email}","",""$`,
      ),
    );
    expect(piaRows[1]).toContain(`"in","${person.tagId}","Pia Person","Mo Moderator"`);

    const [event] = await app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.eventType, "attendance_exported"),
          eq(auditEvents.userId, adminOwner.userId),
        ),
      );
    expect(event).toMatchObject({ success: true, metadata: { rows: stored.length } });
  });

  it("cannot inject a spreadsheet formula through a person's name", async () => {
    const sneaky = await createOwner(app.services, { name: '=HYPERLINK("http://evil.test","x")' });
    const plus = await createOwner(app.services, { name: "@SUM(1;2)" });
    expect((await scan(moderator, sneaky.tagId)).status).toBe(200);
    expect((await scan(moderator, plus.tagId)).status).toBe(200);
    const text = await (await admin.get("/reader/attendance.csv")).text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(text).toContain(`"'@SUM(1;2)"`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it("filters by UTC days; a bad range is refused", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const todays = await (
      await admin.get(`/reader/attendance.csv?from=${today}&to=${today}`)
    ).text();
    expect(todays.trim().split("\r\n")).toHaveLength((await allScans()).length + 1);
    const later = await admin.get(`/reader/attendance.csv?from=${tomorrow}`);
    expect(later.headers.get("content-disposition")).toContain(`-from-${tomorrow}.csv`);
    expect((await later.text()).trim().split("\r\n")).toHaveLength(1);
    for (const query of ["from=yesterday", `from=${tomorrow}&to=${today}`, "to=2026-13-01"]) {
      expect((await admin.get(`/reader/attendance.csv?${query}`)).status).toBe(400);
    }
    const page = visible(await (await admin.get("/reader?from=yesterday")).text());
    expect(page).toContain("Choose valid dates, with From on or before To.");
    const empty = visible(await (await admin.get(`/reader?from=${tomorrow}`)).text());
    expect(empty).toContain("No scans in this period.");
    expect(empty).toContain(`href="/reader/attendance.csv?from=${tomorrow}"`);
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanId } from "#core/plans.ts";
import { alertDeliveries, alerts, householdMembers, profiles } from "#server/db/schema.ts";
import { addDependant, ensureHousehold } from "#server/domain/people.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { signIn } from "#tests/support/http-client.ts";

// Issue 15 items 6 and 7 (decision 133): the household's alert history, its CSV and PDF exports
// and the family map, scoped to the household and cut to the last 10 alerts on Free.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

interface DeliverySeed {
  contactName: string;
  channel: "email" | "sms" | "voice" | "whatsapp";
  status?: string;
  note?: string | null;
  sentAt?: Date | null;
  acknowledgedAt?: Date | null;
}

/** An alert as the pipeline leaves it, with its deliveries, at a chosen time. */
async function seedAlert(
  accountId: string,
  profileId: string,
  options: {
    source?: "card" | "sos" | "test";
    at: Date;
    place?: [string, string];
    deliveries?: DeliverySeed[];
  },
) {
  const [row] = await app.services.db
    .insert(alerts)
    .values({
      idempotencyKey: `history:${randomUUID()}`,
      userId: accountId,
      profileId,
      source: options.source ?? "card",
      createdAt: options.at,
      latitude: options.place?.[0] ?? null,
      longitude: options.place?.[1] ?? null,
    })
    .returning({ id: alerts.id });
  const deliveries = options.deliveries ?? [{ contactName: "Maria", channel: "email" }];
  if (deliveries.length > 0) {
    await app.services.db.insert(alertDeliveries).values(
      deliveries.map((d, index) => ({
        alertId: row!.id,
        accountId,
        contactName: d.contactName,
        channel: d.channel,
        destination: "not read",
        status: d.status ?? "sent",
        note: d.note ?? null,
        sentAt: d.sentAt === undefined ? options.at : d.sentAt,
        acknowledgedAt: d.acknowledgedAt ?? null,
        createdAt: new Date(options.at.getTime() + index),
      })),
    );
  }
  return row!.id;
}

const day = (iso: string) => new Date(`${iso}T12:00:00.000Z`);
const count = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;

async function owner(name: string, plan: PlanId = "family"): Promise<Owner> {
  return createOwner(app.services, { name, plan });
}

/** A Family household: owner Anh, member Bình, and Anh's child Chi; each with alerts. */
async function household() {
  const anh = await owner("Anh Nguyễn");
  const binh = await owner("Bình Trần");
  const householdId = await ensureHousehold(app.services.db, anh.userId);
  await app.services.db
    .insert(householdMembers)
    .values({ householdId, userId: binh.userId, role: "member" });
  const child = await addDependant(
    app.services.db,
    app.services.cipher,
    app.services.logger,
    anh.userId,
    { fullName: "Chi Nguyễn" },
  );
  if (!child.ok) throw new Error("no seat for the child");
  const chi = child.profileId;
  await seedAlert(anh.userId, anh.userId, {
    source: "sos",
    at: day("2026-03-01"),
    place: ["10.776900", "106.700900"],
    deliveries: [
      { contactName: "Lan", channel: "voice", acknowledgedAt: day("2026-03-01") },
      { contactName: "Minh", channel: "sms", status: "skipped", note: "quota", sentAt: null },
    ],
  });
  await seedAlert(binh.userId, binh.userId, { source: "test", at: day("2026-04-10") });
  await seedAlert(anh.userId, chi, {
    source: "card",
    at: day("2026-05-20"),
    place: ["48.858400", "2.294500"],
    deliveries: [{ contactName: '=HYPERLINK("http://evil")', channel: "email" }],
  });
  return { anh, binh, chi, householdId };
}

/** Another household whose alerts must never show. */
async function stranger() {
  const xavier = await owner("Xavier Outsider");
  await ensureHousehold(app.services.db, xavier.userId);
  await seedAlert(xavier.userId, xavier.userId, {
    source: "sos",
    at: day("2026-05-21"),
    place: ["51.500000", "-0.120000"],
    deliveries: [{ contactName: "Secret Contact", channel: "sms" }],
  });
  return xavier;
}

describe("the alert history page", () => {
  it("shows every alert of the household to a member, newest first, and nothing of another household", async () => {
    const { binh } = await household();
    await stranger();
    const client = await signIn(app, binh.email);
    const response = await client.get("/dashboard/history");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(count(html, "history-alert")).toBe(3);
    const order = ["Chi Nguyễn", "Bình Trần", "Anh Nguyễn"].map((name) =>
      html.indexOf(`data-testid="history-person">${name}`),
    );
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Channel and status in words, the quota note explained.
    expect(html).toContain("Voice call");
    expect(html).not.toMatch(/>voice</);
    expect(html).toContain("Not sent: the plan&#x27;s message allowance was used up.");
    expect(html).toContain("On the way");
    expect(html).not.toContain("Xavier Outsider");
    expect(html).not.toContain("Secret Contact");
    // The people filter offers the household's people only.
    expect(html).toContain(">Chi Nguyễn</option>");
    expect(html).not.toContain(">Xavier Outsider</option>");
  });

  it("filters by person, source and days; bad filters are named and show nothing", async () => {
    const { anh, chi } = await household();
    const xavier = await stranger();
    const client = await signIn(app, anh.email);
    const get = async (query: string) => (await client.get(`/dashboard/history?${query}`)).text();

    const byChild = await get(`person=${chi}`);
    expect(count(byChild, "history-alert")).toBe(1);
    expect(byChild).toContain('data-testid="history-person">Chi Nguyễn');

    const sos = await get("source=sos");
    expect(count(sos, "history-alert")).toBe(1);
    expect(sos).toContain('data-testid="history-person">Anh Nguyễn');

    const april = await get("from=2026-04-01&to=2026-04-30");
    expect(count(april, "history-alert")).toBe(1);
    expect(april).toContain('data-testid="history-person">Bình Trần');
    // Both days are included.
    expect(count(await get("from=2026-03-01&to=2026-03-01"), "history-alert")).toBe(1);

    const badDate = await get("from=2026-02-30");
    expect(badDate).toContain("The start date is not a valid date.");
    expect(count(badDate, "history-alert")).toBe(0);
    const backwards = await get("from=2026-05-01&to=2026-04-01");
    expect(backwards).toContain("The end date is before the start date.");
    expect(await get("source=fax")).toContain("Pick a source from the list");

    // Another household's person, and no such person, are refused alike and leak nothing.
    const foreign = await get(`person=${xavier.userId}`);
    const missing = await get(`person=${randomUUID()}`);
    for (const html of [foreign, missing]) {
      expect(html).toContain("That person is not in your household.");
      expect(count(html, "history-alert")).toBe(0);
      expect(html).not.toContain("Xavier");
      expect(html).not.toContain("Secret Contact");
    }
    const csv = await client.get(`/dashboard/history.csv?person=${xavier.userId}`);
    expect(csv.status).toBe(400);
    expect(await csv.text()).not.toContain("Xavier");
  });

  it("pages 50 at a time with a next link that keeps the filters", async () => {
    const paid = await owner("Paula Paged", "pro");
    for (let i = 0; i < 55; i++) {
      await seedAlert(paid.userId, paid.userId, {
        source: i % 2 ? "sos" : "card",
        at: new Date(Date.UTC(2026, 0, 1, 0, i)),
        deliveries: [],
      });
    }
    const client = await signIn(app, paid.email);
    const first = await (await client.get("/dashboard/history")).text();
    expect(count(first, "history-alert")).toBe(50);
    expect(first).toContain('href="/dashboard/history?page=2"');
    const second = await (await client.get("/dashboard/history?page=2")).text();
    expect(count(second, "history-alert")).toBe(5);
    expect(second).not.toContain('data-testid="history-next"');
    // The pro plan keeps everything: no Free notice.
    expect(first).not.toContain('data-testid="free-limit"');

    const sos = await (await client.get("/dashboard/history?source=sos")).text();
    expect(count(sos, "history-alert")).toBe(27);
    expect(sos).not.toContain('data-testid="history-next"');
    expect(await (await client.get("/dashboard/history?page=0")).text()).toContain(
      "That page does not exist.",
    );
  });

  it("keeps only Free's last 10 alerts visible, on the page, in the exports and on the map", async () => {
    const free = await owner("Frida Free", "free");
    for (let i = 0; i < 12; i++) {
      await seedAlert(free.userId, free.userId, {
        at: new Date(Date.UTC(2026, 1, 1 + i, 9)),
        place: [`10.${String(100000 + i)}`, "106.700000"],
        deliveries: [{ contactName: `Contact ${i}`, channel: "email" }],
      });
    }
    const client = await signIn(app, free.email);
    const html = await (await client.get("/dashboard/history")).text();
    expect(count(html, "history-alert")).toBe(10);
    expect(html).toContain("The Free plan keeps your last 10 alerts.");
    expect(html).not.toContain(">Contact 0<");
    expect(html).not.toContain(">Contact 1<");
    expect(html).toContain(">Contact 2<");
    // The two oldest stay hidden even when asked for by date.
    const early = await (await client.get("/dashboard/history?to=2026-02-02")).text();
    expect(count(early, "history-alert")).toBe(0);
    const csv = await (await client.get("/dashboard/history.csv")).text();
    expect(csv.trim().split("\r\n")).toHaveLength(11);
    expect(csv).not.toContain("Contact 0");
    const map = await (await client.get("/dashboard/map")).text();
    expect(count(map, "map-place")).toBe(10);

    // Moving to a paid plan shows all twelve again.
    await app.services.db.update(profiles).set({ plan: "pro" }).where(eq(profiles.id, free.userId));
    const paid = await (await client.get("/dashboard/history")).text();
    expect(count(paid, "history-alert")).toBe(12);
  });
});

describe("the exports", () => {
  it("CSV: signed in only, an attachment, translated words, formula-safe cells", async () => {
    const { anh } = await household();
    const signedOut = await app.request("/dashboard/history.csv");
    expect(signedOut.status).toBe(401);
    const page = await app.request("/dashboard/history", { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toContain("/auth?mode=signin");
    const client = await signIn(app, anh.email);
    const response = await client.get("/dashboard/history.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.csv"$/);
    const csv = await response.text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Date (UTC),Person,Source,Tag,Alert status,Location,Contact,Message,Channel,Delivery status,Note,Sent at (UTC),Answered at (UTC)",
    );
    // Newest first: Chi's card alert, Bình's test, then Anh's SOS with two messages.
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain('"Chi Nguyễn","Card scan"');
    expect(lines[1]).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(lines[1]).toContain('"https://maps.google.com/?q=48.858400,2.294500"');
    expect(lines[3]).toContain('"Lan","Alert","Voice call","On the way"');
    expect(lines[4]).toContain(
      '"Minh","Alert","SMS","Not sent","Not sent: the plan\'s message allowance was used up.",""',
    );
    const filtered = await (await client.get("/dashboard/history.csv?source=test&lng=es")).text();
    const rows = filtered.trim().split("\r\n");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("Fecha (UTC),Persona,Origen");
    expect(rows[1]).toContain('"Bình Trần","Prueba"');
  });

  it("PDF: an attachment whose text reads back in all four languages, Vietnamese included", async () => {
    const { anh } = await household();
    const client = await signIn(app, anh.email);
    expect((await app.request("/dashboard/history.pdf")).status).toBe(401);
    const expected: Record<string, string[]> = {
      en: ["SafeTap alert history", "Voice call", "Page 1", "Not sent: the plan's message"],
      es: ["Historial de alertas de SafeTap", "Llamada de voz", "Página 1", "Escaneo de tarjeta"],
      fr: ["Historique des alertes SafeTap", "Appel vocal", "Page 1", "Scan de carte"],
      vi: ["Lịch sử cảnh báo SafeTap", "Cuộc gọi thoại", "Trang 1", "Quét thẻ", "Đã gửi"],
    };
    for (const [lng, texts] of Object.entries(expected)) {
      const response = await client.get(`/dashboard/history.pdf?lng=${lng}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename=".+\.pdf"$/,
      );
      const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
      for (const expectedText of [...texts, "Anh Nguyễn", "Chi Nguyễn", "Bình Trần"]) {
        expect(text, `${lng}: ${expectedText}`).toContain(expectedText);
      }
    }
    const filtered = await pdfText(
      new Uint8Array(await (await client.get("/dashboard/history.pdf?source=sos")).arrayBuffer()),
    );
    expect(filtered).toContain("Filters: Source: SOS");
    expect(filtered).not.toContain("Chi Nguyễn");
  });

  it("are limited to 30 per user in ten minutes, then refused in words with a Retry-After", async () => {
    const eager = await owner("Erin Eager", "pro");
    const client = await signIn(app, eager.email);
    for (let i = 0; i < 30; i++) {
      expect((await client.get("/dashboard/history.csv")).status).toBe(200);
    }
    const refused = await client.get("/dashboard/history.pdf");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toBe(
      "Too many exports in a short time. Try again in a few minutes.",
    );
    // The page itself is not limited.
    expect((await client.get("/dashboard/history")).status).toBe(200);
  });

  it("PDF: many alerts flow over numbered pages", async () => {
    const busy = await owner("Bea Busy", "pro");
    for (let i = 0; i < 60; i++) {
      await seedAlert(busy.userId, busy.userId, {
        at: new Date(Date.UTC(2026, 2, 1, 0, i)),
        deliveries: [
          { contactName: "One", channel: "email" },
          { contactName: "Two", channel: "sms" },
        ],
      });
    }
    const client = await signIn(app, busy.email);
    const pdf = new Uint8Array(await (await client.get("/dashboard/history.pdf")).arrayBuffer());
    const { pages, text } = await pdfPages(pdf);
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`Page ${pages}`);
  });
});

describe("the family map", () => {
  it("lists each person's located alerts as text with map links, and allows the tile server on this page only", async () => {
    const { binh } = await household();
    await stranger();
    const client = await signIn(app, binh.email);
    const response = await client.get("/dashboard/map");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(count(html, "map-person")).toBe(2);
    expect(count(html, "map-place")).toBe(2);
    expect(html.indexOf("Chi Nguyễn")).toBeLessThan(html.indexOf("Anh Nguyễn"));
    expect(html).toContain('href="https://maps.google.com/?q=48.858400,2.294500"');
    expect(html).toContain('href="https://maps.google.com/?q=10.776900,106.700900"');
    expect(html).not.toContain("51.500000");
    expect(response.headers.get("content-security-policy")).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org;",
    );
    expect(html).toMatch(/<link [^>]*rel="stylesheet" href="[^"]*leaflet[^"]*\.css"/);
    const dashboard = await client.get("/dashboard/history");
    expect(dashboard.headers.get("content-security-policy")).not.toContain("openstreetmap");
    expect(await dashboard.text()).not.toMatch(/leaflet[^"]*\.css/);
  });
});

async function loadPdf(data: Uint8Array) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjs.getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
}

async function pdfPages(data: Uint8Array) {
  const pdf = await loadPdf(data);
  const texts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join("\n"));
  }
  return { pages: pdf.numPages, text: texts.join("\n") };
}

async function pdfText(data: Uint8Array) {
  return (await pdfPages(data)).text;
}

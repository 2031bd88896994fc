import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactChannel } from "#core/channels.ts";
import type { OrgRole } from "#core/organizations.ts";
import { raiseAlert } from "#server/alerts/create.ts";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { isNoticePayload, openNotice } from "#server/alerts/notices.ts";
import { authMessagesSettled } from "#server/auth/code-delivery.ts";
import { insertMany } from "#server/db/bulk-writes.ts";
import {
  alertDeliveries,
  attendanceScans,
  auditEvents,
  contacts,
  massNoticeRecipients,
  massNotices,
  profiles,
} from "#server/db/schema.ts";
import { contactRow } from "#server/domain/contacts.ts";
import { noticeTokens, sendNotice } from "#server/domain/mass-notices.ts";
import { addOrgPerson } from "#server/domain/org-people.ts";
import type { OrgSummary } from "#server/domain/organizations.ts";
import {
  type SmtpPeer,
  startSmtpPeer,
  startTwilioPeer,
  type TwilioPeer,
} from "#tests/fault/peers.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, STRONG_PASSWORD } from "#tests/support/http-client.ts";
import { addLocation, addOrgMember, createOrg } from "#tests/support/orgs.ts";

/**
 * Mass notices (issue 17 item 3, decision 144): the preview's counts, one send per key, each
 * message in its reader's language, reply links valid only for their notice and person, the
 * live replies, who may send, refusals that change nothing, and alerts before mass notices at
 * the providers (SMTP and Twilio stand-ins on loopback).
 */
let app: TestApp;
let smtp: SmtpPeer;
let twilio: TwilioPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  twilio = await startTwilioPeer();
  app = await createTestApp({ SMTP_URL: smtp.url, ...twilio.env() });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await twilio?.close();
});

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const testId = (html: string, id: string) =>
  html.match(new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`))?.[1] ?? null;

/** The text of a received mail, whatever transfer encoding the sender chose. */
function decoded(body: string): string {
  const base64 = body.replace(/\s+/g, "");
  if (/^[A-Za-z0-9+/]+=*$/.test(base64) && base64.length % 4 === 0) {
    return Buffer.from(base64, "base64").toString("utf8");
  }
  return body.replace(/=\r?\n/g, "");
}

/** Signs in through /auth; with SMTP configured, the code arrives at the SMTP stand-in. */
async function signIn(email: string) {
  const client = new Client(app);
  const step = await client.post("/auth", {
    intent: "signin",
    identifier: email,
    password: STRONG_PASSWORD,
  });
  expect(step.status).toBe(200);
  await authMessagesSettled(app.services);
  const mail = smtp.received.filter((r) => r.to === email).at(-1);
  const code = mail && decoded(mail.body).match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  expect((await client.post("/auth", { intent: "verify", code })).status).toBe(302);
  return client;
}

/** A signed-in person with a role in `org` (or none). */
async function someone(org: OrgSummary | null, role?: Exclude<OrgRole, "account">) {
  const owner = await createOwner(app.services, { name: `Someone ${role ?? "outside"}` });
  if (org && role) await addOrgMember(app.services, org, owner.userId, role);
  return { ...owner, client: await signIn(owner.email) };
}

/** Posts a form whose fields may repeat (several locations). */
function post(client: Client, path: string, fields: [string, string][]) {
  return app.request(path, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: client.cookieHeader,
      "x-forwarded-for": client.address,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function person(
  org: OrgSummary,
  locationId: string | null,
  name: string,
  language: string,
  people: {
    name: string;
    channel: ContactChannel;
    value: string;
    role?: "guardian";
    language?: string;
  }[],
) {
  const added = await addOrgPerson(app.services.db, app.services, org, null, {
    fullName: name,
    locationId,
    language: language as "en",
  });
  if (!added.ok) throw new Error(added.reason);
  const rows = people.map((c, i) => ({
    ...contactRow(
      app.services.cipher,
      { profileId: added.profileId, accountId: org.accountId },
      { name: c.name, channel: c.channel, value: c.value, priority: i + 1, role: c.role },
    ),
    language: c.language ?? null,
  }));
  if (rows.length) await app.services.db.insert(contacts).values(rows);
  return added.profileId;
}

const unique = () => randomUUID().slice(0, 8);

/**
 * A school on the Free plan (3 lifetime non-email messages): at North, Ana (guardians: an email
 * in English and an SMS in Spanish; an ordinary contact who is not told), Ben (no guardian
 * marked: both contacts, email and WhatsApp, in his French), Chi (a login of her own, in
 * Vietnamese; two SMS guardians); at South, Dan.
 */
async function school() {
  const org = await createOrg(app.services);
  await app.services.db
    .update(profiles)
    .set({ plan: "free" })
    .where(eq(profiles.id, org.accountId));
  const north = await addLocation(app.services, org, { name: "North" });
  const south = await addLocation(app.services, org, { name: "South" });
  const u = unique();
  const ana = await person(org, north.id, "Ana Alvarez", "en", [
    { name: "Mum", channel: "email", value: `mum-${u}@example.com`, role: "guardian" },
    { name: "Dad", channel: "sms", value: "+15550100001", role: "guardian", language: "es" },
    { name: "Aunt", channel: "email", value: `aunt-${u}@example.com` },
  ]);
  const ben = await person(org, north.id, "Ben Bernard", "fr", [
    { name: "Mère", channel: "email", value: `mere-${u}@example.com` },
    { name: "Père", channel: "whatsapp", value: "+15550100002" },
  ]);
  const chi = await person(org, north.id, "Chi Pham", "vi", [
    { name: "Mẹ", channel: "sms", value: "+15550100003", role: "guardian" },
    { name: "Bố", channel: "sms", value: "+15550100004", role: "guardian" },
  ]);
  const chiLogin = await createOwner(app.services, { name: "Chi Pham", language: "vi" });
  await app.services.db
    .update(profiles)
    .set({ memberUserId: chiLogin.userId })
    .where(eq(profiles.id, chi));
  const dan = await person(org, south.id, "Dan Dubois", "en", [
    { name: "Dan's mum", channel: "email", value: `dan-${u}@example.com`, role: "guardian" },
  ]);
  const admin = await someone(org, "admin");
  return { org, north, south, ana, ben, chi, chiLogin, dan, admin };
}

const compose = (
  key: string,
  locations: string[],
  audience: string,
  message: string,
  intent: "preview" | "send",
  withReply = true,
): [string, string][] => [
  ["intent", intent],
  ["key", key],
  ...locations.map((id): [string, string] => ["locationId", id]),
  ["audience", audience],
  ["message", message],
  ...(withReply ? [["withReply", "on"] as [string, string]] : []),
];

const noticesOf = (org: OrgSummary) =>
  app.services.db.select().from(massNotices).where(eq(massNotices.organizationId, org.id));
const deliveriesOf = (noticeId: string) =>
  app.services.db
    .select()
    .from(alertDeliveries)
    .where(
      and(
        eq(alertDeliveries.kind, "mass_notice"),
        sql`${alertDeliveries.payload}->'params'->>'notice' = ${noticeId}`,
      ),
    );

describe("the preview", () => {
  it("counts people, messages by channel and what the plan holds back; email is never held back", async () => {
    const s = await school();
    const path = `/org/${s.org.slug}/notices/new`;
    const guardians = await post(
      s.admin.client,
      path,
      compose(randomUUID(), [s.north.id], "guardians", "School closes at noon.", "preview"),
    );
    expect(guardians.status).toBe(200);
    const html = await text(guardians);
    expect(testId(html, "preview-people")).toBe("3");
    // Ana: mum (email), dad (SMS); Ben: both (email, WhatsApp); Chi: two SMS.
    expect(testId(html, "preview-messages")).toBe("6");
    expect(html).toMatch(/data-testid="preview-email"><th[^>]*>[^<]*<\/th><td>2<\/td>/);
    expect(html).toMatch(/data-testid="preview-sms"><th[^>]*>[^<]*<\/th><td>3<\/td><td>1<\/td>/);
    // Free: 3 non-email messages in its lifetime; the fourth (of 3 SMS + 1 WhatsApp) is held back.
    expect(testId(html, "preview-over-quota")).toBe("1");

    const both = await text(
      await post(
        s.admin.client,
        path,
        compose(
          randomUUID(),
          [s.north.id, s.south.id],
          "both",
          "School closes at noon.",
          "preview",
        ),
      ),
    );
    expect(testId(both, "preview-people")).toBe("4");
    // + Chi's own login (email) + Dan's mum (email): emails are never over quota.
    expect(testId(both, "preview-messages")).toBe("8");
    expect(testId(both, "preview-over-quota")).toBe("1");
    expect(await noticesOf(s.org)).toHaveLength(0);
  });

  it("counts a person checked in at the location now, not once they have left", async () => {
    const s = await school();
    const preview = async () =>
      testId(
        await text(
          await post(
            s.admin.client,
            `/org/${s.org.slug}/notices/new`,
            compose(randomUUID(), [s.north.id], "guardians", "Lockdown drill at 10.", "preview"),
          ),
        ),
        "preview-people",
      );
    // Dan (South) checks in at North: he is there now.
    const tagId = await tagFor(s.dan);
    const scan = (direction: "in" | "out") =>
      app.services.db.insert(attendanceScans).values({
        tagId,
        direction,
        personName: "Dan",
        profileId: s.dan,
        organizationId: s.org.id,
        locationId: s.north.id,
      });
    await scan("in");
    expect(await preview()).toBe("4");
    await new Promise((r) => setTimeout(r, 5));
    await scan("out");
    expect(await preview()).toBe("3");
  });
});

/** A tag of the organisation's for a person (attendance scans name one). */
async function tagFor(profileId: string) {
  const id = `WB-${randomUUID().slice(0, 5).toUpperCase()}`;
  await app.services.db.execute(
    sql`insert into tags (id, product, profile_id, status, activation_token_hash) values (${id}, 'wristband', ${profileId}, 'active', ${randomUUID()})`,
  );
  return id;
}

describe("sending", () => {
  it("writes one notice, its people and every delivery in its reader's language, once per key", async () => {
    const s = await school();
    const key = randomUUID();
    const fields = compose(key, [s.north.id], "both", "Fire alarm test at 2 pm.", "send");
    const sent = await post(s.admin.client, `/org/${s.org.slug}/notices/new`, fields);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/org/${s.org.slug}/notices/${key}`);
    // A double submit, a retried POST: the same notice, nothing more sent.
    const again = await post(s.admin.client, `/org/${s.org.slug}/notices/new`, fields);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/org/${s.org.slug}/notices/${key}`);
    expect(await noticesOf(s.org)).toHaveLength(1);

    const [notice] = await noticesOf(s.org);
    expect(notice).toMatchObject({
      audience: "both",
      withReply: true,
      message: "Fire alarm test at 2 pm.",
    });
    expect(notice!.counts).toMatchObject({ people: 3, messages: 7, email: 3, sms: 3, whatsapp: 1 });
    const people = await app.services.db
      .select()
      .from(massNoticeRecipients)
      .where(eq(massNoticeRecipients.noticeId, key));
    expect(people.map((p) => p.profileId).sort()).toEqual([s.ana, s.ben, s.chi].sort());

    const deliveries = await deliveriesOf(key);
    expect(deliveries).toHaveLength(7);
    const byName = new Map(deliveries.map((d) => [d.contactName, d]));
    const language = (name: string) => (byName.get(name)!.payload as { language: string }).language;
    expect(language("Mum")).toBe("en");
    expect(language("Dad")).toBe("es");
    expect(language("Mère")).toBe("fr");
    expect(language("Père")).toBe("fr");
    expect(language("Mẹ")).toBe("vi");
    expect(language("Chi Pham")).toBe("vi");
    expect(byName.has("Aunt")).toBe(false);
    const skipped = deliveries.filter((d) => d.status === "skipped");
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ note: "quota" });
    expect(skipped[0]!.channel).not.toBe("email");
    expect(deliveries.filter((d) => d.status === "pending")).toHaveLength(6);
    // The reply link is sealed to its row, never stored readable.
    expect(JSON.stringify(deliveries.map((d) => d.payload))).not.toContain("/n/");

    const audit = await app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, s.org.id),
          eq(auditEvents.eventType, "mass_notice_sent"),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.metadata).toMatchObject({ people: 3, messages: 7, overQuota: 1 });

    // Sent: each in its language, with its person's reply link.
    const dispatcher = createDispatcher(app.services, { concurrency: 1 });
    while ((await dispatcher.runOnce()) > 0) {}
    const sms = twilio.received.filter((r) => deliveries.some((d) => d.id === r.key));
    // People in name order spend the allowance: Ana's dad, Ben's father, Chi's mother; not Chi's father.
    expect(skipped[0]!.contactName).toBe("Bố");
    const dad = sms.find((r) => r.key === byName.get("Dad")!.id)!;
    expect(dad.body).toContain("Fire alarm test at 2 pm. ¿A salvo o necesita ayuda?");
    expect(dad.body).toMatch(/\/n\/[A-Za-z0-9_-]{66}\?lng=es/);
    const mum = smtp.received.find((r) => r.key === byName.get("Mum")!.id)!;
    expect(mum.to).toMatch(/^mum-/);
    expect(
      sms.length + smtp.received.filter((r) => deliveries.some((d) => d.id === r.key)).length,
    ).toBe(6);
  });

  it("refuses bad input with each field's message, and sends nothing", async () => {
    const s = await school();
    const path = `/org/${s.org.slug}/notices/new`;
    const cases: [[string, string][], string][] = [
      [compose(randomUUID(), [], "guardians", "Hello", "send"), "Choose at least one location."],
      [compose(randomUUID(), [s.north.id], "guardians", "   ", "send"), "Write the message."],
      [
        compose(randomUUID(), [s.north.id], "guardians", "x".repeat(281), "send"),
        "The message can be at most 280 characters.",
      ],
      [compose(randomUUID(), [s.north.id], "everyone", "Hello", "send"), "Choose who hears it."],
    ];
    for (const [fields, message] of cases) {
      const refused = await post(s.admin.client, path, fields);
      expect(refused.status).toBe(400);
      expect(await text(refused)).toContain(message);
    }
    // Another organisation's location, or none at all: refused alike.
    const other = await createOrg(app.services);
    const elsewhere = await addLocation(app.services, other);
    for (const id of [elsewhere.id, randomUUID()]) {
      const refused = await post(
        s.admin.client,
        path,
        compose(randomUUID(), [s.north.id, id], "guardians", "Hello", "send"),
      );
      expect(refused.status).toBe(400);
      expect(await text(refused)).toContain("Choose locations of this organisation.");
    }
    // A key that is another organisation's notice finds nothing here.
    const theirs = await school();
    const key = randomUUID();
    await post(
      theirs.admin.client,
      `/org/${theirs.org.slug}/notices/new`,
      compose(key, [theirs.north.id], "guardians", "Theirs", "send"),
    );
    const taken = await post(
      s.admin.client,
      path,
      compose(key, [s.north.id], "guardians", "Mine", "send"),
    );
    expect(taken.status).toBe(404);
    expect(await noticesOf(s.org)).toHaveLength(0);
    const long = await post(s.admin.client, path, [
      ["intent", "send"],
      ["key", "not-a-key"],
    ]);
    expect(long.status).toBe(400);
  });
});

describe("who may send", () => {
  it("owners and admins; not staff, members, outsiders, the signed out or another organisation's admin", async () => {
    const s = await school();
    const owner = await someone(s.org, "owner");
    const staff = await someone(s.org, "staff");
    const member = await someone(s.org, "member");
    const outsider = await someone(null);
    const other = await createOrg(app.services);
    const otherAdmin = await someone(other, "admin");
    const base = `/org/${s.org.slug}/notices`;
    for (const [who, status] of [
      [owner.client, 200],
      [s.admin.client, 200],
      [staff.client, 403],
      [member.client, 403],
      [outsider.client, 404],
      [otherAdmin.client, 404],
      [new Client(app), 302],
    ] as const) {
      expect((await who.get(base)).status, `list ${status}`).toBe(status);
      expect((await who.get(`${base}/new`)).status).toBe(status);
      const sent = await post(
        who,
        `${base}/new`,
        compose(randomUUID(), [s.north.id], "guardians", "Hi", "send"),
      );
      expect(sent.status).toBe(status === 200 ? 303 : status);
    }
    // Two sent: by the owner and the admin; nobody else's went anywhere.
    expect(await noticesOf(s.org)).toHaveLength(2);
  });
});

describe("replies", () => {
  it("count only for their notice and person, the last answer counts, and the page's counts follow", async () => {
    const s = await school();
    const key = randomUUID();
    await post(
      s.admin.client,
      `/org/${s.org.slug}/notices/new`,
      compose(key, [s.north.id, s.south.id], "guardians", "Evacuated to the park.", "send"),
    );
    const tokens = noticeTokens(app.services.config.dataEncryptionKey);
    // The link a guardian got: opened from the delivery's sealed payload, as the dispatcher does.
    const [mumDelivery] = (await deliveriesOf(key)).filter((d) => d.contactName === "Mum");
    const payload = mumDelivery!.payload;
    expect(isNoticePayload(payload)).toBe(true);
    const link = openNotice(payload as never, app.services.cipher, mumDelivery!.id).params.link!;
    const path = new URL(link).pathname + new URL(link).search;
    expect(path).toBe(`/n/${tokens.token(key, s.ana)}?lng=en`);

    const guardian = new Client(app);
    const page = await guardian.get(path);
    expect(page.status).toBe(200);
    const html = await text(page);
    expect(html).toContain("Evacuated to the park.");
    expect(html).toContain("Is Ana safe?");
    // Opening the link answers nothing.
    const unanswered = await app.services.db
      .select()
      .from(massNoticeRecipients)
      .where(eq(massNoticeRecipients.noticeId, key));
    expect(unanswered.every((r) => r.reply === null)).toBe(true);

    expect((await guardian.post(path, { reply: "safe" })).status).toBe(200);
    const live = async () =>
      (await (
        await s.admin.client.get(`/org/${s.org.slug}/notices/${key}/replies.json`)
      ).json()) as {
        tally: { safe: number; help: number; none: number };
        needHelp: { name: string }[];
      };
    expect((await live()).tally).toEqual({ safe: 1, help: 0, none: 3 });
    const changed = await guardian.post(path, { reply: "help" });
    expect(await text(changed)).toContain("has been told that Ana needs help");
    const dan = `/n/${tokens.token(key, s.dan)}`;
    await new Client(app).post(dan, { reply: "safe" });
    const now = await live();
    expect(now.tally).toEqual({ safe: 1, help: 1, none: 2 });
    expect(now.needHelp.map((r) => r.name)).toEqual(["Ana Alvarez"]);
    const noticePage = await text(await s.admin.client.get(`/org/${s.org.slug}/notices/${key}`));
    expect(testId(noticePage, "tally-help")).toBe("1");

    // Not a recipient of this notice, another notice's person, a forged or bent token: 404.
    const other = await school();
    const otherKey = randomUUID();
    await post(
      other.admin.client,
      `/org/${other.org.slug}/notices/new`,
      compose(otherKey, [other.north.id], "guardians", "Other", "send"),
    );
    const good = tokens.token(key, s.ana);
    const bent = `${good.slice(0, 30)}${good[30] === "A" ? "B" : "A"}${good.slice(31)}`;
    for (const bad of [
      tokens.token(key, other.ana),
      tokens.token(otherKey, s.ana),
      bent,
      "nonsense",
      tokens.token(randomUUID(), s.ana),
    ]) {
      const refused = await new Client(app).post(`/n/${bad}`, { reply: "help" });
      expect(refused.status, bad).toBe(404);
    }
    // A notice sent without the reply link takes no replies.
    const quiet = randomUUID();
    await post(
      s.admin.client,
      `/org/${s.org.slug}/notices/new`,
      compose(quiet, [s.north.id], "guardians", "No reply", "send", false),
    );
    expect((await new Client(app).get(`/n/${tokens.token(quiet, s.ana)}`)).status).toBe(404);
    expect((await live()).tally).toEqual({ safe: 1, help: 1, none: 2 });
    const replied = await app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, s.org.id),
          eq(auditEvents.eventType, "mass_notice_replied"),
        ),
      );
    expect(replied).toHaveLength(3);
    // The live counts are the organisation's admins' alone.
    const staff = await someone(s.org, "staff");
    expect((await staff.client.get(`/org/${s.org.slug}/notices/${key}/replies.json`)).status).toBe(
      403,
    );
    expect(
      (await other.admin.client.get(`/org/${s.org.slug}/notices/${key}/replies.json`)).status,
    ).toBe(404);
    expect(
      (await other.admin.client.get(`/org/${other.org.slug}/notices/${key}/replies.json`)).status,
    ).toBe(404);
  });

  it("are limited per address", async () => {
    const from = new Client(app);
    let status = 0;
    for (let i = 0; i < 61 && status !== 429; i++) status = (await from.get("/n/nonsense")).status;
    expect(status).toBe(429);
    expect((await new Client(app).get("/n/nonsense")).status).toBe(404);
  });
});

describe("alert priority over mass notices", () => {
  it("an alert raised while hundreds of notices wait reaches the providers before the rest of them", async () => {
    const org = await createOrg(app.services);
    const site = await addLocation(app.services, org);
    const PEOPLE = 300;
    const ids = Array.from({ length: PEOPLE }, () => randomUUID());
    await insertMany(
      app.services.db,
      profiles,
      ids.map((id, i) => ({
        id,
        accountId: org.accountId,
        organizationId: org.id,
        fullName: `Pupil ${i}`,
        locationId: site.id,
        onboardingCompleted: true,
      })),
    );
    await insertMany(
      app.services.db,
      contacts,
      ids.map((id, i) =>
        contactRow(
          app.services.cipher,
          { profileId: id, accountId: org.accountId },
          {
            name: `Guardian ${i}`,
            channel: i % 2 ? "sms" : "email",
            value:
              i % 2
                ? `+1555020${String(i).padStart(4, "0")}`
                : `guardian-${i}-${unique()}@example.com`,
            priority: 1,
            role: "guardian",
          },
        ),
      ),
    );
    const admin = await someone(org, "admin");
    const key = randomUUID();
    const sent = await post(
      admin.client,
      `/org/${org.slug}/notices/new`,
      compose(key, [site.id], "guardians", "Snow day tomorrow.", "send"),
    );
    expect(sent.status).toBe(303);
    const notices = new Set((await deliveriesOf(key)).map((d) => d.id));
    expect(notices.size).toBe(PEOPLE);

    // One pass sends a hundred notices; then a person's card raises an alert.
    const dispatcher = createDispatcher(app.services, { concurrency: 1 });
    await dispatcher.runOnce();
    const atProviders = () =>
      [...smtp.received, ...twilio.received].sort((a, b) => a.at - b.at).map((r) => r.key);
    const before = atProviders().filter((k) => notices.has(k)).length;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(PEOPLE);

    const inTrouble = await createOwner(app.services, {
      contacts: [
        { name: "Kim", channel: "email", value: `kim-${unique()}@example.com` },
        { name: "Lee", channel: "sms", value: "+15550309999" },
      ],
    });
    const raised = await raiseAlert(app.services, {
      source: "card",
      userId: inTrouble.userId,
      tagId: inTrouble.tagId,
      idempotencyKey: randomUUID(),
      location: null,
      clientAddress: "x",
    });
    const alertIds = (
      await app.services.db
        .select({ id: alertDeliveries.id })
        .from(alertDeliveries)
        .where(eq(alertDeliveries.alertId, raised.alertId))
    ).map((d) => d.id);
    expect(alertIds.length).toBeGreaterThanOrEqual(2);
    while ((await dispatcher.runOnce()) > 0) {}

    const order = atProviders().filter((k) => notices.has(k) || alertIds.includes(k));
    expect(order.filter((k) => notices.has(k))).toHaveLength(PEOPLE);
    // First the hundred of the first pass, then the alert's deliveries, then the other notices.
    expect(order.slice(0, before).every((k) => notices.has(k))).toBe(true);
    expect(order.slice(before, before + alertIds.length).sort()).toEqual([...alertIds].sort());
    expect(order.slice(before + alertIds.length).every((k) => notices.has(k))).toBe(true);
  });
});

describe("the spend breaker", () => {
  it("counts a mass notice's SMS apart: past its own ceiling they are skipped, and an alert's SMS still goes", async () => {
    const peer = await startTwilioPeer();
    const own = await createTestApp({
      SMTP_URL: smtp.url,
      ...peer.env(),
      PAID_SENDS_PER_HOUR: "5",
      MASS_NOTICE_SENDS_PER_HOUR: "10",
    });
    try {
      const org = await createOrg(own.services);
      const site = await addLocation(own.services, org);
      const ids = Array.from({ length: 20 }, () => randomUUID());
      await insertMany(
        own.services.db,
        profiles,
        ids.map((id, i) => ({
          id,
          accountId: org.accountId,
          organizationId: org.id,
          fullName: `Pupil ${i}`,
          locationId: site.id,
        })),
      );
      await insertMany(
        own.services.db,
        contacts,
        ids.map((id, i) =>
          contactRow(
            own.services.cipher,
            { profileId: id, accountId: org.accountId },
            {
              name: `Guardian ${i}`,
              channel: "sms",
              value: `+1555040${String(i).padStart(4, "0")}`,
              priority: 1,
              role: "guardian",
            },
          ),
        ),
      );
      const sent = await sendNotice(
        own.services,
        org,
        { userId: org.accountId, name: "Admin" },
        randomUUID(),
        {
          locationIds: [site.id],
          audience: "guardians",
          message: "Buses are late.",
          withReply: false,
        },
      );
      expect(sent.ok).toBe(true);
      const dispatcher = createDispatcher(own.services, { concurrency: 1 });
      while ((await dispatcher.runOnce()) > 0) {}
      const notices = await own.services.db
        .select({ status: alertDeliveries.status, note: alertDeliveries.note })
        .from(alertDeliveries)
        .where(eq(alertDeliveries.kind, "mass_notice"));
      expect(notices.filter((d) => d.status === "sent")).toHaveLength(10);
      expect(
        notices.filter((d) => d.status === "skipped" && d.note === "spend_limit"),
      ).toHaveLength(10);

      const inTrouble = await createOwner(own.services, {
        contacts: [{ name: "Lee", channel: "sms", value: "+15550409999" }],
      });
      const raised = await raiseAlert(own.services, {
        source: "card",
        userId: inTrouble.userId,
        tagId: inTrouble.tagId,
        idempotencyKey: randomUUID(),
        location: null,
        clientAddress: "x",
      });
      while ((await dispatcher.runOnce()) > 0) {}
      const [alertSms] = await own.services.db
        .select()
        .from(alertDeliveries)
        .where(
          and(eq(alertDeliveries.alertId, raised.alertId), eq(alertDeliveries.channel, "sms")),
        );
      expect(alertSms).toMatchObject({ status: "sent" });
      expect(peer.countsByKey().get(alertSms!.id)).toBe(1);
    } finally {
      await own.close();
      await peer.close();
    }
  });
});

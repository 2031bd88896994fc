import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raiseAlert } from "#server/alerts/create.ts";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { isNoticePayload, openNotice } from "#server/alerts/notices.ts";
import {
  alertDeliveries,
  auditEvents,
  contacts,
  contactTokens,
  optOuts,
  profiles,
} from "#server/db/schema.ts";
import { TWILIO_INBOUND_PATH } from "#server/delivery/twilio-inbound.ts";
import { twilioSignature } from "#server/delivery/twilio-status.ts";
import {
  CONSENT_RULES,
  REQUESTS_PER_CONTACT,
  requestContactConsent,
} from "#server/domain/contact-consent.ts";
import { issueContactToken } from "#server/domain/contact-tokens.ts";
import { addContacts, listContacts, updateContact } from "#server/domain/contacts.ts";
import { createConsentJob } from "#server/domain/current-checks.ts";
import { startTwilioPeer, type TwilioPeer } from "#tests/fault/peers.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";

let app: TestApp;
let twilio: TwilioPeer;
let numbers = 0;
/** A fresh US number per test, so the per-destination ceiling of one test never meets another's. */
const freshNumber = () => `+1202555${String(1000 + numbers++).padStart(4, "0")}`;
const freshEmail = () => `contact-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  twilio = await startTwilioPeer();
  app = await createTestApp(twilio.env());
});
afterAll(async () => {
  await app?.close();
  await twilio?.close();
});

const dispatch = () => createDispatcher(app.services).runOnce();

/** An owner whose contacts have not answered yet. */
const pendingOwner = (
  list: { name: string; channel: "email" | "sms" | "whatsapp"; value: string }[],
) => createOwner(app.services, { contacts: list, consent: "pending" });

async function addContact(
  profileId: string,
  contact: { name: string; channel: "email" | "sms" | "whatsapp"; value: string },
) {
  const added = await addContacts(app.services.db, app.services.cipher, profileId, [contact], {
    consent: app.services,
  });
  if (!added.ok) throw new Error("contact not added");
  return { id: added.contacts[0]!.id, requests: added.requests };
}

/** The requests queued to a contact (notice deliveries), newest first, with their opened links. */
async function requestsTo(
  name: string,
  kind: "contact_request" | "current_check" = "contact_request",
) {
  const rows = await app.services.db
    .select()
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.kind, kind), eq(alertDeliveries.contactName, name)));
  return rows
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((row) => {
      if (!isNoticePayload(row.payload)) throw new Error("no payload");
      const opened = openNotice(row.payload, app.services.cipher, row.id);
      return { row, link: opened.params.link!, token: opened.params.link!.split("/c/")[1]! };
    });
}

async function firstRequestTo(name: string) {
  const [first] = await requestsTo(name);
  if (!first) throw new Error(`no request to ${name}`);
  return first;
}

const consentOf = async (contactId: string) =>
  (await app.services.db.select().from(contacts).where(eq(contacts.id, contactId)))[0]!;

const answer = (token: string, value: string, client = new Client(app)) =>
  client.post(`/c/${token}`, { answer: value });

describe("confirmation request (DESIGN 1b.4)", () => {
  it("adding a contact queues one request on their channel with a sealed /c/ link", async () => {
    const owner = await pendingOwner([]);
    const email = freshEmail();
    const { id, requests } = await addContact(owner.userId, {
      name: "Rita Request",
      channel: "email",
      value: email,
    });
    expect(requests).toEqual([{ contactId: id, name: "Rita Request", sent: true }]);
    const [request] = await requestsTo("Rita Request");
    expect(request!.link).toMatch(/^http:\/\/localhost:3000\/c\/[A-Za-z0-9_-]{32}$/);
    // The link is a secret: only ciphertext in the database.
    expect(JSON.stringify(request!.row.payload)).not.toContain(request!.token);
    expect(await consentOf(id)).toMatchObject({ consent: "pending", consentRequests: 1 });
    await dispatch();
    const [sent] = await requestsTo("Rita Request");
    expect(sent!.row.status).toBe("delivered");
  });

  it("GET never spends the link; Confirm spends it and records the answer; again says used", async () => {
    const owner = await pendingOwner([]);
    const { id } = await addContact(owner.userId, {
      name: "Carl Confirm",
      channel: "email",
      value: freshEmail(),
    });
    const { token } = await firstRequestTo("Carl Confirm");
    for (let i = 0; i < 2; i++) {
      const page = await new Client(app).get(`/c/${token}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Olivia Owner added you as an emergency contact");
      expect(html).toContain("Confirm");
    }
    expect(await consentOf(id)).toMatchObject({ consent: "pending" });
    const confirmed = await answer(token, "confirm");
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("you are Olivia Owner");
    expect(await consentOf(id)).toMatchObject({ consent: "confirmed" });
    const again = await answer(token, "decline");
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This link has already been used");
    expect(await consentOf(id)).toMatchObject({ consent: "confirmed" });
    const lines = await app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.eventType, "contact_consent_answered"));
    expect(lines.some((l) => (l.metadata as { contact_id?: string }).contact_id === id)).toBe(true);
  });

  it("an expired link and an unknown one are refused with their own words and change nothing", async () => {
    const owner = await pendingOwner([]);
    const { id } = await addContact(owner.userId, {
      name: "Eve Expired",
      channel: "email",
      value: freshEmail(),
    });
    const { token } = await firstRequestTo("Eve Expired");
    await app.services.db
      .update(contactTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(contactTokens.contactId, id));
    const page = await new Client(app).get(`/c/${token}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("This link has expired");
    expect((await answer(token, "confirm")).status).toBe(410);
    const unknown = await new Client(app).get(`/c/${"A".repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("This link is not valid");
    expect((await answer("not-a-token", "confirm")).status).toBe(404);
    expect(await consentOf(id)).toMatchObject({ consent: "pending" });
  });

  it("a link answers for its own contact only; a Messenger link token is no answer here; a bad answer changes nothing", async () => {
    const owner = await pendingOwner([]);
    const a = await addContact(owner.userId, {
      name: "Ann One",
      channel: "email",
      value: freshEmail(),
    });
    const b = await addContact(owner.userId, {
      name: "Bob Two",
      channel: "email",
      value: freshEmail(),
    });
    const { token } = await firstRequestTo("Ann One");
    expect((await answer(token, "maybe")).status).toBe(400);
    expect(await consentOf(a.id)).toMatchObject({ consent: "pending" });
    expect((await answer(token, "decline")).status).toBe(200);
    expect(await consentOf(a.id)).toMatchObject({ consent: "declined" });
    expect(await consentOf(b.id)).toMatchObject({ consent: "pending" });
    const link = await issueContactToken(app.services.db, b.id, "link");
    expect((await answer(link, "confirm")).status).toBe(404);
    expect(await consentOf(b.id)).toMatchObject({ consent: "pending" });
  });

  it("a changed address puts the contact back to pending, asks again, and the old link stops working", async () => {
    const owner = await pendingOwner([]);
    const { id } = await addContact(owner.userId, {
      name: "Nora Newnumber",
      channel: "email",
      value: freshEmail(),
    });
    const { token: first } = await firstRequestTo("Nora Newnumber");
    expect((await answer(first, "confirm")).status).toBe(200);
    const changed = await updateContact(
      app.services.db,
      app.services.cipher,
      owner.userId,
      id,
      { name: "Nora Newnumber", channel: "sms", value: freshNumber() },
      undefined,
      app.services,
    );
    expect(changed).toMatchObject({ readdressed: true });
    expect(await consentOf(id)).toMatchObject({ consent: "pending", consentRequests: 1 });
    const requests = await requestsTo("Nora Newnumber");
    expect(requests).toHaveLength(2);
    expect(requests[0]!.row.channel).toBe("sms");
    // A rename alone asks nothing.
    await updateContact(app.services.db, app.services.cipher, owner.userId, id, {
      name: "Nora N.",
      channel: "sms",
      value: (await listContacts(app.services.db, app.services.cipher, owner.userId)).find(
        (c) => c.id === id,
      )!.value,
    });
    expect(await requestsTo("Nora N.")).toHaveLength(0);
  });
});

describe("ceilings on confirmation requests", () => {
  it("Send again works a few times per contact, then says why not, and another owner's contact is not theirs", async () => {
    const owner = await pendingOwner([
      { name: "Sam Again", channel: "email", value: freshEmail() },
    ]);
    const client = await signIn(app, owner.email);
    const [contact] = await listContacts(app.services.db, app.services.cipher, owner.userId);
    // The fixture's contact was never asked: Send again asks up to the per-contact ceiling.
    for (let i = 0; i < REQUESTS_PER_CONTACT; i++) {
      const sent = await client.post("/dashboard", {
        intent: "resendConsent",
        contactId: contact!.id,
      });
      expect(sent.status).toBe(200);
    }
    const refused = await client.post("/dashboard", {
      intent: "resendConsent",
      contactId: contact!.id,
    });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("already asked three times");
    expect(await requestsTo("Sam Again")).toHaveLength(REQUESTS_PER_CONTACT);

    const stranger = await pendingOwner([
      { name: "Not Yours", channel: "email", value: freshEmail() },
    ]);
    const [theirs] = await listContacts(app.services.db, app.services.cipher, stranger.userId);
    const denied = await client.post("/dashboard", {
      intent: "resendConsent",
      contactId: theirs!.id,
    });
    expect(denied.status).toBe(404);
    expect(await requestsTo("Not Yours")).toHaveLength(0);
  });

  it("one number cannot be flooded by many owners: the fourth owner's request that day is held back", async () => {
    const number = freshNumber();
    const outcomes = [];
    for (let i = 0; i < CONSENT_RULES.destinationDay.points + 1; i++) {
      const owner = await pendingOwner([]);
      outcomes.push(
        (await addContact(owner.userId, { name: `Flood ${i}`, channel: "sms", value: number }))
          .requests[0],
      );
    }
    expect(outcomes.slice(0, 3).every((o) => o?.sent)).toBe(true);
    expect(outcomes[3]).toMatchObject({ sent: false, reason: "destination_limit" });
    expect(await requestsTo("Flood 3")).toHaveLength(0);
  });

  it("an account asks at most its day's ceiling of texts; the rest wait as 'not asked yet'", async () => {
    const owner = await createOwner(app.services, {
      plan: "enterprise",
      contacts: [],
      consent: "pending",
    });
    const added = await addContacts(
      app.services.db,
      app.services.cipher,
      owner.userId,
      Array.from({ length: CONSENT_RULES.accountPaidDay.points + 2 }, (_, i) => ({
        name: `Bulk ${i}`,
        channel: "sms" as const,
        value: freshNumber(),
      })),
      { consent: app.services },
    );
    if (!added.ok) throw new Error("not added");
    const sent = added.requests.filter((r) => r.sent).length;
    expect(sent).toBe(CONSENT_RULES.accountPaidDay.points);
    expect(added.requests.filter((r) => !r.sent)).toEqual([
      expect.objectContaining({ reason: "account_limit" }),
      expect.objectContaining({ reason: "account_limit" }),
    ]);
  });
});

const inboundUrl = () => new URL(TWILIO_INBOUND_PATH, app.services.config.publicUrl).toString();

function inbound(params: Record<string, string>, signature?: string | null) {
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
  };
  if (signature !== null) {
    headers["x-twilio-signature"] =
      signature ?? twilioSignature(twilio.authToken, inboundUrl(), params);
  }
  return app.request(TWILIO_INBOUND_PATH, {
    method: "POST",
    headers,
    body: new URLSearchParams(params),
  });
}

const stopsFor = async () => (await app.services.db.select().from(optOuts)).length;

async function realAlert(userId: string, tagId: string) {
  const raised = await raiseAlert(app.services, {
    source: "card",
    userId,
    tagId,
    idempotencyKey: randomUUID(),
    location: null,
    clientAddress: "203.0.113.9",
  });
  return app.services.db
    .select()
    .from(alertDeliveries)
    .where(eq(alertDeliveries.alertId, raised.alertId));
}

describe("Twilio's inbound webhook: STOP, START, HELP", () => {
  it("a bad or missing signature is refused 403, changes nothing, and the refusal is logged", async () => {
    const before = await stopsFor();
    const params = { From: freshNumber(), Body: "STOP", MessageSid: "SM1" };
    expect((await inbound(params, "bm90LXRoZS1zaWduYXR1cmU=")).status).toBe(403);
    expect((await inbound(params, null)).status).toBe(403);
    // Signed for other parameters: refused too.
    const forged = twilioSignature(twilio.authToken, inboundUrl(), { ...params, Body: "HELP" });
    expect((await inbound(params, forged)).status).toBe(403);
    expect(await stopsFor()).toBe(before);
    const refusals = await app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.eventType, "twilio_inbound_refused"));
    expect(refusals.length).toBeGreaterThanOrEqual(3);
    expect(refusals.every((r) => r.success === false)).toBe(true);
  });

  it("an oversize body is refused before it is read", async () => {
    const response = await app.request(TWILIO_INBOUND_PATH, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": "x",
      },
      body: `Body=${"A".repeat(70 * 1024)}`,
    });
    expect(response.status).toBe(413);
  });

  it("one call asks many people's contacts: each names its person (a minor by first name only), a STOPped number is not asked", async () => {
    const owner = await pendingOwner([]);
    const [own] = await app.services.db
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.id, owner.userId));
    const person = async (fullName: string, isMinor: boolean) => {
      const id = randomUUID();
      await app.services.db
        .insert(profiles)
        .values({ id, accountId: owner.userId, fullName, isMinor });
      return id;
    };
    const adult = await person("Ana María Reyes", false);
    const minor = await person("Lucía Reyes Gómez", true);
    const stopped = freshNumber();
    expect((await inbound({ From: stopped, Body: "STOP", MessageSid: "SM-batch" })).status).toBe(
      200,
    );
    // Added without asking, then asked in one call, as an import's batch is.
    const quietly = async (profileId: string, name: string, value: string) => {
      const added = await addContacts(app.services.db, app.services.cipher, profileId, [
        { name, channel: "sms", value },
      ]);
      if (!added.ok) throw new Error("contact not added");
      return added.contacts[0]!.id;
    };
    const ids = [
      await quietly(adult, "Batch Adult", freshNumber()),
      await quietly(minor, "Batch Minor", freshNumber()),
      await quietly(adult, "Batch Stopped", stopped),
    ];
    const outcomes = await app.services.db.transaction((tx) =>
      requestContactConsent(app.services, tx, ids),
    );
    expect(outcomes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Batch Adult", sent: true }),
        expect.objectContaining({ name: "Batch Minor", sent: true }),
        expect.objectContaining({ name: "Batch Stopped", sent: false, reason: "opted_out" }),
      ]),
    );
    expect(await requestsTo("Batch Stopped")).toHaveLength(0);
    const params = async (name: string) => {
      const [request] = await requestsTo(name);
      if (!request || !isNoticePayload(request.row.payload))
        throw new Error(`no request to ${name}`);
      return openNotice(request.row.payload, app.services.cipher, request.row.id);
    };
    const toAdult = await params("Batch Adult");
    expect(toAdult.template).toBe("contactRequestFor");
    expect(toAdult.params).toMatchObject({ person: "Ana María Reyes", owner: own!.fullName });
    expect((await params("Batch Minor")).params).toMatchObject({
      person: "Lucía",
      owner: own!.fullName,
    });
  });

  it("a STOP from a number that is a contact of two owners stops both; the owner left unreached is told", async () => {
    const number = freshNumber();
    const first = await createOwner(app.services, {
      contacts: [{ name: "Shared Stopper", channel: "sms", value: number }],
    });
    const second = await createOwner(app.services, {
      contacts: [
        { name: "Shared Stopper", channel: "sms", value: number },
        { name: "Email Friend", channel: "email", value: freshEmail() },
      ],
    });
    const stop = await inbound({ From: number, Body: "  stop ", MessageSid: "SM2" });
    expect(stop.status).toBe(200);
    expect(await stop.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');

    const firstDeliveries = await realAlert(first.userId, first.tagId);
    const toNumber = firstDeliveries.filter(
      (d) => d.contactName === "Shared Stopper" && d.kind === "alert",
    );
    // Neither the text nor the call goes to a number that stopped.
    expect(toNumber).toEqual([
      expect.objectContaining({ channel: "sms", status: "skipped", note: "opted_out" }),
    ]);
    expect(firstDeliveries).toContainEqual(
      expect.objectContaining({ kind: "quota_notice", note: "opted_out", status: "pending" }),
    );
    const secondDeliveries = await realAlert(second.userId, second.tagId);
    expect(secondDeliveries).toContainEqual(
      expect.objectContaining({ contactName: "Shared Stopper", note: "opted_out" }),
    );
    // Someone else was reached: no notice about the stop.
    expect(secondDeliveries.some((d) => d.kind === "quota_notice")).toBe(false);
    await dispatch();
    expect(twilio.received.some((r) => r.to.endsWith(number))).toBe(false);
    const audit = await app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.eventType, "contact_opt_out"));
    expect(audit.some((a) => JSON.stringify(a.metadata).includes(number))).toBe(false);
    expect(audit.length).toBeGreaterThan(0);
  });

  it("START lifts the STOP; OptOutType is honoured; a WhatsApp STOP stops WhatsApp only", async () => {
    const number = freshNumber();
    const owner = await createOwner(app.services, {
      contacts: [{ name: "Stop Start", channel: "sms", value: number }],
    });
    await inbound({ From: number, Body: "Arrêtez", OptOutType: "STOP", MessageSid: "SM3" });
    expect((await realAlert(owner.userId, owner.tagId))[0]).toMatchObject({ note: "opted_out" });
    await inbound({ From: `whatsapp:${number}`, Body: "START", MessageSid: "SM4" });
    // A WhatsApp START says nothing about SMS.
    expect((await realAlert(owner.userId, owner.tagId))[0]).toMatchObject({ note: "opted_out" });
    const started = await inbound({ From: number, Body: "unstop", MessageSid: "SM5" });
    expect(started.status).toBe(200);
    const after = await realAlert(owner.userId, owner.tagId);
    expect(after.find((d) => d.channel === "sms")).toMatchObject({ status: "pending", note: null });
  });

  it("HELP answers with SafeTap's help text and support address", async () => {
    const help = await inbound({ From: freshNumber(), Body: "help", MessageSid: "SM6" });
    expect(help.status).toBe(200);
    expect(help.headers.get("content-type")).toContain("text/xml");
    const text = await help.text();
    expect(text).toContain("<Response><Message>SafeTap sends emergency alerts");
    expect(text).toContain(app.services.config.supportEmail);
    const spanish = await inbound({
      From: freshNumber(),
      Body: "INFO",
      FromCountry: "MX",
      MessageSid: "SM7",
    });
    expect(await spanish.text()).toContain("Responde STOP");
  });

  it("the dispatcher skips a queued text whose number replied STOP after it was queued", async () => {
    const number = freshNumber();
    const owner = await createOwner(app.services, {
      contacts: [{ name: "Late Stopper", channel: "sms", value: number }],
    });
    const queued = await realAlert(owner.userId, owner.tagId);
    expect(queued.find((d) => d.channel === "sms")).toMatchObject({ status: "pending" });
    await inbound({ From: number, Body: "STOP", MessageSid: "SM8" });
    await dispatch();
    const after = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(
        inArray(
          alertDeliveries.id,
          queued.map((d) => d.id),
        ),
      );
    expect(after.filter((d) => d.channel !== "email")).toEqual(
      after
        .filter((d) => d.channel !== "email")
        .map(() => expect.objectContaining({ status: "skipped", note: "opted_out" })),
    );
    expect(twilio.received.some((r) => r.to.endsWith(number))).toBe(false);
  });
});

describe("who an alert reaches", () => {
  it("a test alert goes only to confirmed contacts; with none confirmed the owner is told why", async () => {
    const owner = await pendingOwner([
      { name: "Pending Pat", channel: "email", value: freshEmail() },
      { name: "Confirmed Cora", channel: "email", value: freshEmail() },
    ]);
    const client = await signIn(app, owner.email);
    const nobody = await client.post("/dashboard", {
      intent: "testAlert",
      tagId: owner.tagId,
      idempotencyKey: "consent-test-key-0001",
    });
    expect(await nobody.text()).toContain("None of the contacts has confirmed yet");
    const cora = (await listContacts(app.services.db, app.services.cipher, owner.userId)).find(
      (c) => c.name === "Confirmed Cora",
    )!;
    await app.services.db
      .update(contacts)
      .set({ consent: "confirmed" })
      .where(eq(contacts.id, cora.id));
    const sent = await client.post("/dashboard", {
      intent: "testAlert",
      tagId: owner.tagId,
      idempotencyKey: "consent-test-key-0002",
    });
    expect(await sent.text()).toContain("Test alert sent!");
    const deliveries = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.accountId, owner.userId));
    const alerted = deliveries.filter((d) => d.kind === "alert").map((d) => d.contactName);
    expect(alerted).toEqual(["Confirmed Cora"]);
  });

  it("a real emergency reaches pending and declined contacts too", async () => {
    const owner = await pendingOwner([
      { name: "Pending Pia", channel: "email", value: freshEmail() },
      { name: "Declined Dan", channel: "email", value: freshEmail() },
    ]);
    const dan = (await listContacts(app.services.db, app.services.cipher, owner.userId)).find(
      (c) => c.name === "Declined Dan",
    )!;
    await app.services.db
      .update(contacts)
      .set({ consent: "declined" })
      .where(eq(contacts.id, dan.id));
    const deliveries = await realAlert(owner.userId, owner.tagId);
    expect(
      deliveries
        .filter((d) => d.kind === "alert")
        .map((d) => [d.contactName, d.status])
        .sort(),
    ).toEqual([
      ["Declined Dan", "pending"],
      ["Pending Pia", "pending"],
    ]);
  });
});

describe("the dashboard shows each contact's answer", () => {
  it("Pending, Confirmed, Declined and Stopped with the date and 'they replied STOP'", async () => {
    const number = freshNumber();
    const owner = await pendingOwner([
      { name: "Paula Pending", channel: "email", value: freshEmail() },
      { name: "Steve Stopped", channel: "sms", value: number },
    ]);
    await inbound({ From: number, Body: "STOP", MessageSid: "SM9" });
    await addContact(owner.userId, {
      name: "Dora Declined",
      channel: "email",
      value: freshEmail(),
    });
    const { token } = await firstRequestTo("Dora Declined");
    expect((await answer(token, "decline")).status).toBe(200);
    const client = await signIn(app, owner.email);
    const html = await (await client.get("/dashboard")).text();
    expect(html).toMatch(/data-state="pending"/);
    expect(html).toMatch(/data-state="stopped"/);
    expect(html).toMatch(/data-state="declined"/);
    expect(html).toContain("they replied STOP");
    expect(html).toContain("Send again");
    // Who has not answered and who said no are told apart; both are alerted in an emergency.
    expect(html).toMatch(
      /data-testid="unconfirmed">Paula Pending has not confirmed being your emergency contact\. They will still be alerted in a real emergency\./,
    );
    expect(html).toMatch(
      /data-testid="declined">Dora Declined declined being your emergency contact: they get no test alerts, and are still alerted in a real emergency\./,
    );
  });
});

describe("the six-monthly 'still current?' check", () => {
  it("asks contacts confirmed over six months ago and owners whose record is that old, once", async () => {
    const owner = await createOwner(app.services, {
      contacts: [{ name: "Old Confirmed", channel: "email", value: freshEmail() }],
    });
    const [contact] = await listContacts(app.services.db, app.services.cipher, owner.userId);
    const longAgo = new Date(Date.now() - 200 * 86_400_000);
    await app.services.db
      .update(contacts)
      .set({ consentAt: longAgo, currentConfirmedAt: longAgo })
      .where(eq(contacts.id, contact!.id));
    await app.services.db
      .update(profiles)
      .set({ medicalConfirmedAt: longAgo, createdAt: longAgo })
      .where(eq(profiles.id, owner.userId));
    const job = createConsentJob(app.services);
    const first = await job.runOnce();
    expect(first.contacts).toBeGreaterThanOrEqual(1);
    expect(first.records).toBeGreaterThanOrEqual(1);
    const [check] = await requestsTo("Old Confirmed", "current_check");
    expect(check).toBeDefined();
    const ownerChecks = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(
        and(eq(alertDeliveries.kind, "current_check"), eq(alertDeliveries.accountId, owner.userId)),
      );
    expect(ownerChecks).toHaveLength(2);
    // Not asked again in the next run.
    await job.runOnce();
    expect(await requestsTo("Old Confirmed", "current_check")).toHaveLength(1);

    const page = await (await new Client(app).get(`/c/${check!.token}`)).text();
    expect(page).toContain("Are you still Olivia Owner");
    expect((await answer(check!.token, "confirm")).status).toBe(200);
    const after = await consentOf(contact!.id);
    expect(after.consent).toBe("confirmed");
    expect(after.currentConfirmedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

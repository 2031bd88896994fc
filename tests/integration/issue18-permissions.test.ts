import { randomUUID } from "node:crypto";
import { and, count, eq, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_FEED_RULE } from "#app/routes/card/ack.server.ts";
import { CONTACT_LINK_RULE } from "#app/routes/contacts/confirm.server.ts";
import { alertTokens } from "#server/alerts/tokens.ts";
import {
  alertDeliveries,
  alerts,
  auditEvents,
  contacts,
  livePositions,
  optOuts,
  responderUpdates,
  supportTickets,
} from "#server/db/schema.ts";
import { META_WEBHOOK_PATH } from "#server/delivery/meta.ts";
import { TWILIO_INBOUND_PATH } from "#server/delivery/twilio-inbound.ts";
import { twilioSignature } from "#server/delivery/twilio-status.ts";
import { issueContactToken } from "#server/domain/contact-tokens.ts";
import { listContacts } from "#server/domain/contacts.ts";
import { LIVE_RULES } from "#server/domain/live-location.ts";
import { LINK_RULES, linkTargets } from "#server/domain/meta-links.ts";
import { HANDOVER_RULES } from "#server/domain/responder-handover.ts";
import { SUPPORT_RULES } from "#server/domain/support-tickets.ts";
import { BODY_LIMITS } from "#server/http/body-limits.ts";
import { WEBHOOK_REFUSALS } from "#server/http/webhooks.ts";
import type { RateRule } from "#server/security/rate-limit.ts";
import type { TwilioPeer } from "#tests/fault/peers.ts";
import type { TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import type { MetaGraphPeer } from "#tests/support/meta-graph-peer.ts";
import { type ProviderApp, startAppWithProviders } from "#tests/support/provider-app.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";

// One permission matrix for issue 18's new surfaces: for each, who may not use it (a stranger,
// another owner, a wrong, expired or spent token) is refused and nothing changes; a body over the
// surface's limit is refused before it is read; a provider's webhook needs its signature; and the
// surface's per-address (or per-destination) ceiling is there and bites.

let providers: ProviderApp | undefined;
let app: TestApp;
let twilio: TwilioPeer;
let meta: MetaGraphPeer;

beforeAll(async () => {
  providers = await startAppWithProviders();
  ({ app, twilio, meta } = providers);
}, 180_000);
afterAll(() => providers?.close());

const phone = { "user-agent": PHONE_USER_AGENT, accept: "application/json" };
const KB = 1024;
/** A form field that takes a body just over `limit` bytes. */
const padding = (limit: number) => "x".repeat(limit + KB);

/** Spends a ceiling for one key, as that many requests would have. */
async function exhaust(rule: RateRule, key: string) {
  for (let i = 0; i < rule.points; i++) await app.services.limiter.consume(rule, key);
}

/** How many rows of a table match. */
async function rows(table: PgTable, where?: SQL) {
  const [{ n } = { n: 0 }] = await app.services.db.select({ n: count() }).from(table).where(where);
  return n;
}

/** A contact's confirmation token and the contact's row. */
async function pendingContact(owner: Owner) {
  const [contact] = await listContacts(app.services.db, app.services.cipher, owner.userId);
  const token = await issueContactToken(app.services.db, contact!.id, "confirm");
  return { contactId: contact!.id, token };
}

const consentOf = async (contactId: string) =>
  (await app.services.db.select().from(contacts).where(eq(contacts.id, contactId)))[0]!.consent;

async function cardAlert(tagId: string, client = new Client(app)) {
  const response = await client.post(
    `/t/${tagId}/alert`,
    { idempotencyKey: randomUUID(), latitude: "51.507400", longitude: "-0.127800" },
    phone,
  );
  expect(response.status).toBe(200);
  return { ...((await response.json()) as { alertId: string; token: string }), client };
}

async function ackTokenOf(alertId: string) {
  const [delivery] = await app.services.db
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.alertId, alertId), eq(alertDeliveries.kind, "alert")))
    .limit(1);
  return alertTokens(app.services.config.dataEncryptionKey).ackToken(delivery!.id);
}

describe("/c/:token, the contact's confirmation page", () => {
  it("refuses unknown, expired, spent and other-purpose tokens, oversize bodies, and too many look-ups", async () => {
    const owner = await createOwner(app.services, { consent: "pending" });
    const { contactId, token } = await pendingContact(owner);
    const client = new Client(app);
    const answer = (t: string, value = "confirm", c = client) =>
      c.post(`/c/${t}`, { answer: value });

    // Unknown, and a token of another purpose (a Messenger link): no answer here.
    expect((await client.get(`/c/${"A".repeat(32)}`)).status).toBe(404);
    expect((await answer("A".repeat(32))).status).toBe(404);
    expect((await answer(await issueContactToken(app.services.db, contactId, "link"))).status).toBe(
      404,
    );
    // Over the page form's limit: refused before it is read.
    const big = await client.post(`/c/${token}`, {
      answer: "confirm",
      padding: padding(BODY_LIMITS.form),
    });
    expect(big.status).toBe(413);
    expect(await consentOf(contactId)).toBe("pending");

    // Expired: refused with 410, nothing recorded.
    const expired = await issueContactToken(
      app.services.db,
      contactId,
      "confirm",
      new Date(Date.now() - 31 * 86_400_000),
    );
    expect((await answer(expired)).status).toBe(410);
    expect(await consentOf(contactId)).toBe("pending");

    // Spent: the first answer counts, a second one is refused and changes nothing.
    const fresh = await issueContactToken(app.services.db, contactId, "confirm");
    expect((await answer(fresh, "decline")).status).toBe(200);
    expect((await answer(fresh, "confirm")).status).toBe(410);
    expect(await consentOf(contactId)).toBe("declined");

    // 60 look-ups per address in 15 minutes, then 429 with Retry-After.
    const guesser = new Client(app);
    await exhaust(CONTACT_LINK_RULE, guesser.address);
    const limited = await guesser.get(`/c/${"B".repeat(32)}`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("/c/link/:token, the Messenger and Instagram link page", () => {
  it("refuses unknown, expired and other-purpose tokens, oversize bodies, and guessing", async () => {
    const owner = await createOwner(app.services);
    const [contact] = await listContacts(app.services.db, app.services.cipher, owner.userId);
    const client = new Client(app);
    expect((await client.get(`/c/link/${"C".repeat(32)}`)).status).toBe(404);
    const confirmToken = await issueContactToken(app.services.db, contact!.id, "confirm");
    expect((await client.get(`/c/link/${confirmToken}`)).status).toBe(404);
    expect((await client.post(`/c/link/${"C".repeat(32)}`, { intent: "unlink" })).status).toBe(404);
    const old = await issueContactToken(
      app.services.db,
      contact!.id,
      "link",
      new Date(Date.now() - 8 * 86_400_000),
    );
    expect((await client.get(`/c/link/${old}`)).status).toBe(410);
    // A spent link linked this contact's account; an expired one cannot undo it.
    const token = await issueContactToken(app.services.db, contact!.id, "link");
    const href = linkTargets(app.services.config, token).find((t) => t.channel === "messenger")!;
    expect((await meta.openLink(href.href)).status).toBe(200);
    expect((await client.post(`/c/link/${old}`, { intent: "unlink" })).status).toBe(410);
    const big = await client.post(`/c/link/${token}`, {
      intent: "unlink",
      padding: padding(BODY_LIMITS.form),
    });
    expect(big.status).toBe(413);
    const [row] = await app.services.db.select().from(contacts).where(eq(contacts.id, contact!.id));
    expect(row!.metaChannel).toBe("messenger");

    // Wrong tokens are counted per address.
    const guesser = new Client(app);
    await exhaust(LINK_RULES.pageAddress, guesser.address);
    expect((await guesser.get(`/c/link/${"D".repeat(32)}`)).status).toBe(429);
  });
});

describe("/webhooks/twilio/inbound", () => {
  const url = () => new URL(TWILIO_INBOUND_PATH, app.services.config.publicUrl).toString();
  const post = (params: Record<string, string>, signature: string | null, from = "10.9.0.1") =>
    app.request(TWILIO_INBOUND_PATH, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": from,
        ...(signature === null ? {} : { "x-twilio-signature": signature }),
      },
      body: new URLSearchParams(params),
    });
  const refusals = () => rows(auditEvents, eq(auditEvents.eventType, "twilio_inbound_refused"));

  it("needs Twilio's signature over the public URL; refusals change nothing and are audited up to a ceiling", async () => {
    const stop = { From: "+12025550999", To: "+15005550006", Body: "STOP", MessageSid: "SM1" };
    const before = { stops: await rows(optOuts), audited: await refusals() };
    expect((await post(stop, null)).status).toBe(403);
    expect((await post(stop, "x".repeat(28))).status).toBe(403);
    // Signed for another URL (a replay against another endpoint).
    const elsewhere = twilioSignature(twilio.authToken, `${url()}x`, stop);
    expect((await post(stop, elsewhere)).status).toBe(403);
    // Signed, but the body was changed on the way.
    const signed = twilioSignature(twilio.authToken, url(), stop);
    expect((await post({ ...stop, From: "+12025550998" }, signed)).status).toBe(403);
    expect(await rows(optOuts)).toBe(before.stops);
    expect(await refusals()).toBe(before.audited + 4);

    // Over its limit: refused before it is read.
    const big = await post({ ...stop, Body: padding(BODY_LIMITS.webhook) }, signed);
    expect(big.status).toBe(413);

    // Beyond the per-address ceiling a refusal is still refused, but no longer fills the log.
    await exhaust(WEBHOOK_REFUSALS.twilioInbound.rule, "10.9.0.2");
    const audited = await refusals();
    expect((await post(stop, null, "10.9.0.2")).status).toBe(403);
    expect(await refusals()).toBe(audited);
    expect(await rows(optOuts)).toBe(before.stops);

    // The real one is taken.
    expect((await post(stop, signed)).status).toBe(200);
    expect(await rows(optOuts)).toBe(before.stops + 1);
  });
});

describe("/webhooks/meta", () => {
  const post = (body: string, signature: string | null, from = "10.9.1.1") =>
    app.request(META_WEBHOOK_PATH, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": from,
        ...(signature === null ? {} : { "x-hub-signature-256": signature }),
      },
      body,
    });
  const refusals = () => rows(auditEvents, eq(auditEvents.eventType, "meta_webhook_refused"));

  it("needs X-Hub-Signature-256 over the raw body; refusals link nothing and are audited up to a ceiling", async () => {
    const owner = await createOwner(app.services);
    const [contact] = await listContacts(app.services.db, app.services.cipher, owner.userId);
    const token = await issueContactToken(app.services.db, contact!.id, "link");
    const sender = meta.addUser("messenger");
    const body = JSON.stringify({
      object: "page",
      entry: [
        {
          id: meta.pageId,
          time: Date.now(),
          messaging: [
            {
              sender: { id: sender },
              recipient: { id: meta.pageId },
              timestamp: Date.now(),
              referral: { ref: token, source: "SHORTLINK", type: "OPEN_THREAD" },
            },
          ],
        },
      ],
    });
    const audited = await refusals();
    expect((await post(body, null)).status).toBe(403);
    expect((await post(body, `sha256=${"0".repeat(64)}`)).status).toBe(403);
    // Signed, then changed on the way: the signature is over the raw bytes.
    expect((await post(body.replace(sender, "1234567"), meta.sign(body))).status).toBe(403);
    expect(await refusals()).toBe(audited + 3);
    const big = await post(
      JSON.stringify({ object: "page", entry: [], padding: padding(BODY_LIMITS.metaWebhook) }),
      "sha256=00",
    );
    expect(big.status).toBe(413);
    const unlinked = async () =>
      (await app.services.db.select().from(contacts).where(eq(contacts.id, contact!.id)))[0]!
        .metaChannel;
    expect(await unlinked()).toBeNull();

    await exhaust(WEBHOOK_REFUSALS.meta.rule, "10.9.1.2");
    const before = await refusals();
    expect((await post(body, null, "10.9.1.2")).status).toBe(403);
    expect(await refusals()).toBe(before);

    expect((await post(body, meta.sign(body))).status).toBe(200);
    expect(await unlinked()).toBe("messenger");
  });
});

describe("/live/:alertId, the sharing phone's endpoint", () => {
  it("refuses strangers, another owner, wrong and other alerts' tokens, a called-off SOS, oversize bodies and floods", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const { alertId, token, client } = await cardAlert(owner.tagId);
    const other = await cardAlert((await createOwner(app.services, { plan: "pro" })).tagId);
    const live = (c: Client, id: string, fields: Record<string, string>) =>
      c.post(`/live/${id}`, fields, phone);
    const at = { latitude: "51.500000", longitude: "-0.120000", recordedAt: String(Date.now()) };
    expect((await live(client, alertId, { intent: "start", token, duration: "1h" })).status).toBe(
      200,
    );
    const stranger = new Client(app);
    for (const wrong of [undefined, "0".repeat(32), other.token]) {
      const fields: Record<string, string> = { intent: "position", ...at };
      if (wrong) fields.token = wrong;
      expect((await live(stranger, alertId, fields)).status, wrong ?? "no token").toBe(404);
    }
    // Another owner's session opens neither this card alert nor their own alert's token here.
    const otherOwner = await signIn(app, (await createOwner(app.services, { plan: "pro" })).email);
    expect((await live(otherOwner, alertId, { intent: "position", ...at })).status).toBe(404);
    expect(
      (
        await live(client, alertId, {
          intent: "position",
          token,
          ...at,
          padding: padding(BODY_LIMITS.live),
        })
      ).status,
    ).toBe(413);
    expect(await rows(livePositions, eq(livePositions.alertId, alertId))).toBe(0);

    // An SOS called off takes no position any more.
    const sosOwner = await createOwner(app.services, { plan: "pro" });
    const session = await signIn(app, sosOwner.email);
    await session.post("/sos", { intent: "sos", idempotencyKey: "sos-matrix-000001" });
    const [sos] = await app.services.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, sosOwner.userId), eq(alerts.source, "sos")));
    expect((await live(session, sos!.id, { intent: "start", duration: "1h" })).status).toBe(200);
    expect((await session.post("/sos", { intent: "cancel", alertId: sos!.id })).status).toBe(200);
    expect((await live(session, sos!.id, { intent: "position", ...at })).status).toBe(409);
    expect(await rows(livePositions, eq(livePositions.alertId, sos!.id))).toBe(0);

    // Every request to /live/ counts per address, right token or wrong.
    const flood = new Client(app);
    await exhaust(LIVE_RULES.address, flood.address);
    expect((await live(flood, alertId, { intent: "position", token, ...at })).status).toBe(429);
  });
});

describe("/ack/:token/live.json, the contacts' live page poll", () => {
  it("answers only a live link of that alert, shows nothing after a cancel, and bounds polling per address", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const { alertId } = await cardAlert(owner.tagId);
    const ack = await ackTokenOf(alertId);
    const poll = (token: string, from = "10.9.2.1") =>
      app.request(`/ack/${token}/live.json`, { headers: { "x-forwarded-for": from } });
    expect((await poll(ack)).status).toBe(200);
    // The viewer's token, another purpose's token and a made-up one are not live links.
    const viewerToken = alertTokens(app.services.config.dataEncryptionKey).viewerToken(alertId);
    for (const wrong of [viewerToken, "0".repeat(32), `${ack.slice(0, -1)}x`]) {
      expect((await poll(wrong)).status, wrong).toBe(404);
    }
    await exhaust(LIVE_FEED_RULE, "10.9.2.2");
    const limited = await poll(ack, "10.9.2.2");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("/sos/alert", () => {
  it("refuses the signed out, another account's queued SOS and oversize bodies; nothing is raised", async () => {
    const owner = await createOwner(app.services);
    const sosCount = () =>
      rows(alerts, and(eq(alerts.userId, owner.userId), eq(alerts.source, "sos")));
    const fields = { idempotencyKey: randomUUID(), account: owner.userId };
    expect((await new Client(app).post("/sos/alert", fields)).status).toBe(401);
    const other = await signIn(app, (await createOwner(app.services)).email);
    expect((await other.post("/sos/alert", fields)).status).toBe(403);
    const mine = await signIn(app, owner.email);
    expect(
      (await mine.post("/sos/alert", { ...fields, padding: padding(BODY_LIMITS.form) })).status,
    ).toBe(413);
    expect(await sosCount()).toBe(0);
    // One SOS per key: a replay raises nothing more.
    expect((await mine.post("/sos/alert", fields)).status).toBe(200);
    expect((await mine.post("/sos/alert", fields)).status).toBe(200);
    expect(await sosCount()).toBe(1);
  });
});

describe("/support", () => {
  it("refuses oversize bodies and more questions than an address may ask; nothing stored", async () => {
    const question = {
      name: "Pat Person",
      email: "pat@example.org",
      topic: "contacts",
      message: "How does a contact confirm their role?",
      website: "",
    };
    const stored = () => rows(supportTickets, eq(supportTickets.email, question.email));
    const client = new Client(app);
    expect(
      (await client.post("/support", { ...question, padding: padding(BODY_LIMITS.form) })).status,
    ).toBe(413);
    expect(await stored()).toBe(0);
    await exhaust(SUPPORT_RULES.address, client.address);
    expect((await client.post("/support", question)).status).toBe(429);
    expect(await stored()).toBe(0);
  });
});

describe("the card's handover intent", () => {
  it("refuses bots, unknown tags, a called-off alert, oversize bodies, and floods per address and tag", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const { alertId } = await cardAlert(owner.tagId);
    const handover = (
      tagId: string,
      client = new Client(app),
      extra = {},
      headers: Record<string, string> = phone,
    ) =>
      client.post(
        `/t/${tagId}`,
        { intent: "handover", kind: "helping", idempotencyKey: randomUUID(), ...extra },
        headers,
      );
    const updates = () => rows(responderUpdates, eq(responderUpdates.alertId, alertId));
    expect(
      (await handover(owner.tagId, new Client(app), {}, { "user-agent": "curl/8.0" })).status,
    ).toBe(403);
    expect((await handover("WB-ZZZZZ")).status).toBe(404);
    expect(
      (await handover(owner.tagId, new Client(app), { padding: padding(BODY_LIMITS.form) })).status,
    ).toBe(413);
    expect(await updates()).toBe(0);

    const flood = new Client(app);
    await exhaust(HANDOVER_RULES.address, flood.address);
    expect((await handover(owner.tagId, flood)).status).toBe(429);
    const busyTag = await createOwner(app.services, { plan: "pro" });
    await cardAlert(busyTag.tagId);
    await exhaust(HANDOVER_RULES.tag, busyTag.tagId);
    expect((await handover(busyTag.tagId)).status).toBe(429);
    expect(await updates()).toBe(0);

    // Called off: nothing is sent.
    await app.services.db.update(alerts).set({ status: "cancelled" }).where(eq(alerts.id, alertId));
    expect((await handover(owner.tagId)).status).toBe(409);
    expect(await updates()).toBe(0);
  });
});

import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planDeliveries, raiseAlert } from "#server/alerts/create.ts";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { alertDeliveries, auditEvents, contacts, contactTokens } from "#server/db/schema.ts";
import { META_WEBHOOK_PATH } from "#server/delivery/meta.ts";
import { issueContactToken } from "#server/domain/contact-tokens.ts";
import { listContacts } from "#server/domain/contacts.ts";
import { linkTargets } from "#server/domain/meta-links.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { type MetaGraphPeer, startMetaGraphPeer } from "#tests/support/meta-graph-peer.ts";
import { sendMetaWebhooksTo } from "#tests/support/provider-app.ts";

// Messenger and Instagram (decision 149): a contact links their account through Meta's referral
// links; the webhook is signed; alerts go through the Send API, and Meta's receipts update them.

let peer: MetaGraphPeer;
let app: TestApp;

beforeAll(async () => {
  peer = await startMetaGraphPeer();
  app = await createTestApp(peer.env());
  sendMetaWebhooksTo(peer, app);
});
afterAll(async () => {
  await app?.close();
  await peer?.close();
});

const dispatch = () => createDispatcher(app.services).runOnce();

async function ownerWithContact(name = "Olivia Owner") {
  const owner = await createOwner(app.services, {
    name,
    contacts: [{ name: "Maria", channel: "email", value: `maria-${randomUUID()}@example.com` }],
  });
  const [contact] = await listContacts(app.services.db, app.services.cipher, owner.userId);
  return { owner, contactId: contact!.id };
}

async function contactRow(id: string) {
  return (await app.services.db.select().from(contacts).where(eq(contacts.id, id)))[0]!;
}

async function tokenRow(contactId: string) {
  return (
    await app.services.db.select().from(contactTokens).where(eq(contactTokens.contactId, contactId))
  )[0]!;
}

const href = (token: string, channel: "messenger" | "instagram" = "messenger") =>
  linkTargets(app.services.config, token).find((t) => t.channel === channel)!.href;

/** A contact who linked their account through the referral link, confirmation sent. */
async function linkedContact(channel: "messenger" | "instagram" = "messenger") {
  const { owner, contactId } = await ownerWithContact();
  const token = await issueContactToken(app.services.db, contactId, "link");
  const opened = await peer.openLink(href(token, channel));
  expect(opened.status).toBe(200);
  await dispatch();
  return { owner, contactId, userId: opened.userId };
}

async function raiseCardAlert(owner: { userId: string; tagId: string }) {
  const raised = await raiseAlert(app.services, {
    source: "card",
    userId: owner.userId,
    tagId: owner.tagId,
    idempotencyKey: randomUUID(),
    location: { latitude: 45.764043, longitude: 4.835659 },
    clientAddress: "203.0.113.9",
  });
  await dispatch();
  return app.services.db
    .select()
    .from(alertDeliveries)
    .where(eq(alertDeliveries.alertId, raised.alertId));
}

describe("the webhook handshake", () => {
  it("echoes hub.challenge for the verify token, and refuses anything else", async () => {
    const ok = await app.request(
      `${META_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=${peer.verifyToken}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    const wrong = await app.request(
      `${META_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=guess-guess&hub.challenge=1`,
    );
    expect(wrong.status).toBe(403);
    const script = await app.request(
      `${META_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=${peer.verifyToken}&hub.challenge=%3Cscript%3E`,
    );
    expect(script.status).toBe(403);
  });
});

describe("signed events only", () => {
  it("refuses a missing or wrong X-Hub-Signature-256 with 403, changes nothing, and audits it", async () => {
    const { contactId } = await ownerWithContact();
    const token = await issueContactToken(app.services.db, contactId, "link");
    const userId = peer.addUser("messenger");
    const body = {
      object: "page",
      entry: [
        {
          id: peer.pageId,
          time: Date.now(),
          messaging: [
            {
              sender: { id: userId },
              recipient: { id: peer.pageId },
              timestamp: Date.now(),
              referral: { ref: token, source: "SHORTLINK", type: "OPEN_THREAD" },
            },
          ],
        },
      ],
    };
    expect(await peer.postWebhook(body, null)).toBe(403);
    expect(await peer.postWebhook(body, `sha256=${"0".repeat(64)}`)).toBe(403);
    // A signature made for another body does not carry over.
    expect(await peer.postWebhook(body, peer.sign(JSON.stringify({ ...body, object: "x" })))).toBe(
      403,
    );
    expect((await contactRow(contactId)).metaChannel).toBeNull();
    expect((await tokenRow(contactId)).usedAt).toBeNull();
    const refused = await app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.eventType, "meta_webhook_refused"));
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.map((r) => r.metadata)).toContainEqual({ reason: "missing_signature" });
    // The real signature over the same bytes is taken.
    expect(await peer.postWebhook(body)).toBe(200);
    expect((await contactRow(contactId)).metaChannel).toBe("messenger");
  });

  it("refuses a body over the limit with 413 before reading it", async () => {
    const { contactId } = await ownerWithContact();
    const token = await issueContactToken(app.services.db, contactId, "link");
    const body = JSON.stringify({
      object: "page",
      entry: [{ id: peer.pageId, messaging: [], padding: "x".repeat(600 * 1024), ref: token }],
    });
    const response = await app.request(META_WEBHOOK_PATH, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "x-hub-signature-256": peer.sign(body) },
    });
    expect(response.status).toBe(413);
    expect((await tokenRow(contactId)).usedAt).toBeNull();
  });

  it("answers 200 to events it does not use (Meta retries anything else)", async () => {
    const status = await peer.postWebhook({
      object: "page",
      entry: [
        {
          id: peer.pageId,
          messaging: [{ sender: { id: "123" }, message: { mid: "m_1", text: "hello" } }],
        },
      ],
    });
    expect(status).toBe(200);
    expect(await peer.postWebhook({ object: "whatsapp_business_account", entry: [] })).toBe(200);
  });
});

describe("linking from the referral link", () => {
  it("binds the page-scoped id (encrypted) to the token's contact, spends the token, and confirms on Messenger", async () => {
    const sent = peer.messages.length;
    const { contactId, userId } = await linkedContact();
    const row = await contactRow(contactId);
    expect(row.metaChannel).toBe("messenger");
    expect(row.metaLinkedAt).not.toBeNull();
    expect(row.metaRecipient).not.toContain(userId);
    expect(
      app.services.cipher.decrypt(row.metaRecipient!, `contacts.meta_recipient:${contactId}`),
    ).toBe(userId);
    expect((await tokenRow(contactId)).usedAt).not.toBeNull();
    const confirmation = peer.messages.slice(sent).find((m) => m.recipient === userId)!;
    expect(confirmation).toMatchObject({ platform: "messenger", messagingType: "RESPONSE" });
    expect(confirmation.text).toContain(
      "You'll get SafeTap emergency alerts for Olivia Owner here",
    );
  });

  it("a used link opened by another account changes nothing and is told it expired", async () => {
    const { contactId, userId } = await linkedContact();
    const token = await issueContactToken(app.services.db, contactId, "link");
    await app.services.db
      .update(contactTokens)
      .set({ usedAt: new Date() })
      .where(eq(contactTokens.contactId, contactId));
    const before = peer.messages.length;
    const stranger = await peer.openLink(href(token));
    await dispatch();
    const row = await contactRow(contactId);
    expect(
      app.services.cipher.decrypt(row.metaRecipient!, `contacts.meta_recipient:${contactId}`),
    ).toBe(userId);
    const reply = peer.messages.slice(before);
    expect(reply).toHaveLength(1);
    expect(reply[0]).toMatchObject({ recipient: stranger.userId, messagingType: "RESPONSE" });
    expect(reply[0]!.text).toContain("has expired or was already used");
  });

  it("an expired link links nothing; an unknown ref or another purpose's token gets no answer", async () => {
    const { contactId } = await ownerWithContact();
    const expired = await issueContactToken(
      app.services.db,
      contactId,
      "link",
      new Date(Date.now() - 8 * 86_400_000),
    );
    const confirm = await issueContactToken(app.services.db, contactId, "confirm");
    const before = peer.messages.length;
    await peer.openLink(href(expired));
    await dispatch();
    expect(peer.messages.slice(before).map((m) => m.text)).toEqual([
      expect.stringContaining("has expired"),
    ]);
    await peer.openLink(href(confirm));
    await peer.openLink(href("A".repeat(32)));
    await peer.openLink(href("not-a-token"));
    await dispatch();
    expect(peer.messages.length).toBe(before + 1);
    expect((await contactRow(contactId)).metaChannel).toBeNull();
    const tokens = await app.services.db
      .select()
      .from(contactTokens)
      .where(and(eq(contactTokens.contactId, contactId), eq(contactTokens.purpose, "confirm")));
    expect(tokens[0]!.usedAt).toBeNull();
  });
});

describe("alerts on the linked account", () => {
  it("a card alert reaches Messenger with the ACCOUNT_UPDATE tag, beside the contact's own email", async () => {
    const { owner, userId } = await linkedContact();
    const before = peer.messages.length;
    const deliveries = await raiseCardAlert(owner);
    expect(deliveries.map((d) => d.channel).sort()).toEqual(["email", "messenger"]);
    const messenger = deliveries.find((d) => d.channel === "messenger")!;
    const sent = peer.messages.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      platform: "messenger",
      recipient: userId,
      messagingType: "MESSAGE_TAG",
      tag: "ACCOUNT_UPDATE",
    });
    expect(sent[0]!.text).toContain("EMERGENCY: Olivia Owner needs help");
    expect(sent[0]!.text).toContain("https://maps.google.com/?q=45.764043,4.835659");
    expect(messenger).toMatchObject({
      status: "sent",
      provider: "meta",
      providerMessageId: sent[0]!.messageId,
    });

    // Meta's receipts: delivered, then read.
    expect(await peer.deliver(sent[0]!)).toBe(200);
    const reload = async () =>
      (
        await app.services.db
          .select()
          .from(alertDeliveries)
          .where(eq(alertDeliveries.id, messenger.id))
      )[0]!;
    expect((await reload()).status).toBe("delivered");
    expect((await reload()).readAt).toBeNull();
    expect(await peer.read(sent[0]!)).toBe(200);
    expect((await reload()).readAt).not.toBeNull();
  });

  it("a delivery receipt without mids (older clients) uses the watermark", async () => {
    const { owner } = await linkedContact();
    const before = peer.messages.length;
    const deliveries = await raiseCardAlert(owner);
    const messenger = deliveries.find((d) => d.channel === "messenger")!;
    await peer.deliver(peer.messages[before]!, { withMids: false });
    const [after] = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.id, messenger.id));
    expect(after!.status).toBe("delivered");
  });

  it("Instagram alerts go as UPDATE within the window; outside it Meta's refusal is final", async () => {
    const { owner, userId } = await linkedContact("instagram");
    const before = peer.messages.length;
    const deliveries = await raiseCardAlert(owner);
    expect(deliveries.find((d) => d.channel === "instagram")).toMatchObject({ status: "sent" });
    expect(peer.messages.slice(before)).toEqual([
      expect.objectContaining({
        platform: "instagram",
        recipient: userId,
        messagingType: "UPDATE",
      }),
    ]);
    const read = peer.messages[before]!;
    await peer.read(read);
    const [afterRead] = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.providerMessageId, read.messageId));
    expect(afterRead).toMatchObject({ status: "delivered" });
    expect(afterRead!.readAt).not.toBeNull();

    peer.lastWroteAgo(userId, 2 * 86_400_000);
    const later = await raiseCardAlert(owner);
    const instagram = later.find((d) => d.channel === "instagram")!;
    expect(instagram).toMatchObject({ status: "failed", attempts: 1 });
    expect(instagram.lastError).toContain("outside of allowed window");
    expect(later.find((d) => d.channel === "email")!.status).toBe("delivered");
  });

  it("a person who blocked the page (551) is a final failure at once", async () => {
    const { owner, userId } = await linkedContact();
    peer.block(userId);
    const deliveries = await raiseCardAlert(owner);
    const messenger = deliveries.find((d) => d.channel === "messenger")!;
    expect(messenger).toMatchObject({ status: "failed", attempts: 1 });
    expect(messenger.lastError).toContain("551");
  });

  it("a rate limit (613) is retried, not failed", async () => {
    const { owner } = await linkedContact();
    peer.failNext({
      status: 400,
      code: 613,
      message: "(#613) Calls to this api have exceeded the rate limit.",
    });
    try {
      const deliveries = await raiseCardAlert(owner);
      expect(deliveries.find((d) => d.channel === "messenger")).toMatchObject({
        status: "pending",
        attempts: 1,
      });
    } finally {
      peer.failNext(null);
    }
  });

  it("spends Free's trial sends after the contact's own channel, and never counts as the emergency's only reach", () => {
    // DESIGN 1.2 and the spec: Free's 3 trial sends are across SMS, WhatsApp, voice, Messenger
    // and Instagram. The contact's own channel takes the allowance first.
    const ben = {
      id: randomUUID(),
      name: "Ben",
      channel: "sms" as const,
      value: "+15550001111",
      priority: 1,
      linked: { channel: "messenger" as const, recipient: "7123" },
    };
    const plan = (messages: number) =>
      planDeliveries({
        contacts: [ben],
        linkedChannels: new Set(["messenger"]),
        plan: "free",
        usage: { messages, voice: 0 },
        isTest: false,
        ownerEmail: "owner@example.com",
      });
    const statusOf = (planned: ReturnType<typeof plan>, channel: string) =>
      planned.find((d) => d.channel === channel && d.kind === "alert");
    // Two sends left: the SMS and the Messenger message both go.
    expect(statusOf(plan(1), "sms")).toMatchObject({ status: "pending", note: null });
    expect(statusOf(plan(1), "messenger")).toMatchObject({ status: "pending", note: null });
    // One left: the SMS takes it; Messenger is skipped and the owner's notice names it.
    const oneLeft = plan(2);
    expect(statusOf(oneLeft, "sms")).toMatchObject({ status: "pending", note: null });
    expect(statusOf(oneLeft, "messenger")).toMatchObject({ status: "skipped", note: "quota" });
    expect(oneLeft.find((d) => d.kind === "quota_notice")?.contactName).toBe("Ben (Messenger)");
    // None left: the SMS still goes as the emergency's overage; Messenger is not sent, and it is
    // never what makes the emergency reach someone.
    const used = { messages: 3, voice: 0 };
    const planned = plan(3);
    expect(statusOf(planned, "messenger")).toMatchObject({ status: "skipped", note: "quota" });
    expect(statusOf(planned, "sms")).toMatchObject({
      status: "pending",
      note: "emergency_overage",
    });
    const off = planDeliveries({
      contacts: [
        {
          id: randomUUID(),
          name: "Ben",
          channel: "email",
          value: "ben@example.com",
          priority: 1,
          linked: { channel: "instagram", recipient: "1123" },
        },
      ],
      linkedChannels: new Set(["messenger"]),
      plan: "free",
      usage: used,
      isTest: false,
      ownerEmail: null,
    });
    expect(off.map((d) => d.channel)).toEqual(["email"]);
  });
});

/**
 * A Free owner whose one contact, Maria, linked her Messenger: the link's confirmation ("You'll
 * get SafeTap emergency alerts … here") has spent the first of Free's three trial sends.
 */
async function freeOwnerOnMessenger() {
  const owner = await createOwner(app.services, {
    name: "Fran Free",
    plan: "free",
    contacts: [{ name: "Maria", channel: "email", value: `maria-${randomUUID()}@example.com` }],
  });
  const [contact] = await listContacts(app.services.db, app.services.cipher, owner.userId);
  const token = await issueContactToken(app.services.db, contact!.id, "link");
  expect((await peer.openLink(href(token))).status).toBe(200);
  await dispatch();
  return owner;
}

describe("Free's trial sends (DESIGN 1.2, spec reading A)", () => {
  it("count Messenger: the link's confirmation and two alerts spend the 3; then only email goes", async () => {
    const owner = await freeOwnerOnMessenger();
    const onMessenger = async () =>
      (
        await app.services.db
          .select()
          .from(alertDeliveries)
          .where(
            and(
              eq(alertDeliveries.accountId, owner.userId),
              eq(alertDeliveries.channel, "messenger"),
            ),
          )
      ).filter((d) => d.status !== "skipped");
    // The confirmation "You'll get SafeTap emergency alerts … here" is the first trial send.
    expect(await onMessenger()).toHaveLength(1);

    for (const _ of [1, 2]) {
      const deliveries = await raiseCardAlert(owner);
      expect(deliveries.find((d) => d.channel === "messenger")?.status).toBe("sent");
    }
    expect(await onMessenger()).toHaveLength(3);
    const sentBefore = peer.messages.length;

    const third = await raiseCardAlert(owner);
    // The trial is spent: Messenger is skipped (the delivery log says why), email still goes,
    // and the owner's notice names the channel that was not used.
    expect(third.find((d) => d.channel === "messenger")).toMatchObject({
      status: "skipped",
      note: "quota",
    });
    expect(third.find((d) => d.channel === "email" && d.kind === "alert")?.status).toBe(
      "delivered",
    );
    expect(third.find((d) => d.kind === "quota_notice")?.contactName).toBe("Maria (Messenger)");
    expect(peer.messages.length).toBe(sentBefore);
    expect(await onMessenger()).toHaveLength(3);
  });
});

describe("alerts whose only counted sends are Messenger (decision 163)", () => {
  it("five at once with two trial sends left spend exactly two; a key pressed twice is one alert", async () => {
    const owner = await freeOwnerOnMessenger();
    const press = (key: string) =>
      raiseAlert(app.services, {
        source: "card",
        userId: owner.userId,
        tagId: owner.tagId,
        idempotencyKey: key,
        location: null,
        clientAddress: "203.0.113.9",
      });
    const twice = `twice-${randomUUID()}`;
    const raised = await Promise.all([
      press(twice),
      press(twice),
      ...Array.from({ length: 4 }, () => press(randomUUID())),
    ]);
    // The key pressed twice: one alert, the same answer to both presses.
    expect(raised[0]!.alertId).toBe(raised[1]!.alertId);
    expect(raised.filter((r) => r.created)).toHaveLength(5);
    const alertIds = [...new Set(raised.map((r) => r.alertId))];
    expect(alertIds).toHaveLength(5);
    const rows = await app.services.db
      .select({
        alertId: alertDeliveries.alertId,
        channel: alertDeliveries.channel,
        status: alertDeliveries.status,
        note: alertDeliveries.note,
      })
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.accountId, owner.userId), eq(alertDeliveries.kind, "alert")));
    const messenger = rows.filter((r) => r.channel === "messenger" && r.alertId);
    expect(messenger).toHaveLength(5);
    expect(messenger.filter((r) => r.status === "pending")).toHaveLength(2);
    expect(messenger.filter((r) => r.status === "skipped" && r.note === "quota")).toHaveLength(3);
    // Every alert still emails Maria, once.
    const emails = rows.filter((r) => r.channel === "email");
    expect(emails.map((r) => r.alertId).sort()).toEqual([...alertIds].sort());
  });
});

describe("/c/link/:token", () => {
  it("shows the m.me and ig.me links, then Linked, lets the contact unlink, and refuses bad tokens", async () => {
    const { contactId } = await ownerWithContact("Nora Page");
    const token = await issueContactToken(app.services.db, contactId, "link");
    const ready = await app.request(`/c/link/${token}`);
    expect(ready.status).toBe(200);
    const html = await ready.text();
    expect(html).toContain(`https://m.me/${peer.pageUsername}?ref=${token}`);
    expect(html).toContain(`https://ig.me/m/${peer.instagramUsername}?ref=${token}`);
    expect(html).toContain("Open Messenger");

    await peer.openLink(href(token));
    const linked = await app.request(`/c/link/${token}`, { headers: { "accept-language": "fr" } });
    expect(linked.status).toBe(200);
    const linkedHtml = await linked.text();
    expect(linkedHtml).toMatch(/C&#x27;est relié|C'est relié/);
    expect(linkedHtml).not.toContain("m.me/");

    const unlinked = await app.request(`/c/link/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=unlink",
    });
    expect(unlinked.status).toBe(200);
    expect((await contactRow(contactId)).metaChannel).toBeNull();

    expect((await app.request(`/c/link/${"B".repeat(32)}`)).status).toBe(404);
    const old = await issueContactToken(
      app.services.db,
      contactId,
      "link",
      new Date(Date.now() - 8 * 86_400_000),
    );
    const expired = await app.request(`/c/link/${old}`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This link has expired");
  });
});

describe("without Meta configured", () => {
  it("offers nothing: no link page, no webhook, no alerts planned on linked channels", async () => {
    const plain = await createTestApp({
      DEMO_MODE: "false",
      SMTP_URL: "smtp://127.0.0.1:1",
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "x",
    });
    try {
      const owner = await createOwner(plain.services, {
        contacts: [{ name: "Maria", channel: "email", value: "m@example.com" }],
      });
      const [contact] = await listContacts(plain.services.db, plain.services.cipher, owner.userId);
      const token = await issueContactToken(plain.services.db, contact!.id, "link");
      const page = await plain.request(`/c/link/${token}`);
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain("m.me/");
      expect((await plain.request(META_WEBHOOK_PATH, { method: "POST", body: "{}" })).status).toBe(
        404,
      );
      await plain.services.db
        .update(contacts)
        .set({
          metaChannel: "messenger",
          metaRecipient: plain.services.cipher.encrypt(
            "71",
            `contacts.meta_recipient:${contact!.id}`,
          ),
        })
        .where(eq(contacts.id, contact!.id));
      const raised = await raiseAlert(plain.services, {
        source: "card",
        userId: owner.userId,
        tagId: owner.tagId,
        idempotencyKey: randomUUID(),
        location: null,
        clientAddress: "203.0.113.10",
      });
      const planned = await plain.services.db
        .select({ channel: alertDeliveries.channel })
        .from(alertDeliveries)
        .where(eq(alertDeliveries.alertId, raised.alertId));
      expect(planned.map((d) => d.channel)).toEqual(["email"]);
    } finally {
      await plain.close();
    }
  });
});

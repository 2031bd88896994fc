import { gunzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import {
  alertDeliveries,
  alerts,
  auditEvents,
  devOutbox,
  tags,
  tagViewLogs,
} from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client } from "#tests/support/http-client.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const PHONE_UA = PHONE_USER_AGENT;
const reader = () => new Client(app);
const viewCard = (client: Client, tagId: string, headers: Record<string, string> = {}) =>
  client.get(`/t/${tagId}`, { "user-agent": PHONE_UA, ...headers });
const postCard = (
  client: Client,
  tagId: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) => client.post(`/t/${tagId}`, fields, { "user-agent": PHONE_UA, ...headers });
const waitForScan = async (tagId: string) => {
  for (let i = 0; i < 50; i++) {
    const [row] = await app.services.db.select().from(tags).where(eq(tags.id, tagId));
    if (row?.lastScannedAt) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("no scan recorded");
};

describe("the public card /t/{tagId}", () => {
  it("paints first: only its own string namespaces, and scripts after load", async () => {
    const owner = await createOwner(app.services);
    const card = await (await viewCard(reader(), owner.tagId)).text();
    expect(card).toMatch(/<html[^>]*data-i18n-namespaces="common card offline"/);
    // A page that is neither the card nor the public site (decisions 155, 159).
    const other = await (await reader().get("/no-such-page", { "user-agent": PHONE_UA })).text();
    expect(other).not.toContain("data-i18n-namespaces");
    // Its scripts wait for the load event (decision 018); other pages preload theirs.
    expect(card).not.toContain('<link rel="modulepreload"');
    expect(card).not.toMatch(/<script[^>]* type="module"/);
    expect(card).toContain('rel="x-deferred-modulepreload"');
    expect(card).toContain('type="text/x-deferred-module"');
    expect(card).toContain('addEventListener("load"');
    expect(other).toContain('<link rel="modulepreload"');
    expect(other).toMatch(/<script[^>]* type="module"/);
  });

  it("shows the owner's name, call and text links and the alert button, server-rendered", async () => {
    const owner = await createOwner(app.services, {
      name: "Nadia Kaur",
      contacts: [
        { name: "Ravi", channel: "sms", value: "+15551230001" },
        { name: "Mira", channel: "email", value: "mira@example.com" },
        { name: "Om", channel: "whatsapp", value: "+15551230003" },
        { name: "Fourth", channel: "sms", value: "+15551230004" },
      ],
    });
    const response = await viewCard(reader(), owner.tagId);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Nadia Kaur");
    expect(html).toContain('href="tel:+15551230001"');
    expect(html).toContain('href="sms:+15551230001"');
    expect(html).toContain('href="mailto:mira@example.com"');
    expect(html).toContain('href="https://wa.me/15551230003"');
    expect(html).not.toContain("Fourth"); // at most 3 contacts
    expect(html).toContain("Send Emergency Alert");
    expect(html).toContain("I Understand - View Medical Information");
    // Medical data is not in the page until the visitor acknowledges.
    expect(html).not.toContain("Penicillin");
    expect(html).not.toContain("Type 1 diabetes");
  });

  it("speaks the reader's language and shows the reader's local emergency number", async () => {
    const owner = await createOwner(app.services);
    const spanish = await (
      await viewCard(reader(), owner.tagId, { "accept-language": "es-MX,es;q=0.9" })
    ).text();
    expect(spanish).toMatch(/<html lang="es"/);
    expect(spanish).toContain("Enviar alerta de emergencia");
    expect(spanish).toContain('href="tel:911"');
    const british = await (
      await viewCard(reader(), owner.tagId, { "accept-language": "en-GB" })
    ).text();
    expect(british).toContain('href="tel:999"');
    const vietnamese = await (
      await viewCard(reader(), owner.tagId, { "accept-language": "vi-VN" })
    ).text();
    expect(vietnamese).toContain('href="tel:115"');
    expect(vietnamese).toContain("Gửi cảnh báo khẩn cấp");
  });

  it("reveals medical information only after acknowledging, and logs the reveal", async () => {
    const owner = await createOwner(app.services);
    const client = reader();
    const response = await postCard(client, owner.tagId, { intent: "reveal" });
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const value of ["A+", "Penicillin", "Insulin", "Type 1 diabetes"])
      expect(html).toContain(value);
    const logs = await app.services.db
      .select()
      .from(tagViewLogs)
      .where(and(eq(tagViewLogs.tagId, owner.tagId), eq(tagViewLogs.fullMedicalViewed, true)));
    expect(logs).toHaveLength(1);
    const audit = await app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.userId, owner.userId), eq(auditEvents.eventType, "medical_viewed")),
      );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.metadata)).not.toContain("Penicillin");
  });

  it("respects show_medical and show_contacts", async () => {
    const owner = await createOwner(app.services);
    await app.services.db
      .update(tags)
      .set({ showMedical: false, showContacts: false })
      .where(eq(tags.id, owner.tagId));
    const html = await (await viewCard(reader(), owner.tagId)).text();
    expect(html).not.toContain("I Understand - View Medical Information");
    expect(html).not.toContain("tel:+1555");
    expect(html).toContain("No contacts are shown on this card.");
    expect(html).toContain("Send Emergency Alert"); // alerts still reach the contacts
    const reveal = await postCard(reader(), owner.tagId, { intent: "reveal" });
    expect(reveal.status).toBe(404);
    expect(await reveal.text()).not.toContain("Penicillin");
  });

  it("lost or inactive tags show 'Tag Deactivated'; unclaimed go to /claim; unknown go home", async () => {
    const lost = await createOwner(app.services);
    await app.services.db
      .update(tags)
      .set({ isLost: true, isActive: false })
      .where(eq(tags.id, lost.tagId));
    const html = await (await viewCard(reader(), lost.tagId)).text();
    expect(html).toContain("Tag Deactivated");
    expect(html).toContain("Go to Homepage");
    expect(html).not.toContain("Olivia Owner");
    const unclaimed = await createOwner(app.services);
    await app.services.db.update(tags).set({ userId: null }).where(eq(tags.id, unclaimed.tagId));
    expect((await viewCard(reader(), unclaimed.tagId)).headers.get("location")).toBe(
      `/claim/${unclaimed.tagId}`,
    );
    // Unknown: the spec's 'Tag not found', with the emergency number and a field to retype it.
    const unknown = await viewCard(reader(), "WB-NOPE2");
    expect(unknown.status).toBe(404);
    const page = await unknown.text();
    expect(page).toContain("Tag not found");
    expect(page).toMatch(/href="tel:\d+"/);
    expect(page).toContain('name="tag"');
    expect((await viewCard(reader(), "%3Cscript%3E")).headers.get("location")).toBe("/");
  });

  it("counts a scan (last_scanned_at, a view record) but not from known bots", async () => {
    const owner = await createOwner(app.services);
    await viewCard(reader(), owner.tagId, {
      "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)",
    });
    await new Promise((r) => setTimeout(r, 200));
    const [before] = await app.services.db.select().from(tags).where(eq(tags.id, owner.tagId));
    expect(before!.lastScannedAt).toBeNull();
    await viewCard(reader(), owner.tagId);
    const after = await waitForScan(owner.tagId);
    expect(after.lastScannedAt).not.toBeNull();
    const views = await app.services.db
      .select()
      .from(tagViewLogs)
      .where(eq(tagViewLogs.tagId, owner.tagId));
    expect(views.filter((v) => !v.fullMedicalViewed)).toHaveLength(1);
  });
});

describe("Send Emergency Alert from the card", () => {
  it("works as a plain form post (no JavaScript), with location, and shows who is reached", async () => {
    const owner = await createOwner(app.services, { name: "Pat Plain" });
    const client = reader();
    const response = await postCard(client, owner.tagId, {
      intent: "alert",
      idempotencyKey: "plain-form-key-0001",
      latitude: "51.5072178",
      longitude: "-0.1275862",
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Emergency alert sent");
    expect(html).toContain("2 contacts are being alerted.");
    const [alert] = await app.services.db
      .select()
      .from(alerts)
      .where(eq(alerts.tagId, owner.tagId));
    expect(alert).toMatchObject({ source: "card", latitude: "51.507218", longitude: "-0.127586" });
    const refresh = html.match(/href="(\/t\/[^"]+\?alert=[^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
    expect(refresh).toBeTruthy();
    await createDispatcher(app.services).runOnce();
    const followed = await (await viewCard(client, refresh!.replace(/^\/t\//, ""))).text();
    expect(followed).toContain("Delivered");
  });

  it("a status link shows the alert only with its viewer token", async () => {
    const owner = await createOwner(app.services);
    const client = reader();
    const html = await (
      await postCard(client, owner.tagId, { intent: "alert", idempotencyKey: "follow-key-00001" })
    ).text();
    const [, alertId, token] = html.match(/\?alert=([0-9a-f-]{36})&amp;token=([0-9a-f]{32})/)!;
    const followed = await (
      await viewCard(client, `${owner.tagId}?alert=${alertId}&token=${token}`)
    ).text();
    expect(followed).toContain('data-testid="alert-followed"');
    expect(followed).toContain("Emergency alert sent");
    for (const query of [
      `alert=${alertId}&token=${"0".repeat(32)}`,
      `alert=${alertId}`,
      "alert=x&token=y",
    ]) {
      const page = await viewCard(client, `${owner.tagId}?${query}`);
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).not.toContain('data-testid="alert-followed"');
      expect(text).toContain('data-testid="send-alert"');
    }
  });

  it("a repeated request with the same key creates nothing new", async () => {
    const owner = await createOwner(app.services);
    const fields = { intent: "alert", idempotencyKey: "same-key-twice-0001" };
    await postCard(reader(), owner.tagId, fields);
    await postCard(reader(), owner.tagId, fields);
    const rows = await app.services.db.select().from(alerts).where(eq(alerts.tagId, owner.tagId));
    expect(rows).toHaveLength(1);
  });

  it("bots cannot send; bad keys are refused; beyond the tag's share a press must prove work (429)", async () => {
    const owner = await createOwner(app.services);
    const bot = await postCard(
      reader(),
      owner.tagId,
      { intent: "alert", idempotencyKey: "bot-key-000001" },
      {
        "user-agent": "curl/8.0 (bot)",
      },
    );
    expect(bot.status).toBe(403);
    const bad = await postCard(reader(), owner.tagId, { intent: "alert", idempotencyKey: "x" });
    expect(bad.status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await postCard(reader(), owner.tagId, {
            intent: "alert",
            idempotencyKey: `limit-key-${i}-000`,
          })
        ).status,
      );
    }
    // Decision 111: three presses in ten minutes share the tag; then a proof of work is asked.
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(
      await app.services.db.select().from(alerts).where(eq(alerts.tagId, owner.tagId)),
    ).toHaveLength(3);
  });

  it("the status endpoint needs the viewer token", async () => {
    const owner = await createOwner(app.services);
    const response = await postCard(reader(), owner.tagId, {
      intent: "alert",
      idempotencyKey: "status-key-00001",
    });
    const html = await response.text();
    const match = html.match(/\?alert=([0-9a-f-]{36})&amp;token=([0-9a-f]{32})/);
    expect(match).toBeTruthy();
    const [, alertId, token] = match!;
    const ok = await app.request(`/t/${owner.tagId}/status?alert=${alertId}&token=${token}`);
    expect(ok.status).toBe(200);
    const status = (await ok.json()) as { contacts: { name: string; state: string }[] };
    expect(status.contacts.map((c) => c.name).sort()).toEqual(["Ben", "Maria"]);
    const forged = await app.request(
      `/t/${owner.tagId}/status?alert=${alertId}&token=${"0".repeat(32)}`,
    );
    expect(forged.status).toBe(404);
  });
});

describe("acknowledgement ('Help is coming')", () => {
  it("opening the link changes nothing; pressing the button acknowledges and the card shows it", async () => {
    const owner = await createOwner(app.services, { name: "Hana Help" });
    const response = await postCard(reader(), owner.tagId, {
      intent: "alert",
      idempotencyKey: "ack-flow-key-0001",
    });
    const [, alertId, token] = (await response.text()).match(
      /\?alert=([0-9a-f-]{36})&amp;token=([0-9a-f]{32})/,
    )!;
    await createDispatcher(app.services).runOnce();
    const [delivery] = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.alertId, alertId!), eq(alertDeliveries.channel, "email")));
    const [message] = await app.services.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.idempotencyKey, delivery!.id));
    const link = message!.body.match(/http:\/\/localhost:3000(\/ack\/\S+)/)![1]!;

    const opened = await app.request(link);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("I&#x27;m on my way");
    const [still] = await app.services.db.select().from(alerts).where(eq(alerts.id, alertId!));
    expect(still!.acknowledgedAt).toBeNull();

    const pressed = await app.request(link, { method: "POST" });
    expect(await pressed.text()).toContain(
      "The emergency card now shows that you are on your way.",
    );
    const status = (await (
      await app.request(`/t/${owner.tagId}/status?alert=${alertId}&token=${token}`)
    ).json()) as {
      acknowledged: boolean;
      contacts: { name: string; acknowledged: boolean }[];
    };
    expect(status.acknowledged).toBe(true);
    expect(status.contacts.find((c) => c.name === "Maria")?.acknowledged).toBe(true);
    expect(status.contacts.find((c) => c.name === "Ben")?.acknowledged).toBe(false);
  });

  it("a forged or unknown link is refused", async () => {
    const response = await app.request(`/ack/${crypto.randomUUID()}.${"a".repeat(32)}`, {
      method: "POST",
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("This link is not valid or has expired.");
  });

  it("an acknowledged emergency does not escalate; an unanswered one does", async () => {
    const quiet = await createOwner(app.services);
    const answered = await createOwner(app.services);
    for (const [owner, key] of [
      [quiet, "escalate-key-0001"],
      [answered, "escalate-key-0002"],
    ] as const) {
      await postCard(reader(), owner.tagId, { intent: "alert", idempotencyKey: key });
    }
    const [answeredAlert] = await app.services.db
      .select()
      .from(alerts)
      .where(eq(alerts.tagId, answered.tagId));
    await app.services.db
      .update(alerts)
      .set({ acknowledgedAt: new Date() })
      .where(eq(alerts.id, answeredAlert!.id));
    const dispatcher = createDispatcher(app.services);
    await dispatcher.runOnce();
    await app.services.db.update(alerts).set({ escalateAt: new Date(Date.now() - 1000) });
    await dispatcher.runOnce();
    const escalations = async (tagId: string) => {
      const [alert] = await app.services.db.select().from(alerts).where(eq(alerts.tagId, tagId));
      return app.services.db
        .select()
        .from(alertDeliveries)
        .where(and(eq(alertDeliveries.alertId, alert!.id), eq(alertDeliveries.kind, "escalation")));
    };
    const quietEscalations = await escalations(quiet.tagId);
    // Ben was already called with the first alert, so he gets a reminder by SMS.
    expect(quietEscalations.map((d) => d.channel).sort()).toEqual(["email", "sms"]);
    expect(await escalations(answered.tagId)).toHaveLength(0);
  });
});

describe("the card's first round trip (issue 4 budget)", () => {
  it("is complete in the first 14 KB of compressed HTML, styled inline, with no stylesheet to wait for", async () => {
    const owner = await createOwner(app.services, { name: "Budget Bea" });
    const response = await app.request(`/t/${owner.tagId}`, {
      headers: { "accept-encoding": "gzip", "user-agent": PHONE_UA },
    });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const compressed = new Uint8Array(await response.arrayBuffer());
    expect(compressed.byteLength).toBeLessThanOrEqual(14 * 1024);
    const html = new TextDecoder().decode(gunzipSync(compressed));
    expect(html).toContain('<style id="inline-css"');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    for (const content of [
      "Budget Bea",
      "I Understand - View Medical Information",
      'href="tel:',
      "Send Emergency Alert",
    ]) {
      expect(html).toContain(content);
    }
    // Scripts are modules at the end of the body: they never delay the first render.
    expect(html.slice(0, html.indexOf("<body"))).not.toMatch(/<script(?![^>]*nonce)[^>]*src=/);
  });

  it("other pages link the cached stylesheet instead", async () => {
    // Not "/": the public site inlines a stylesheet of its own (decision 155).
    const html = await (await app.request("/no-such-page")).text();
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/app-[^"]+\.css"/);
    expect(html).not.toContain('<style id="inline-css"');
  });
});

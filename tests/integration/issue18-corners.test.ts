import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelSos } from "#server/alerts/cancel.ts";
import { raiseAlert } from "#server/alerts/create.ts";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { isNoticePayload, openNotice } from "#server/alerts/notices.ts";
import { alertDeliveries, alerts, contacts, profiles } from "#server/db/schema.ts";
import { CONSENT_RULES } from "#server/domain/contact-consent.ts";
import { issueContactToken } from "#server/domain/contact-tokens.ts";
import { listContacts } from "#server/domain/contacts.ts";
import { linkTargets } from "#server/domain/meta-links.ts";
import { previewImport, runImport } from "#server/domain/org-import.ts";
import {
  findOrganizationBySlug,
  type OrgSummary,
  setOrgExtraSeats,
} from "#server/domain/organizations.ts";
import type { TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import type { MetaGraphPeer } from "#tests/support/meta-graph-peer.ts";
import { addOrgMember, createOrg } from "#tests/support/orgs.ts";
import { type ProviderApp, startAppWithProviders } from "#tests/support/provider-app.ts";

// Issue 18's corners that no other test holds: an organisation's re-import keeps the guardians'
// answers, an organisation's confirmation requests are bounded, and a contact linked on Messenger
// hears the escalation and the all-clear as well as the alert.

let providers: ProviderApp | undefined;
let app: TestApp;
let meta: MetaGraphPeer;

beforeAll(async () => {
  providers = await startAppWithProviders();
  ({ app, meta } = providers);
}, 60_000);
afterAll(() => providers?.close());

const dispatch = () => createDispatcher(app.services).runOnce();
const pageText = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

const HEADER =
  "external_id,full_name,date_of_birth,class,guardian_name,guardian_channel,guardian_value,guardian2_name,guardian2_channel,guardian2_value,location";
const csv = (rows: string[]) => `${[HEADER, ...rows].join("\r\n")}\r\n`;

/** Previews and runs an import of `content` as the organisation's admin. */
async function importFile(org: OrgSummary, by: string, content: string) {
  const preview = await previewImport(app.services, org, by, {
    name: "pupils.csv",
    bytes: Buffer.from(content),
  });
  if (!preview.ok) throw new Error(JSON.stringify(preview.problems));
  const result = await runImport(app.services, org, by, preview.importId, "all");
  if (!result.ok) throw new Error(result.reason);
  return { counts: preview.summary.counts, result };
}

async function schoolWithAdmin() {
  const org = await createOrg(app.services, { preset: "school" });
  const admin = await createOwner(app.services, { name: "Ada Admin", contacts: [] });
  await addOrgMember(app.services, org, admin.userId, "admin");
  return { org, admin };
}

const guardianNamed = async (name: string) =>
  (await app.services.db.select().from(contacts).where(eq(contacts.name, name)))[0];

/** The confirmation requests queued to a contact name, with their /c/ tokens. */
async function requestsTo(name: string) {
  const rows = await app.services.db
    .select()
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.kind, "contact_request"), eq(alertDeliveries.contactName, name)));
  return rows.map((row) => {
    if (!isNoticePayload(row.payload)) throw new Error("no payload");
    const { params } = openNotice(row.payload, app.services.cipher, row.id);
    return { row, token: params.link!.split("/c/")[1]! };
  });
}

describe("an organisation's re-import (decision 148)", () => {
  it("keeps each guardian's answer and asks nobody again, same file or a changed row", async () => {
    const { org, admin } = await schoolWithAdmin();
    const tag = randomUUID().slice(0, 6);
    const [ann, bo, cy] = [`Ann Park ${tag}`, `Bo Park ${tag}`, `Cy Park ${tag}`];
    const file = csv([
      `P-${tag},Ivy Park,2015-01-02,3A,${ann},sms,+12025550188,${bo},email,bo-${tag}@example.com,`,
    ]);
    await importFile(org, admin.userId, file);
    await dispatch();
    const [askedAnn] = await requestsTo(ann);
    const [askedBo] = await requestsTo(bo);
    expect(askedAnn?.row.channel).toBe("sms");
    expect(askedBo?.row.channel).toBe("email");

    // Ann confirms, Bo declines, through the links they were sent.
    expect(
      (await new Client(app).post(`/c/${askedAnn!.token}`, { answer: "confirm" })).status,
    ).toBe(200);
    expect((await new Client(app).post(`/c/${askedBo!.token}`, { answer: "decline" })).status).toBe(
      200,
    );
    const answered = { ann: (await guardianNamed(ann))!, bo: (await guardianNamed(bo))! };
    expect([answered.ann.consent, answered.bo.consent]).toEqual(["confirmed", "declined"]);

    // The same file again: nothing changes, nobody is asked again.
    const same = await importFile(org, admin.userId, file);
    expect(same.counts).toMatchObject({ new: 0, changed: 0, unchanged: 1 });
    await dispatch();
    expect(await guardianNamed(ann)).toMatchObject({
      id: answered.ann.id,
      consent: "confirmed",
      consentAt: answered.ann.consentAt,
    });
    expect((await guardianNamed(bo))?.consent).toBe("declined");
    expect(await requestsTo(ann)).toHaveLength(1);
    expect(await requestsTo(bo)).toHaveLength(1);

    // A changed row replaces the person's guardians: Ann, listed again at the same number, keeps
    // her answer and is not asked again; Cy, who is new, is asked.
    const changed = await importFile(
      org,
      admin.userId,
      csv([
        `P-${tag},Ivy Park,2015-01-02,3A,${ann},sms,+12025550188,${cy},email,cy-${tag}@example.com,`,
      ]),
    );
    expect(changed.counts).toMatchObject({ changed: 1 });
    await dispatch();
    const kept = (await guardianNamed(ann))!;
    expect(kept).toMatchObject({
      consent: "confirmed",
      consentAt: answered.ann.consentAt,
      consentRequests: answered.ann.consentRequests,
    });
    expect(await requestsTo(ann)).toHaveLength(1);
    expect(await guardianNamed(bo)).toBeUndefined();
    expect(await requestsTo(cy)).toHaveLength(1);
    expect((await guardianNamed(cy))?.consent).toBe("pending");
  }, 120_000);
});

describe("an organisation's confirmation requests are bounded (decision 148)", () => {
  it(`texts at most ${CONSENT_RULES.orgPaidDay.points} a day; the others wait 'not asked yet', and Send again says why`, async () => {
    const { org: created, admin } = await schoolWithAdmin();
    const limit = CONSENT_RULES.orgPaidDay.points;
    const over = 3;
    await setOrgExtraSeats(app.services, created.id, limit, null);
    // The summary holds the seats as read: read it again after adding them.
    const org = (await findOrganizationBySlug(app.services.db, created.slug))!;
    const tag = randomUUID().slice(0, 6);
    const rows = Array.from({ length: limit + over }, (_, i) => {
      const n = String(3000 + i);
      // 555-01xx is the fictional range the number check refuses; 555-3xxx is a number.
      return `B-${tag}-${n},Pupil ${n},2015-01-02,3A,Guardian ${tag} ${n},sms,+1202555${n},,,,`;
    });
    const { result } = await importFile(org, admin.userId, csv(rows));
    expect(result).toMatchObject({ ok: true });

    const people = await app.services.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.organizationId, org.id));
    expect(people).toHaveLength(limit + over);
    const guardians = await app.services.db
      .select()
      .from(contacts)
      .where(
        inArray(
          contacts.profileId,
          people.map((p) => p.id),
        ),
      );
    const requests = await app.services.db
      .select({ id: alertDeliveries.id, channel: alertDeliveries.channel })
      .from(alertDeliveries)
      .where(
        and(
          eq(alertDeliveries.accountId, org.accountId),
          eq(alertDeliveries.kind, "contact_request"),
        ),
      );
    expect(requests).toHaveLength(limit);
    expect(new Set(requests.map((r) => r.channel))).toEqual(new Set(["sms"]));
    const waiting = guardians.filter((g) => g.consentRequests === 0);
    expect(waiting).toHaveLength(over);
    // Held back, not forgotten: the consent job asks them on a later day.
    for (const guardian of waiting) expect(guardian.consentRequestedAt).not.toBeNull();

    // The organisation's person page says "not asked yet"; Send again is refused with the reason.
    const client = await signIn(app, admin.email);
    const held = waiting[0]!;
    const page = `/org/${org.slug}/people/${held.profileId}`;
    expect(await pageText(await client.get(page))).toContain("not asked yet");
    const again = await client.post(page, { intent: "resendConsent", contactId: held.id });
    expect(again.status).toBe(429);
    expect(await pageText(again)).toContain(
      `${held.name} was not asked yet: your account sent its requests for today.`,
    );
    expect(
      await app.services.db
        .select({ id: alertDeliveries.id })
        .from(alertDeliveries)
        .where(
          and(
            eq(alertDeliveries.accountId, org.accountId),
            eq(alertDeliveries.kind, "contact_request"),
          ),
        ),
    ).toHaveLength(limit);
  }, 240_000);
});

describe("a contact linked on Messenger (decision 149)", () => {
  async function linkedOwner() {
    const owner = await createOwner(app.services, {
      name: "Lena Linked",
      contacts: [{ name: "Maria", channel: "email", value: `maria-${randomUUID()}@example.com` }],
    });
    const [contact] = await listContacts(app.services.db, app.services.cipher, owner.userId);
    const token = await issueContactToken(app.services.db, contact!.id, "link");
    const href = linkTargets(app.services.config, token).find((t) => t.channel === "messenger")!;
    const opened = await meta.openLink(href.href);
    expect(opened.status).toBe(200);
    // The "you'll get alerts here" answer goes through the outbox, and the app's own
    // dispatcher may be the one to send it: wait for it, so it cannot come between the
    // messages this test reads.
    await expect
      .poll(
        async () => {
          await dispatch();
          return meta.messages.some(
            (m) => m.recipient === opened.userId && m.text.includes("You'll get SafeTap"),
          );
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    return { owner, psid: opened.userId };
  }

  it("hears the escalation and the all-clear of an SOS, tagged ACCOUNT_UPDATE", async () => {
    const { owner, psid } = await linkedOwner();
    const raised = await raiseAlert(app.services, {
      source: "sos",
      userId: owner.userId,
      tagId: null,
      idempotencyKey: randomUUID(),
      location: null,
      clientAddress: "203.0.113.9",
    });
    await dispatch();
    const toMaria = () => meta.messages.filter((m) => m.recipient === psid);
    const alerted = toMaria().at(-1)!;
    expect(alerted.text).toContain("EMERGENCY: Lena Linked needs help");
    expect(alerted).toMatchObject({ messagingType: "MESSAGE_TAG", tag: "ACCOUNT_UPDATE" });

    // Nobody answered in time: the escalation goes to Messenger too.
    await app.services.db
      .update(alerts)
      .set({ escalateAt: new Date(Date.now() - 1000) })
      .where(eq(alerts.id, raised.alertId));
    await dispatch();
    await dispatch();
    const escalation = toMaria().at(-1)!;
    expect(escalation.text).toContain("STILL NO ANSWER: Lena Linked needs help");
    expect(escalation).toMatchObject({ messagingType: "MESSAGE_TAG", tag: "ACCOUNT_UPDATE" });
    const escalated = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(
        and(eq(alertDeliveries.alertId, raised.alertId), eq(alertDeliveries.kind, "escalation")),
      );
    expect(escalated.map((d) => [d.channel, d.status]).sort()).toEqual([
      ["email", "delivered"],
      ["messenger", "sent"],
    ]);

    // "Cancel — I'm safe": the all-clear reaches the linked account as well as the email.
    expect(await cancelSos(app.services, owner.userId, raised.alertId)).toMatchObject({ ok: true });
    await dispatch();
    const allClear = toMaria().at(-1)!;
    expect(allClear.text).toContain("All clear: Lena Linked says they are safe");
    expect(allClear).toMatchObject({ messagingType: "MESSAGE_TAG", tag: "ACCOUNT_UPDATE" });
    const cleared = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(
        and(eq(alertDeliveries.alertId, raised.alertId), eq(alertDeliveries.kind, "all_clear")),
      );
    expect(cleared.map((d) => [d.channel, d.status]).sort()).toEqual([
      ["email", "delivered"],
      ["messenger", "sent"],
    ]);
  }, 120_000);
});

/**
 * An organisation's attendance notification settings (issue 17 item 1, decision 142): one rule
 * per location and audience (the preset's default until an admin saves one) and the HR /
 * security list, whose addresses are encrypted to their rows. Every change is one line in the
 * organisation's log, written in the change's transaction. Ids from forms are looked up inside
 * the organisation: another organisation's location or recipient is not found.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import {
  type AttendanceRuleSettings,
  AUDIENCES,
  type Audience,
  NOTIFY_LIST_LIMIT,
  type NotifyRecipientInput,
  presetRule,
  type RuleDirections,
} from "#core/attendance-rules.ts";
import { contactChannelOf } from "#core/channels.ts";
import type { OrgPreset } from "#core/organizations.ts";
import type { FieldCipher } from "#server/crypto.ts";
import type { Database, Executor } from "#server/db/client.ts";
import {
  attendanceRules,
  auditEvents,
  orgLocations,
  orgNotifyRecipients,
} from "#server/db/schema.ts";
import { cleanMetadata } from "./audit.ts";

/** Who changes the settings. */
export interface NotifyActor {
  organizationId: string;
  userId: string;
}

export interface LocationRules {
  id: string;
  name: string;
  timeZone: string;
  rules: Record<Audience, AttendanceRuleSettings & { preset: boolean }>;
}

const settingsOf = (row: typeof attendanceRules.$inferSelect): AttendanceRuleSettings => ({
  enabled: row.enabled,
  directions: row.directions as RuleDirections,
  quietStart: row.quietStart,
  quietEnd: row.quietEnd,
});

/** The rules a location works by: its own, else the preset's (`preset: true`). */
export function effectiveRules(
  preset: OrgPreset,
  stored: (typeof attendanceRules.$inferSelect)[],
): LocationRules["rules"] {
  const out = {} as LocationRules["rules"];
  for (const audience of AUDIENCES) {
    const row = stored.find((r) => r.audience === audience);
    out[audience] = row
      ? { ...settingsOf(row), preset: false }
      : { ...presetRule(preset, audience), preset: true };
  }
  return out;
}

/** Every location of the organisation by name, with the rules it works by. */
export async function listLocationRules(
  executor: Executor,
  org: { id: string; preset: OrgPreset },
): Promise<LocationRules[]> {
  const [locations, stored] = await Promise.all([
    executor
      .select({ id: orgLocations.id, name: orgLocations.name, timeZone: orgLocations.timeZone })
      .from(orgLocations)
      .where(eq(orgLocations.organizationId, org.id))
      .orderBy(asc(orgLocations.name)),
    executor.select().from(attendanceRules).where(eq(attendanceRules.organizationId, org.id)),
  ]);
  return locations.map((location) => ({
    ...location,
    rules: effectiveRules(
      org.preset,
      stored.filter((r) => r.locationId === location.id),
    ),
  }));
}

function log(
  tx: Executor,
  by: NotifyActor,
  type: "attendance_rules_changed" | "org_notify_list_changed",
  metadata: Record<string, unknown>,
) {
  return tx.insert(auditEvents).values({
    eventType: type,
    userId: by.userId,
    organizationId: by.organizationId,
    metadata: cleanMetadata(metadata),
  });
}

/**
 * Saves one location's rule for one audience (it replaces the preset's default). A location
 * that is not the organisation's is not found and nothing changes.
 */
export async function saveAttendanceRule(
  db: Database,
  by: NotifyActor,
  input: { locationId: string; audience: Audience; settings: AttendanceRuleSettings },
): Promise<{ ok: true; locationName: string } | { ok: false; reason: "not_found" }> {
  return db.transaction(async (tx) => {
    const [location] = await tx
      .select({ id: orgLocations.id, name: orgLocations.name })
      .from(orgLocations)
      .where(
        and(
          eq(orgLocations.id, input.locationId),
          eq(orgLocations.organizationId, by.organizationId),
        ),
      )
      .limit(1);
    if (!location) return { ok: false as const, reason: "not_found" as const };
    const values = { ...input.settings, updatedAt: new Date() };
    await tx
      .insert(attendanceRules)
      .values({
        organizationId: by.organizationId,
        locationId: location.id,
        audience: input.audience,
        ...values,
      })
      .onConflictDoUpdate({
        target: [attendanceRules.locationId, attendanceRules.audience],
        set: values,
      });
    const s = input.settings;
    await log(tx, by, "attendance_rules_changed", {
      location_id: location.id,
      location: location.name,
      audience: input.audience,
      enabled: s.enabled,
      directions: s.directions,
      quiet: s.quietStart && s.quietEnd ? `${s.quietStart}-${s.quietEnd}` : "none",
    });
    return { ok: true as const, locationName: location.name };
  });
}

const destinationContext = (id: string) => `org_notify_recipients.destination:${id}`;

export interface NotifyRecipient {
  id: string;
  name: string;
  channel: ReturnType<typeof contactChannelOf>;
  value: string;
  language: string;
}

/** The organisation's HR / security list by name, addresses decrypted. */
export async function listNotifyRecipients(
  executor: Executor,
  cipher: FieldCipher,
  organizationId: string,
): Promise<NotifyRecipient[]> {
  const rows = await executor
    .select()
    .from(orgNotifyRecipients)
    .where(eq(orgNotifyRecipients.organizationId, organizationId))
    .orderBy(asc(orgNotifyRecipients.name), asc(orgNotifyRecipients.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    channel: contactChannelOf(row.channel),
    value: cipher.decrypt(row.destination, destinationContext(row.id)),
    language: row.language,
  }));
}

/** The log keeps an address's last two characters only ("…48"): enough to tell entries apart. */
const masked = (value: string) => (value.length > 4 ? `…${value.slice(-2)}` : "…");

/**
 * Adds someone to the HR / security list, at most `NOTIFY_LIST_LIMIT` per organisation (each
 * check-in may message all of them). Serialised per organisation so two admins cannot pass it.
 */
export async function addNotifyRecipient(
  db: Database,
  cipher: FieldCipher,
  by: NotifyActor,
  input: NotifyRecipientInput,
): Promise<{ ok: true; id: string } | { ok: false; reason: "full"; limit: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`notify-list:${by.organizationId}`}, 0))`,
    );
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(orgNotifyRecipients)
      .where(eq(orgNotifyRecipients.organizationId, by.organizationId));
    if (n >= NOTIFY_LIST_LIMIT) {
      return { ok: false as const, reason: "full" as const, limit: NOTIFY_LIST_LIMIT };
    }
    const id = randomUUID();
    await tx.insert(orgNotifyRecipients).values({
      id,
      organizationId: by.organizationId,
      name: input.name,
      channel: input.channel,
      destination: cipher.encrypt(input.value, destinationContext(id)),
      language: input.language,
    });
    await log(tx, by, "org_notify_list_changed", {
      change: "added",
      recipient_id: id,
      name: input.name,
      channel: input.channel,
      destination: masked(input.value),
      language: input.language,
    });
    return { ok: true as const, id };
  });
}

/** Removes someone from the list; another organisation's entry is not found. */
export async function removeNotifyRecipient(
  db: Database,
  by: NotifyActor,
  recipientId: string,
): Promise<{ ok: true; name: string } | { ok: false; reason: "not_found" }> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(orgNotifyRecipients)
      .where(
        and(
          eq(orgNotifyRecipients.id, recipientId),
          eq(orgNotifyRecipients.organizationId, by.organizationId),
        ),
      )
      .returning({ name: orgNotifyRecipients.name, channel: orgNotifyRecipients.channel });
    if (!removed) return { ok: false as const, reason: "not_found" as const };
    await log(tx, by, "org_notify_list_changed", {
      change: "removed",
      recipient_id: recipientId,
      name: removed.name,
      channel: removed.channel,
    });
    return { ok: true as const, name: removed.name };
  });
}

/**
 * Attendance notifications (issue 17 item 1, decision 142): a check-in or check-out recorded for
 * an organisation queues one short message to each person its location's rules name: the
 * person's guardians (their contacts marked guardian, else all their contacts) and the
 * organisation's HR / security list, unless the scan is in a rule's quiet hours at the location
 * or its direction is not told. Each is a notice in the durable outbox, queued in the scan's own
 * transaction, in the recipient's language, counted against the organisation's plan like any
 * message (email never); a message over the allowance is recorded skipped with the note "quota".
 */
import { and, eq } from "drizzle-orm";
import {
  AUDIENCES,
  type Audience,
  inQuietHours,
  localClock,
  toldOf,
} from "#core/attendance-rules.ts";
import { type ContactChannel, contactChannelOf } from "#core/channels.ts";
import { isOrgPreset } from "#core/organizations.ts";
import type { ScanDirection } from "#core/reader.ts";
import { queueNotice } from "#server/alerts/notices.ts";
import type { FieldCipher } from "#server/crypto.ts";
import type { Transaction } from "#server/db/client.ts";
import {
  attendanceRules,
  contacts,
  organization,
  orgLocations,
  profiles,
  user,
} from "#server/db/schema.ts";
import { effectiveRules, listNotifyRecipients } from "./attendance-rules.ts";
import { openContactValue } from "./contacts.ts";
import { alertAllowance } from "./quotas.ts";
import { scanTime } from "./scan-notices.ts";

/** A scan just recorded for an organisation. */
export interface OrgScan {
  at: Date;
  direction: ScanDirection;
  profileId: string | null;
  personName: string;
  organizationId: string;
  locationId: string | null;
  readerUserId: string;
}

/** Where a scan happened, as messages and the reader name it: the location, else the org. */
export async function scanPlace(
  tx: Transaction,
  organizationId: string,
  locationId: string | null,
) {
  const [row] = await tx
    .select({
      orgName: organization.name,
      preset: organization.preset,
      locationName: orgLocations.name,
      timeZone: orgLocations.timeZone,
    })
    .from(organization)
    .leftJoin(
      orgLocations,
      and(eq(orgLocations.id, locationId ?? ""), eq(orgLocations.organizationId, organization.id)),
    )
    .where(eq(organization.id, organizationId))
    .limit(1);
  if (!row) return null;
  return {
    name: row.locationName ?? row.orgName,
    timeZone: row.timeZone ?? "UTC",
    preset: isOrgPreset(row.preset) ? row.preset : "other",
  };
}

export type ScanPlaceInfo = NonNullable<Awaited<ReturnType<typeof scanPlace>>>;

interface Recipient {
  name: string;
  channel: ContactChannel;
  to: string;
  language: string;
}

/** The person's guardians: contacts marked guardian, or all their contacts when none is. */
async function guardiansOf(tx: Transaction, cipher: FieldCipher, profileId: string) {
  const rows = await tx
    .select({
      id: contacts.id,
      name: contacts.name,
      channel: contacts.channel,
      value: contacts.value,
      role: contacts.role,
      language: contacts.language,
      personLanguage: profiles.language,
    })
    .from(contacts)
    .innerJoin(profiles, eq(profiles.id, contacts.profileId))
    .where(eq(contacts.profileId, profileId))
    .orderBy(contacts.priority, contacts.createdAt);
  const marked = rows.filter((row) => row.role === "guardian");
  return (marked.length ? marked : rows).map(
    (row): Recipient => ({
      name: row.name,
      channel: contactChannelOf(row.channel),
      to: openContactValue(cipher, row),
      language: row.language ?? row.personLanguage,
    }),
  );
}

/** The staff member's name as people know them: their own profile's, else their account's. */
async function staffName(tx: Transaction, userId: string) {
  const [row] = await tx
    .select({ name: user.name, fullName: profiles.fullName })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return row?.fullName?.trim() || row?.name?.trim() || "";
}

/**
 * Queues the messages a scan calls for, in the caller's (the scan's) transaction. Returns how many
 * wait to be sent (the caller nudges the dispatcher after the commit).
 */
export async function queueAttendanceNotices(
  tx: Transaction,
  cipher: FieldCipher,
  place: ScanPlaceInfo,
  scan: OrgScan,
): Promise<number> {
  if (!scan.profileId) return 0;
  const stored = scan.locationId
    ? await tx
        .select()
        .from(attendanceRules)
        .where(
          and(
            eq(attendanceRules.locationId, scan.locationId),
            eq(attendanceRules.organizationId, scan.organizationId),
          ),
        )
    : [];
  const rules = effectiveRules(place.preset, stored);
  const clock = localClock(scan.at, place.timeZone);
  const told = AUDIENCES.filter((audience: Audience) => {
    const rule = rules[audience];
    return toldOf(rule, scan.direction) && !inQuietHours(clock, rule.quietStart, rule.quietEnd);
  });
  if (told.length === 0) return 0;

  const recipients: Recipient[] = [];
  if (told.includes("guardians"))
    recipients.push(...(await guardiansOf(tx, cipher, scan.profileId)));
  if (told.includes("staff_list")) {
    for (const entry of await listNotifyRecipients(tx, cipher, scan.organizationId)) {
      recipients.push({
        name: entry.name,
        channel: entry.channel,
        to: entry.value,
        language: entry.language,
      });
    }
  }
  if (recipients.length === 0) return 0;

  const [person] = await tx
    .select({ accountId: profiles.accountId })
    .from(profiles)
    .where(eq(profiles.id, scan.profileId))
    .limit(1);
  if (!person) return 0;
  const staff = await staffName(tx, scan.readerUserId);
  // Only SMS and WhatsApp are counted: the allowance (and its lock) is taken only when needed.
  const allowance = recipients.some((r) => r.channel !== "email")
    ? (await alertAllowance(tx, person.accountId)).allowance
    : null;
  let queued = 0;
  for (const recipient of recipients) {
    const within = recipient.channel === "email" || allowance?.take(recipient.channel) === true;
    await queueNotice(tx, cipher, {
      kind: "attendance_notice",
      accountId: person.accountId,
      channel: recipient.channel,
      to: recipient.to,
      recipientName: recipient.name,
      payload: {
        template: scan.direction === "in" ? "attendanceIn" : "attendanceOut",
        language: recipient.language,
        params: {
          name: scan.personName,
          time: scanTime(scan.at, recipient.language, place.timeZone, scan.at),
          place: place.name,
          staff,
        },
      },
      status: within ? "pending" : "skipped",
      note: within ? null : "quota",
    });
    if (within) queued++;
  }
  return queued;
}

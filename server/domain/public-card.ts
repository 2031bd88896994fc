import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { type ContactChannel, contactChannelOf } from "#core/channels.ts";
import { countryFromAcceptLanguage } from "#core/emergency-numbers.ts";
import { detectRequestLanguage } from "#core/languages.ts";
import { daysSince } from "#core/medical-record.ts";
import { CACHE_FILL_HEADER, CACHE_FILL_VALUE } from "#core/offline.ts";
import { isOrgPreset, PRESET_DEFAULTS } from "#core/organizations.ts";
import { alertTokens } from "#server/alerts/tokens.ts";
import { inBatchesPer } from "#server/db/batches.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { textArrayParam } from "#server/db/prepared.ts";
import { alertDeliveries, alerts, profiles, tags, tagViewLogs } from "#server/db/schema.ts";
import type { Services } from "#server/services.ts";
import { recordAudit } from "./audit.ts";
import { type AdvanceDirective, decryptProfile, type ProfileData } from "./profiles.ts";

export const PUBLIC_CONTACT_LIMIT = 3;

export type CardState =
  | { state: "missing" }
  | { state: "unclaimed"; tagId: string }
  | {
      state: "deactivated";
      tagId: string;
      /** The account managing the tag's person. */
      ownerId: string;
      /** The person whose card it is. */
      profileId: string;
      ownerCountry: string | null;
    }
  | {
      state: "active";
      tagId: string;
      /** The account managing the tag's person: whose plan alerts spend. */
      ownerId: string;
      /** The person whose card it is: whose contacts are shown and alerted. */
      profileId: string;
      /** The name the card shows: a minor's first name only (DESIGN 1b.6). */
      fullName: string | null;
      /** A child-safe card: first name only, no date of birth, the guardians' calls first. */
      isMinor: boolean;
      /** The person's current photo's version (its address), or null. */
      photoVersion: string | null;
      ownerCountry: string | null;
      hasMedical: boolean;
      /**
       * Whole days since the owner last confirmed the medical record (null: never), shown
       * when the medical section is: it is part of the render cache's key, so a day later the
       * page is rendered again (decision 130).
       */
      confirmedDaysAgo: number | null;
      /**
       * A healthcare organisation's patient: their ward (decision 139), shown first with the
       * clinician's contact. Null on every other card.
       */
      ward: string | null;
      /** Guardians (school) and clinicians (healthcare) come first and are named as such. */
      contacts: { name: string; channel: ContactChannel; value: string; role: ContactRole }[];
      contactCount: number;
    };

/** What a contact is to an organisation's person, as the card says it; null for others. */
export type ContactRole = "guardian" | "clinician" | null;

const contactRoleOf = (role: string | null): ContactRole =>
  role === "guardian" || role === "clinician" ? role : null;

export type ActiveCard = Extract<CardState, { state: "active" }>;

/**
 * Everything an active card's page depends on for a signed-out reader, besides
 * the build: the card's loader makes its data from these alone, and the render
 * cache (server/http/card-cache.ts) keys on them. An input added here changes
 * both; an input read anywhere else would be missed by the cache.
 */
export function cardRenderInputs(request: Request, card: ActiveCard) {
  const url = new URL(request.url);
  return {
    path: url.pathname + url.search,
    language: detectRequestLanguage(request),
    readerCountry: countryFromAcceptLanguage(request.headers.get("accept-language")),
    card,
  };
}

// The rule lives in core (the card's routes use it without the server); kept here for the
// server's callers.
export { normaliseTagId } from "#core/tag-ids.ts";

interface CardRow {
  tag_id: string;
  user_id: string | null;
  profile_id: string | null;
  is_active: boolean;
  is_lost: boolean;
  show_medical: boolean;
  show_contacts: boolean;
  full_name: string | null;
  country: string | null;
  is_minor: boolean | null;
  photo_version: string | null;
  group_name: string | null;
  org_preset: string | null;
  has_medical: boolean | null;
  medical_confirmed_at: Date | string | null;
  contact_id: string | null;
  contact_name: string | null;
  contact_channel: string | null;
  contact_value: string | null;
  contact_role: string | null;
}

/**
 * The card's one query, in plain SQL so that it can be prepared once per
 * connection (DatabaseHandle.prepared): planning this join costs more than
 * running it. The card tests hold it to the schema.
 */
const CARD_SQL = `
  select t.id as tag_id, t.user_id, t.profile_id, t.is_active, t.is_lost, t.show_medical, t.show_contacts,
         p.full_name, p.country, p.is_minor, p.photo_version, p.group_name,
         o.preset as org_preset,
         (p.blood_type is not null or p.allergies is not null or p.medications is not null
           or p.medical_notes is not null
           or (p.date_of_birth is not null and not p.is_minor)
           or p.conditions is not null or p.implanted_devices is not null
           or p.organ_donor is not null or p.advance_directive is not null
           or p.advance_directive_location is not null
           or p.preferred_hospital is not null) as has_medical,
         p.medical_confirmed_at,
         c.id as contact_id, c.name as contact_name, c.channel as contact_channel,
         c.value as contact_value, c.role as contact_role
    from tags t
    left join profiles p on p.id = t.profile_id
    left join organization o on o.id = p.organization_id
    left join contacts c on c.profile_id = t.profile_id
   where t.id = any($1::text[])
   order by t.id, case c.role when 'clinician' then 0 when 'guardian' then 1 else 2 end,
            c.priority, c.created_at`;

/**
 * The rows of one tag's card. The cards that requests ask for at once are read in one statement
 * (decision 164): under a flood of alerts or scans every request reads a card first.
 */
const cardRowsOf = inBatchesPer((database: DatabaseHandle) => {
  const query = database.prepared<CardRow>("public_cards", CARD_SQL);
  return async (tagIds: string[]) => {
    const rows = await query([textArrayParam([...new Set(tagIds)])]);
    const byTag = new Map<string, CardRow[]>();
    for (const row of rows) {
      const own = byTag.get(row.tag_id);
      if (own) own.push(row);
      else byTag.set(row.tag_id, [row]);
    }
    return tagIds.map((id) => byTag.get(id) ?? []);
  };
});

/**
 * Everything the public card shows, in one indexed query (prepared: planning
 * it costs more than running it): the tag, the owner's name, whether medical
 * data exists (not the data: that needs an acknowledged reveal) and the
 * owner's contacts (an owner has at most a plan's handful), of which the card
 * shows three when the owner shows them.
 */
export async function loadPublicCard(services: Services, tagId: string): Promise<CardState> {
  const { database, cipher } = services;
  const rows = await cardRowsOf(database, tagId);
  const row = rows[0];
  if (!row) return { state: "missing" };
  if (!row.user_id || !row.profile_id) return { state: "unclaimed", tagId };
  if (row.is_lost || !row.is_active) {
    return {
      state: "deactivated",
      tagId,
      ownerId: row.user_id,
      profileId: row.profile_id,
      ownerCountry: row.country,
    };
  }
  const owned = rows.filter((r) => r.contact_id !== null);
  const shown = row.show_contacts ? owned.slice(0, PUBLIC_CONTACT_LIMIT) : [];
  return {
    state: "active",
    tagId,
    ownerId: row.user_id,
    profileId: row.profile_id,
    fullName: row.is_minor ? firstName(row.full_name) : row.full_name,
    isMinor: Boolean(row.is_minor),
    photoVersion: row.photo_version,
    ownerCountry: row.country,
    hasMedical: row.show_medical && Boolean(row.has_medical),
    confirmedDaysAgo: daysSince(row.medical_confirmed_at),
    // Presets change defaults, not code paths: a clinical preset's group is the ward.
    ward:
      isOrgPreset(row.org_preset) && PRESET_DEFAULTS[row.org_preset].clinical
        ? row.group_name
        : null,
    contacts: shown.map((c) => ({
      name: c.contact_name!,
      channel: contactChannelOf(c.contact_channel!),
      value: cipher.decrypt(c.contact_value!, `contacts.value:${c.contact_id}`),
      role: contactRoleOf(c.contact_role),
    })),
    contactCount: owned.length,
  };
}

/** A minor's card names them by the first word of their name only (DESIGN 1b.6). */
export function firstName(fullName: string | null): string | null {
  return fullName?.trim().split(/\s+/)[0] || null;
}

/**
 * Whether a view of the card is a scan: a GET, not from a known bot, and not
 * the service worker keeping its copy for offline use (decision 050).
 */
export function countsAsScan(request: Request): boolean {
  // A view is the GET: the page rendered again after a form post (an alert or a
  // reveal without JavaScript, or a refused one) is the same person.
  if (request.method !== "GET") return false;
  if (isbot(request.headers.get("user-agent"))) return false;
  return request.headers.get(CACHE_FILL_HEADER) !== CACHE_FILL_VALUE;
}

/**
 * A scan: last_scanned_at, a view record and an audit event, written in
 * batches by services.scans, so the card never waits for them.
 */
export function recordScan(
  services: Services,
  card: { tagId: string; ownerId: string },
  clientAddress: string,
) {
  services.scans.record({ tagId: card.tagId, ownerId: card.ownerId, clientAddress });
}

export interface MedicalInfo {
  conditions: string[];
  allergies: string[];
  medications: string[];
  /** Keys of IMPLANTED_DEVICES (translated on the card) or the owner's own words. */
  implantedDevices: string[];
  bloodType: string | null;
  advanceDirective: AdvanceDirective | null;
  advanceDirectiveLocation: string | null;
  organDonor: boolean | null;
  preferredHospital: string | null;
  medicalNotes: string | null;
  dateOfBirth: string | null;
  /** Whole days since the owner last confirmed the record; null when never. */
  confirmedDaysAgo: number | null;
}

/** The medical section after the visitor acknowledged that access is logged; the reveal is logged. */
export async function revealMedical(
  services: Services,
  tagId: string,
  clientAddress: string,
): Promise<MedicalInfo | null> {
  const { db, cipher, logger } = services;
  const [row] = await db
    .select({ profile: profiles, showMedical: tags.showMedical })
    .from(tags)
    .innerJoin(profiles, eq(profiles.id, tags.profileId))
    .where(and(eq(tags.id, tagId), eq(tags.isActive, true), eq(tags.isLost, false)))
    .limit(1);
  if (!row?.showMedical) return null;
  const profile = decryptProfile(cipher, row.profile);
  await db.insert(tagViewLogs).values({ tagId, fullMedicalViewed: true });
  await recordAudit(db, logger, {
    type: "medical_viewed",
    userId: profile.accountId,
    profileId: profile.id,
    // An organisation's person: the reveal is a line of its compliance log (decision 146).
    organizationId: row.profile.organizationId,
    clientAddress,
    metadata: { tag_id: tagId },
  });
  return {
    ...cardMedicalDetails(profile),
    confirmedDaysAgo: daysSince(profile.medicalConfirmedAt),
  };
}

/** The medical details a reader sees after the reveal, in responders' order (decision 130). */
export function cardMedicalDetails(profile: ProfileData): Omit<MedicalInfo, "confirmedDaysAgo"> {
  return {
    conditions: profile.conditions,
    allergies: profile.allergies,
    medications: profile.medications,
    implantedDevices: profile.implantedDevices,
    bloodType: profile.bloodType,
    advanceDirective: profile.advanceDirective,
    advanceDirectiveLocation: profile.advanceDirectiveLocation,
    organDonor: profile.organDonor,
    preferredHospital: profile.preferredHospital,
    medicalNotes: profile.medicalNotes,
    // A minor's date of birth is never on the card, not even after the reveal (DESIGN 1b.6).
    dateOfBirth: profile.isMinor ? null : profile.dateOfBirth,
  };
}

export type DeliveryState = "sending" | "sent" | "delivered" | "failed" | "skipped" | "cancelled";

export interface AlertStatus {
  status: string;
  /** When the alert was raised (ISO 8601): the card says "sent N min ago". */
  raisedAt: string;
  acknowledged: boolean;
  contacts: { name: string; state: DeliveryState; acknowledged: boolean }[];
}

/**
 * What the person who raised an alert sees: per contact, the best state of
 * their deliveries, and whether they acknowledged. Names only when the owner
 * shows contacts on the card.
 */
export async function alertStatus(
  services: Services,
  alertId: string,
  showNames: boolean,
): Promise<AlertStatus | null> {
  const { db } = services;
  const [alert] = await db.select().from(alerts).where(eq(alerts.id, alertId)).limit(1);
  if (!alert) return null;
  const rows = await db
    .select()
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.alertId, alertId), sql`${alertDeliveries.contactId} is not null`))
    .orderBy(asc(alertDeliveries.createdAt));
  const rank: Record<string, number> = {
    cancelled: 0,
    skipped: 1,
    failed: 2,
    pending: 3,
    sending: 3,
    sent: 4,
    delivered: 5,
  };
  const byContact = new Map<
    string,
    { name: string; state: DeliveryState; acknowledged: boolean; rank: number }
  >();
  for (const row of rows) {
    const state = (
      row.status === "pending" || row.status === "sending" ? "sending" : row.status
    ) as DeliveryState;
    const current = byContact.get(row.contactId!);
    const r = rank[row.status] ?? 0;
    if (!current) {
      byContact.set(row.contactId!, {
        name: row.contactName,
        state,
        acknowledged: Boolean(row.acknowledgedAt),
        rank: r,
      });
    } else {
      if (r > current.rank) Object.assign(current, { state, rank: r });
      if (row.acknowledgedAt) current.acknowledged = true;
    }
  }
  return {
    status: alert.status,
    raisedAt: alert.createdAt.toISOString(),
    acknowledged: Boolean(alert.acknowledgedAt),
    contacts: [...byContact.values()].map((c, i) => ({
      name: showNames ? c.name : `#${i + 1}`,
      state: c.state,
      acknowledged: c.acknowledged,
    })),
  };
}

/** How far back a refused press points at the card's earlier alert (decision 100). */
export const RECENT_ALERT_MINUTES = 30;

export interface RecentCardAlert {
  alertId: string;
  token: string;
  raisedAt: string;
}

/**
 * The newest alert raised from this tag's card in the last RECENT_ALERT_MINUTES,
 * with a follower token: a press refused by the tag's limit shows whom that alert
 * reached instead of a bare refusal (the contacts' names are on the card anyway).
 */
export async function recentCardAlert(
  services: Services,
  card: { tagId: string; ownerId: string },
): Promise<RecentCardAlert | null> {
  const [row] = await services.db
    .select({ id: alerts.id, createdAt: alerts.createdAt })
    .from(alerts)
    .where(
      and(
        eq(alerts.userId, card.ownerId),
        eq(alerts.tagId, card.tagId),
        eq(alerts.source, "card"),
        gt(alerts.createdAt, sql`now() - make_interval(mins => ${RECENT_ALERT_MINUTES})`),
      ),
    )
    .orderBy(desc(alerts.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    alertId: row.id,
    // A follower's token: this phone did not raise the alert, so it may read its status but
    // never share a position for it (decision 150).
    token: alertTokens(services.config.dataEncryptionKey).followerToken(row.id),
    raisedAt: row.createdAt.toISOString(),
  };
}

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  alertDeliveries,
  alerts,
  auditEvents,
  contacts,
  profiles,
  tags,
  tagViewLogs,
} from "../db/schema.ts";
import type { Services } from "../services.ts";
import { cleanMetadata, recordAudit } from "./audit.ts";
import { decryptProfile } from "./profiles.ts";

export const PUBLIC_CONTACT_LIMIT = 3;

export type CardState =
  | { state: "missing" }
  | { state: "unclaimed"; tagId: string }
  | { state: "deactivated"; tagId: string }
  | {
      state: "active";
      tagId: string;
      ownerId: string;
      fullName: string | null;
      ownerCountry: string | null;
      hasMedical: boolean;
      contacts: { name: string; channel: "sms" | "email" | "whatsapp"; value: string }[];
      contactCount: number;
    };

export function normaliseTagId(raw: string): string | null {
  const id = raw.trim().toUpperCase();
  return id && id.length <= 50 && /^[A-Z0-9-]+$/.test(id) ? id : null;
}

/**
 * Everything the public card shows, in one indexed query: the tag, the owner's
 * name, whether medical data exists (not the data: that needs an acknowledged
 * reveal) and at most three contacts when the owner shows them.
 */
export async function loadPublicCard(services: Services, tagId: string): Promise<CardState> {
  const { db, cipher } = services;
  const [row] = await db
    .select({
      userId: tags.userId,
      isActive: tags.isActive,
      isLost: tags.isLost,
      showMedical: tags.showMedical,
      showContacts: tags.showContacts,
      fullName: profiles.fullName,
      country: profiles.country,
      hasMedical: sql<boolean>`(${profiles.bloodType} is not null or ${profiles.allergies} is not null
        or ${profiles.medications} is not null or ${profiles.medicalNotes} is not null
        or ${profiles.dateOfBirth} is not null)`,
      contactCount: sql<number>`(select count(*)::int from ${contacts} where ${contacts.userId} = ${tags.userId})`,
      contacts: sql<{ id: string; name: string; channel: string; value: string }[] | null>`(
        select json_agg(c) from (
          select id, name, channel, value from ${contacts}
          where ${contacts.userId} = ${tags.userId} and ${tags.showContacts}
          order by priority limit ${PUBLIC_CONTACT_LIMIT}) c)`,
    })
    .from(tags)
    .leftJoin(profiles, eq(profiles.id, tags.userId))
    .where(eq(tags.id, tagId))
    .limit(1);
  if (!row) return { state: "missing" };
  if (!row.userId) return { state: "unclaimed", tagId };
  if (row.isLost || !row.isActive) return { state: "deactivated", tagId };
  return {
    state: "active",
    tagId,
    ownerId: row.userId,
    fullName: row.fullName,
    ownerCountry: row.country,
    hasMedical: row.showMedical && Boolean(row.hasMedical),
    contacts: (row.contacts ?? []).map((c) => ({
      name: c.name,
      channel: c.channel as "sms",
      value: cipher.decrypt(c.value, `contacts.value:${c.id}`),
    })),
    contactCount: row.contactCount,
  };
}

interface PendingScan {
  tagId: string;
  ownerId: string;
  clientAddress: string;
  at: Date;
}

/** How often recorded scans are written, and how many may wait (beyond that they are dropped). */
const SCAN_FLUSH_MS = 250;
const SCAN_BATCH = 500;
const SCAN_BACKLOG_LIMIT = 20_000;

interface ScanRecorder {
  add(scan: PendingScan): void;
  flush(): Promise<void>;
}

/** One recorder per Services (per process and database), never shared through module state. */
const recorders = new WeakMap<Services, ScanRecorder>();

function scanRecorder(services: Services): ScanRecorder {
  const existing = recorders.get(services);
  if (existing) return existing;
  const { db, logger } = services;
  let pending: PendingScan[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: PendingScan[]) {
    const tagIds = [...new Set(batch.map((s) => s.tagId))];
    await db.transaction(async (tx) => {
      await tx
        .update(tags)
        .set({ lastScannedAt: batch[batch.length - 1]!.at })
        .where(inArray(tags.id, tagIds));
      await tx
        .insert(tagViewLogs)
        .values(batch.map((s) => ({ tagId: s.tagId, fullMedicalViewed: false, createdAt: s.at })));
      await tx.insert(auditEvents).values(
        batch.map((s) => ({
          eventType: "tag_scanned",
          userId: s.ownerId,
          success: true,
          clientAddress: s.clientAddress,
          metadata: cleanMetadata({ tag_id: s.tagId }),
          createdAt: s.at,
        })),
      );
    });
  }

  const recorder: ScanRecorder = {
    add(scan) {
      if (pending.length >= SCAN_BACKLOG_LIMIT) {
        if (dropped++ % 1000 === 0) logger.warn({ dropped }, "scan backlog full; scans dropped");
        return;
      }
      pending.push(scan);
      if (!timer) {
        timer = setTimeout(() => void recorder.flush(), SCAN_FLUSH_MS);
        timer.unref?.();
      }
    },
    flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      writing = writing.then(async () => {
        while (pending.length) {
          const batch = pending.slice(0, SCAN_BATCH);
          pending = pending.slice(batch.length);
          await write(batch).catch((error) =>
            logger.error({ err: error, scans: batch.length }, "recording scans failed"),
          );
        }
      });
      return writing;
    },
  };
  recorders.set(services, recorder);
  return recorder;
}

/**
 * Counts a card view: the tag's last_scanned_at, a view record and a
 * tag_scanned audit event. Written in batches a quarter of a second later, off
 * the reader's path: one transaction for many views keeps a busy card fast
 * (each view written on its own cost more than rendering the card).
 */
export function recordScan(
  services: Services,
  card: { tagId: string; ownerId: string },
  clientAddress: string,
) {
  scanRecorder(services).add({ ...card, clientAddress, at: new Date() });
}

/** Writes the scans still waiting (at shutdown). */
export function flushScans(services: Services): Promise<void> {
  return recorders.get(services)?.flush() ?? Promise.resolve();
}

export interface MedicalInfo {
  bloodType: string | null;
  allergies: string[];
  medications: string[];
  medicalNotes: string | null;
  dateOfBirth: string | null;
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
    .innerJoin(profiles, eq(profiles.id, tags.userId))
    .where(and(eq(tags.id, tagId), eq(tags.isActive, true), eq(tags.isLost, false)))
    .limit(1);
  if (!row?.showMedical) return null;
  const profile = decryptProfile(cipher, row.profile);
  await db.insert(tagViewLogs).values({ tagId, fullMedicalViewed: true });
  await recordAudit(db, logger, {
    type: "medical_viewed",
    userId: profile.id,
    clientAddress,
    metadata: { tag_id: tagId },
  });
  return {
    bloodType: profile.bloodType,
    allergies: profile.allergies,
    medications: profile.medications,
    medicalNotes: profile.medicalNotes,
    dateOfBirth: profile.dateOfBirth,
  };
}

export type DeliveryState = "sending" | "sent" | "delivered" | "failed" | "skipped" | "cancelled";

export interface AlertStatus {
  status: string;
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
    acknowledged: Boolean(alert.acknowledgedAt),
    contacts: [...byContact.values()].map((c, i) => ({
      name: showNames ? c.name : `#${i + 1}`,
      state: c.state,
      acknowledged: c.acknowledged,
    })),
  };
}

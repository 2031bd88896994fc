/**
 * Writing an import's new and changed people (decision 136): in batches, one transaction each,
 * with one seat check, the profiles, contacts and audit lines each in one multi-row statement,
 * the encrypted fields sealed in memory before the transaction opens, and the event loop handed
 * back between batches so cards are served meanwhile.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expiryOf } from "#core/org-forms.ts";
import { IMPORT_COLUMNS, type ImportProblem, type ImportRow } from "#core/org-import.ts";
import { PRESET_DEFAULTS } from "#core/organizations.ts";
import { insertMany, oneOf, updateMany } from "#server/db/bulk-writes.ts";
import { contacts, profiles } from "#server/db/schema.ts";
import { type AuditEvent, recordAuditsWithChange } from "./audit.ts";
import { requestContactConsent } from "./contact-consent.ts";
import { contactRow, openContactValue } from "./contacts.ts";
import {
  countOf,
  type ImportServices,
  type ImportSummary,
  type Plan,
  type Planned,
  problem,
  profileInput,
  seatProblem,
  summaryOf,
  yieldToOthers,
} from "./org-import-plan.ts";
import type { OrgSummary } from "./organizations.ts";
import { profileValues } from "./profiles.ts";
import { seatsLeft } from "./quotas.ts";
import { MEDICAL_FIELDS } from "./safety-log.ts";

/** Rows written per transaction: small enough that cards are served between batches. */
export const IMPORT_BATCH_ROWS = 100;

export interface ImportProgress {
  done: number;
  total: number;
}

/** Writes the plan's new and changed people in batches; the summary of what was done. */
export async function writePlan(
  services: ImportServices,
  org: OrgSummary,
  by: string | null,
  run: {
    importId: string;
    fileName: string;
    plan: Plan;
    onProgress?: (progress: ImportProgress) => void;
  },
): Promise<ImportSummary> {
  const rows = [...run.plan.rows];
  const writes = rows.flatMap((r, index) =>
    r.action === "create" || r.action === "update" ? [{ index, planned: r }] : [],
  );
  const reason = `CSV import ${run.fileName}`;
  run.onProgress?.({ done: 0, total: writes.length });
  for (let at = 0; at < writes.length; at += IMPORT_BATCH_ROWS) {
    const batch = writes.slice(at, at + IMPORT_BATCH_ROWS);
    const { refused, asked } = await writeBatch(services, org, by, {
      importId: run.importId,
      reason,
      batch: batch.map((b) => b.planned),
    });
    // New guardians are asked to confirm (decision 148), after the batch commits and under the
    // organisation's daily ceilings: beyond them the consent job asks the rest on later days.
    if (asked.length) {
      await services.db.transaction((tx) => requestContactConsent(services, tx, asked));
    }
    for (const [i, problems] of refused) {
      const entry = batch[i]!;
      rows[entry.index] = { action: "rejected", row: entry.planned.row, problems };
    }
    run.onProgress?.({
      done: Math.min(at + IMPORT_BATCH_ROWS, writes.length),
      total: writes.length,
    });
    await yieldToOthers();
  }
  return summaryOf({ rows, counts: countOf(rows) });
}

type Write = Extract<Planned, { action: "create" | "update" }>;

/**
 * One batch in one transaction. Returns the rows it had to refuse after all (by their index in
 * the batch): new people past the seats as they are now, or an external id another request
 * took meanwhile.
 */
async function writeBatch(
  services: ImportServices,
  org: OrgSummary,
  by: string | null,
  job: { importId: string; reason: string; batch: Write[] },
): Promise<{ refused: Map<number, ImportProblem[]>; asked: string[] }> {
  const { cipher } = services;
  const minors = PRESET_DEFAULTS[org.preset].minors;
  const person = (profileId: string) => ({ profileId, accountId: org.accountId });
  const contactsOf = (profileId: string, data: ImportRow) =>
    data.contacts.map((c, i) =>
      contactRow(cipher, person(profileId), { ...c, priority: i + 1, role: c.role }),
    );
  // Sealed before the transaction opens: it holds the database only for the writes.
  const creates = job.batch.flatMap((w, index) => {
    if (w.action !== "create") return [];
    const id = randomUUID();
    return [
      {
        index,
        w,
        profile: {
          id,
          accountId: org.accountId,
          organizationId: org.id,
          externalId: w.data.externalId,
          groupName: w.data.groupName ?? null,
          locationId: w.locationId,
          expiresAt: w.data.expiresOn ? expiryOf(w.data.expiresOn) : null,
          onboardingCompleted: true,
          ...profileValues(cipher, id, { ...profileInput(w.data), isMinor: minors }),
        },
        contacts: contactsOf(id, w.data),
      },
    ];
  });
  const updates = job.batch.flatMap((w) => {
    if (w.action !== "update") return [];
    const set: Partial<typeof profiles.$inferInsert> = {
      ...profileValues(cipher, w.profileId, profileInput(w.data)),
      updatedAt: new Date(),
    };
    if (w.data.groupName !== undefined) set.groupName = w.data.groupName;
    if (w.data.location !== undefined) set.locationId = w.locationId;
    if (w.data.expiresOn !== undefined) {
      set.expiresAt = w.data.expiresOn ? expiryOf(w.data.expiresOn) : null;
    }
    return [{ w, set, contacts: w.contactsChanged ? contactsOf(w.profileId, w.data) : null }];
  });

  return services.db.transaction(async (tx) => {
    const refused = new Map<number, ImportProblem[]>();
    let admitted = creates;
    if (creates.length) {
      const seats = await seatsLeft(tx, org.accountId);
      if (seats.left !== null && seats.left < creates.length) {
        for (const c of creates.slice(seats.left)) {
          refused.set(c.index, [seatProblem(seats.limit!)]);
        }
        admitted = creates.slice(0, seats.left);
      }
    }
    const inserted = new Set(
      await insertMany(
        tx,
        profiles,
        admitted.map((c) => c.profile),
        { conflict: "ignore" },
      ),
    );
    const idColumn = IMPORT_COLUMNS[org.preset].find((c) => c.kind === "external_id")!;
    const added = admitted.filter((c) => {
      if (inserted.has(c.profile.id)) return true;
      refused.set(c.index, [problem(idColumn, "org-import:errors.externalIdTaken")]);
      return false;
    });
    await updateMany(
      tx,
      profiles,
      updates.map((u) => ({ id: u.w.profileId, ...u.set })),
      eq(profiles.organizationId, org.id),
    );
    const replaced = updates.filter((u) => u.contacts !== null);
    // A guardian listed again at the same address keeps their answer (decision 148).
    const kept = new Map<string, typeof contacts.$inferSelect>();
    if (replaced.length) {
      const before = await tx
        .select()
        .from(contacts)
        .where(
          oneOf(
            contacts.profileId,
            replaced.map((u) => u.w.profileId),
          ),
        );
      for (const old of before) {
        kept.set(`${old.profileId}|${old.channel}|${openContactValue(cipher, old)}`, old);
      }
      await tx.delete(contacts).where(
        oneOf(
          contacts.profileId,
          replaced.map((u) => u.w.profileId),
        ),
      );
    }
    const carried = replaced.flatMap((u) =>
      u.contacts!.map((row, i) => {
        const old = kept.get(`${row.profileId}|${row.channel}|${u.w.data.contacts[i]!.value}`);
        return old
          ? {
              ...row,
              consent: old.consent,
              consentAt: old.consentAt,
              consentRequestedAt: old.consentRequestedAt,
              consentRequests: old.consentRequests,
              currentCheckSentAt: old.currentCheckSentAt,
              currentConfirmedAt: old.currentConfirmedAt,
            }
          : row;
      }),
    );
    // One shape for every row of the multi-row insert: a new guardian has not answered yet.
    const unanswered = {
      consent: "pending",
      consentAt: null,
      consentRequestedAt: null,
      consentRequests: 0,
      currentCheckSentAt: null,
      currentConfirmedAt: null,
    };
    const newContacts = [...added.flatMap((c) => c.contacts), ...carried].map((row) => ({
      ...unanswered,
      ...row,
    }));
    await insertMany(tx, contacts, newContacts);
    // As the organisation's log writes its lines (org-log.ts): who, why ("CSV import FILE"),
    // the medical record's fields on a line of their own.
    const line = (type: AuditEvent["type"], profileId: string, metadata: object): AuditEvent => ({
      type,
      userId: by,
      profileId,
      organizationId: org.id,
      metadata: { ...metadata, importId: job.importId, by: "organization", reason: job.reason },
    });
    const medical: readonly string[] = MEDICAL_FIELDS;
    const events: AuditEvent[] = [
      ...added.map((c) =>
        line("org_person_added", c.profile.id, { externalId: c.w.data.externalId }),
      ),
      ...updates.flatMap((u) => {
        const { externalId } = u.w.data;
        const details = [
          ...u.w.fields.filter((f) => !medical.includes(f)),
          ...(u.contacts ? ["contacts"] : []),
        ];
        const record = u.w.fields.filter((f) => medical.includes(f));
        return [
          ...(details.length
            ? [line("org_person_updated", u.w.profileId, { externalId, fields: details.join(",") })]
            : []),
          ...(record.length
            ? [
                line("org_person_medical_updated", u.w.profileId, {
                  externalId,
                  fields: record.join(","),
                }),
              ]
            : []),
        ];
      }),
    ];
    await recordAuditsWithChange(tx, events);
    const asked = newContacts
      .filter((c) => !c.consentRequests && (c.consent ?? "pending") === "pending")
      .map((c) => c.id);
    return { refused, asked };
  });
}

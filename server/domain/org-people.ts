/**
 * The people an organisation manages (decision 135): profiles whose managing account is the
 * organisation's own account, with the organisation's external id, group and location. Added one
 * by one here (the admin's form) or many at once by the CSV import, both within the
 * organisation's seats; every change is written to the organisation's log with who did it.
 */
import { randomUUID } from "node:crypto";
import { PRESET_DEFAULTS } from "#core/organizations.ts";
import type { FieldCipher } from "#server/crypto.ts";
import type { Database } from "#server/db/client.ts";
import { profiles } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { recordAudit } from "./audit.ts";
import type { OrgSummary } from "./organizations.ts";
import { type ProfileInput, profileValues } from "./profiles.ts";
import { seatQuota } from "./quotas.ts";

export interface OrgPersonInput extends ProfileInput {
  fullName: string;
  externalId?: string | null;
  groupName?: string | null;
  locationId?: string | null;
  expiresAt?: Date | null;
}

export type AddOrgPersonResult =
  | { ok: true; profileId: string }
  | { ok: false; reason: "seat_limit"; limit: number }
  | { ok: false; reason: "duplicate_external_id" };

/**
 * Adds one person to the organisation if a seat is free. The preset decides the defaults: a
 * school's people are minors (child-safe card), an events organisation's expire.
 */
export async function addOrgPerson(
  db: Database,
  deps: { cipher: FieldCipher; logger: Logger },
  org: OrgSummary,
  by: string | null,
  input: OrgPersonInput,
): Promise<AddOrgPersonResult> {
  const defaults = PRESET_DEFAULTS[org.preset];
  return db.transaction(async (tx) => {
    const quota = await seatQuota(tx, org.accountId, 1);
    if (!quota.ok) return quota;
    const profileId = randomUUID();
    const inserted = await tx
      .insert(profiles)
      .values({
        id: profileId,
        accountId: org.accountId,
        organizationId: org.id,
        externalId: input.externalId ?? null,
        groupName: input.groupName ?? null,
        locationId: input.locationId ?? null,
        expiresAt: input.expiresAt ?? null,
        onboardingCompleted: true,
        ...profileValues(deps.cipher, profileId, {
          isMinor: defaults.minors,
          ...input,
        }),
      })
      .onConflictDoNothing()
      .returning({ id: profiles.id });
    if (inserted.length === 0) return { ok: false, reason: "duplicate_external_id" };
    await recordAudit(tx, deps.logger, {
      type: "org_person_added",
      userId: by,
      profileId,
      organizationId: org.id,
      metadata: { externalId: input.externalId ?? null },
    });
    return { ok: true, profileId };
  });
}

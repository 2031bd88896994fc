/**
 * The six-monthly "still current?" check (issue 18 item 1, decision 148). A job in every process
 * that dispatches, every hour:
 * - contacts who confirmed (or last said "still current") more than six months ago, and were not
 *   asked in the last six months, get one `current_check` notice with a one-tap link (`/c/TOKEN`);
 * - each person whose record was last confirmed more than six months ago, and whose managing
 *   account was not asked in the last six months, makes one message to that account with a link
 *   to the dashboard, where "Yes, all still current" confirms the record and its contacts;
 * - contacts never asked (held back by a ceiling) are asked (`askNotYetAsked`).
 * Rows are claimed with SKIP LOCKED and a bounded batch per run, so instances share the work and a
 * backlog of thousands goes out over several runs, never all at once.
 */
import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { contactChannelOf, describeChannel } from "#core/channels.ts";
import { queueNotice } from "#server/alerts/notices.ts";
import { contacts, profiles, user } from "#server/db/schema.ts";
import { createPeriodicJob, type PeriodicJob } from "#server/periodic-job.ts";
import type { Services } from "#server/services.ts";
import { askNotYetAsked, contactLink } from "./contact-consent.ts";
import { issueContactToken } from "./contact-tokens.ts";
import { optedOutSince } from "./opt-outs.ts";
import { alertAllowance } from "./quotas.ts";
import { accountDestination } from "./users.ts";

/** About six months. */
export const CURRENT_CHECK_AFTER_DAYS = 182;
/** Checks queued per kind in one run. */
export const CURRENT_CHECK_BATCH = 200;

type JobServices = Pick<Services, "db" | "cipher" | "config" | "logger" | "limiter">;

const sixMonthsBefore = (now: Date) =>
  new Date(now.getTime() - CURRENT_CHECK_AFTER_DAYS * 86_400_000);

/** Queues the contacts' checks that are due; returns how many were queued. */
export async function checkContactsCurrent(services: JobServices, now = new Date()) {
  const before = sixMonthsBefore(now);
  return services.db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: contacts.id,
        name: contacts.name,
        channel: contacts.channel,
        value: contacts.value,
        language: contacts.language,
        profileId: contacts.profileId,
        accountId: profiles.accountId,
        personName: profiles.fullName,
        personLanguage: profiles.language,
        isMinor: profiles.isMinor,
      })
      .from(contacts)
      .innerJoin(profiles, eq(profiles.id, contacts.profileId))
      .where(
        and(
          eq(contacts.consent, "confirmed"),
          lt(sql`coalesce(${contacts.currentConfirmedAt}, ${contacts.consentAt})`, before),
          or(isNull(contacts.currentCheckSentAt), lt(contacts.currentCheckSentAt, before)),
        ),
      )
      .orderBy(asc(contacts.consentAt))
      .limit(CURRENT_CHECK_BATCH)
      .for("update", { of: contacts, skipLocked: true });
    let queued = 0;
    for (const contact of due) {
      const channel = contactChannelOf(contact.channel);
      const to = services.cipher.decrypt(contact.value, `contacts.value:${contact.id}`);
      // Marked asked either way: a number that stopped is not tried again every hour.
      await tx.update(contacts).set({ currentCheckSentAt: now }).where(eq(contacts.id, contact.id));
      if (await optedOutSince(tx, services.config.dataEncryptionKey, channel, to)) continue;
      let status: "pending" | "skipped" = "pending";
      if (describeChannel(channel).cost !== "free") {
        const { allowance } = await alertAllowance(tx, contact.accountId);
        if (!allowance.take(channel)) status = "skipped";
      }
      const token = await issueContactToken(tx, contact.id, "current_check", now);
      const person = contact.personName ?? "";
      await queueNotice(tx, services.cipher, {
        kind: "current_check",
        accountId: contact.accountId,
        channel,
        to,
        recipientName: contact.name,
        payload: {
          template: "currentCheck",
          language: contact.language ?? contact.personLanguage,
          params: { owner: contact.isMinor ? (person.split(/\s+/)[0] ?? "") : person },
        },
        secretParams: { link: contactLink(services, token) },
        status,
        note: status === "skipped" ? "quota" : null,
      });
      if (status === "pending") queued++;
    }
    return queued;
  });
}

/**
 * Queues the managing accounts' checks of their people's records that are due (an
 * organisation's people are reviewed on its own pages, decision 137); returns how many.
 */
export async function checkRecordsCurrent(services: JobServices, now = new Date()) {
  const before = sixMonthsBefore(now);
  return services.db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: profiles.id,
        accountId: profiles.accountId,
        personName: profiles.fullName,
        email: user.email,
        phoneNumber: user.phoneNumber,
        accountName: user.name,
        language: profiles.language,
      })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.accountId))
      .where(
        and(
          eq(profiles.onboardingCompleted, true),
          isNull(profiles.organizationId),
          lt(sql`coalesce(${profiles.medicalConfirmedAt}, ${profiles.createdAt})`, before),
          or(isNull(profiles.currentCheckSentAt), lt(profiles.currentCheckSentAt, before)),
        ),
      )
      .orderBy(asc(profiles.createdAt))
      .limit(CURRENT_CHECK_BATCH)
      .for("update", { of: profiles, skipLocked: true });
    let queued = 0;
    for (const person of due) {
      await tx.update(profiles).set({ currentCheckSentAt: now }).where(eq(profiles.id, person.id));
      const to = accountDestination(person.email, person.phoneNumber);
      if (to.channel === "email" && to.address.endsWith(".invalid")) continue;
      const own = person.id === person.accountId;
      const link = `${services.config.publicUrl}/dashboard${
        own ? "" : `?person=${encodeURIComponent(person.id)}`
      }#current-check`;
      await queueNotice(tx, services.cipher, {
        kind: "current_check",
        accountId: person.accountId,
        channel: to.channel,
        to: to.address,
        recipientName: person.accountName,
        payload: {
          template: "ownerCheck",
          language: person.language,
          params: { person: person.personName || person.accountName, link },
        },
      });
      queued++;
    }
    return queued;
  });
}

/** One run: contacts' checks, records' checks, then contacts never asked. */
export type ConsentJob = PeriodicJob<
  { contacts: number; records: number; asked: number },
  [now?: Date]
>;

/** Every hour by default, and a minute after start. */
export function createConsentJob(
  services: JobServices & Pick<Services, "dispatcher">,
  options: { intervalMs?: number } = {},
): ConsentJob {
  return createPeriodicJob({
    logger: services.logger,
    intervalMs: options.intervalMs ?? 60 * 60_000,
    firstRunMs: 60_000,
    failed: { contacts: 0, records: 0, asked: 0 },
    failureMessage: "the still-current checks failed",
    run: async (now = new Date()) => {
      const result = {
        contacts: await checkContactsCurrent(services, now),
        records: await checkRecordsCurrent(services, now),
        asked: await askNotYetAsked({ ...services }, { now }),
      };
      if (result.contacts + result.records + result.asked > 0) {
        services.logger.info(result, "still-current checks and confirmation requests queued");
        services.dispatcher?.nudge();
      }
      return result;
    },
  });
}

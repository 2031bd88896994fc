/**
 * STOP, START and HELP replies (issue 18 item 1, decision 148). A STOP is kept per family and
 * per keyed hash of the number (`opt_outs`), never per contact, so it applies to every owner who
 * lists that number; START removes it. "sms" covers texts and automated calls to the number (a
 * person who asked for no more automated messages did not ask to be phoned by a robot instead);
 * "whatsapp" covers WhatsApp messages only.
 */
import { and, eq, sql } from "drizzle-orm";
import { type Channel, describeChannel } from "#core/channels.ts";
import { inBatchesPer } from "#server/db/batches.ts";
import type { Executor } from "#server/db/client.ts";
import { preparedQuery } from "#server/db/prepared.ts";
import { optOuts } from "#server/db/schema.ts";
import { addressHash } from "#server/security/address-hash.ts";

export type OptOutFamily = "sms" | "whatsapp";
export type InboundKeyword = "stop" | "start" | "help";

/** The keywords Twilio's Advanced Opt-Out knows, by what they do. */
const KEYWORDS: Record<string, InboundKeyword> = {
  STOP: "stop",
  STOPALL: "stop",
  UNSUBSCRIBE: "stop",
  CANCEL: "stop",
  END: "stop",
  QUIT: "stop",
  REVOKE: "stop",
  OPTOUT: "stop",
  START: "start",
  YES: "start",
  UNSTOP: "start",
  HELP: "help",
  INFO: "help",
};

/**
 * What an inbound message asks for: Twilio's `OptOutType` when it sent one (Advanced Opt-Out,
 * which may know keywords an account added), else the body as one keyword, in any case and with
 * any spaces. Anything else is no keyword (null).
 */
export function keywordOf(params: { Body?: string; OptOutType?: string }): InboundKeyword | null {
  const given = params.OptOutType?.trim().toUpperCase();
  if (given === "STOP" || given === "START" || given === "HELP") {
    return given.toLowerCase() as InboundKeyword;
  }
  const word = (params.Body ?? "").replace(/\s+/g, "").toUpperCase();
  return KEYWORDS[word] ?? null;
}

/** Who wrote, and on what: `whatsapp:+1555…` is WhatsApp, anything else SMS. */
export function senderOf(
  from: string | undefined,
): { family: OptOutFamily; number: string } | null {
  const raw = (from ?? "").trim();
  const whatsapp = /^whatsapp:/i.test(raw);
  const number = raw.replace(/^whatsapp:/i, "");
  if (!/^\+[1-9]\d{1,14}$/.test(number)) return null;
  return { family: whatsapp ? "whatsapp" : "sms", number };
}

/** The family a send on `channel` belongs to; null for channels no STOP reaches (email, Meta). */
export function familyOf(channel: Channel): OptOutFamily | null {
  if (describeChannel(channel).address !== "phone") return null;
  return channel === "whatsapp" ? "whatsapp" : "sms";
}

/** Records a STOP (a repeated one keeps the first date). */
export async function recordOptOut(
  db: Executor,
  masterKey: Buffer,
  sender: { family: OptOutFamily; number: string },
  keyword: string,
): Promise<void> {
  await db
    .insert(optOuts)
    .values({ family: sender.family, addressHash: addressHash(masterKey, sender.number), keyword })
    .onConflictDoNothing();
}

/** Removes a STOP; returns whether there was one. */
export async function removeOptOut(
  db: Executor,
  masterKey: Buffer,
  sender: { family: OptOutFamily; number: string },
): Promise<boolean> {
  const removed = await db
    .delete(optOuts)
    .where(
      and(
        eq(optOuts.family, sender.family),
        eq(optOuts.addressHash, addressHash(masterKey, sender.number)),
      ),
    )
    .returning({ family: optOuts.family });
  return removed.length > 0;
}

/** When the number stopped sends on `channel`'s family, or null. */
export async function optedOutSince(
  db: Executor,
  masterKey: Buffer,
  channel: Channel,
  number: string,
): Promise<Date | null> {
  const family = familyOf(channel);
  if (!family) return null;
  const [row] = await db
    .select({ at: optOuts.createdAt })
    .from(optOuts)
    .where(
      and(eq(optOuts.family, family), eq(optOuts.addressHash, addressHash(masterKey, number))),
    );
  return row?.at ?? null;
}

/**
 * The STOPs among many destinations at once, keyed `${family}:${number}` with the date (an
 * alert's planning and the dashboard read them in one query).
 */
export async function optOutsAmong(
  db: Executor,
  masterKey: Buffer,
  destinations: { channel: Channel; value: string }[],
): Promise<Map<string, Date>> {
  const wanted = new Map<string, string>();
  for (const d of destinations) {
    const family = familyOf(d.channel);
    if (family) wanted.set(addressHash(masterKey, d.value), d.value);
  }
  const found = new Map<string, Date>();
  if (wanted.size === 0) return found;
  const rows = await stopsAmong(db, [...wanted.keys()]);
  for (const row of rows) found.set(`${row.family}:${wanted.get(row.addressHash)}`, row.createdAt);
  return found;
}

type OptOutRow = typeof optOuts.$inferSelect;

/**
 * The STOPs of these address hashes. What callers ask at once is read in one statement
 * (decision 164): every alert asks for its numbers' STOPs while it is planned.
 */
const stopsAmong = inBatchesPer((db: Executor) => {
  const query = preparedQuery(db, "opt_outs_among", (executor) =>
    executor
      .select()
      .from(optOuts)
      .where(sql`${optOuts.addressHash} = any(${sql.placeholder("hashes")}::text[])`)
      .prepare("opt_outs_among"),
  );
  return async (asked: string[][]): Promise<OptOutRow[][]> => {
    const rows = await query.execute({ hashes: [...new Set(asked.flat())] });
    return asked.map((own) => {
      const mine = new Set(own);
      return rows.filter((row) => mine.has(row.addressHash));
    });
  };
});

/** Whether `channel` to `value` is stopped, from an `optOutsAmong` answer. */
export function stoppedIn(stops: Map<string, Date>, channel: Channel, value: string): Date | null {
  const family = familyOf(channel);
  return family ? (stops.get(`${family}:${value}`) ?? null) : null;
}

/**
 * Roll call with 5,000 checked-in people and 10 staff phones (issue 17's budget; decision 143),
 * measured without the test suite:
 *   1. a fresh database (PGlite in memory, or the empty PostgreSQL database at
 *      BENCH_DATABASE_URL), migrated; one school, one site, ROLL_CALL_PEOPLE (5,000) people with
 *      a tag each, all checked in at the site; ROLL_CALL_PHONES (10) staff members signed in
 *      through /auth (password, then the emailed code);
 *   2. a roll call started; each phone holds the live feed (GET …/events, Server-Sent Events,
 *      through the whole in-process HTTP stack) and marks its share of the people safe by tap
 *      (POST to the action as the page's fetcher sends it, one after another, the ten phones at
 *      once), ROLL_CALL_MARKS (1,000) marks in all;
 *   3. for every mark and every *other* phone: the time from the mark's POST being sent to that
 *      phone's feed delivering it. Printed as p50/p99, then one JSON line.
 * Run: `node --import tsx scripts/bench/roll-call.ts` (needs `npm run build`).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { desc, eq, sql } from "drizzle-orm";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { RollCallFeedEvent } from "#core/roll-call.ts";
import { authMessagesSettled } from "#server/auth/code-delivery.ts";
import { loadConfig } from "#server/config.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "#server/db/client.ts";
import { devOutbox, orgLocations, orgMemberLocations, user } from "#server/db/schema.ts";
import {
  createOrganization,
  orgContextFor,
  setOrgExtraSeats,
} from "#server/domain/organizations.ts";
import { startRollCall } from "#server/domain/roll-calls.ts";
import { createHttpApp } from "#server/http/app.ts";
import { createLogger } from "#server/logger.ts";
import { clientBuildDir, projectRoot } from "#server/paths.ts";
import { createServices } from "#server/services.ts";

const PEOPLE = Number(process.env.ROLL_CALL_PEOPLE ?? 5_000);
const PHONES = Number(process.env.ROLL_CALL_PHONES ?? 10);
/** Marks made in the run (the first people of the list), each phone its share: 100 each. */
const MARKS = Math.min(PEOPLE, Number(process.env.ROLL_CALL_MARKS ?? 1_000));
const PASSWORD = "Bench-Passw0rd!";

function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    samples: sorted.length,
    p50ms: round(at(50)),
    p90ms: round(at(90)),
    p99ms: round(at(99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

const buildFile = path.join(projectRoot, "build", "server", "index.js");
if (!existsSync(buildFile)) throw new Error("No production build: run `npm run build` first.");

const dataDir = mkdtempSync(path.join(tmpdir(), "safetap-bench-roll-call-"));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
const database: DatabaseHandle = databaseUrl
  ? await openPostgres(databaseUrl)
  : await openPglite(null);
try {
  await database.migrate();
  const config = loadConfig({
    APP_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    TRUST_PROXY: "true",
    DATABASE_URL: databaseUrl,
  });
  const services = createServices({ config, logger: createLogger({ level: "silent" }), database });
  const { db } = services;

  const made = await createOrganization(services, {
    name: "Bench Roll Call School",
    slug: "bench-roll-call",
    preset: "school",
  });
  if (!made.ok) throw new Error(`createOrganization: ${made.reason}`);
  const org = made.organization;
  await setOrgExtraSeats(services, org.id, PEOPLE, null);
  const [site] = await db
    .insert(orgLocations)
    .values({ organizationId: org.id, name: "Main site", timeZone: "Europe/London", country: "GB" })
    .returning({ id: orgLocations.id });

  // People, a tag each, and this morning's check-in at the site: one multi-row insert each.
  const seeding = performance.now();
  await db.execute(sql`
    insert into profiles (id, account_id, organization_id, full_name, group_name, location_id,
                          is_minor, onboarding_completed)
    select ${org.id} || '-' || i, ${org.accountId}, ${org.id}, 'Pupil ' || lpad(i::text, 5, '0'),
           'Class ' || (1 + i % 40), ${site!.id}::uuid, true, true
      from generate_series(1, ${PEOPLE}::int) as i`);
  await db.execute(sql`
    insert into tags (id, product, user_id, profile_id, status, is_active, activation_token_hash,
                      organization_id, linked_at)
    select 'WB-R' || lpad(i::text, 5, '0'), 'wristband', ${org.accountId}, ${org.id} || '-' || i,
           'active', true, md5('bench-rc-' || i), ${org.id}, now()
      from generate_series(1, ${PEOPLE}::int) as i`);
  await db.execute(sql`
    insert into attendance_scans (tag_id, direction, person_name, profile_id, organization_id,
                                  location_id, created_at)
    select 'WB-R' || lpad(i::text, 5, '0'), 'in', 'Pupil ' || lpad(i::text, 5, '0'),
           ${org.id} || '-' || i, ${org.id}, ${site!.id}::uuid, now() - interval '2 hours'
      from generate_series(1, ${PEOPLE}::int) as i`);
  await db.execute(sql`analyze attendance_scans`);
  const seedMs = Math.round(performance.now() - seeding);

  const app = createHttpApp(services, {
    handlePage: createRequestHandler(
      (await import(pathToFileURL(buildFile).href)) as ServerBuild,
      "production",
    ),
    staticDir: clientBuildDir,
  });

  /** One staff phone: its own address and cookies, signed in through /auth. */
  async function phone(index: number) {
    const email = `bench-staff-${index}@example.com`;
    const { userId } = await services.auth.api.createSafetapUser({
      body: { name: `Staff ${index}`, email, phoneNumber: null, password: PASSWORD },
    });
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    const added = await services.auth.api.addMember({
      body: { userId, role: "staff", organizationId: org.id },
    });
    await db.insert(orgMemberLocations).values({ memberId: added!.id, locationId: site!.id });
    const jar = new Map<string, string>();
    const address = `198.51.100.${10 + index}`;
    const send = async (
      pathname: string,
      init: RequestInit & { form?: Record<string, string> },
    ) => {
      const response = await app.request(`${config.publicUrl}${pathname}`, {
        ...init,
        method: init.form ? "POST" : "GET",
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
          "x-forwarded-for": address,
          ...(init.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: init.form ? new URLSearchParams(init.form).toString() : undefined,
        redirect: "manual",
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair!.indexOf("=");
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return response;
    };
    const step = await send("/auth", {
      form: { intent: "signin", identifier: email, password: PASSWORD },
    });
    await step.arrayBuffer();
    await authMessagesSettled(services);
    const [message] = await db
      .select({ body: devOutbox.body })
      .from(devOutbox)
      .where(eq(devOutbox.to, email))
      .orderBy(desc(devOutbox.createdAt))
      .limit(1);
    const code = message?.body.match(/\b(\d{6})\b/)?.[1] ?? "";
    const verified = await send("/auth", { form: { intent: "verify", code } });
    await verified.arrayBuffer();
    if (verified.status !== 302) throw new Error(`phone ${index}: sign-in refused`);
    return { index, userId, send };
  }

  const phones = [];
  for (let i = 0; i < PHONES; i++) phones.push(await phone(i));
  const context = (await orgContextFor(db, phones[0]!.userId, org.slug))!;
  const started = await startRollCall(services, context, {
    locationId: site!.id,
    kind: "evacuation",
    drill: true,
    alertAfterMinutes: 120,
  });
  if (!started.ok || started.listed !== PEOPLE)
    throw new Error("the roll call did not list everyone");
  const page = `/org/${org.slug}/roll-call/${started.rollCallId}`;
  const profileIds = Array.from({ length: PEOPLE }, (_, i) => `${org.id}-${i + 1}`);

  /** When each mark was sent, and by which phone. */
  const sent = new Map<string, { at: number; by: number }>();
  const latencies: number[] = [];
  const seen = Array.from({ length: PHONES }, () => 0);
  const abort = new AbortController();
  let allSeen: () => void;
  const everyoneSaw = new Promise<void>((resolve) => {
    allSeen = resolve;
  });

  // Each phone holds its feed from the start's cursor.
  const feeds = phones.map(async (p) => {
    const response = await p.send(`${page}/events?after=0`, { signal: abort.signal });
    if (response.status !== 200) throw new Error(`feed answered ${response.status}`);
    const reader = response.body!.getReader();
    // Hanging up ends the stream (as a phone closing the page does).
    abort.signal.addEventListener("abort", () => void reader.cancel().catch(() => {}));
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const data = buffer
            .slice(0, end)
            .split("\n")
            .find((line) => line.startsWith("data: "));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          if (!data) continue;
          const event = JSON.parse(data.slice(6)) as RollCallFeedEvent;
          if (event.type !== "marked_safe" || !event.profileId) continue;
          const mark = sent.get(event.profileId);
          if (!mark) continue;
          seen[p.index]!++;
          if (mark.by !== p.index) latencies.push(performance.now() - mark.at);
          if (seen.every((n) => n === MARKS)) allSeen();
        }
      }
    } catch {
      // aborted at the end
    }
  });

  const marking = performance.now();
  const errors: string[] = [];
  await Promise.all(
    phones.map(async (p) => {
      for (let i = p.index; i < MARKS; i += PHONES) {
        const profileId = profileIds[i]!;
        sent.set(profileId, { at: performance.now(), by: p.index });
        // As the page's fetcher sends it: the action alone, by single fetch (no page render).
        const response = await p.send(`${page}.data`, { form: { intent: "mark", profileId } });
        await response.arrayBuffer();
        if (response.status !== 200 && errors.length < 5) errors.push(`mark ${response.status}`);
      }
    }),
  );
  const markMs = performance.now() - marking;
  const waited = await Promise.race([
    everyoneSaw.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
  ]);
  abort.abort();
  await Promise.allSettled(feeds);

  const result = {
    database: database.kind,
    people: PEOPLE,
    phones: PHONES,
    seedMs,
    marks: MARKS,
    marksPerSecond: Math.round((MARKS / markMs) * 1000),
    markToOtherPhones: percentiles(latencies),
    complete: waited && errors.length === 0,
    errors,
  };
  console.log(
    `\nRoll call: ${PEOPLE.toLocaleString("en")} people, ${PHONES} staff phones on the live feed (${database.kind}; seeded in ${seedMs} ms)`,
  );
  console.log(
    `${MARKS} marks at ${result.marksPerSecond} marks/s; mark → seen by the other phones (ms, ${latencies.length} samples):`,
  );
  console.table({ latency: result.markToOtherPhones });
  if (!result.complete)
    console.log(`Incomplete: ${errors.join(", ") || "not every phone saw every mark"}`);
  console.log(JSON.stringify(result));
  await services.scans.close();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The organisation's people list with 10,000 people (issue 16's budget: the first page's p50
 * server time, aim ≤ 100 ms; decision 137), measured without the test suite:
 *   1. a fresh database (PGlite in memory, or the empty PostgreSQL database at
 *      BENCH_DATABASE_URL), migrated; one school made as SafeTap makes them; ORG_PEOPLE people
 *      (10,000) seeded with one multi-row insert each for people, tags (one each) and contacts
 *      (two guardians each);
 *   2. the list's query (`listOrgPeople`) timed one call at a time: the first page, a search, a
 *      location filter, a class filter and a page from the middle; and its plan (EXPLAIN ANALYZE);
 *   3. with a production build present (`npm run build`), GET /org/{slug}/people through the
 *      whole in-process HTTP stack (session, layout, page render), signed in as the school's
 *      admin: the server time a browser waits for.
 * Run: `node --import tsx scripts/bench/org-people.ts` (prints tables, then one JSON line).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { and, desc, eq, sql } from "drizzle-orm";
import { createRequestHandler, type ServerBuild } from "react-router";
import { authMessagesSettled } from "#server/auth/code-delivery.ts";
import { loadConfig } from "#server/config.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "#server/db/client.ts";
import { devOutbox, orgLocations, user } from "#server/db/schema.ts";
import {
  countOrgPeople,
  listOrgGroups,
  listOrgPeople,
  type OrgPeopleFilter,
  orgPeoplePageQuery,
  type PeopleCursor,
} from "#server/domain/org-directory.ts";
import {
  createOrganization,
  orgContextFor,
  setOrgExtraSeats,
} from "#server/domain/organizations.ts";
import { createHttpApp } from "#server/http/app.ts";
import { createLogger } from "#server/logger.ts";
import { clientBuildDir, projectRoot } from "#server/paths.ts";
import { createServices } from "#server/services.ts";

const PEOPLE = Number(process.env.ORG_PEOPLE ?? 10_000);
const SAMPLES = Number(process.env.ORG_PEOPLE_SAMPLES ?? 30);
const WARM_UP = 3;
const BUDGET_MS = 100;
const PASSWORD = "Bench-Passw0rd!";

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    samples: sorted.length,
    p50ms: round(at(50)),
    p90ms: round(at(90)),
    maxMs: round(sorted.at(-1)!),
  };
}

async function timed(run: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return stats(times);
}

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];

const dataDir = mkdtempSync(path.join(tmpdir(), "safetap-bench-org-people-"));
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
  const logger = createLogger({ level: "silent" });
  const services = createServices({ config, logger, database });
  const { db } = services;

  // The school, its admin and four sites.
  const made = await createOrganization(services, {
    name: "Bench School",
    slug: "bench-school",
    preset: "school",
  });
  if (!made.ok) throw new Error(`createOrganization: ${made.reason}`);
  const org = made.organization;
  await setOrgExtraSeats(services, org.id, PEOPLE, null);
  const email = "bench-org-admin@example.com";
  const { userId: adminId } = await services.auth.api.createSafetapUser({
    body: { name: "Bench Admin", email, phoneNumber: null, password: PASSWORD },
  });
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, adminId));
  await services.auth.api.addMember({
    body: { userId: adminId, role: "admin", organizationId: org.id },
  });
  const sites = await db
    .insert(orgLocations)
    .values(
      ["North", "South", "East", "West"].map((name) => ({
        organizationId: org.id,
        name: `${name} site`,
        timeZone: "Europe/London",
        country: "GB",
      })),
    )
    .returning({ id: orgLocations.id });
  const siteArray = sql`array[${sql.join(
    sites.map((s) => sql`${s.id}::uuid`),
    sql`, `,
  )}]`;

  // One multi-row insert each: people, their tags, their guardians.
  const started = performance.now();
  await db.execute(sql`
    insert into profiles (id, account_id, organization_id, full_name, external_id, group_name,
                          location_id, is_minor, onboarding_completed)
    select ${org.id} || '-' || i, ${org.accountId}, ${org.id},
           (array['Mia','Noah','Lan','Ben','Sofia','Minh','Chloe','Omar','Ana','Leo','Zoe','Hugo',
                  'Linh','Ivy','Sam','Nora','Tom','Ella','Kai','Rosa'])[1 + i % 20] || ' ' ||
           (array['Nguyen','Smith','Garcia','Martin','Tran','Brown','Lopez','Bernard','Le','Wilson',
                  'Perez','Dubois','Pham','Taylor','Sanchez','Moreau','Hoang','Clark','Diaz','Roux',
                  'Vu','Walker','Ruiz','Girard','Dang'])[1 + (i / 20) % 25] || ' ' || i,
           'S-' || lpad(i::text, 5, '0'), 'Class ' || (1 + i % 40),
           (${siteArray})[1 + i % 4], true, true
      from generate_series(1, ${PEOPLE}::int) as i`);
  await db.execute(sql`
    insert into tags (id, product, user_id, profile_id, status, is_active, activation_token_hash,
                      organization_id, linked_at)
    select 'WB-B' || lpad(i::text, 5, '0'), 'wristband', ${org.accountId}, ${org.id} || '-' || i,
           'active', true, md5('bench-' || i), ${org.id}, now()
      from generate_series(1, ${PEOPLE}::int) as i`);
  await db.execute(sql`
    insert into contacts (user_id, profile_id, name, channel, value, priority, role)
    select ${org.accountId}, ${org.id} || '-' || i, 'Guardian ' || p || ' of ' || i, 'email',
           'sealed', p, 'guardian'
      from generate_series(1, ${PEOPLE}::int) as i, generate_series(1, 2) as p`);
  await db.execute(sql`analyze profiles`);
  await db.execute(sql`analyze tags`);
  await db.execute(sql`analyze contacts`);
  const seedMs = Math.round(performance.now() - started);

  // The query, one call at a time.
  const context = (await orgContextFor(db, adminId, org.slug))!;
  const all: OrgPeopleFilter = { search: "", locationId: null, group: null };
  const middle = await listOrgPeople(db, context, all, null, PEOPLE / 2);
  const cursor: PeopleCursor = { after: middle.next! };
  const query = {
    "first page": await timed(() => listOrgPeople(db, context, all, null)),
    'search "nguyen"': await timed(() =>
      listOrgPeople(db, context, { ...all, search: "nguyen" }, null),
    ),
    "one location": await timed(() =>
      listOrgPeople(db, context, { ...all, locationId: sites[0]!.id }, null),
    ),
    "one class": await timed(() => listOrgPeople(db, context, { ...all, group: "Class 7" }, null)),
    "page from the middle": await timed(() => listOrgPeople(db, context, all, cursor)),
  };
  // Where the first page's time goes: its rows, the count beside them, the class filter's list.
  const parts = {
    "rows only": await timed(() => orgPeoplePageQuery(db, context, all, null)),
    "count only": await timed(() => countOrgPeople(db, context)),
    "classes for the filter": await timed(() => listOrgGroups(db, context)),
  };
  const plan = rowsOf(
    await db.execute(sql`explain (analyze, buffers) ${orgPeoplePageQuery(db, context, all, null)}`),
  ).map((row) => String(Object.values(row)[0]));

  // The whole page through the HTTP stack, when there is a build.
  let http: Record<string, ReturnType<typeof stats>> | null = null;
  const buildFile = path.join(projectRoot, "build", "server", "index.js");
  if (existsSync(buildFile)) {
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    const app = createHttpApp(services, {
      handlePage: createRequestHandler(build, "production"),
      staticDir: clientBuildDir,
    });
    const jar = new Map<string, string>();
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const send = async (pathname: string, body?: Record<string, string>) => {
      const response = await app.request(`${config.publicUrl}${pathname}`, {
        method: body ? "POST" : "GET",
        headers: {
          cookie: cookie(),
          "x-forwarded-for": "198.51.100.7",
          ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: body ? new URLSearchParams(body).toString() : undefined,
        redirect: "manual",
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair!.indexOf("=");
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      await response.arrayBuffer();
      return response.status;
    };
    if (
      (await send("/auth", { intent: "signin", identifier: email, password: PASSWORD })) !== 200
    ) {
      throw new Error("sign-in refused");
    }
    await authMessagesSettled(services);
    const [message] = await db
      .select({ body: devOutbox.body })
      .from(devOutbox)
      .where(and(eq(devOutbox.to, email)))
      .orderBy(desc(devOutbox.createdAt))
      .limit(1);
    const code = message?.body.match(/\b(\d{6})\b/)?.[1] ?? "";
    if ((await send("/auth", { intent: "verify", code })) !== 302) throw new Error("code refused");
    const page = (pathname: string) => async () => {
      const status = await send(pathname);
      if (status !== 200) throw new Error(`${pathname} answered ${status}`);
    };
    const base = `/org/${org.slug}/people`;
    http = {
      [`GET ${base}`]: await timed(page(base)),
      [`GET ${base}?q=nguyen`]: await timed(page(`${base}?q=nguyen`)),
    };
  }

  const firstPage = http?.[`GET /org/${org.slug}/people`] ?? query["first page"];
  const result = {
    database: database.kind,
    people: PEOPLE,
    seedMs,
    query,
    parts,
    http,
    plan,
    budget: { firstPageP50Ms: BUDGET_MS, pass: firstPage.p50ms <= BUDGET_MS },
  };
  console.log(
    `\nThe organisation's people list with ${PEOPLE.toLocaleString("en")} people (${database.kind}; seeded in ${seedMs} ms)`,
  );
  console.log("listOrgPeople, one call at a time (ms):");
  console.table(query);
  console.table(parts);
  if (http) {
    console.log("The whole page, in-process HTTP, signed in as the admin (ms):");
    console.table(http);
  } else {
    console.log("No production build: run `npm run build` to time the whole page.");
  }
  console.log("Plan of the first page:");
  for (const line of plan) console.log(`  ${line}`);
  console.log(
    `First page p50 ${firstPage.p50ms} ms (aim ≤ ${BUDGET_MS} ms): ${result.budget.pass ? "PASS" : "FAIL"}`,
  );
  console.log(JSON.stringify(result));
  await services.scans.close();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

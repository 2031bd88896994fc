/**
 * The mass-notice stage's data (scripts/bench/mass-notice.mjs, decision 144), written straight
 * into the stage's own PostgreSQL database with the app's own domain code (contact values sealed
 * with the key the servers will use): a school with one site of BENCH_NOTICE_PEOPLE (10,000)
 * pupils, each with one guardian (every other one by SMS, the rest by email), its admin, and
 * BENCH_NOTICE_ALERTS (20) card owners with an email and an SMS contact and one tag each.
 * Run by the stage: `node --import tsx scripts/bench/mass-notice-seed.ts` with DATABASE_URL,
 * DATA_DIR and DATA_ENCRYPTION_KEY set; prints one JSON line.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { LANGUAGES } from "#core/languages.ts";
import { loadConfig } from "#server/config.ts";
import { insertMany } from "#server/db/bulk-writes.ts";
import { openPostgres } from "#server/db/client.ts";
import { contacts, orgLocations, profiles, tags, user } from "#server/db/schema.ts";
import { contactRow, insertContact } from "#server/domain/contacts.ts";
import { createOrganization, setOrgExtraSeats } from "#server/domain/organizations.ts";
import { saveProfile } from "#server/domain/profiles.ts";
import { mintTags } from "#server/domain/tags.ts";
import { createLogger } from "#server/logger.ts";
import { createServices } from "#server/services.ts";

const PEOPLE = Number(process.env.BENCH_NOTICE_PEOPLE ?? 10_000);
const OWNERS = Number(process.env.BENCH_NOTICE_ALERTS ?? 20);
const PASSWORD = "Bench-Passw0rd!";
const CHUNK = 2_000;

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL: the stage's own PostgreSQL database");
const database = await openPostgres(url);
try {
  await database.migrate();
  const config = loadConfig({ ...process.env, APP_ENV: "test", LOG_LEVEL: "silent" });
  const logger = createLogger({ level: "silent" });
  const services = createServices({ config, logger, database });
  const { db, cipher } = services;

  const made = await createOrganization(services, {
    name: "Bench Notices School",
    slug: "bench-notices",
    preset: "school",
  });
  if (!made.ok) throw new Error(`createOrganization: ${made.reason}`);
  const org = made.organization;
  await setOrgExtraSeats(services, org.id, PEOPLE, null);
  const email = "bench-notices-admin@example.com";
  const { userId: adminId } = await services.auth.api.createSafetapUser({
    body: { name: "Bench Admin", email, phoneNumber: null, password: PASSWORD },
  });
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, adminId));
  await services.auth.api.addMember({
    body: { userId: adminId, role: "admin", organizationId: org.id },
  });
  const [site] = await db
    .insert(orgLocations)
    .values({ organizationId: org.id, name: "Main site", timeZone: "Europe/London", country: "GB" })
    .returning({ id: orgLocations.id });

  const started = performance.now();
  for (let from = 0; from < PEOPLE; from += CHUNK) {
    const n = Math.min(CHUNK, PEOPLE - from);
    const ids = Array.from({ length: n }, () => randomUUID());
    await insertMany(
      db,
      profiles,
      ids.map((id, i) => ({
        id,
        accountId: org.accountId,
        organizationId: org.id,
        fullName: `Pupil ${from + i + 1}`,
        locationId: site!.id,
        isMinor: true,
        language: LANGUAGES[(from + i) % LANGUAGES.length]!,
        onboardingCompleted: true,
      })),
    );
    await insertMany(
      db,
      contacts,
      ids.map((id, i) => {
        const k = from + i + 1;
        return contactRow(
          cipher,
          { profileId: id, accountId: org.accountId },
          k % 2
            ? {
                name: `Guardian ${k}`,
                channel: "sms",
                value: `+4477009${String(k).padStart(5, "0")}`,
                priority: 1,
                role: "guardian",
              }
            : {
                name: `Guardian ${k}`,
                channel: "email",
                value: `guardian${k}@example.com`,
                priority: 1,
                role: "guardian",
              },
        );
      }),
    );
  }
  const seedMs = Math.round(performance.now() - started);

  // People whose cards raise alerts while the notice goes out: one tag each.
  const tagIds: string[] = [];
  for (let i = 0; i < OWNERS; i++) {
    const ownerEmail = `bench-notice-owner-${i}@example.com`;
    const { userId } = await services.auth.api.createSafetapUser({
      body: { name: `Owner ${i}`, email: ownerEmail, phoneNumber: null, password: PASSWORD },
    });
    await saveProfile(db, cipher, userId, {
      fullName: `Owner ${i}`,
      language: "en",
      country: "gb",
      onboardingCompleted: true,
    });
    await db.update(profiles).set({ plan: "family" }).where(eq(profiles.id, userId));
    await insertContact(
      db,
      cipher,
      { profileId: userId, accountId: userId },
      { name: "Kim", channel: "email", value: `kim-${i}@example.com`, priority: 1 },
    );
    await insertContact(
      db,
      cipher,
      { profileId: userId, accountId: userId },
      { name: "Lee", channel: "sms", value: `+4477008${String(i).padStart(5, "0")}`, priority: 2 },
    );
    const { tags: minted } = await mintTags(db, {
      product: "wristband",
      count: 1,
      masterKey: config.dataEncryptionKey,
      publicUrl: config.publicUrl,
    });
    const tagId = minted[0]!.tagId;
    const now = new Date();
    await db
      .update(tags)
      .set({
        userId,
        profileId: userId,
        status: "active",
        isActive: true,
        claimedAt: now,
        linkedAt: now,
      })
      .where(eq(tags.id, tagId));
    tagIds.push(tagId);
  }
  await services.scans.close();
  console.log(
    JSON.stringify({
      slug: org.slug,
      locationId: site!.id,
      admin: { email, password: PASSWORD },
      people: PEOPLE,
      seedMs,
      tagIds,
    }),
  );
} finally {
  await database.close();
}

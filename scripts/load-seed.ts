/**
 * Seeds the load test's database (run by scripts/load.mjs through tsx, before
 * the server starts, with the server's own environment): OWNERS onboarded
 * owners, each with one active tag and one email contact, so every accepted
 * alert is exactly one message. Prints the tag ids as JSON on stdout.
 */
import { eq } from "drizzle-orm";
import { loadConfig } from "#server/config.ts";
import { tags, user } from "#server/db/schema.ts";
import { insertContact } from "#server/domain/contacts.ts";
import { saveProfile } from "#server/domain/profiles.ts";
import { mintTags } from "#server/domain/tags.ts";
import { createLogger } from "#server/logger.ts";
import { createServices, openDatabase } from "#server/services.ts";

const owners = Number(process.env.OWNERS ?? "60");
const config = loadConfig();
const logger = createLogger({ level: "warn" });
const database = await openDatabase(config, logger);
await database.migrate();
const services = createServices({ config, logger, database });
const { db, cipher } = services;

const { tags: minted } = await mintTags(db, {
  product: "wristband",
  count: owners,
  masterKey: config.dataEncryptionKey,
  publicUrl: config.publicUrl,
});
const tagIds: string[] = [];
for (const [i, tag] of minted.entries()) {
  const email = `load-owner-${i}@example.com`;
  const { userId } = await services.auth.api.createSafetapUser({
    body: { name: `Load Owner ${i}`, email, phoneNumber: null, password: "Load-Test-Passw0rd!" },
  });
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  await saveProfile(db, cipher, userId, {
    fullName: `Load Owner ${i}`,
    language: "en",
    country: "us",
    onboardingCompleted: true,
  });
  await insertContact(
    db,
    cipher,
    { profileId: userId, accountId: userId },
    {
      name: `Contact ${i}`,
      channel: "email",
      value: `load-contact-${i}@example.com`,
      priority: 1,
    },
  );
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
    .where(eq(tags.id, tag.tagId));
  tagIds.push(tag.tagId);
}
await services.limiter.close();
await database.close();
process.stdout.write(`${JSON.stringify(tagIds)}\n`);

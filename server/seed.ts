import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Product } from "#core/tag-ids.ts";
import { supportTickets, tags, user } from "#server/db/schema.ts";
import { insertContact } from "#server/domain/contacts.ts";
import { recordLinkedAccount } from "#server/domain/meta-links.ts";
import { saveProfile } from "#server/domain/profiles.ts";
import { cardUrl, mintTags } from "#server/domain/tags.ts";
import { grantRole } from "#server/domain/users.ts";
import { type DemoPerson, demoPeople, seedDemoFamily } from "./seed-family.ts";
import { seedDemoLiveAlert } from "./seed-live.ts";
import { type DemoOrganization, seedDemoOrganization } from "./seed-org.ts";
import type { Services } from "./services.ts";

export interface DemoCredentials {
  demo: { email: string; password: string };
  admin: { email: string; password: string };
  /** The second adult of the demo household (issue 15). */
  adult: { email: string; password: string };
  /** Everyone in the demo household, with their linked tag's card. */
  family: DemoPerson[];
  /** The demo school (issue 16): the demo account is its admin; `staff` works at it. */
  organization: DemoOrganization;
  /** The demo user's own, already linked tag. */
  linkedTag: { tagId: string; cardUrl: string };
  unclaimedTags: { tagId: string; activationToken: string; cardUrl: string }[];
  /** A demo alert's live page: its track and a paramedic's handover (decisions 150, 152). */
  liveAlertUrl?: string | null;
}

const DEMO_EMAIL = "demo@safetap.app";
const ADMIN_EMAIL = "admin@safetap.app";
const ADULT_EMAIL = "jordan@safetap.app";
const STAFF_EMAIL = "taylor@safetap.app";
/** The page-scoped id of the demo contact's linked Messenger (a made-up one; decision 149). */
export const DEMO_MESSENGER_ID = "7100000000000001";

function demoPassword(): string {
  // Meets every password rule: upper and lower case, a digit and a symbol.
  return `Demo-${randomBytes(6).toString("base64url")}-7aZ!`;
}

function credentialsFile(services: Services) {
  return path.join(services.config.dataDir, "demo-credentials.json");
}

async function createUser(services: Services, email: string, name: string, password: string) {
  const result = await services.auth.api.signUpEmail({ body: { email, password, name } });
  await services.db.update(user).set({ emailVerified: true }).where(eq(user.id, result.user.id));
  return result.user.id;
}

/**
 * Seeds the embedded default once: a demo account with a profile, contacts and
 * a linked tag, an admin account, and unclaimed tags with their tokens. The
 * tokens exist in clear only in DATA_DIR/demo-credentials.json (mode 0600).
 *
 * On PostgreSQL the database outlives the data folder (a container's disk, a
 * second instance), so the file can be missing while the accounts exist: the
 * start must not fail then. The lost passwords are replaced with new ones and
 * fresh unclaimed tags are minted (the old tokens are stored only as HMACs),
 * and the new credentials are written to this data folder.
 */
export async function seedDemoData(services: Services): Promise<DemoCredentials> {
  const file = credentialsFile(services);
  const [existing] = await services.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, DEMO_EMAIL))
    .limit(1);
  if (existing && existsSync(file)) {
    return JSON.parse(readFileSync(file, "utf8")) as DemoCredentials;
  }
  const credentials = existing
    ? await renewDemoCredentials(services, existing.id)
    : await createDemoData(services);
  mkdirSync(services.config.dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}

/** The demo school's staff member: a login with a profile of their own. */
async function createStaff(services: Services, email: string, password: string) {
  const id = await createUser(services, email, "Taylor Staff", password);
  await saveProfile(services.db, services.cipher, id, {
    fullName: "Taylor Staff",
    language: "en",
    country: "us",
    onboardingCompleted: true,
  });
  return id;
}

async function mintUnclaimed(services: Services) {
  const { db, config } = services;
  const mint = (product: Product, count: number) =>
    mintTags(db, {
      product,
      count,
      masterKey: config.dataEncryptionKey,
      publicUrl: config.publicUrl,
    });
  return [
    ...(await mint("wristband", 2)).tags,
    ...(await mint("card", 1)).tags,
    ...(await mint("keychain", 1)).tags,
    ...(await mint("sticker", 1)).tags,
  ];
}

/** The demo data exists but its credentials file is gone: new passwords, new unclaimed tags. */
async function renewDemoCredentials(services: Services, demoId: string): Promise<DemoCredentials> {
  const { db, config, logger } = services;
  logger.warn(
    `demo data exists but ${credentialsFile(services)} is missing: setting new demo passwords`,
  );
  const demo = { email: DEMO_EMAIL, password: demoPassword() };
  const admin = { email: ADMIN_EMAIL, password: demoPassword() };
  const adult = { email: ADULT_EMAIL, password: demoPassword() };
  const staff = { email: STAFF_EMAIL, password: demoPassword() };
  const idOf = async (email: string) =>
    (await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1))[0]?.id;
  const context = await services.auth.$context;
  for (const [id, password] of [
    [demoId, demo.password],
    [await idOf(ADMIN_EMAIL), admin.password],
    [await idOf(ADULT_EMAIL), adult.password],
    [await idOf(STAFF_EMAIL), staff.password],
  ] as const) {
    if (!id) continue;
    await context.internalAdapter.updatePassword(id, await context.password.hash(password));
  }
  const [linked] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(eq(tags.profileId, demoId))
    .orderBy(asc(tags.linkedAt))
    .limit(1);
  const tagId = linked?.id ?? "";
  // Demo data seeded before households existed gets its family now.
  const adultId = await idOf(ADULT_EMAIL);
  const family = adultId
    ? await demoPeople(services, demoId)
    : await seedDemoFamily(
        services,
        { id: demoId, email: demo.email, tagId },
        {
          id: await createUser(services, adult.email, "Jordan Demo", adult.password),
          email: adult.email,
        },
      );
  // Demo data seeded before organisations existed gets its school now.
  const staffId =
    (await idOf(STAFF_EMAIL)) ?? (await createStaff(services, staff.email, staff.password));
  const organization = await seedDemoOrganization(
    services,
    { id: demoId },
    { id: staffId, ...staff },
  );
  return {
    demo,
    admin,
    adult,
    family,
    organization,
    linkedTag: { tagId, cardUrl: cardUrl(config.publicUrl, tagId) },
    unclaimedTags: await mintUnclaimed(services),
  };
}

async function createDemoData(services: Services): Promise<DemoCredentials> {
  const { db, cipher, config } = services;
  const demo = { email: DEMO_EMAIL, password: demoPassword() };
  const admin = { email: ADMIN_EMAIL, password: demoPassword() };

  const demoId = await createUser(services, demo.email, "Alex Demo", demo.password);
  await saveProfile(db, cipher, demoId, {
    fullName: "Alex Demo",
    language: "en",
    country: "us",
    dateOfBirth: "1990-04-12",
    bloodType: "O+",
    allergies: ["Penicillin", "Peanuts"],
    medications: ["Salbutamol inhaler"],
    medicalNotes: "Asthma. Inhaler in the left jacket pocket.",
    conditions: ["Asthma"],
    organDonor: true,
    preferredHospital: "City General Hospital",
    // Confirmed a while ago: the card says how current the record is (decision 130).
    medicalConfirmedAt: new Date(Date.now() - 40 * 86_400_000),
    onboardingCompleted: true,
  });
  const maria = await insertContact(
    db,
    cipher,
    { profileId: demoId, accountId: demoId },
    {
      name: "Maria Demo",
      channel: "email",
      value: "maria@example.com",
      priority: 1,
      // She answered her confirmation link (decision 148); seed-family adds the other states.
      consent: "confirmed",
    },
  );
  // Maria also linked her Messenger (decision 149): alerts go there too; in a demo without
  // META_* configured they land in the dev outbox beside her email.
  await recordLinkedAccount(db, cipher, maria.id, "messenger", DEMO_MESSENGER_ID);

  const adminId = await createUser(services, admin.email, "Sam Admin", admin.password);
  await saveProfile(db, cipher, adminId, {
    fullName: "Sam Admin",
    language: "en",
    country: "us",
    onboardingCompleted: true,
  });
  await grantRole(db, admin.email, "admin");
  // One open question on /admin's support tickets (decision 153).
  await db.insert(supportTickets).values({
    name: "Maria Demo",
    email: "maria@example.com",
    topic: "contacts",
    message:
      "Alex added me as an emergency contact. Will I get alerts by text as well as by email, and how do I stop them if I need to?",
    language: "en",
  });

  const linked = (
    await mintTags(db, {
      product: "wristband",
      count: 1,
      masterKey: config.dataEncryptionKey,
      publicUrl: config.publicUrl,
    })
  ).tags[0]!;
  const now = new Date();
  await db
    .update(tags)
    .set({
      userId: demoId,
      profileId: demoId,
      status: "active",
      isActive: true,
      claimedAt: now,
      linkedAt: now,
    })
    .where(and(eq(tags.id, linked.tagId), isNull(tags.userId)));
  const adult = { email: ADULT_EMAIL, password: demoPassword() };
  const adultId = await createUser(services, adult.email, "Jordan Demo", adult.password);
  const family = await seedDemoFamily(
    services,
    { id: demoId, email: demo.email, tagId: linked.tagId },
    { id: adultId, email: adult.email },
  );
  const staff = { email: STAFF_EMAIL, password: demoPassword() };
  const organization = await seedDemoOrganization(
    services,
    { id: demoId },
    { id: await createStaff(services, staff.email, staff.password), ...staff },
  );
  return {
    demo,
    admin,
    adult,
    family,
    organization,
    linkedTag: { tagId: linked.tagId, cardUrl: cardUrl(config.publicUrl, linked.tagId) },
    unclaimedTags: await mintUnclaimed(services),
    liveAlertUrl: await seedDemoLiveAlert(services, {
      accountId: demoId,
      profileId: demoId,
      tagId: linked.tagId,
    }),
  };
}

export function formatDemoBanner(credentials: DemoCredentials, publicUrl: string): string {
  const lines = [
    "",
    "  SafeTap demo data (embedded default)",
    `  Open          ${publicUrl}`,
    `  Demo account  ${credentials.demo.email}  password ${credentials.demo.password}`,
    `  Admin account ${credentials.admin.email}  password ${credentials.admin.password}`,
    `  Second adult  ${credentials.adult.email}  password ${credentials.adult.password}`,
    `  Demo card     ${cardUrl(publicUrl, credentials.linkedTag.tagId)}`,
    ...(credentials.liveAlertUrl
      ? [`  Live page     ${credentials.liveAlertUrl}  (a demo alert's track and handover)`]
      : []),
    ...(credentials.organization
      ? [
          `  Demo school   ${credentials.organization.url}  (the demo account is its admin)`,
          `  School staff  ${credentials.organization.staff.email}  password ${credentials.organization.staff.password}  (reader mode at the main building)`,
        ]
      : []),
    "  Family (the demo household):",
    ...credentials.family.map(
      (person) =>
        `    ${person.name.padEnd(12)} ${person.role.padEnd(6)} ${cardUrl(publicUrl, person.tagId)}`,
    ),
    "  Unclaimed tags (tag id, activation token):",
    ...credentials.unclaimedTags.map(
      (t) =>
        `    ${t.tagId}  ${t.activationToken}  ${publicUrl}/activate?tag=${t.tagId}&token=${t.activationToken}`,
    ),
    `  Sign-in codes and alerts land in ${publicUrl}/dev/outbox`,
    "",
  ];
  return lines.join("\n");
}

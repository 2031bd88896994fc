/**
 * The demo account's family (issue 15 item 10): the demo account on the Family plan is a
 * household with a second adult who has a login and a child without one, each with a linked tag,
 * contacts, and a short alert history with places, so every family feature has something to show
 * on the embedded default.
 */

import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import type { Product } from "#core/tag-ids.ts";
import { alertDeliveries, alerts, householdMembers, profiles, tags } from "#server/db/schema.ts";
import { insertContact } from "#server/domain/contacts.ts";
import { recordOptOut } from "#server/domain/opt-outs.ts";
import { addDependant } from "#server/domain/people.ts";
import { savePhoto } from "#server/domain/photos.ts";
import { saveProfile } from "#server/domain/profiles.ts";
import { cardUrl, mintTags } from "#server/domain/tags.ts";
import { setUserPlan } from "#server/domain/users.ts";
import type { Services } from "./services.ts";

export interface DemoPerson {
  name: string;
  /** "owner" (the demo account), "adult" (a second login), "child" (no login). */
  role: "owner" | "adult" | "child";
  profileId: string;
  tagId: string;
  cardUrl: string;
}

/** A demo contact's number that replied STOP (a fictional range). */
const DEMO_STOPPED_NUMBER = "+15555550123";

/** Links a freshly minted tag of `product` to a person. */
export async function linkDemoTag(
  services: Services,
  person: { accountId: string; profileId: string },
  product: Product,
): Promise<{ tagId: string; cardUrl: string }> {
  const { db, config } = services;
  const [minted] = (
    await mintTags(db, {
      product,
      count: 1,
      masterKey: config.dataEncryptionKey,
      publicUrl: config.publicUrl,
    })
  ).tags;
  const now = new Date();
  await db
    .update(tags)
    .set({
      userId: person.accountId,
      profileId: person.profileId,
      status: "active",
      isActive: true,
      claimedAt: now,
      linkedAt: now,
    })
    .where(and(eq(tags.id, minted!.tagId), isNull(tags.userId)));
  return { tagId: minted!.tagId, cardUrl: cardUrl(config.publicUrl, minted!.tagId) };
}

/**
 * A portrait drawn here (initials on a colour), not downloaded: the demo people's photos go
 * through the same upload path as a phone's (re-encoded, metadata stripped).
 */
export async function demoPortrait(initials: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640">
    <rect width="640" height="640" fill="${colour}"/>
    <circle cx="320" cy="250" r="120" fill="#ffffff" fill-opacity="0.85"/>
    <ellipse cx="320" cy="560" rx="210" ry="160" fill="#ffffff" fill-opacity="0.85"/>
    <text x="320" y="285" font-family="sans-serif" font-size="110" font-weight="700"
      text-anchor="middle" fill="${colour}">${initials}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function giveDemoPhoto(
  services: Services,
  person: { accountId: string; profileId: string; initials: string; colour: string },
) {
  const saved = await savePhoto(services.db, services.logger, {
    actorId: person.accountId,
    profileId: person.profileId,
    bytes: await demoPortrait(person.initials, person.colour),
  });
  if (!saved.ok) throw new Error(`demo photo refused: ${saved.reason}`);
}

/** A past alert, already delivered and acknowledged: history and the family map show it. */
async function pastAlert(
  services: Services,
  input: {
    accountId: string;
    profileId: string;
    tagId: string | null;
    source: "card" | "sos";
    daysAgo: number;
    at: [number, number];
    contactName: string;
    to: string;
  },
) {
  const { db, cipher } = services;
  const raisedAt = new Date(Date.now() - input.daysAgo * 86_400_000);
  await db.transaction(async (tx) => {
    const [alert] = await tx
      .insert(alerts)
      .values({
        idempotencyKey: `demo:${randomUUID()}`,
        userId: input.accountId,
        profileId: input.profileId,
        tagId: input.tagId,
        source: input.source,
        status: "resolved",
        latitude: input.at[0].toFixed(6),
        longitude: input.at[1].toFixed(6),
        acknowledgedAt: new Date(raisedAt.getTime() + 90_000),
        createdAt: raisedAt,
      })
      .returning({ id: alerts.id });
    const id = randomUUID();
    await tx.insert(alertDeliveries).values({
      id,
      alertId: alert!.id,
      accountId: input.accountId,
      contactName: input.contactName,
      channel: "email",
      destination: cipher.encrypt(input.to, `alert_deliveries.destination:${id}`),
      status: "delivered",
      provider: "dev-outbox",
      sentAt: new Date(raisedAt.getTime() + 2_000),
      acknowledgedAt: new Date(raisedAt.getTime() + 90_000),
      createdAt: raisedAt,
    });
  });
}

/**
 * Makes the demo account's household: the Family plan, `adult` (an account already created) as a
 * member, a child without a login, a tag for each, and a few past alerts with places.
 */
export async function seedDemoFamily(
  services: Services,
  owner: { id: string; email: string; tagId: string },
  adult: { id: string; email: string },
): Promise<DemoPerson[]> {
  const { db, cipher, logger } = services;
  await setUserPlan(db, owner.email, "family");
  const householdId = await householdOf(services, owner.id);
  await saveProfile(db, cipher, adult.id, {
    fullName: "Jordan Demo",
    language: "en",
    country: "us",
    bloodType: "A-",
    conditions: ["Type 1 diabetes"],
    implantedDevices: ["insulin_pump"],
    medications: ["Insulin"],
    medicalConfirmedAt: new Date(),
    onboardingCompleted: true,
  });
  await insertContact(
    db,
    cipher,
    { profileId: adult.id, accountId: adult.id },
    { name: "Alex Demo", channel: "email", value: owner.email, priority: 1, consent: "confirmed" },
  );
  // The demo's own contacts in every state a contact can be in (decision 148): Maria confirmed
  // (seed.ts), Chris declined, Pat's number replied STOP; Jordan, on Leo's card, never answered.
  for (const [index, extra] of [
    {
      name: "Chris Demo",
      channel: "email" as const,
      value: "chris@example.com",
      consent: "declined" as const,
    },
    { name: "Pat Neighbour", channel: "sms" as const, value: DEMO_STOPPED_NUMBER },
  ].entries()) {
    await insertContact(
      db,
      cipher,
      { profileId: owner.id, accountId: owner.id },
      { ...extra, priority: index + 2 },
    );
  }
  await recordOptOut(
    db,
    services.config.dataEncryptionKey,
    { family: "sms", number: DEMO_STOPPED_NUMBER },
    "STOP",
  );
  await db
    .insert(householdMembers)
    .values({ householdId, userId: adult.id, role: "member" })
    .onConflictDoNothing();

  const child = await addDependant(db, cipher, logger, owner.id, {
    fullName: "Leo Demo",
    isMinor: true,
    dateOfBirth: "2016-05-03",
    bloodType: "O+",
    allergies: ["Peanuts", "Bee stings"],
    medications: ["Adrenaline auto-injector (EpiPen)"],
    conditions: ["Asthma"],
    medicalNotes: "EpiPen in the front pocket of his school bag.",
    preferredHospital: "Children's Hospital, Main Street",
    medicalConfirmedAt: new Date(),
  });
  if (!child.ok) throw new Error(`demo child not added: ${child.reason}`);
  const childId = child.profileId;
  for (const [index, guardian] of [
    { name: "Alex Demo", value: owner.email },
    { name: "Jordan Demo", value: adult.email },
  ].entries()) {
    await insertContact(
      db,
      cipher,
      { profileId: childId, accountId: owner.id },
      {
        name: guardian.name,
        channel: "email",
        value: guardian.value,
        priority: index + 1,
        // Alex confirmed; Jordan has not answered yet.
        consent: index === 0 ? "confirmed" : "pending",
      },
    );
  }
  await linkDemoTag(services, { accountId: adult.id, profileId: adult.id }, "keychain");
  const childTag = await linkDemoTag(
    services,
    { accountId: owner.id, profileId: childId },
    "wristband",
  );

  for (const person of [
    { accountId: owner.id, profileId: owner.id, initials: "AD", colour: "#2563eb" },
    { accountId: adult.id, profileId: adult.id, initials: "JD", colour: "#059669" },
    { accountId: owner.id, profileId: childId, initials: "LD", colour: "#d97706" },
  ]) {
    await giveDemoPhoto(services, person);
  }

  await pastAlert(services, {
    accountId: owner.id,
    profileId: childId,
    tagId: childTag.tagId,
    source: "card",
    daysAgo: 3,
    at: [40.785091, -73.968285],
    contactName: "Alex Demo",
    to: owner.email,
  });
  await pastAlert(services, {
    accountId: adult.id,
    profileId: adult.id,
    tagId: null,
    source: "sos",
    daysAgo: 12,
    at: [40.758896, -73.98513],
    contactName: "Alex Demo",
    to: owner.email,
  });
  await pastAlert(services, {
    accountId: owner.id,
    profileId: owner.id,
    tagId: owner.tagId,
    source: "card",
    daysAgo: 30,
    at: [40.706086, -74.008584],
    contactName: "Maria Demo",
    to: "maria@example.com",
  });

  return demoPeople(services, owner.id);
}

const ROLE_ORDER = { owner: 0, adult: 1, child: 2 } as const;

/** The household's people with their first linked tag, as the credentials file lists them. */
export async function demoPeople(services: Services, ownerId: string): Promise<DemoPerson[]> {
  const { db, config } = services;
  const householdId = await householdOf(services, ownerId);
  const rows = await db
    .select({
      profileId: profiles.id,
      accountId: profiles.accountId,
      name: profiles.fullName,
      tagId: tags.id,
    })
    .from(householdMembers)
    .innerJoin(profiles, eq(profiles.accountId, householdMembers.userId))
    .leftJoin(tags, eq(tags.profileId, profiles.id))
    .where(eq(householdMembers.householdId, householdId))
    .orderBy(asc(profiles.createdAt), asc(tags.linkedAt));
  const people = new Map<string, DemoPerson>();
  for (const row of rows) {
    if (people.has(row.profileId) || !row.tagId) continue;
    const role =
      row.profileId !== row.accountId ? "child" : row.accountId === ownerId ? "owner" : "adult";
    people.set(row.profileId, {
      name: row.name ?? "",
      role,
      profileId: row.profileId,
      tagId: row.tagId,
      cardUrl: cardUrl(config.publicUrl, row.tagId),
    });
  }
  return [...people.values()].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
}

async function householdOf(services: Services, ownerId: string): Promise<string> {
  const [row] = await services.db
    .select({ householdId: householdMembers.householdId })
    .from(householdMembers)
    .where(eq(householdMembers.userId, ownerId));
  if (!row) throw new Error("the demo household was not made");
  return row.householdId;
}

/**
 * The demo organisation (issue 16): a school with two locations, the demo account as its admin,
 * a staff member with a login who works at the main building, a class of pupils with guardians,
 * each with an assigned wristband from the school's own batch, a few check-ins, notification
 * rules, views and a handover in its compliance log, a mass notice with a few replies and last
 * week's evacuation drill (ended), so every organisation page has something to show on the
 * embedded default.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  organization,
  orgLocations,
  orgMemberLocations,
  rollCallEvents,
  rollCallPeople,
  rollCalls,
} from "#server/db/schema.ts";
import { recordScan } from "#server/domain/attendance.ts";
import { addNotifyRecipient, saveAttendanceRule } from "#server/domain/attendance-rules.ts";
import { recordAudits } from "#server/domain/audit.ts";
import { insertContact } from "#server/domain/contacts.ts";
import { recordReply, sendNotice } from "#server/domain/mass-notices.ts";
import { recordHandover } from "#server/domain/org-audit-log.ts";
import { addOrgPerson } from "#server/domain/org-people.ts";
import { assignOrgTag, mintTagsFor } from "#server/domain/org-tags.ts";
import { createOrganization, orgContextFor } from "#server/domain/organizations.ts";
import { actorOf, type RollCallActor } from "#server/domain/roll-calls.ts";
import type { Services } from "./services.ts";

export const DEMO_ORG_SLUG = "hillside-primary";

const PUPILS: [name: string, className: string, born: string, guardian: string][] = [
  ["Mia Thompson", "4B", "2016-02-11", "Grace Thompson"],
  ["Noah Garcia", "4B", "2016-05-23", "Lucia Garcia"],
  ["Ava Nguyen", "4B", "2016-08-02", "Minh Nguyen"],
  ["Liam Dubois", "4B", "2016-10-14", "Claire Dubois"],
  ["Zoe Patel", "5A", "2015-03-30", "Anita Patel"],
  ["Ethan Okafor", "5A", "2015-06-07", "Chidi Okafor"],
  ["Isla Murphy", "5A", "2015-09-19", "Sean Murphy"],
  ["Lucas Silva", "5A", "2015-12-01", "Rafael Silva"],
];

export interface DemoOrganization {
  slug: string;
  url: string;
  staff: { email: string; password: string };
}

/**
 * Creates the demo school once; the demo account is its admin and `staff` one of its staff.
 * Returns where it is.
 */
export async function seedDemoOrganization(
  services: Services,
  admin: { id: string },
  staff: { id: string; email: string; password: string },
): Promise<DemoOrganization> {
  const { db, cipher, logger, config } = services;
  const url = `${config.publicUrl}/org/${DEMO_ORG_SLUG}`;
  const [existing] = await db
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.slug, DEMO_ORG_SLUG))
    .limit(1);
  const answer = {
    slug: DEMO_ORG_SLUG,
    url,
    staff: { email: staff.email, password: staff.password },
  };
  if (existing) return answer;

  const created = await createOrganization(services, {
    name: "Hillside Primary School",
    slug: DEMO_ORG_SLUG,
    preset: "school",
  });
  if (!created.ok) throw new Error(`demo organisation not created: ${created.reason}`);
  const org = created.organization;
  const [main, hall] = await db
    .insert(orgLocations)
    .values([
      {
        organizationId: org.id,
        name: "Main building",
        address: "1 School Lane, Springfield",
        timeZone: "America/New_York",
        country: "US",
      },
      {
        organizationId: org.id,
        name: "Sports hall",
        address: "3 School Lane, Springfield",
        timeZone: "America/New_York",
        country: "US",
      },
    ])
    .returning({ id: orgLocations.id });
  await services.auth.api.addMember({
    body: { userId: admin.id, role: "admin", organizationId: org.id },
  });
  const staffMember = await services.auth.api.addMember({
    body: { userId: staff.id, role: "staff", organizationId: org.id },
  });
  if (staffMember) {
    await db.insert(orgMemberLocations).values({ memberId: staffMember.id, locationId: main!.id });
  }

  const context = await orgContextFor(db, admin.id, DEMO_ORG_SLUG);
  if (!context) throw new Error("the demo admin cannot act in the demo organisation");
  const pupils: { profileId: string; name: string; group: string }[] = [];
  const batch = await mintTagsFor(services, {
    product: "wristband",
    count: PUPILS.length + 4,
    orgSlug: DEMO_ORG_SLUG,
    by: admin.id,
  });
  if (!batch.ok) throw new Error("demo wristbands not minted");
  for (const [index, [fullName, className, born, guardian]] of PUPILS.entries()) {
    const added = await addOrgPerson(db, { cipher, logger }, org, admin.id, {
      fullName,
      externalId: `HP-${String(1001 + index)}`,
      groupName: className,
      locationId: main!.id,
      dateOfBirth: born,
      allergies: index % 3 === 0 ? ["Peanuts"] : [],
      language: "en",
      country: "us",
    });
    if (!added.ok) throw new Error(`demo pupil not added: ${added.reason}`);
    pupils.push({ profileId: added.profileId, name: fullName, group: className });
    const person = { profileId: added.profileId, accountId: org.accountId };
    const handle = guardian.toLowerCase().replace(/[^a-z]+/g, ".");
    await insertContact(db, cipher, person, {
      name: guardian,
      channel: "email",
      value: `${handle}@example.com`,
      priority: 1,
      role: "guardian",
    });
    await insertContact(db, cipher, person, {
      name: "School office",
      channel: "sms",
      value: "+12025550148",
      priority: 2,
    });
    const assigned = await assignOrgTag(
      db,
      logger,
      { context },
      { tagId: batch.tags[index]!.tagId, profileId: added.profileId, move: false },
    );
    if (!assigned.ok) throw new Error(`demo wristband not assigned: ${assigned.reason}`);
    // This morning's check-ins at the main building, by the staff member.
    if (index < 5) {
      await recordScan(db, cipher, {
        readerUserId: staff.id,
        tagId: batch.tags[index]!.tagId,
        direction: "in",
        place: { organizationId: org.id, locationId: main!.id },
      });
    }
  }
  await seedNotificationRules(services, { organizationId: org.id, userId: admin.id }, [
    main!.id,
    hall!.id,
  ]);
  // The compliance log's other kinds (decision 146): the staff member opening records, and a
  // class moved to the sports hall for the afternoon.
  await recordAudits(
    db,
    logger,
    pupils.slice(0, 3).map(({ profileId }) => ({
      type: "org_person_viewed" as const,
      userId: staff.id,
      profileId,
      organizationId: org.id,
    })),
  );
  // Taken to the sports hall for PE and handed back afterwards: two handovers in the log, and
  // the pupil where the other demo pages (and the journeys) expect them.
  const handedOver = pupils.at(-1)!;
  const by = { organizationId: org.id, userId: staff.id, reason: null, byThemself: false };
  await recordHandover(db, by, handedOver.profileId, {
    groupName: handedOver.group,
    locationId: hall!.id,
    note: "PE in the sports hall",
  });
  await recordHandover(db, by, handedOver.profileId, {
    groupName: handedOver.group,
    locationId: main!.id,
    note: "Back from PE",
  });
  // A notice the admin sent this morning (issue 17 item 3): three guardians answered so far.
  const sent = await sendNotice(
    services,
    org,
    { userId: admin.id, name: "Demo Admin" },
    randomUUID(),
    {
      locationIds: [main!.id],
      audience: "guardians",
      message:
        "The heating failed in the main building: pupils are in the sports hall and school ends at 1 pm today. Please tell us your child is collected.",
      withReply: true,
    },
  );
  if (sent.ok) {
    for (const [index, reply] of (["safe", "safe", "help"] as const).entries()) {
      await recordReply(
        db,
        logger,
        { noticeId: sent.noticeId, profileId: pupils[index]!.profileId, organizationId: org.id },
        reply,
        null,
      );
    }
  }
  await seedPastDrill(services, {
    organizationId: org.id,
    locationId: main!.id,
    admin: await actorOf(db, admin.id),
    staff: await actorOf(db, staff.id),
    pupils: pupils.slice(0, 5),
  });
  return answer;
}

/**
 * Guardians told of every check-in and check-out at both buildings, and the site office (on the
 * HR and security list) told of anyone entering the main building out of school hours.
 */
async function seedNotificationRules(
  services: Services,
  by: { organizationId: string; userId: string },
  locationIds: string[],
) {
  const { db, cipher } = services;
  const always = { enabled: true, directions: "both", quietStart: null, quietEnd: null } as const;
  for (const locationId of locationIds) {
    await saveAttendanceRule(db, by, { locationId, audience: "guardians", settings: always });
  }
  await saveAttendanceRule(db, by, {
    locationId: locationIds[0]!,
    audience: "staff_list",
    settings: { enabled: true, directions: "in", quietStart: "07:00", quietEnd: "18:00" },
  });
  await addNotifyRecipient(db, cipher, by, {
    name: "Site office",
    channel: "email",
    value: "site.office@example.com",
    language: "en",
  });
}

/**
 * Last week's evacuation drill at the main building (issue 17): five pupils listed, four marked
 * safe by the staff member, one still missing when the admin ended it, no messages (a drill).
 */
async function seedPastDrill(
  services: Services,
  input: {
    organizationId: string;
    locationId: string;
    admin: RollCallActor;
    staff: RollCallActor;
    pupils: { profileId: string; name: string; group: string }[];
  },
) {
  const { db } = services;
  const start = new Date(Date.now() - 7 * 24 * 3_600_000);
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  const [call] = await db
    .insert(rollCalls)
    .values({
      organizationId: input.organizationId,
      locationId: input.locationId,
      kind: "evacuation",
      drill: true,
      status: "ended",
      startedBy: input.admin.userId,
      startedByName: input.admin.name,
      alertAfterMinutes: 10,
      alertAt: at(10),
      alertedAt: at(10),
      endedAt: at(12),
      endedBy: input.admin.userId,
      endedByName: input.admin.name,
      createdAt: start,
    })
    .returning({ id: rollCalls.id });
  const rollCallId = call!.id;
  await db.insert(rollCallPeople).values(
    input.pupils.map((pupil, index) => {
      const safe = index < input.pupils.length - 1;
      return {
        rollCallId,
        profileId: pupil.profileId,
        personName: pupil.name,
        groupName: pupil.group,
        status: safe ? "safe" : "unaccounted",
        markedAt: safe ? at(2 + index) : null,
        markedBy: safe ? input.staff.userId : null,
        markedByName: safe ? input.staff.name : null,
        method: safe ? (index % 2 ? "tap" : "scan") : null,
      };
    }),
  );
  const staffActor = { userId: input.staff.userId, actorName: input.staff.name };
  const adminActor = { userId: input.admin.userId, actorName: input.admin.name };
  await db.insert(rollCallEvents).values([
    { rollCallId, type: "started", method: "evacuation", createdAt: start, ...adminActor },
    ...input.pupils.slice(0, -1).map((pupil, index) => ({
      rollCallId,
      type: "marked_safe",
      profileId: pupil.profileId,
      personName: pupil.name,
      method: index % 2 ? "tap" : "scan",
      createdAt: at(2 + index),
      ...staffActor,
    })),
    { rollCallId, type: "alerted", method: "drill", createdAt: at(10) },
    { rollCallId, type: "ended", createdAt: at(12), ...adminActor },
  ]);
}

import { gunzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, profiles } from "#server/db/schema.ts";
import { addDependant } from "#server/domain/people.ts";
import { getProfile } from "#server/domain/profiles.ts";
import { setUserPlan } from "#server/domain/users.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { type Client, signIn } from "#tests/support/http-client.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const DAY = 86_400_000;

/** The medical step as a browser posts it (two ticked devices: one name, two values). */
const RECORD: [string, string][] = [
  ["conditions", "Epilepsy, Asthma"],
  ["implantedDevices", "pacemaker"],
  ["implantedDevices", "insulin_pump"],
  ["implantedDevicesOther", "Heart valve"],
  ["organDonor", "yes"],
  ["advanceDirective", "dnr"],
  ["advanceDirectiveLocation", "Kitchen drawer"],
  ["preferredHospital", "General Hospital North"],
];

/** The profile edit (/onboarding?edit=1) posted with repeated names, as a form does. */
async function postEdit(client: Client, entries: [string, string][]) {
  const body = new URLSearchParams([
    ["intent", "finish"],
    ["fullName", "Rita Record"],
    ["language", "en"],
    ["country", "us"],
    ["allergies", "Penicillin"],
    ["medications", "Insulin"],
    ["medicalNotes", "Type 1 diabetes"],
    ["bloodType", "A+"],
    ...entries,
  ]);
  return app.request("/onboarding?edit=1", {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: client.cookieHeader,
      "x-forwarded-for": client.address,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: body.toString(),
  });
}

/**
 * Events written before a test's own saves (the fixture's profile save is in the safety log too,
 * decision 134): `auditOf` leaves them out.
 */
const earlier = new Set<string>();

async function ownerWithRecord() {
  const owner = await createOwner(app.services, { name: "Rita Record" });
  const written = await app.services.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(eq(auditEvents.userId, owner.userId));
  for (const { id } of written) earlier.add(id);
  const client = await signIn(app, owner.email);
  const saved = await postEdit(client, RECORD);
  expect(saved.headers.get("location")).toBe("/dashboard");
  return { owner, client };
}

const rawRow = async (id: string) =>
  (await app.services.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

const auditOf = async (userId: string, type: "medical_updated" | "medical_confirmed") =>
  (
    await app.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, userId), eq(auditEvents.eventType, type)))
  ).filter((event) => !earlier.has(event.id));

const confirmedAt = (id: string, daysAgo: number) =>
  app.services.db
    .update(profiles)
    .set({ medicalConfirmedAt: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(profiles.id, id));

const card = (tagId: string, language = "en") =>
  app.request(`/t/${tagId}`, {
    headers: { "user-agent": PHONE_USER_AGENT, "accept-language": language },
  });

const reveal = (tagId: string, language: string) =>
  app.request(`/t/${tagId}`, {
    method: "POST",
    headers: {
      "user-agent": PHONE_USER_AGENT,
      "accept-language": language,
      "content-type": "application/x-www-form-urlencoded",
      // Each reveal from its own address: the reveal limit is per connection.
      "x-forwarded-for": `10.130.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: "intent=reveal",
  });

describe("the fuller medical record is saved encrypted and confirmed (decision 130)", () => {
  it("round-trips every field; the row holds ciphertext; saving confirms and logs field names only", async () => {
    const { owner } = await ownerWithRecord();
    const profile = await getProfile(app.services.db, app.services.cipher, owner.userId);
    expect(profile).toMatchObject({
      conditions: ["Epilepsy", "Asthma"],
      implantedDevices: ["pacemaker", "insulin_pump", "Heart valve"],
      organDonor: true,
      advanceDirective: "dnr",
      advanceDirectiveLocation: "Kitchen drawer",
      preferredHospital: "General Hospital North",
      allergies: ["Penicillin"],
    });
    expect(Date.now() - profile!.medicalConfirmedAt!.getTime()).toBeLessThan(60_000);

    const row = await rawRow(owner.userId);
    const sealed = {
      conditions: "Epilepsy",
      implantedDevices: "pacemaker",
      organDonor: "yes",
      advanceDirective: "dnr",
      advanceDirectiveLocation: "Kitchen drawer",
      preferredHospital: "General Hospital North",
    } as const;
    for (const [column, plain] of Object.entries(sealed)) {
      const stored = row[column as keyof typeof sealed];
      expect(stored, column).toBeTypeOf("string");
      expect(stored, column).not.toContain(plain);
      expect(stored!.length, column).toBeGreaterThan(plain.length);
    }

    const [updated] = await auditOf(owner.userId, "medical_updated");
    expect(updated!.profileId).toBe(owner.userId);
    expect(updated!.metadata).toEqual({
      fields:
        "conditions,implantedDevices,advanceDirective,advanceDirectiveLocation,organDonor,preferredHospital,dateOfBirth",
    });
    // One save, one line: the profile's other fields did not change.
    expect(await auditOf(owner.userId, "medical_updated")).toHaveLength(1);
    const logged = JSON.stringify(updated!.metadata);
    for (const value of ["Epilepsy", "Kitchen", "General Hospital", "pacemaker", "dnr"])
      expect(logged).not.toContain(value);
  });

  it("saving again without a change confirms the record and logs medical_confirmed", async () => {
    const { owner, client } = await ownerWithRecord();
    await confirmedAt(owner.userId, 300);
    const again = await postEdit(client, RECORD);
    expect(again.headers.get("location")).toBe("/dashboard");
    expect(await auditOf(owner.userId, "medical_updated")).toHaveLength(1);
    const [confirmed] = await auditOf(owner.userId, "medical_confirmed");
    expect(confirmed).toMatchObject({ profileId: owner.userId, metadata: {} });
    const row = await rawRow(owner.userId);
    expect(Date.now() - row.medicalConfirmedAt!.getTime()).toBeLessThan(60_000);
  });

  it("bad input is refused with its message beside the field, and nothing changes", async () => {
    const { owner, client } = await ownerWithRecord();
    await confirmedAt(owner.userId, 40);
    const before = await rawRow(owner.userId);
    const cases: [[string, string][], string, string][] = [
      [[["organDonor", "maybe"]], "organDonor", "Please choose one of the options"],
      [[["advanceDirective", "unknown"]], "advanceDirective", "Please choose one of the options"],
      [[["implantedDevices", "jetpack"]], "implantedDevices", "Please choose one of the options"],
      [
        [["preferredHospital", "H".repeat(201)]],
        "preferredHospital",
        "Must be at most 200 characters",
      ],
      [
        [["conditions", Array.from({ length: 21 }, (_, i) => `c${i}`).join(",")]],
        "conditions",
        "List at most 20 items, separated by commas",
      ],
      [
        [["implantedDevicesOther", "x".repeat(101)]],
        "implantedDevicesOther",
        "Each item must be at most 100 characters",
      ],
    ];
    for (const [entries, field, message] of cases) {
      const refused = await postEdit(client, [["conditions", "Changed"], ...entries]);
      expect(refused.status, field).toBe(400);
      const html = await refused.text();
      expect(html, field).toContain("Check the medical information");
      expect(html, field).toContain(message);
      expect(html, field).toMatch(
        new RegExp(
          `name="${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${field}"`,
        ),
      );
    }
    expect(await rawRow(owner.userId)).toEqual(before);
  });
});

describe("the card shows the record in responders' order, after the reveal", () => {
  const labels = {
    en: [
      "Conditions",
      "Allergies",
      "Medications",
      "Implanted devices",
      "Blood type",
      "Advance directive / DNR",
      "Where the directive is kept",
      "Organ donor",
      "Preferred hospital",
      "Medical notes",
    ],
    es: [
      "Enfermedades",
      "Alergias",
      "Medicamentos",
      "Dispositivos implantados",
      "Grupo sanguíneo",
      "Instrucciones previas / no reanimar",
      "Dónde se guardan las instrucciones",
      "Donante de órganos",
      "Hospital de preferencia",
      "Notas médicas",
    ],
    fr: [
      "Maladies",
      "Allergies",
      "Médicaments",
      "Dispositifs implantés",
      "Groupe sanguin",
      "Directives anticipées / non-réanimation",
      "Où les directives sont conservées",
      "Donneur d&#x27;organes",
      "Hôpital de préférence",
      "Notes médicales",
    ],
    vi: [
      "Bệnh lý",
      "Dị ứng",
      "Thuốc đang dùng",
      "Thiết bị cấy ghép",
      "Nhóm máu",
      "Chỉ thị y tế trước / không hồi sức",
      "Nơi cất giữ chỉ thị",
      "Hiến tạng",
      "Bệnh viện ưu tiên",
      "Ghi chú y tế",
    ],
  } as const;
  const translated = {
    en: [
      "Pacemaker",
      "Insulin pump",
      "DNR order (do not resuscitate)",
      "Yes",
      "Confirmed by the owner today",
    ],
    es: [
      "Marcapasos",
      "Bomba de insulina",
      "Orden de no reanimar (ONR)",
      "Sí",
      "Confirmado por el titular hoy",
    ],
    fr: [
      "Stimulateur cardiaque (pacemaker)",
      "Pompe à insuline",
      "Ordre de non-réanimation",
      "Oui",
      "Confirmé par le titulaire aujourd&#x27;hui",
    ],
    vi: [
      "Máy tạo nhịp tim",
      "Bơm insulin",
      "Lệnh không hồi sức (DNR)",
      "Có",
      "Được chủ thẻ xác nhận hôm nay",
    ],
  } as const;

  it("in all four languages: every label in order, choices translated, typed text as written", async () => {
    const { owner } = await ownerWithRecord();
    for (const language of ["en", "es", "fr", "vi"] as const) {
      const response = await reveal(owner.tagId, language);
      expect(response.status, language).toBe(200);
      const html = await response.text();
      const section = html.slice(html.indexOf('data-testid="medical-info"'));
      const positions = labels[language].map((label) => section.indexOf(`>${label}</dt>`));
      expect(
        positions.every((p) => p > 0),
        `${language}: ${positions}`,
      ).toBe(true);
      expect(positions, language).toEqual([...positions].sort((a, b) => a - b));
      for (const text of [
        ...translated[language],
        "Heart valve",
        "Kitchen drawer",
        "Epilepsy, Asthma",
        "General Hospital North",
      ])
        expect(html, `${language}: ${text}`).toContain(text);
    }
  });

  it("before the reveal: one short confirmation line in the header, no new field, within 14 KB", async () => {
    const { owner } = await ownerWithRecord();
    await confirmedAt(owner.userId, 200);
    const response = await app.request(`/t/${owner.tagId}`, {
      headers: { "accept-encoding": "gzip", "user-agent": PHONE_USER_AGENT },
    });
    const compressed = new Uint8Array(await response.arrayBuffer());
    expect(compressed.byteLength).toBeLessThanOrEqual(14 * 1024);
    const html = new TextDecoder().decode(gunzipSync(compressed));
    const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
    expect(header).toContain("Confirmed by the owner 200 days ago");
    for (const value of [
      "Epilepsy",
      "Kitchen drawer",
      "General Hospital North",
      "Pacemaker",
      "Heart valve",
    ])
      expect(html).not.toContain(value);
    expect(html).toContain("I Understand - View Medical Information");
    // Plural forms: one day.
    await confirmedAt(owner.userId, 1);
    expect(await (await card(owner.tagId)).text()).toContain("Confirmed by the owner 1 day ago");
    expect(await (await card(owner.tagId, "es")).text()).toContain(
      "Confirmado por el titular hace 1 día",
    );
  });

  it("a record never confirmed shows no confirmation line", async () => {
    const owner = await createOwner(app.services);
    const html = await (await card(owner.tagId)).text();
    expect(html).not.toContain('data-testid="card-confirmed"');
  });
});

describe("the dashboard asks for a review after six months", () => {
  it("200 days: the age and a prominent prompt; Confirm it is current resets to today and logs it", async () => {
    const { owner, client } = await ownerWithRecord();
    await confirmedAt(owner.userId, 200);
    const stale = await (await client.get("/dashboard")).text();
    expect(stale).toContain("Medical record last confirmed 200 days ago");
    expect(stale).toContain('data-testid="medical-review"');
    expect(stale).toContain("Is the medical record still right?");
    expect(stale).toContain("Confirm it is current");

    const confirmed = await client.post("/dashboard", {
      intent: "confirm-medical",
      person: owner.userId,
    });
    expect(confirmed.status).toBe(200);
    const answer = await confirmed.text();
    expect(answer).toContain("Medical record confirmed");
    expect(answer).toContain("Medical record last confirmed today");
    expect(answer).not.toContain('data-testid="medical-review"');
    expect(await auditOf(owner.userId, "medical_confirmed")).toHaveLength(1);
    expect(await (await card(owner.tagId)).text()).toContain("Confirmed by the owner today");
  });

  it("10 days: the age, no prompt; never confirmed: the prompt", async () => {
    const { owner, client } = await ownerWithRecord();
    await confirmedAt(owner.userId, 10);
    const fresh = await (await client.get("/dashboard")).text();
    expect(fresh).toContain("Medical record last confirmed 10 days ago");
    expect(fresh).not.toContain('data-testid="medical-review"');
    await app.services.db
      .update(profiles)
      .set({ medicalConfirmedAt: null })
      .where(eq(profiles.id, owner.userId));
    const never = await (await client.get("/dashboard")).text();
    expect(never).toContain("Medical record not confirmed yet");
    expect(never).toContain('data-testid="medical-review"');
  });

  it("a dependant's stale record: the prompt's review opens that person's edit, not the account's", async () => {
    const { owner, client } = await ownerWithRecord();
    const { db, cipher, logger } = app.services;
    await setUserPlan(db, owner.email, "family");
    const added = await addDependant(db, cipher, logger, owner.userId, {
      fullName: "Rory Record",
      isMinor: true,
      onboardingCompleted: true,
    });
    if (!added.ok) throw new Error("no seat");
    await confirmedAt(added.profileId, 200);
    const page = await (await client.get(`/dashboard?person=${added.profileId}`)).text();
    expect(page).toContain('data-testid="medical-review"');
    expect(page).toContain(`href="/onboarding?edit=1&amp;person=${added.profileId}"`);
    expect(page).not.toContain('href="/onboarding?edit=1"');
  });

  it("another account's person cannot be confirmed: not found, nothing changes", async () => {
    const { owner } = await ownerWithRecord();
    await confirmedAt(owner.userId, 200);
    const stranger = await createOwner(app.services);
    const client = await signIn(app, stranger.email);
    const refused = await client.post("/dashboard", {
      intent: "confirm-medical",
      person: owner.userId,
    });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("This person&#x27;s record was not found.");
    const row = await rawRow(owner.userId);
    expect(Math.round((Date.now() - row.medicalConfirmedAt!.getTime()) / DAY)).toBe(200);
    expect(await auditOf(stranger.userId, "medical_confirmed")).toHaveLength(0);
  });
});

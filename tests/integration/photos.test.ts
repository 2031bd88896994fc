import { gunzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES, photoPath, photoUploadPath } from "#core/photos.ts";
import { firstRoundTrip } from "#scripts/bench/page-weight.mjs";
import { auditEvents, profilePhotos, profiles, tags } from "#server/db/schema.ts";
import { insertContact } from "#server/domain/contacts.ts";
import { addDependant } from "#server/domain/people.ts";
import { mintTags } from "#server/domain/tags.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

// Fixtures, made here with sharp (nothing downloaded).

/** A 640×400 camera JPEG, left half red and right half blue, stored turned (EXIF orientation
 * 6: shown rotated 90° clockwise, so red on top), with GPS coordinates and an ICC profile. */
async function cameraJpeg(): Promise<Buffer> {
  const red = await sharp({
    create: { width: 320, height: 400, channels: 3, background: "#ff0000" },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 640, height: 400, channels: 3, background: "#0000ff" } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "TestCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
    })
    .toBuffer();
}

const plain = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3a7" } });

/** The pointer to the GPS directory (tag 0x8825) in an EXIF block, either byte order. */
const hasGpsDirectory = (exif: Buffer | undefined) =>
  Boolean(
    exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))),
  );

/** A 1×1 PNG whose header declares 20000×20000 pixels: a few dozen bytes, 400 megapixels. */
async function pngBombHeader(): Promise<Buffer> {
  const png = Buffer.from(await plain(1, 1).png().toBuffer());
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  const { crc32 } = await import("node:zlib");
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

// Requests.

async function postPhoto(
  client: Client,
  profileId: string,
  fields: Record<string, Buffer | string>,
  fileName = "photo.jpg",
  type = "image/jpeg",
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new File([new Uint8Array(value)], fileName, { type }));
  }
  return app.request(photoUploadPath(profileId), {
    method: "POST",
    redirect: "manual",
    headers: { cookie: client.cookieHeader, "x-forwarded-for": client.address },
    body: form,
  });
}

/** The notice the answer's redirect carries to the dashboard. */
const noticeOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .join(";")
    .match(/safetap_notice=([a-z-]+)/)?.[1];

const storedPhoto = async (profileId: string) => {
  const [row] = await app.services.db
    .select({ version: profiles.photoVersion })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  const [photo] = await app.services.db
    .select()
    .from(profilePhotos)
    .where(eq(profilePhotos.profileId, profileId));
  return { version: row?.version ?? null, photo: photo ?? null };
};

async function signedInOwner(options: Parameters<typeof createOwner>[1] = {}) {
  const owner = await createOwner(app.services, options);
  return { owner, client: await signIn(app, owner.email) };
}

const viewCard = (tagId: string, headers: Record<string, string> = {}) =>
  new Client(app).get(`/t/${tagId}`, { "user-agent": PHONE_USER_AGENT, ...headers });

describe("a person's photo: upload", () => {
  it("a camera JPEG with GPS is stored upright, square, as WebP, with no EXIF, GPS or ICC left", async () => {
    const { owner, client } = await signedInOwner();
    const original = await cameraJpeg();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsDirectory(before.exif)).toBe(true);
    expect(before.icc).toBeDefined();

    const response = await postPhoto(client, owner.userId, { camera: original });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/dashboard");
    expect(noticeOf(response)).toBe("photo-saved");

    const { version, photo } = await storedPhoto(owner.userId);
    expect(version).toMatch(/^[\w-]{22}$/);
    expect(photo!.version).toBe(version);
    expect(photo!.contentType).toBe("image/webp");
    for (const [bytes, side] of [
      [photo!.small, 96],
      [photo!.large, 512],
    ] as const) {
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: "webp", width: side, height: side });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(hasGpsDirectory(bytes)).toBe(false);
    }
    expect(photo!.small.byteLength).toBeLessThan(3 * 1024);
    // Turned upright by its orientation first: the red half is now on top.
    const { data, info } = await sharp(photo!.large).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(pixel(256, 20)[0]).toBeGreaterThan(200);
    expect(pixel(256, 20)[2]).toBeLessThan(60);
    expect(pixel(256, 490)[2]).toBeGreaterThan(200);

    const audit = await app.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, owner.userId), eq(auditEvents.eventType, "photo_updated")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.profileId).toBe(owner.userId);
  });

  it("PNG, WebP and AVIF from the gallery are accepted, each under a new version", async () => {
    const { owner, client } = await signedInOwner();
    const versions = new Set<string>();
    for (const bytes of [
      await plain(300, 200).png().toBuffer(),
      await plain(200, 300).webp().toBuffer(),
      await plain(120, 120).avif().toBuffer(),
    ]) {
      const response = await postPhoto(
        client,
        owner.userId,
        { photo: bytes },
        "picture.bin",
        "application/octet-stream",
      );
      expect(noticeOf(response)).toBe("photo-saved");
      const { version } = await storedPhoto(owner.userId);
      versions.add(version!);
    }
    expect(versions.size).toBe(3);
  });

  it("a text file named .jpg, and an image of another kind, are refused with a clear message; nothing changes", async () => {
    const { owner, client } = await signedInOwner();
    await postPhoto(client, owner.userId, { photo: await plain(64, 64).jpeg().toBuffer() });
    const kept = await storedPhoto(owner.userId);

    const text = Buffer.from("This is not a photo at all, whatever its name says.\n".repeat(20));
    const refused = await postPhoto(
      client,
      owner.userId,
      { photo: text },
      "holiday.jpg",
      "image/jpeg",
    );
    expect(refused.status).toBe(303);
    expect(noticeOf(refused)).toBe("photo-not-an-image");
    const tiff = await plain(64, 64).tiff().toBuffer();
    expect(
      noticeOf(await postPhoto(client, owner.userId, { photo: tiff }, "scan.png", "image/png")),
    ).toBe("photo-not-an-image");
    expect(await storedPhoto(owner.userId)).toEqual(kept);

    // The dashboard says why, in the reader's language.
    const page = await client.get("/dashboard", {
      cookie: `${client.cookieHeader}; safetap_notice=photo-not-an-image`,
    });
    expect(await page.text()).toContain(
      "This file is not a photo we can use. Please choose a JPEG, PNG, WebP or HEIC photo.",
    );
    const spanish = await client.get("/dashboard", {
      cookie: `${client.cookieHeader}; safetap_notice=photo-not-an-image; lng=es`,
      "accept-language": "es",
    });
    expect(await spanish.text()).toContain("Este archivo no es una foto que podamos usar.");
  });

  it("a body over 2 MB is refused before it is read (413), and nothing changes", async () => {
    const { owner, client } = await signedInOwner();
    await postPhoto(client, owner.userId, { photo: await plain(64, 64).png().toBuffer() });
    const kept = await storedPhoto(owner.userId);
    const tooBig = Buffer.alloc(PHOTO_MAX_BYTES + 1024, 0xff);
    const response = await postPhoto(client, owner.userId, { photo: tooBig });
    expect(response.status).toBe(413);
    expect(await storedPhoto(owner.userId)).toEqual(kept);
    // Just under the limit gets through the door (and is then judged by its content).
    const near = await postPhoto(client, owner.userId, {
      photo: Buffer.alloc(PHOTO_MAX_BYTES - 4096, 0xff),
    });
    expect(near.status).toBe(303);
    expect(noticeOf(near)).toBe("photo-not-an-image");
  });

  it("decompression bombs are refused: a tiny PNG declaring 20000×20000, and a real 27 MP image", async () => {
    const { owner, client } = await signedInOwner();
    const header = await pngBombHeader();
    expect(header.byteLength).toBeLessThan(200);
    expect(noticeOf(await postPhoto(client, owner.userId, { photo: header }))).toBe(
      "photo-too-many-pixels",
    );
    const real = await plain(6000, 4500).png({ compressionLevel: 9 }).toBuffer();
    expect(real.byteLength).toBeLessThan(PHOTO_MAX_BYTES);
    expect(noticeOf(await postPhoto(client, owner.userId, { photo: real }))).toBe(
      "photo-too-many-pixels",
    );
    expect(await storedPhoto(owner.userId)).toEqual({ version: null, photo: null });
  });

  it("another account can neither upload nor remove a photo of my people; signed out goes home", async () => {
    const { owner, client } = await signedInOwner();
    const child = await addDependant(
      app.services.db,
      app.services.cipher,
      app.services.logger,
      owner.userId,
      {
        fullName: "Kid Owner",
        isMinor: true,
      },
    );
    if (!child.ok) throw new Error("no seat");
    const image = await plain(64, 64).png().toBuffer();
    await postPhoto(client, owner.userId, { photo: image });
    await postPhoto(client, child.profileId, { photo: image });
    const mine = await storedPhoto(owner.userId);
    const childs = await storedPhoto(child.profileId);
    expect(childs.version).not.toBeNull();

    const { client: stranger } = await signedInOwner();
    for (const profileId of [owner.userId, child.profileId]) {
      expect((await postPhoto(stranger, profileId, { photo: image })).status).toBe(404);
      expect((await postPhoto(stranger, profileId, { intent: "remove" })).status).toBe(404);
      const signedOut = await postPhoto(new Client(app), profileId, { photo: image });
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("location")).toBe("/");
    }
    expect(await storedPhoto(owner.userId)).toEqual(mine);
    expect(await storedPhoto(child.profileId)).toEqual(childs);
    // An id no person can have is "not found" before any query (a NUL would break the query).
    expect((await postPhoto(stranger, "%00", { photo: image })).status).toBe(404);
    expect((await stranger.get(`/photos/%00/${mine.version}/small`)).status).toBe(404);
  });

  it("the owner removes the photo: the address stops answering and the card shows none", async () => {
    const { owner, client } = await signedInOwner();
    await postPhoto(client, owner.userId, { photo: await plain(64, 64).png().toBuffer() });
    const { version } = await storedPhoto(owner.userId);
    const address = photoPath(owner.userId, version!, "small");
    expect((await new Client(app).get(address)).status).toBe(200);
    expect(await viewCard(owner.tagId).then((r) => r.text())).toContain(address);

    const removed = await postPhoto(client, owner.userId, { intent: "remove" });
    expect(noticeOf(removed)).toBe("photo-removed");
    expect(await storedPhoto(owner.userId)).toEqual({ version: null, photo: null });
    expect((await new Client(app).get(address)).status).toBe(404);
    expect(await viewCard(owner.tagId).then((r) => r.text())).not.toContain(
      'data-testid="card-photo"',
    );
    const audit = await app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.profileId, owner.userId), eq(auditEvents.eventType, "photo_removed")),
      );
    expect(audit).toHaveLength(1);
  });
});

describe("a person's photo: serving", () => {
  it("is cached for a year as immutable, with its type, an ETag and noindex; old versions and wrong sizes are 404", async () => {
    const { owner, client } = await signedInOwner();
    await postPhoto(client, owner.userId, { photo: await plain(64, 64).png().toBuffer() });
    const first = (await storedPhoto(owner.userId)).version!;
    const reader = new Client(app);
    const small = await reader.get(photoPath(owner.userId, first, "small"));
    expect(small.status).toBe(200);
    expect(small.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(small.headers.get("content-type")).toBe("image/webp");
    // A person's photo never appears in an image search, whoever links to it.
    expect(small.headers.get("x-robots-tag")).toBe("noindex");
    const etag = small.headers.get("etag");
    expect(etag).toBeTruthy();
    const body = Buffer.from(await small.arrayBuffer());
    expect((await sharp(body).metadata()).width).toBe(96);
    const large = await reader.get(photoPath(owner.userId, first, "large"));
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(512);
    const again = await reader.get(photoPath(owner.userId, first, "small"), {
      "if-none-match": etag!,
    });
    expect(again.status).toBe(304);

    await postPhoto(client, owner.userId, { photo: await plain(80, 80).webp().toBuffer() });
    const second = (await storedPhoto(owner.userId)).version!;
    expect(second).not.toBe(first);
    expect((await reader.get(photoPath(owner.userId, first, "small"))).status).toBe(404);
    expect((await reader.get(photoPath(owner.userId, second, "small"))).status).toBe(200);
    expect((await reader.get(`/photos/${owner.userId}/${second}/huge`)).status).toBe(404);
    const { owner: other } = await signedInOwner();
    expect((await reader.get(photoPath(other.userId, second, "small"))).status).toBe(404);
  });
});

describe("the card with a photo", () => {
  it("shows the small photo beside the name as an <img> that cannot shift the layout; a new photo shows at once", async () => {
    const { owner, client } = await signedInOwner({ name: "Nadia Kaur" });
    await postPhoto(client, owner.userId, { photo: await plain(64, 64).png().toBuffer() });
    const first = (await storedPhoto(owner.userId)).version!;
    const html = await (await viewCard(owner.tagId)).text();
    const img = html.match(/<img[^>]*data-testid="card-photo"[^>]*>/)?.[0];
    expect(img).toBeDefined();
    expect(img).toContain(`src="${photoPath(owner.userId, first, "small")}"`);
    for (const attribute of [
      'width="64"',
      'height="64"',
      'decoding="async"',
      'fetchPriority="low"',
      "loading=",
    ])
      expect(img!.toLowerCase()).toContain(attribute.toLowerCase());
    expect(img).toContain('alt="Photo of Nadia Kaur"');
    // Beside the name, in the header: before the name's heading.
    expect(html.indexOf('data-testid="card-photo"')).toBeLessThan(
      html.indexOf('data-testid="card-name"'),
    );
    // The render cache keys on the card's data: a new photo is in the very next page.
    expect((await viewCard(owner.tagId)).status).toBe(200);
    await postPhoto(client, owner.userId, { photo: await plain(70, 70).png().toBuffer() });
    const second = (await storedPhoto(owner.userId)).version!;
    const next = await (await viewCard(owner.tagId)).text();
    expect(next).toContain(photoPath(owner.userId, second, "small"));
    expect(next).not.toContain(first);
  });

  it("keeps the card's content within the first 14 KB of compressed HTML, the photo as an address not inline data", async () => {
    const { owner, client } = await signedInOwner();
    await postPhoto(client, owner.userId, { camera: await cameraJpeg() });
    const response = await viewCard(owner.tagId, { "accept-encoding": "gzip" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const wire = Buffer.from(await response.arrayBuffer());
    const html = gunzipSync(wire).toString("utf8");
    expect(html).toContain('data-testid="card-photo"');
    expect(html).not.toMatch(/src="data:image/);
    const stylesheets = [...html.matchAll(/<link\b[^>]*rel="stylesheet"/g)].length;
    const check = firstRoundTrip({ html, wire, encoding: "gzip", stylesheets });
    expect(check.items.filter((item) => !item.inFirst14KB)).toEqual([]);
    expect(check.pass).toBe(true);
  });
});

/** A child of `owner` with a guardian contact, medical details and a linked tag. */
async function childWithTag(
  owner: Owner,
  guardian: { channel: "sms" | "email"; value: string } = {
    channel: "sms",
    value: "+15557770001",
  },
) {
  const { db, cipher, logger } = app.services;
  const child = await addDependant(db, cipher, logger, owner.userId, {
    fullName: "Lily Rose Parker",
    isMinor: true,
    dateOfBirth: "2017-03-14",
    allergies: ["Peanuts"],
    medicalNotes: "Asthma, inhaler in the bag",
  });
  if (!child.ok) throw new Error("no seat");
  await insertContact(
    db,
    cipher,
    { profileId: child.profileId, accountId: owner.userId },
    { name: "Guardian Gwen", ...guardian, priority: 1 },
  );
  const { tags: minted } = await mintTags(db, {
    product: "wristband",
    count: 1,
    masterKey: app.services.config.dataEncryptionKey,
    publicUrl: app.services.config.publicUrl,
  });
  const tagId = minted[0]!.tagId;
  await db
    .update(tags)
    .set({
      userId: owner.userId,
      profileId: child.profileId,
      status: "active",
      isActive: true,
      claimedAt: new Date(),
      linkedAt: new Date(),
    })
    .where(eq(tags.id, tagId));
  return { profileId: child.profileId, tagId };
}

describe("the child-safe card (DESIGN 1b.6)", () => {
  it("shows a minor's first name only, no date of birth, no medical text until the reveal, and the guardians' calls first", async () => {
    const owner = await createOwner(app.services, { name: "Paula Parker" });
    const child = await childWithTag(owner);
    const html = await (await viewCard(child.tagId)).text();
    expect(html).toMatch(/data-testid="card-name"[^>]*>Lily</);
    expect(html).not.toContain("Rose");
    expect(html).not.toContain("Parker");
    expect(html).not.toContain("2017");
    expect(html).not.toContain("Peanuts");
    expect(html).not.toContain("Asthma");
    expect(html).toContain("I Understand - View Medical Information");
    // The guardians' call buttons come before the alert section.
    const call = html.indexOf('href="tel:+15557770001"');
    expect(call).toBeGreaterThan(-1);
    expect(html).toContain("Call a guardian");
    expect(call).toBeLessThan(html.indexOf('data-testid="send-alert"'));

    // After the reveal: the medical text, still no date of birth and no last name.
    const revealed = await new Client(app).post(
      `/t/${child.tagId}`,
      { intent: "reveal" },
      { "user-agent": PHONE_USER_AGENT },
    );
    const page = await revealed.text();
    expect(page).toContain("Peanuts");
    expect(page).toContain("Asthma, inhaler in the bag");
    expect(page).not.toContain("2017");
    expect(page).not.toContain("Parker");
  });

  it("guardians on email only: 'Contact a guardian', not a call heading over no call button", async () => {
    const owner = await createOwner(app.services, { name: "Paula Parker" });
    const child = await childWithTag(owner, { channel: "email", value: "gwen@example.com" });
    const html = await (await viewCard(child.tagId)).text();
    expect(html).not.toContain('href="tel:+');
    expect(html).not.toContain("Call a guardian");
    expect(html).toMatch(/<h2 id="contacts-title"[^>]*>Contact a guardian</);
    expect(html).toContain('href="mailto:gwen@example.com');
  });

  it("an adult's card keeps the full name, the date of birth after the reveal, and the alert before the contacts", async () => {
    const owner = await createOwner(app.services, { name: "Paula Parker" });
    const html = await (await viewCard(owner.tagId)).text();
    expect(html).toContain("Paula Parker");
    expect(html).not.toContain("Call a guardian");
    expect(html.indexOf('data-testid="send-alert"')).toBeLessThan(
      html.indexOf('data-testid="card-contacts"'),
    );
    const revealed = await new Client(app).post(
      `/t/${owner.tagId}`,
      { intent: "reveal" },
      { "user-agent": PHONE_USER_AGENT },
    );
    expect(await revealed.text()).toContain("1985-06-01");
  });
});

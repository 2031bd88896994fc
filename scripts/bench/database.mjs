// The bench's own access to the app's database: a fresh PostgreSQL database per
// run, and SQL for seeding tags and reading the alert outbox. The embedded PGlite
// database allows one process at a time, so it is opened only while the server
// is stopped, under the same lock file the server uses (server/db/client.ts).
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** True when PostgreSQL answers at `url` within two seconds. */
export async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function withAdmin(url, fn) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates `safetap_bench_<random>` next to the database in `url`; returns its URL. */
export async function createBenchDatabase(url) {
  const name = `safetap_bench_${randomBytes(5).toString("hex")}`;
  await withAdmin(url, (client) => client.query(`create database ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { name, url: target.toString() };
}

export async function dropBenchDatabase(url, name) {
  if (!/^safetap_bench_[0-9a-f]{10}$/.test(name)) throw new Error(`refusing to drop ${name}`);
  await withAdmin(url, (client) => client.query(`drop database if exists ${name} with (force)`));
}

/**
 * Opens the app's database for the bench: `{ query(text, params) → rows, close() }`.
 * For PGlite the server must be stopped (the lock file says so if it is not).
 */
export async function openDatabase(target) {
  if (target.kind === "postgres") {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    return {
      query: async (text, params = []) => (await client.query(text, params)).rows,
      close: () => client.end(),
    };
  }
  const dir = path.join(target.dataDir, "pglite");
  const lockFile = `${dir}.lock`;
  try {
    writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  } catch {
    const holder = readFileSync(lockFile, "utf8").trim();
    throw new Error(`the embedded database is held by process ${holder}`);
  }
  try {
    const db = await PGlite.create(dir);
    return {
      query: async (text, params = []) => (await db.query(text, params)).rows,
      close: async () => {
        try {
          await db.close();
        } finally {
          rmSync(lockFile, { force: true });
        }
      },
    };
  } catch (error) {
    rmSync(lockFile, { force: true });
    throw error;
  }
}

/**
 * Tag ids as server/domain/tag-ids.ts makes them (PREFIX-XXXXX over its
 * 32-letter alphabet), derived from the series number so they are unique; the
 * activation token hash is a SHA-256 hex like the real HMAC, of a token nobody
 * holds. Linked tags belong to `ownerId`, active, as after a claim.
 */
const TAG_ROWS = `
  select (array['WB','CD','KC','ST'])[1 + i % 4] || '-' ||
           substr(a, 1 + ((i >> 20) & 31), 1) || substr(a, 1 + ((i >> 15) & 31), 1) ||
           substr(a, 1 + ((i >> 10) & 31), 1) || substr(a, 1 + ((i >> 5) & 31), 1) ||
           substr(a, 1 + (i & 31), 1) as id,
         (array['wristband','card','keychain','sticker'])[1 + i % 4] as product,
         encode(sha256(convert_to('bench-token-' || i, 'UTF8')), 'hex') as token_hash
  from generate_series($1::int, $2::int - 1) as i,
       (select 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'::text as a) as alphabet`;

/** Inserts tags numbered [from, to) linked to `ownerId`; returns their ids. */
export async function seedLinkedTags(db, { from, to, ownerId, batchId }) {
  // The tags show the owner's own person (decision 128), whose profile row is made if missing.
  await db.query(
    "insert into profiles (id, account_id) values ($1, $1) on conflict (id) do nothing",
    [ownerId],
  );
  const rows = await db.query(
    `insert into tags (id, product, user_id, profile_id, status, is_active,
                       activation_token_hash, batch_id, claimed_at, linked_at)
     select id, product, $3, $3, 'active', true, token_hash, $4, now(), now() from (${TAG_ROWS}) t
     on conflict (id) do nothing
     returning id`,
    [from, to, ownerId, batchId],
  );
  return rows.map((r) => r.id);
}

/** Inserts unclaimed tags numbered [from, to) in chunks; returns how many were inserted. */
export async function seedUnclaimedTags(db, { from, to, batchId, chunk = 100_000 }) {
  let inserted = 0;
  for (let start = from; start < to; start += chunk) {
    const end = Math.min(to, start + chunk);
    const rows = await db.query(
      `with added as (
         insert into tags (id, product, activation_token_hash, batch_id)
         select id, product, token_hash, $3 from (${TAG_ROWS}) t
         on conflict (id) do nothing
         returning 1)
       select count(*)::int as n from added`,
      [start, end, batchId],
    );
    inserted += rows[0].n;
  }
  return inserted;
}

export async function countTags(db) {
  return (await db.query("select count(*)::int as n from tags"))[0].n;
}

/** Stores `photo` (the small and large WebP) as the person's current photo, as an upload does. */
async function storePhoto(db, profileId, photo) {
  const version = randomBytes(16).toString("base64url");
  await db.query(
    `insert into profile_photos (profile_id, version, content_type, small, large)
     values ($1, $2, 'image/webp', $3, $4)`,
    [profileId, version, photo.small, photo.large],
  );
  await db.query("update profiles set photo_version = $1 where id = $2", [version, profileId]);
}

/** Gives the person a tag shows a photo unless they have one; true when it was added. */
export async function ensureCardPhoto(db, tagId, photo) {
  const [person] = await db.query(
    `select p.id, p.photo_version from tags t join profiles p on p.id = t.profile_id
      where t.id = $1`,
    [tagId],
  );
  if (!person || person.photo_version) return false;
  await storePhoto(db, person.id, photo);
  return true;
}

/** Far above every other series the bench numbers tags from, below the ids' 25 bits. */
const PHOTO_CARD_SERIES = 30_000_000;

/**
 * Two more people of `ownerId`, alike but for a photo (`photo`: the small and large WebP),
 * each on a linked tag of their own: the card with a photo against the card without, in
 * the same run (issue 15's budget). Returns the two tags' ids.
 */
export async function seedPhotoCards(db, { ownerId, photo }) {
  const tagIds = {};
  for (const [index, kind] of [
    [0, "withPhoto"],
    [1, "withoutPhoto"],
  ]) {
    const from = PHOTO_CARD_SERIES + index;
    const [tagId] = await seedLinkedTags(db, { from, to: from + 1, ownerId, batchId: "bench" });
    const profileId = randomUUID();
    await db.query(
      `insert into profiles (id, account_id, full_name, country)
       values ($1, $2, 'Bench Person', 'us')`,
      [profileId, ownerId],
    );
    if (kind === "withPhoto") await storePhoto(db, profileId, photo);
    await db.query("update tags set profile_id = $1 where id = $2", [profileId, tagId]);
    tagIds[kind] = tagId;
  }
  return tagIds;
}

export async function userIdByEmail(db, email) {
  const [row] = await db.query(`select id from "user" where email = $1`, [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** The alerts of one bench stage (by idempotency-key prefix) and their deliveries. */
export async function stageOutbox(db, keyPrefix) {
  return db.query(
    `select a.id as alert_id, d.id as delivery_id, d.kind, d.channel, d.status, d.attempts,
            (extract(epoch from a.created_at) * 1000)::float8 as created_ms
     from alerts a left join alert_deliveries d on d.alert_id = a.id
     where a.idempotency_key like $1`,
    [`card:%:${keyPrefix}%`],
  );
}

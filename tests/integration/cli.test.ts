import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres } from "#server/db/client.ts";
import { organization, tags } from "#server/db/schema.ts";
import {
  createTestDatabase,
  EMBEDDED_PASS,
  TEST_DATABASE_URL,
  type TestDatabase,
} from "#tests/support/database.ts";
import { runCli, startServer } from "#tests/support/processes.ts";

const TAG_ROW =
  /^(WB|CD|KC|ST)-[A-HJ-NP-Z2-9]{5},ACT-[A-HJ-NP-Z2-9]{6},http:\/\/\S+\/t\/\1-[A-Z2-9]{5}$/;

function parseCsv(stdout: string) {
  const [header, ...rows] = stdout.trim().split("\n");
  return { header, rows, ids: rows.map((r) => r.split(",")[0]!) };
}

const dataDir = () => mkdtempSync(path.join(tmpdir(), "safetap-cli-"));

async function tagsInEmbedded(dir: string, ids: string[]) {
  const handle = await openPglite(path.join(dir, "pglite"));
  try {
    return await handle.db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
  } finally {
    await handle.close();
  }
}

// The command on an embedded database, which is the same in both passes.
describe.runIf(EMBEDDED_PASS)("safetap tags mint", () => {
  it("on the embedded database: prints the CSV header and N rows, and the tags exist", async () => {
    const dir = dataDir();
    const result = await runCli(["tags", "mint", "--product", "wristband", "--count", "3"], {
      DATA_DIR: dir,
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const csv = parseCsv(result.stdout);
    expect(csv.header).toBe("tag_id,activation_token,card_url");
    expect(csv.rows).toHaveLength(3);
    for (const row of csv.rows) expect(row).toMatch(TAG_ROW);
    expect(csv.ids.every((id) => id.startsWith("WB-"))).toBe(true);
    expect(await tagsInEmbedded(dir, csv.ids)).toHaveLength(3);
    // A new embedded database: the command creates it and runs every migration first.
  }, 120_000);

  // Each refused argument list is a unit test of `run` (server/cli/main.test.ts); this one
  // shows the command line itself prints the usage and exits 2.
  it("bad arguments print why and the usage, and exit 2", async () => {
    const result = await runCli(["tags", "mint", "--product", "bracelet", "--count", "3"], {
      DATA_DIR: dataDir(),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("product");
    expect(result.stderr).toContain("Usage: safetap");
    expect(result.stdout).toBe("");
  });

  it("refuses, with a message, while another process holds the embedded database", async () => {
    const dir = dataDir();
    const holder = await openPglite(path.join(dir, "pglite"));
    try {
      const result = await runCli(["tags", "mint", "--product", "card", "--count", "1"], {
        DATA_DIR: dir,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("in use by process");
      expect(result.stderr).toContain("PGlite allows one process at a time");
      expect(result.stdout).toBe("");
    } finally {
      await holder.close();
    }
  });

  it("works through the running server when it holds the embedded database", async () => {
    const dir = dataDir();
    const server = await startServer({ DATA_DIR: dir, SEED_DEMO: "false", LOG_LEVEL: "warn" });
    let orgTagIds: string[] = [];
    try {
      const result = await runCli(["tags", "mint", "--product", "keychain", "--count", "2"], {
        DATA_DIR: dir,
      });
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      const csv = parseCsv(result.stdout);
      expect(csv.rows).toHaveLength(2);
      for (const id of csv.ids) {
        const response = await fetch(`${server.url}/t/${id}`, { redirect: "manual" });
        expect(response.headers.get("location")).toBe(`/claim/${id}`);
      }
      // A batch for an organisation (decision 138): its tags carry it; an unknown slug is refused.
      const created = await runCli(
        ["orgs", "create", "--name", "Hill School", "--slug", "hill-school", "--preset", "school"],
        { DATA_DIR: dir },
      );
      expect(created.stderr).toBe("");
      const forOrg = await runCli(
        ["tags", "mint", "--product", "wristband", "--count", "2", "--org", "hill-school"],
        { DATA_DIR: dir },
      );
      expect(forOrg.stderr).toBe("");
      orgTagIds = parseCsv(forOrg.stdout).ids;
      expect(orgTagIds).toHaveLength(2);
      for (const id of orgTagIds) {
        // Not claimable with its token: the organisation's admins give it out.
        const response = await fetch(`${server.url}/t/${id}`, { redirect: "manual" });
        expect(response.headers.get("location")).toBe(`/claim/${id}`);
      }
      const noOrg = await runCli(
        ["tags", "mint", "--product", "wristband", "--count", "2", "--org", "no-such-org"],
        { DATA_DIR: dir },
      );
      expect(noOrg.code).toBe(1);
      expect(noOrg.stderr).toContain('No organisation has the slug "no-such-org"');
      const unknown = await runCli(["users", "set-plan", "ghost@example.com", "pro"], {
        DATA_DIR: dir,
      });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No user found for "ghost@example.com"');
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(await tagsInEmbedded(dir, [])).toEqual([]);
    const handle = await openPglite(path.join(dir, "pglite"));
    try {
      const rows = await handle.db
        .select({ org: organization.slug })
        .from(tags)
        .innerJoin(organization, eq(organization.id, tags.organizationId))
        .where(inArray(tags.id, orgTagIds));
      expect(rows).toEqual([{ org: "hill-school" }, { org: "hill-school" }]);
    } finally {
      await handle.close();
    }
  }, 120_000); // starts a production server: slow on a loaded machine
});

describe.runIf(TEST_DATABASE_URL)("safetap on PostgreSQL", () => {
  let database: TestDatabase;
  afterAll(() => database?.destroy());

  it("mints straight into the database named by DATABASE_URL", async () => {
    database = await createTestDatabase();
    const result = await runCli(["tags", "mint", "--product", "sticker", "--count", "4"], {
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir(),
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const { ids } = parseCsv(result.stdout);
    const check = await openPostgres(database.url!);
    try {
      expect(await check.db.select().from(tags).where(inArray(tags.id, ids))).toHaveLength(4);
    } finally {
      await check.close();
    }
  });
});

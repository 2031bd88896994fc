import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { tags, tagViewLogs } from "../../server/db/schema.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { createOwner } from "../support/fixtures.ts";
import { Client } from "../support/http-client.ts";
import { PHONE_USER_AGENT } from "../support/user-agents.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const phone = { "user-agent": PHONE_USER_AGENT };

describe("/qa's throwaway tag and the scan log", () => {
  it("finishing a run right after viewing its card leaves no 'recording scans failed' and loses no other scan", async () => {
    const errors = vi.spyOn(app.services.logger, "error");
    const owner = await createOwner(app.services);
    const visitor = new Client(app);
    const flow = async (fields: Record<string, string>) =>
      (await visitor.post("/qa/tag-flow", fields)).json() as Promise<Record<string, string>>;
    const { tagId, handle } = await flow({ intent: "start" });
    await flow({ intent: "claim", handle: handle! });
    // The /qa check views the claimed card, then finishes at once; a real
    // person scans another card in the same moment.
    expect((await visitor.get(`/t/${tagId}`, phone)).status).toBe(200);
    expect((await new Client(app).get(`/t/${owner.tagId}`, phone)).status).toBe(200);
    await flow({ intent: "finish", handle: handle! });
    await app.services.scans.flush();
    expect(errors.mock.calls.map((call) => call[1])).not.toContain("recording scans failed");
    expect(
      await app.services.db.select().from(tagViewLogs).where(eq(tagViewLogs.tagId, owner.tagId)),
    ).toHaveLength(1);
    expect(await app.services.db.select().from(tags).where(eq(tags.id, tagId!))).toEqual([]);
    errors.mockRestore();
  });
});

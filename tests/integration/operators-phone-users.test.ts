import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, tags, user } from "#server/db/schema.ts";
import { grantRole } from "#server/domain/users.ts";
import { runOperatorCommand } from "#server/operator/commands.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { type Client, signIn } from "#tests/support/http-client.ts";

const PHONE = "+447700900123";
let app: TestApp;
let admin: Client;
let phoneUserId: string;
let phoneTagId: string;
beforeAll(async () => {
  app = await createTestApp();
  const adminOwner = await createOwner(app.services, { name: "Ada Admin" });
  await grantRole(app.services.db, adminOwner.email, "admin");
  admin = await signIn(app, adminOwner.email);
  // A phone-only account, as sign-up makes it: a placeholder address and the E.164 number.
  const owner = await createOwner(app.services, { name: "Phoebe Phone", plan: "free" });
  phoneUserId = owner.userId;
  phoneTagId = owner.tagId;
  await app.services.db
    .update(user)
    .set({ email: `${PHONE.slice(1)}@phone.safetap.invalid`, phoneNumber: PHONE })
    .where(eq(user.id, owner.userId));
});
afterAll(() => app?.close());

const planOf = async (id: string) =>
  (await app.services.db.select().from(profiles).where(eq(profiles.id, id)))[0]!.plan;

describe("operators find phone-only users by their phone number", () => {
  it("`safetap users set-plan +447700900123 pro` sets the plan and names the number", async () => {
    const output = await runOperatorCommand(
      { db: app.services.db, config: app.services.config },
      { command: "users.set-plan", identifier: PHONE, plan: "pro" },
    );
    expect(output).toBe(`Plan of ${PHONE} set to pro\n`);
    expect(await planOf(phoneUserId)).toBe("pro");
  });

  it("the admin page sets a plan and grants a role by phone number, spaces allowed", async () => {
    const plan = await admin.post("/admin", {
      intent: "setPlan",
      identifier: "+44 7700 900123",
      plan: "family",
    });
    expect(plan.status).toBe(200);
    expect(await plan.text()).toContain(`Plan of ${PHONE} set to family`);
    expect(await planOf(phoneUserId)).toBe("family");
    const role = await admin.post("/admin", {
      intent: "grantRole",
      identifier: PHONE,
      role: "moderator",
    });
    expect(await role.text()).toContain(`Role moderator granted to ${PHONE}`);
  });

  it("an unknown number is 'No user found' and changes nothing", async () => {
    const response = await admin.post("/admin", {
      intent: "setPlan",
      identifier: "+447700900999",
      plan: "enterprise",
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("No user found for that email, phone number or id");
    expect(await planOf(phoneUserId)).not.toBe("enterprise");
  });

  it("the admin tag list shows the owner's phone number, never the placeholder address", async () => {
    for (const query of [phoneTagId, PHONE, "7700 900123"]) {
      const html = await (await admin.get(`/admin?q=${encodeURIComponent(query)}`)).text();
      expect(html).toContain(phoneTagId);
      expect(html).toContain(PHONE);
      expect(html).not.toContain("phone.safetap.invalid");
    }
    const [row] = await app.services.db.select().from(tags).where(eq(tags.id, phoneTagId));
    expect(row!.userId).toBe(phoneUserId);
  });
});

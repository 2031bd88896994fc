import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { isNoticePayload } from "#server/alerts/notices.ts";
import {
  alertDeliveries,
  auditEvents,
  devOutbox,
  invitation,
  organization,
  salesEnquiries,
  tags,
} from "#server/db/schema.ts";
import { grantRole } from "#server/domain/users.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { createOrg } from "#tests/support/orgs.ts";

/**
 * /admin's organisations (issue 16 item 1, decision 139): SafeTap's admins create them, set their
 * extra seats, and turn a won sales enquiry into an organisation whose owner is invited.
 */
let app: TestApp;
let admin: Owner;
let asAdmin: Client;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createOwner(app.services, { name: "Sue SafeTap", plan: "free" });
  await grantRole(app.services.db, admin.email, "admin");
  asAdmin = await signIn(app, admin.email);
});
afterAll(() => app?.close());

/** The page's text without React's text separators. */
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const orgCount = async () => (await app.services.db.select().from(organization)).length;

describe("/admin: creating an organisation", () => {
  it("creates it from the form and lists it with its address, preset, seats and date", async () => {
    const created = await asAdmin.post("/admin", {
      intent: "createOrg",
      name: "Riverside Clinic",
      slug: "riverside-clinic",
      preset: "healthcare",
    });
    expect(created.status).toBe(200);
    const page = await text(created);
    expect(page).toContain("Organisation Riverside Clinic created at /org/riverside-clinic.");
    const [row] = await app.services.db
      .select()
      .from(organization)
      .where(eq(organization.slug, "riverside-clinic"));
    expect(row).toMatchObject({ name: "Riverside Clinic", preset: "healthcare", extraSeats: 0 });
    const [audit] = await app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.eventType, "org_created"), eq(auditEvents.organizationId, row!.id)),
      );
    expect(audit?.userId).toBe(admin.userId);

    const list = await text(await asAdmin.get("/admin"));
    const entry = list.slice(list.indexOf('data-testid="org-riverside-clinic"'));
    expect(entry).toContain('href="/org/riverside-clinic"');
    expect(entry).toContain("Healthcare");
    expect(entry).toContain("0 of 100");
  });

  it("refuses a bad name, address or preset, a taken or reserved address, each in plain words, and creates nothing", async () => {
    const before = await orgCount();
    const cases: [Record<string, string>, number, string][] = [
      [
        { name: "X", slug: "fine-slug", preset: "school" },
        400,
        "The name must be 2 to 100 characters, without &lt; or &gt;.",
      ],
      [
        { name: "Fine School", slug: "Bad Slug", preset: "school" },
        400,
        "The address must be 3 to 48 lower-case letters",
      ],
      [
        { name: "Fine School", slug: "fine-slug", preset: "prison" },
        400,
        "Choose a preset: school, workplace, healthcare, events or other.",
      ],
      [
        { name: "Another Clinic", slug: "riverside-clinic", preset: "healthcare" },
        409,
        "An organisation with that address already exists.",
      ],
      [
        { name: "Invitations Inc", slug: "invitations", preset: "other" },
        400,
        "That address is a page of SafeTap&#x27;s own. Choose another.",
      ],
    ];
    for (const [fields, status, message] of cases) {
      const response = await asAdmin.post("/admin", { intent: "createOrg", ...fields });
      expect(response.status, fields.slug).toBe(status);
      const page = await text(response);
      expect(page).toContain("No organisation was created");
      expect(page).toContain(message);
    }
    expect(await orgCount()).toBe(before);
  });

  it("is for SafeTap's admins only: signed out goes to sign-in, anyone else gets 403", async () => {
    const before = await orgCount();
    const fields = { intent: "createOrg", name: "Sneaky Org", slug: "sneaky-org", preset: "other" };
    const signedOut = await new Client(app).post("/admin", fields);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toContain("/auth?mode=signin");
    const someone = await createOwner(app.services, { name: "Not Admin", plan: "free" });
    const asSomeone = await signIn(app, someone.email);
    expect((await asSomeone.post("/admin", fields)).status).toBe(403);
    expect(
      (
        await asSomeone.post("/admin", {
          intent: "orgSeats",
          slug: "riverside-clinic",
          extraSeats: "5",
        })
      ).status,
    ).toBe(403);
    expect(await orgCount()).toBe(before);
  });
});

describe("/admin: an organisation's extra seats", () => {
  it("sets them within bounds and shows the new limit; anything else is refused and changes nothing", async () => {
    const org = await createOrg(app.services, { preset: "workplace", slug: "acme-seats" });
    const set = await asAdmin.post("/admin", {
      intent: "orgSeats",
      slug: org.slug,
      extraSeats: "50",
    });
    expect(set.status).toBe(200);
    const page = await text(set);
    expect(page).toContain("/org/acme-seats now has 50 extra seats.");
    const extra = async () =>
      (await app.services.db.select().from(organization).where(eq(organization.id, org.id)))[0]!
        .extraSeats;
    expect(await extra()).toBe(50);
    expect(page.slice(page.indexOf('data-testid="org-acme-seats"'))).toContain("0 of 150");

    for (const bad of ["-1", "1.5", "abc", "100001", ""]) {
      const refused = await asAdmin.post("/admin", {
        intent: "orgSeats",
        slug: org.slug,
        extraSeats: bad,
      });
      expect(refused.status, bad).toBe(400);
      expect(await text(refused)).toContain("Extra seats must be a whole number from 0 to 100000.");
    }
    const unknown = await asAdmin.post("/admin", {
      intent: "orgSeats",
      slug: "no-such-org",
      extraSeats: "5",
    });
    expect(unknown.status).toBe(404);
    expect(await text(unknown)).toContain("There is no organisation at that address.");
    expect(await extra()).toBe(50);
  });
});

describe("/admin's user lookups leave out organisations' own accounts", () => {
  it("finds no user at an organisation's own address and shows its tags under its name", async () => {
    const org = await createOrg(app.services, { name: "Hidden Account School", preset: "school" });
    const accountEmail = `${org.accountId}@organizations.safetap.invalid`;
    for (const identifier of [accountEmail, org.accountId]) {
      const refused = await asAdmin.post("/admin", {
        intent: "setPlan",
        identifier,
        plan: "pro",
      });
      expect(refused.status).toBe(404);
      expect(await text(refused)).toContain("No user found for that email, phone number or id");
    }
    const someone = await createOwner(app.services, { name: "Tag Holder", plan: "free" });
    await app.services.db
      .update(tags)
      .set({ userId: org.accountId, organizationId: org.id })
      .where(eq(tags.id, someone.tagId));
    const byAccount = await text(
      await asAdmin.get(`/admin?q=${encodeURIComponent("organizations.safetap.invalid")}`),
    );
    expect(byAccount).toContain("No tags match.");
    const byName = await text(
      await asAdmin.get(`/admin?q=${encodeURIComponent("Hidden Account")}`),
    );
    const table = byName.slice(byName.indexOf('data-testid="admin-tags"'));
    expect(table).toContain(someone.tagId);
    expect(table).toContain("Hidden Account School");
    expect(table).not.toContain("organizations.safetap.invalid");
  });
});

describe("a sales enquiry marked won", () => {
  it("offers the organisation prefilled from the enquiry; creating it invites the enquirer as owner, in their language", async () => {
    const [enquiry] = await app.services.db
      .insert(salesEnquiries)
      .values({
        fullName: "Elena Ruiz",
        organization: "Hospital San José",
        email: "Elena.Ruiz@example.com",
        industry: "healthcare",
        estimatedUsers: "101-500",
        message: "Queremos pulseras para los pacientes.",
        language: "es",
      })
      .returning();
    const id = enquiry!.id;
    // Creating before it is won is refused.
    const early = await asAdmin.post("/admin", {
      intent: "enquiryOrg",
      enquiryId: id,
      name: "Hospital San José",
      slug: "hospital-san-jose",
      preset: "healthcare",
    });
    expect(early.status).toBe(409);
    expect(await text(early)).toContain("Mark the enquiry won before creating its organisation.");

    const won = await asAdmin.post("/admin", {
      intent: "enquiryStatus",
      enquiryId: id,
      status: "won",
    });
    expect(won.status).toBe(200);
    const page = await text(won);
    expect(page).toContain("Enquiry marked won. Create its organisation below.");
    const form = page.slice(page.indexOf(`data-testid="enquiry-${id}"`));
    expect(form).toContain('value="Hospital San José"');
    expect(form).toContain('value="hospital-san-jose"');
    expect(form).toMatch(/<option value="healthcare" selected="">/);

    const created = await asAdmin.post("/admin", {
      intent: "enquiryOrg",
      enquiryId: id,
      name: "Hospital San José",
      slug: "hospital-san-jose",
      preset: "healthcare",
    });
    expect(created.status).toBe(200);
    expect(await text(created)).toContain(
      "Organisation Hospital San José created at /org/hospital-san-jose; elena.ruiz@example.com was invited to be its owner.",
    );
    const [org] = await app.services.db
      .select()
      .from(organization)
      .where(eq(organization.slug, "hospital-san-jose"));
    const [linked] = await app.services.db
      .select()
      .from(salesEnquiries)
      .where(eq(salesEnquiries.id, id));
    expect(linked).toMatchObject({ status: "won", organizationId: org!.id });
    const invitations = await app.services.db
      .select()
      .from(invitation)
      .where(eq(invitation.organizationId, org!.id));
    expect(invitations).toEqual([
      expect.objectContaining({
        email: "elena.ruiz@example.com",
        role: "owner",
        status: "pending",
        inviterId: admin.userId,
      }),
    ]);

    // The invitation waits in the outbox (the link sealed), then goes out in Spanish.
    const [queued] = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(
        and(eq(alertDeliveries.kind, "invitation"), eq(alertDeliveries.accountId, org!.accountId)),
      );
    expect(isNoticePayload(queued?.payload) && queued.payload).toMatchObject({
      template: "orgInvitation",
      language: "es",
    });
    expect(JSON.stringify(queued!.payload)).not.toContain(invitations[0]!.id);
    await createDispatcher(app.services).runOnce();
    const [mail] = await app.services.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.to, "elena.ruiz@example.com"))
      .orderBy(desc(devOutbox.createdAt));
    expect(mail!.subject).toBe("Sue SafeTap te ha invitado a Hospital San José en SafeTap");
    expect(mail!.body).toContain("como propietario");
    expect(mail!.body).toContain(`http://localhost:3000/org/invitations/${invitations[0]!.id}`);

    // Done: the enquiry shows its organisation and can no longer change or make another.
    const listed = await text(await asAdmin.get("/admin"));
    expect(listed.slice(listed.indexOf(`data-testid="enquiry-${id}"`))).toContain(
      'href="/org/hospital-san-jose"',
    );
    const again = await asAdmin.post("/admin", {
      intent: "enquiryOrg",
      enquiryId: id,
      name: "Hospital San José 2",
      slug: "hospital-san-jose-2",
      preset: "healthcare",
    });
    expect(again.status).toBe(409);
    expect(await text(again)).toContain("This enquiry&#x27;s organisation exists already.");
    const lost = await asAdmin.post("/admin", {
      intent: "enquiryStatus",
      enquiryId: id,
      status: "lost",
    });
    expect(lost.status).toBe(409);
    expect(
      (await app.services.db.select().from(salesEnquiries).where(eq(salesEnquiries.id, id)))[0]!
        .status,
    ).toBe("won");
  });

  it("can be marked lost or reopened; an unknown enquiry or status is refused", async () => {
    const [enquiry] = await app.services.db
      .insert(salesEnquiries)
      .values({
        fullName: "Lou Lost",
        organization: "Lost Events Ltd",
        email: "lou@example.com",
        industry: "events",
        estimatedUsers: "1-50",
        message: "Just looking around for now.",
      })
      .returning();
    const status = async () =>
      (
        await app.services.db
          .select()
          .from(salesEnquiries)
          .where(eq(salesEnquiries.id, enquiry!.id))
      )[0]!.status;
    const lost = await asAdmin.post("/admin", {
      intent: "enquiryStatus",
      enquiryId: enquiry!.id,
      status: "lost",
    });
    expect(await text(lost)).toContain("Enquiry marked lost.");
    expect(await status()).toBe("lost");
    const bad = await asAdmin.post("/admin", {
      intent: "enquiryStatus",
      enquiryId: enquiry!.id,
      status: "maybe",
    });
    expect(bad.status).toBe(400);
    const unknown = await asAdmin.post("/admin", {
      intent: "enquiryStatus",
      enquiryId: "00000000-0000-4000-8000-000000000000",
      status: "won",
    });
    expect(unknown.status).toBe(404);
    expect(await text(unknown)).toContain("That enquiry does not exist.");
    await asAdmin.post("/admin", {
      intent: "enquiryStatus",
      enquiryId: enquiry!.id,
      status: "new",
    });
    expect(await status()).toBe("new");
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { signIn } from "#tests/support/http-client.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/** The Current Plan card's facts, as text. */
const planFacts = (html: string) =>
  (html.match(/data-testid="plan-facts"[^>]*>(.*?)<\/dl>/s)?.[1] ?? "")
    .replace(/<[^>]+>/g, "|")
    .replace(/\|+/g, "|");

describe("Current Plan card", () => {
  it("a paid plan set by an admin never says 'No renewal (free)'; it says no payment is taken", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const html = await (await (await signIn(app, owner.email)).get("/dashboard")).text();
    expect(html).not.toContain("No renewal (free)");
    expect(planFacts(html)).toContain(
      "|Status|Active|Billing|Set by SafeTap staff: no payment is taken and nothing renews|",
    );
  });

  it("the free plan says there is nothing to pay; a dated paid plan shows its renewal date", async () => {
    const free = await createOwner(app.services, { plan: "free" });
    const freeHtml = await (await (await signIn(app, free.email)).get("/dashboard")).text();
    expect(planFacts(freeHtml)).toContain("|Billing|Free plan: nothing to pay or renew|");
    const dated = await createOwner(app.services, { plan: "family" });
    await app.services.db
      .update(profiles)
      .set({ subscriptionEndDate: new Date("2031-03-04T00:00:00Z") })
      .where(eq(profiles.id, dated.userId));
    const datedHtml = await (await (await signIn(app, dated.email)).get("/dashboard")).text();
    expect(planFacts(datedHtml)).toContain("|Next renewal|Mar 4, 2031|");
  });

  it("the plan's status is translated", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    await app.services.db
      .update(profiles)
      .set({ subscriptionStatus: "past_due" })
      .where(eq(profiles.id, owner.userId));
    const client = await signIn(app, owner.email);
    expect(planFacts(await (await client.get("/dashboard")).text())).toContain(
      "|Status|Payment overdue|",
    );
    const es = await (await client.get("/dashboard?lng=es")).text();
    expect(planFacts(es)).toContain("|Estado|Pago vencido|Facturación|");
  });
});

describe("moving to Free with more contacts than Free alerts", () => {
  const planOf = async (id: string) =>
    (await app.services.db.select().from(profiles).where(eq(profiles.id, id)))[0]!.plan;

  it("asks first on the dashboard, naming who stays alerted; only the confirming press switches", async () => {
    const owner = await createOwner(app.services, {
      plan: "pro",
      contacts: [
        { name: "Ann", channel: "email", value: `ann-${Date.now()}@example.com` },
        { name: "Bo", channel: "email", value: `bo-${Date.now()}@example.com` },
        { name: "Cy", channel: "email", value: `cy-${Date.now()}@example.com` },
      ],
    });
    const client = await signIn(app, owner.email);
    const first = await client.post("/pricing", { plan: "free" });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/dashboard?downgrade=free");
    expect(await planOf(owner.userId)).toBe("pro");

    const page = await (await client.get("/dashboard?downgrade=free")).text();
    expect(page).toContain("Switch to Free?");
    expect(page).toContain(
      "On Free only Ann will be alerted in an emergency. Bo, Cy will be kept but no longer alerted.",
    );
    expect(page).toContain("Yes, switch to Free");

    const confirmed = await client.post("/pricing", { plan: "free", confirm: "yes" });
    expect(confirmed.headers.get("location")).toBe("/dashboard");
    expect(await planOf(owner.userId)).toBe("free");
    const after = await (await client.get("/dashboard?downgrade=free")).text();
    expect(after).not.toContain("Switch to Free?");
  });

  it("with no more contacts than Free alerts, Free switches at once as the spec says", async () => {
    const owner = await createOwner(app.services, {
      plan: "family",
      contacts: [{ name: "Ann", channel: "email", value: `ann1-${Date.now()}@example.com` }],
    });
    const client = await signIn(app, owner.email);
    const response = await client.post("/pricing", { plan: "free" });
    expect(response.headers.get("location")).toBe("/dashboard");
    expect(await planOf(owner.userId)).toBe("free");
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { profiles, supportTickets, tags } from "#server/db/schema.ts";
import {
  countPeopleProtected,
  PEOPLE_PROTECTED_THRESHOLD,
  peopleProtectedClaim,
  refreshPeopleProtected,
  roundDownForClaim,
} from "#server/domain/people-protected.ts";
import { grantRole } from "#server/domain/users.ts";
import { projectRoot } from "#server/paths.ts";
import { type SmtpPeer, startSmtpPeer } from "#tests/fault/peers.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";

/** Mail goes to the SMTP stand-in here; sign-in codes need the dev outbox, so accounts use `app`. */
let mailApp: TestApp;
let app: TestApp;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  [mailApp, app] = await Promise.all([
    createTestApp({
      SMTP_URL: smtp.url,
      SMTP_FROM: "SafeTap <support-form@safetap.test>",
      SUPPORT_EMAIL: "help-desk@safetap.test",
    }),
    createTestApp({ SUPPORT_EMAIL: "help-desk@safetap.test" }),
  ]);
});
afterAll(async () => {
  await mailApp?.close();
  await app?.close();
  await smtp?.close();
});

const VALID = {
  name: "Rosa Parks",
  email: "Rosa.Parks@Example.org",
  topic: "lost-tags",
  message: "My daughter lost her wristband at school. How do I stop strangers reading it?",
  website: "",
};

const ticketCount = async () => (await mailApp.services.db.select().from(supportTickets)).length;

/** The notice a page shows, title and description, from the server-rendered HTML. */
async function noticeOf(response: Response) {
  const html = await response.text();
  const pick = (id: string) =>
    html
      .match(new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`))?.[1]
      ?.replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"');
  return { title: pick("notice-title"), description: pick("notice-description") };
}

describe("/support: the questions people ask", () => {
  it("answers each topic under its own anchor, with the support address shown", async () => {
    const page = await (await app.request("/support")).text();
    expect(page).toMatch(/<h1[^>]*>How can we help\?<\/h1>/);
    for (const section of [
      "claiming",
      "lost-tags",
      "contacts",
      "alerts",
      "live-location",
      "privacy",
      "organisations",
      "plans",
    ]) {
      expect(page).toMatch(new RegExp(`<section[^>]*id="${section}"`));
      expect(page).toContain(`href="#${section}"`);
    }
    for (const answer of [
      "contacts-confirm",
      "contacts-stop",
      "contacts-messenger",
      "lost-tags-lost",
    ]) {
      expect(page).toMatch(new RegExp(`<details[^>]*id="${answer}"`));
    }
    expect(page).toContain("Why does my contact get a confirmation message?");
    expect(page).toMatch(/href="mailto:help-desk@safetap\.test"[^>]*>.*help-desk@safetap\.test/);
    // The deletion answer names the configured address as a link, not a placeholder.
    expect(page).toMatch(
      /Write to <a href="mailto:help-desk@safetap\.test"[^>]*>help-desk@safetap\.test<\/a> from/,
    );
    expect(page).not.toContain("{{");
    expect(page).toContain('data-testid="support-form"');
  });

  for (const lng of ["en", "es", "fr", "vi"] as const) {
    it(`is written in ${lng}, every answer and the form, with no locale key shown`, async () => {
      const texts = JSON.parse(
        readFileSync(path.join(projectRoot, `core/locales/${lng}/support.json`), "utf8"),
      );
      const page = await (await app.request(`/support?lng=${lng}`)).text();
      expect(page).toContain(`lang="${lng}"`);
      for (const section of Object.values(texts.sections) as {
        title: string;
        items: Record<string, { q: string }>;
      }[]) {
        expect(page).toContain(escapeHtml(section.title));
        for (const item of Object.values(section.items)) expect(page).toContain(escapeHtml(item.q));
      }
      expect(page).toContain(escapeHtml(texts.form.submit));
      expect(page).not.toMatch(/>\s*(?:sections|form|topics|errors|notices|sent)\.[A-Za-z.-]+\s*</);
    });
  }
});

describe("/support: the support form", () => {
  let visitor: Client;
  beforeEach(() => {
    visitor = new Client(mailApp);
  });

  it("stores a ticket, mails it to SUPPORT_EMAIL through SMTP and confirms on the page", async () => {
    const response = await visitor.post("/support", VALID);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/support?sent=1#ask");

    const [row] = await mailApp.services.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.message, VALID.message));
    expect(row).toMatchObject({
      name: "Rosa Parks",
      email: "rosa.parks@example.org",
      topic: "lost-tags",
      status: "open",
      language: "en",
      userId: null,
      clientAddress: visitor.address,
    });

    await smtp.waitForKeys(1, 5000);
    const mail = smtp.received.find((m) => m.key === `support-ticket:${row!.id}`);
    expect(mail?.to).toBe("help-desk@safetap.test");
    for (const part of [
      "rosa.parks@example.org",
      "lost-tags",
      "How do I stop strangers",
      row!.id,
    ]) {
      expect(mail!.body).toContain(part);
    }

    const sent = await (await visitor.get("/support?sent=1")).text();
    expect(sent).toContain("Thank you, we have your question");
    expect(sent).toContain("We will answer by email to the address you gave.");
    expect(sent).not.toContain('data-testid="support-form"');
  });

  it("keeps the ticket and says so when the mail to support fails", async () => {
    await smtp.setState("refuse");
    try {
      const response = await visitor.post("/support", { ...VALID, name: "Mail Down" });
      expect(response.headers.get("location")).toBe("/support?sent=delayed#ask");
    } finally {
      await smtp.setState("up");
    }
    const [row] = await mailApp.services.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.name, "Mail Down"));
    expect(row).toBeDefined();
    const page = await (await visitor.get("/support?sent=delayed")).text();
    expect(page).toContain("our email to the support team is delayed");
    expect(page).toContain("help-desk@safetap.test");
  });

  it("remembers the signed-in account and fills in its name and email", async () => {
    const owner = await createOwner(app.services, { name: "Signed Sam" });
    const client = await signIn(app, owner.email);
    const form = await (await client.get("/support")).text();
    expect(form).toContain('value="Signed Sam"');
    expect(form).toContain(`value="${owner.email}"`);
    expect(
      (
        await client.post("/support", {
          ...VALID,
          email: owner.email,
          message: "Signed-in question here",
        })
      ).status,
    ).toBe(302);
    const [row] = await app.services.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.message, "Signed-in question here"));
    expect(row!.userId).toBe(owner.userId);
  });

  const invalid: [string, Record<string, string>, string][] = [
    ["an empty form", {}, "Name is required"],
    ["a blank name", { name: "   " }, "Name is required"],
    ["a name over 100", { name: "N".repeat(101) }, "Name must be at most 100 characters"],
    ["a bad email", { email: "rosa@" }, "Invalid email address"],
    ["an email over 255", { email: `${"e".repeat(250)}@example.org` }, "Invalid email address"],
    ["no topic", { topic: "" }, "Please select a topic"],
    ["an unknown topic", { topic: "refund" }, "Please select a topic"],
    ["a message under 10", { message: "  Help!   " }, "Message must be at least 10 characters"],
    [
      "a message over 2000",
      { message: "m".repeat(2001) },
      "Message must be at most 2000 characters",
    ],
    ["a filled honeypot", { website: "http://spam.example" }, "Invalid submission"],
  ];
  for (const [what, change, message] of invalid) {
    it(`refuses ${what}: 'Validation error' with '${message}', nothing stored or mailed`, async () => {
      const before = await ticketCount();
      const mailsBefore = smtp.received.length;
      const fields = Object.keys(change).length === 0 ? {} : { ...VALID, ...change };
      const response = await visitor.post("/support", fields);
      expect(response.status).toBe(400);
      expect(await noticeOf(response)).toEqual({ title: "Validation error", description: message });
      expect(await ticketCount()).toBe(before);
      expect(smtp.received.length).toBe(mailsBefore);
    });
  }

  it("keeps what was typed after a refusal (without JavaScript)", async () => {
    const html = await (await visitor.post("/support", { ...VALID, message: "short" })).text();
    expect(html).toContain('value="Rosa Parks"');
    expect(html).toMatch(/<option value="lost-tags" selected="">/);
    expect(html).toContain(">short</textarea>");
  });

  it("cleans angle brackets, control characters and line breaks in the name", async () => {
    const response = await visitor.post("/support", {
      ...VALID,
      name: "Eve <script>\r\nBcc: x@evil.example",
      message: "<b>Hi</b>\u0007 my tag is broken",
    });
    expect(response.status).toBe(302);
    const [row] = await mailApp.services.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.message, "bHi/b my tag is broken"));
    expect(row!.name).toBe("Eve script Bcc: x@evil.example");
  });

  it("limits questions per client address with the retry-after message", async () => {
    const busy = new Client(mailApp);
    for (let i = 0; i < 5; i++) {
      expect(
        (await busy.post("/support", { ...VALID, email: `busy${i}@example.org` })).status,
      ).toBe(302);
    }
    const before = await ticketCount();
    const refused = await busy.post("/support", { ...VALID, email: "busy9@example.org" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await noticeOf(refused)).toEqual({
      title: "Too many attempts",
      description: "Please wait 60 minutes before trying again.",
    });
    expect(await ticketCount()).toBe(before);
    expect((await new Client(mailApp).post("/support", VALID)).status).toBe(302);
  });

  it("limits questions per email address across client addresses", async () => {
    const email = "one-person@example.org";
    for (let i = 0; i < 10; i++) {
      expect((await new Client(mailApp).post("/support", { ...VALID, email })).status).toBe(302);
    }
    const before = await ticketCount();
    const refused = await new Client(mailApp).post("/support", { ...VALID, email });
    expect(refused.status).toBe(429);
    expect(await ticketCount()).toBe(before);
  });

  it("refuses a body over the form limit before reading it: 413, nothing stored", async () => {
    const before = await ticketCount();
    const response = await mailApp.request("/support", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...VALID, message: "x".repeat(300 * 1024) }).toString(),
    });
    expect(response.status).toBe(413);
    expect(await ticketCount()).toBe(before);
  });
});

describe("support tickets on /admin", () => {
  let admin: Client;
  let plain: Client;
  let ticketId: string;
  beforeAll(async () => {
    const adminOwner = await createOwner(app.services, { name: "Ada Admin" });
    await grantRole(app.services.db, adminOwner.email, "admin");
    admin = await signIn(app, adminOwner.email);
    plain = await signIn(app, (await createOwner(app.services)).email);
    await new Client(app).post("/support", { ...VALID, message: "A question for the admin list" });
    const [row] = await app.services.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.message, "A question for the admin list"));
    ticketId = row!.id;
  });

  const statusOf = async () =>
    (
      await app.services.db
        .select({ status: supportTickets.status })
        .from(supportTickets)
        .where(eq(supportTickets.id, ticketId))
    )[0]!.status;

  it("lists open tickets for admins and marks one closed, then open again", async () => {
    const page = await (await admin.get("/admin")).text();
    expect(page).toContain("Support tickets");
    expect(page).toContain("A question for the admin list");
    expect(page).toMatch(new RegExp(`data-testid="ticket-${ticketId}" data-status="open"`));

    const closed = await admin.post("/admin", {
      intent: "ticketStatus",
      ticketId,
      status: "closed",
    });
    expect(closed.status).toBe(200);
    expect((await noticeOf(closed)).title).toBe("Ticket closed");
    expect(await statusOf()).toBe("closed");

    const reopened = await admin.post("/admin", {
      intent: "ticketStatus",
      ticketId,
      status: "open",
    });
    expect((await noticeOf(reopened)).title).toBe("Ticket reopened");
    expect(await statusOf()).toBe("open");
  });

  it("refuses an unknown ticket or status: 404, nothing changes", async () => {
    for (const fields of [
      { ticketId: "00000000-0000-4000-8000-000000000000", status: "closed" },
      { ticketId: "not-a-uuid", status: "closed" },
      { ticketId, status: "deleted" },
    ]) {
      const response = await admin.post("/admin", { intent: "ticketStatus", ...fields });
      expect(response.status).toBe(404);
      expect((await noticeOf(response)).title).toBe("No such ticket");
    }
    expect(await statusOf()).toBe("open");
  });

  it("shows and changes tickets for admins only", async () => {
    const denied = await plain.get("/admin");
    expect(denied.status).toBe(403);
    expect(await denied.text()).not.toContain("A question for the admin list");
    const post = await plain.post("/admin", { intent: "ticketStatus", ticketId, status: "closed" });
    expect(post.status).toBe(403);
    const stranger = await new Client(app).post("/admin", {
      intent: "ticketStatus",
      ticketId,
      status: "closed",
    });
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("location")).toMatch(/^\/auth\?mode=signin/);
    expect(await statusOf()).toBe("open");
  });
});

describe("/how-it-works: the guide", () => {
  for (const lng of ["en", "es", "fr", "vi"] as const) {
    it(`is the guide in ${lng}: text first, then sized, lazy pictures with translated alt text`, async () => {
      const texts = JSON.parse(
        readFileSync(path.join(projectRoot, `core/locales/${lng}/guide.json`), "utf8"),
      );
      const page = await (await app.request(`/how-it-works?lng=${lng}`)).text();
      const heading = page.indexOf(escapeHtml(texts.title));
      expect(heading).toBeGreaterThan(0);
      for (const id of ["card", "alert", "ack"]) {
        const img = page.match(new RegExp(`<img[^>]*data-testid="guide-picture-${id}"[^>]*>`))?.[0];
        expect(img).toBeDefined();
        expect(img).toContain(`src="/guide/${id}-1x.webp"`);
        expect(img).toContain(`srcSet="/guide/${id}-1x.webp 1x, /guide/${id}-2x.webp 2x"`);
        expect(img).toMatch(/width="360"[^>]*height="640"/);
        expect(img).toContain('loading="lazy"');
        expect(img).toContain(`alt="${escapeHtml(texts.scenes[id].alt)}"`);
        expect(page.indexOf(img!)).toBeGreaterThan(heading);
      }
      for (const id of [
        "get-a-tag",
        "set-up",
        "activate",
        "wear-it",
        "card",
        "alert",
        "ack",
        "sos",
      ]) {
        expect(page).toContain(`id="${id}"`);
      }
      expect(page).toContain('href="/support#contacts-confirm"');
      expect(page).not.toContain("{{");
    });
  }

  it("serves its pictures as WebP with a day's cache, and nothing else under /guide", async () => {
    for (const name of ["card-1x", "card-2x", "alert-1x", "alert-2x", "ack-1x", "ack-2x"]) {
      const response = await app.request(`/guide/${name}.webp`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe("WEBP");
      expect(bytes.length).toBeLessThan(60 * 1024);
    }
    expect((await app.request("/guide/missing.webp")).status).toBe(404);
    expect((await app.request("/guide/../package.json")).status).toBe(404);
  });

  it("is where the landing page and /pricing send people to see how it works", async () => {
    const home = await (await app.request("/")).text();
    expect(home).toMatch(/href="\/how-it-works"[^>]*>Read the full guide/);
  });
});

describe("the trust bar's people protected (DESIGN 1b.5, decision 153)", () => {
  const trustBar = async () => {
    const page = await (await app.request("/")).text();
    return page.slice(page.indexOf('data-testid="trust-bar"'), page.indexOf("how-it-works-title"));
  };

  it("never waits for the count: the first page says the card works offline", async () => {
    const fresh = await createTestApp();
    try {
      expect(peopleProtectedClaim(fresh.services)).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it("says another true claim while fewer people than the threshold are protected", async () => {
    await refreshPeopleProtected(app.services);
    expect(await countPeopleProtected(app.services.db)).toBeLessThan(PEOPLE_PROTECTED_THRESHOLD);
    const bar = await trustBar();
    expect(bar).toContain("Card works offline");
    expect(bar).not.toContain("people protected");
  });

  it("shows the real count, rounded down, once it passes the threshold; lost tags do not count", async () => {
    const owner = await createOwner(app.services, { name: "Many People" });
    const before = await countPeopleProtected(app.services.db);
    const add = PEOPLE_PROTECTED_THRESHOLD - before + 234;
    await app.services.db.execute(sql`
      insert into ${profiles} (id, account_id, full_name)
      select 'bulk-' || n, ${owner.userId}, 'Person ' || n from generate_series(1, ${add}) n`);
    await app.services.db.execute(sql`
      insert into ${tags} (id, product, user_id, profile_id, status, is_active, activation_token_hash)
      select 'BK-' || n, 'card', ${owner.userId}, 'bulk-' || n, 'active', true, 'x'
      from generate_series(1, ${add}) n`);
    // A lost tag's person is not protected by it.
    await app.services.db.execute(sql`
      update ${tags} set is_lost = true, is_active = false where id = 'BK-1'`);
    const count = await countPeopleProtected(app.services.db);
    expect(count).toBe(before + add - 1);

    await refreshPeopleProtected(app.services);
    const shown = roundDownForClaim(count);
    expect(shown).toBeLessThanOrEqual(count);
    const bar = await trustBar();
    expect(bar).toContain(`${shown.toLocaleString("en")}+ people protected`);
    expect(bar).not.toContain("Card works offline");
    const spanish = await (await app.request("/?lng=es")).text();
    expect(spanish).toContain(`${shown.toLocaleString("es")}+ personas protegidas`);
  });

  it("rounds down to two significant figures", () => {
    expect(roundDownForClaim(1000)).toBe(1000);
    expect(roundDownForClaim(1234)).toBe(1200);
    expect(roundDownForClaim(15_678)).toBe(15_000);
    expect(roundDownForClaim(99)).toBe(99);
  });
});

function escapeHtml(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;")
    .replace(/</g, "&lt;");
}

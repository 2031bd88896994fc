import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { devOutbox, salesEnquiries } from "#server/db/schema.ts";
import { grantRole } from "#server/domain/users.ts";
import { projectRoot } from "#server/paths.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const VALID = {
  fullName: "Grace Hopper",
  organization: "Lincoln High School",
  email: "Grace.Hopper@Example.org",
  phone: "+1 555 0100",
  industry: "education",
  estimatedUsers: "101-500",
  message: "We would like wristbands for 300 students and reader mode for field trips.",
  website: "",
};

const enquiryCount = async () => (await app.services.db.select().from(salesEnquiries)).length;

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

describe("/contact sales enquiry", () => {
  let visitor: Client;
  beforeEach(() => {
    visitor = new Client(app);
  });

  it("stores a valid enquiry, mails it to the sales address and shows the Thank You state", async () => {
    const response = await visitor.post("/contact", VALID);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/contact?sent=1");

    const [row] = await app.services.db
      .select()
      .from(salesEnquiries)
      .where(eq(salesEnquiries.organization, VALID.organization));
    expect(row).toMatchObject({
      fullName: "Grace Hopper",
      email: "grace.hopper@example.org",
      phone: "+1 555 0100",
      industry: "education",
      estimatedUsers: "101-500",
      message: VALID.message,
      language: "en",
      clientAddress: visitor.address,
    });

    const [mail] = await app.services.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.idempotencyKey, `sales-enquiry:${row!.id}`));
    expect(mail).toMatchObject({ channel: "email", to: "sales@safetap.app" });
    expect(mail!.subject).toBe("Sales enquiry: Lincoln High School (Grace Hopper)");
    for (const part of ["grace.hopper@example.org", "+1 555 0100", "101-500", VALID.message]) {
      expect(mail!.body).toContain(part);
    }

    const thanks = await (await visitor.get("/contact?sent=1")).text();
    expect(thanks).toContain("Thank You!");
    expect(thanks).toContain("Our team will contact you soon");
    expect(thanks).toMatch(/<a[^>]+href="\/"[^>]*>Return to Home<\/a>/);
    expect(thanks).not.toContain('data-testid="sales-form"');
  });

  it("sends to the configured SALES_EMAIL", async () => {
    const other = await createTestApp({ SALES_EMAIL: "demo-team@example.com" });
    try {
      const response = await new Client(other).post("/contact", VALID);
      expect(response.status).toBe(302);
      const mails = await other.services.db.select().from(devOutbox);
      expect(mails.map((m) => m.to)).toEqual(["demo-team@example.com"]);
    } finally {
      await other.close();
    }
  });

  const invalid: [string, Record<string, string>, string][] = [
    ["an empty form", {}, "Full name is required"],
    ["a blank name", { fullName: "   " }, "Full name is required"],
    ["a name over 100", { fullName: "N".repeat(101) }, "Full name must be at most 100 characters"],
    ["no organization", { organization: " " }, "Organization is required"],
    ["a bad email", { email: "grace@" }, "Invalid email address"],
    ["an email over 255", { email: `${"e".repeat(250)}@example.org` }, "Invalid email address"],
    ["a phone over 20", { phone: "+1 555 0100 0100 01000" }, "Phone must be at most 20 characters"],
    ["no industry", { industry: "" }, "Please select an industry"],
    ["an unknown industry", { industry: "school" }, "Please select an industry"],
    ["no estimated users", { estimatedUsers: "" }, "Please select estimated users"],
    ["a message under 10", { message: "  Call me   " }, "Message must be at least 10 characters"],
    [
      "a message over 1000",
      { message: "m".repeat(1001) },
      "Message must be at most 1000 characters",
    ],
  ];
  for (const [what, change, message] of invalid) {
    it(`refuses ${what}: 'Validation error' with '${message}', nothing stored`, async () => {
      const before = await enquiryCount();
      const fields = Object.keys(change).length === 0 ? {} : { ...VALID, ...change };
      const response = await visitor.post("/contact", fields);
      expect(response.status).toBe(400);
      expect(await noticeOf(response)).toEqual({ title: "Validation error", description: message });
      expect(await enquiryCount()).toBe(before);
    });
  }

  it("shows only the first error, in the form's order", async () => {
    const response = await visitor.post("/contact", {
      ...VALID,
      email: "nope",
      industry: "",
      message: "short",
    });
    expect((await noticeOf(response)).description).toBe("Invalid email address");
  });

  it("keeps what was typed after a refusal (without JavaScript)", async () => {
    const html = await (await visitor.post("/contact", { ...VALID, message: "short" })).text();
    expect(html).toContain('value="Lincoln High School"');
    expect(html).toMatch(/<option value="education" selected="">/);
    expect(html).toContain(">short</textarea>");
  });

  it("refuses a filled honeypot with 'Invalid submission': nothing stored, nothing mailed", async () => {
    const before = await enquiryCount();
    const mailsBefore = (await app.services.db.select().from(devOutbox)).length;
    const response = await visitor.post("/contact", { ...VALID, website: "http://spam.example" });
    expect(response.status).toBe(400);
    expect(await noticeOf(response)).toEqual({
      title: "Validation error",
      description: "Invalid submission",
    });
    expect(await enquiryCount()).toBe(before);
    expect((await app.services.db.select().from(devOutbox)).length).toBe(mailsBefore);
  });

  it("cleans angle brackets and line breaks from what it stores", async () => {
    const response = await visitor.post("/contact", {
      ...VALID,
      organization: "Acme <script>\r\nBcc: x@evil.example",
      message: "<b>Hello</b> we need 40 tags",
    });
    expect(response.status).toBe(302);
    const [row] = await app.services.db
      .select()
      .from(salesEnquiries)
      .where(eq(salesEnquiries.message, "bHello/b we need 40 tags"));
    expect(row!.organization).toBe("Acme script Bcc: x@evil.example");
  });

  it("limits enquiries per client address with the retry-after message", async () => {
    const busy = new Client(app);
    for (let i = 0; i < 5; i++) {
      expect((await busy.post("/contact", VALID)).status).toBe(302);
    }
    const before = await enquiryCount();
    const refused = await busy.post("/contact", VALID);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await noticeOf(refused)).toEqual({
      title: "Too many attempts",
      description: "Please wait 60 minutes before trying again.",
    });
    expect(await enquiryCount()).toBe(before);
    // Someone else, at another address, is not affected.
    expect((await new Client(app).post("/contact", VALID)).status).toBe(302);
  });

  it("keeps the enquiry and says so honestly when the mail to sales fails", async () => {
    const messenger = app.services.messenger;
    app.services.messenger = {
      ...messenger,
      send: async () => {
        throw new Error("SMTP down");
      },
    };
    try {
      const response = await visitor.post("/contact", { ...VALID, organization: "Mail Down Ltd" });
      expect(response.headers.get("location")).toBe("/contact?sent=delayed");
    } finally {
      app.services.messenger = messenger;
    }
    const [row] = await app.services.db
      .select()
      .from(salesEnquiries)
      .where(eq(salesEnquiries.organization, "Mail Down Ltd"));
    expect(row).toBeDefined();
    const page = await (await visitor.get("/contact?sent=delayed")).text();
    expect(page).toContain("Our team will contact you soon");
    expect(page).toContain("our email to the sales team is delayed");
    expect(page).toContain("sales@safetap.app");
  });

  it("says 'Submission failed' with the sales address when the enquiry cannot be stored", async () => {
    const db = app.services.db;
    app.services.db = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "insert") {
          return () => {
            throw new Error("database unavailable");
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    try {
      const response = await visitor.post("/contact", VALID);
      expect(response.status).toBe(500);
      expect(await noticeOf(response)).toEqual({
        title: "Submission failed",
        description: "Please try again in a moment, or email us at sales@safetap.app.",
      });
    } finally {
      app.services.db = db;
    }
  });
});

describe("sales enquiries on /admin", () => {
  let admin: Client;
  let plain: Client;
  beforeAll(async () => {
    const adminOwner = await createOwner(app.services, { name: "Ada Admin" });
    await grantRole(app.services.db, adminOwner.email, "admin");
    admin = await signIn(app, adminOwner.email);
    plain = await signIn(app, (await createOwner(app.services)).email);
    await new Client(app).post("/contact", {
      ...VALID,
      fullName: '=HYPERLINK("http://evil.example","x")',
      organization: '@SUM(1+1) "Quoted" Org',
      message: '-2+3 is a formula, and this message has\nline breaks, commas, "quotes".',
    });
  });

  it("lists enquiries for admins, with a CSV export", async () => {
    const page = await (await admin.get("/admin")).text();
    expect(page).toContain("Sales enquiries");
    expect(page).toContain("Lincoln High School");
    expect(page).toContain('href="/admin/enquiries.csv"');
    expect(page).toContain("The email to the sales address failed");

    const response = await admin.get("/admin/enquiries.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="safetap-sales-enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await response.text();
    expect(csv.split("\r\n")[0]).toBe(
      "created_at,full_name,organization,email,phone,industry,estimated_users,message,language",
    );
    expect(csv).toContain(
      '"\'=HYPERLINK(""http://evil.example"",""x"")","\'@SUM(1+1) ""Quoted"" Org","grace.hopper@example.org","\'+1 555 0100","education","101-500","\'-2+3 is a formula, and this message has\nline breaks, commas, ""quotes"".","en"',
    );
    expect(csv.split("\r\n").filter(Boolean).length).toBe((await enquiryCount()) + 1);
  });

  it("refuses the list and the CSV to anyone but admins", async () => {
    expect((await plain.get("/admin")).status).toBe(403);
    const denied = await plain.get("/admin/enquiries.csv");
    expect(denied.status).toBe(403);
    expect(await denied.text()).not.toContain("grace.hopper");
    expect((await new Client(app).get("/admin/enquiries.csv")).status).toBe(401);
  });
});

describe("/contact and /qa in every language", () => {
  const raw = /\b(?:sales|qa):|>(?:form|errors|notices|thanks|aside|checks|status)\.[A-Za-z]+</;
  for (const lng of ["en", "es", "fr", "vi"] as const) {
    it(`render in ${lng} with no missing keys`, async () => {
      const sales = JSON.parse(
        readFileSync(path.join(projectRoot, `core/locales/${lng}/sales.json`), "utf8"),
      );
      const qa = JSON.parse(
        readFileSync(path.join(projectRoot, `core/locales/${lng}/qa.json`), "utf8"),
      );
      const contact = await (await app.request(`/contact?lng=${lng}`)).text();
      expect(contact).toContain(`lang="${lng}"`);
      for (const text of [sales.title, sales.form.fullName, sales.industries["higher-ed"]]) {
        expect(contact).toContain(escapeHtml(text));
      }
      expect(contact).not.toMatch(raw);
      const selfCheck = await (await app.request(`/qa?lng=${lng}`)).text();
      expect(selfCheck).toContain(escapeHtml(qa.title));
      expect(selfCheck).toContain(escapeHtml(qa.checks.signInLink.name));
      expect(selfCheck).not.toMatch(raw);
    });
  }
});

function escapeHtml(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;")
    .replace(/</g, "&lt;");
}

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, user } from "#server/db/schema.ts";
import { saveProfile } from "#server/domain/profiles.ts";
import { setUserPlan } from "#server/domain/users.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { signUp as signUpThroughAuth } from "#tests/support/http-client.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const html = async (path: string, headers: Record<string, string> = {}) => {
  const response = await app.request(path, { headers });
  expect(response.status).toBe(200);
  return response.text();
};

/** React separates adjacent text parts with `<!-- -->`; match across them. */
const text = (value: string) =>
  new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "(?:\\s|<!-- -->)+"));

/** A locale key printed instead of its text (i18next's missing-key fallback). */
const RAW_KEY =
  />\s*(?:landing|plans|compare|faq|testimonials|audiences|organizations|pricingPage|price|billing|channels|notices)\.[A-Za-z.]+\s*</;

let signups = 0;
/** A new account signed in through /auth with its one-time code (the real flow). */
async function signUp() {
  signups += 1;
  const email = `marketing-${signups}-${Date.now()}@example.com`;
  const client = await signUpThroughAuth(app, email, { name: `Marketing ${signups}` });
  expect(client.cookieHeader).toMatch(/safetap\.session_token=/);
  const [row] = await app.services.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email));
  return { cookie: client.cookieHeader, userId: row!.id };
}

async function planOf(userId: string) {
  const [row] = await app.services.db
    .select({ plan: profiles.plan })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.plan ?? null;
}

const choosePlan = (plan: string, headers: Record<string, string> = {}, returnTo = "/pricing") =>
  app.request("/pricing", {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ plan, returnTo }).toString(),
  });

describe("landing page /", () => {
  let page: string;
  beforeAll(async () => {
    page = await html("/");
  });

  it("opens with the hero, Try Free to sign-up and Shop Products to the store", () => {
    expect(page).toMatch(/<h1[^>]*>Scan\. Tap\. Protect\.<\/h1>/);
    expect(page).toMatch(/href="\/auth\?mode=signup&amp;plan=free"[^>]*>Try Free</);
    const store = app.services.config.storeUrl.replace(/&/g, "&amp;");
    expect(page).toMatch(new RegExp(`href="${store}"[^>]*>.*?Shop Products<`));
  });

  it("has the trust bar with claims the product can back (DESIGN 1b.5, decision 153)", () => {
    for (const claim of [
      "HIPAA compliance",
      "Works worldwide",
      "No app needed",
      "Data protected and encrypted",
      "Guided 60-second setup",
    ]) {
      expect(page).toContain(claim);
    }
    // A new site has few people: the bar says something else that is true.
    expect(page).toContain("Card works offline");
    for (const unbacked of [
      "10K+",
      "lives protected",
      "AI-guided",
      "Single sign-on",
      "Chat support",
    ]) {
      expect(page).not.toContain(unbacked);
    }
  });

  it("links its HIPAA claim to the page that says what SafeTap covers and what it does not", async () => {
    expect(page).toMatch(/<a[^>]*href="\/legal\/hipaa"[^>]*>HIPAA compliance: what we cover<\/a>/);
    const hipaa = await html("/legal/hipaa");
    expect(hipaa).toContain("HIPAA technical safeguards (§164.312)");
    expect(hipaa).toContain("there is no logoff after a period of inactivity");
    expect(hipaa).toContain("it means exactly what this page lists");
  });

  it("explains the three steps and that the card works offline with alerts queued", () => {
    for (const step of ["Link your tag", "Scan or tap", "Your contacts get alerts"]) {
      expect(page).toContain(step);
    }
    expect(page).toContain("The emergency card works offline");
    expect(page).toContain("alerts queue on the phone and send as soon as it reconnects");
  });

  it("has the sections in the spec's order", () => {
    const order = [
      "Scan. Tap. Protect.",
      "HIPAA compliance",
      "How it works",
      "Why SafeTap",
      'id="pricing"',
      "Compare plans",
      "Frequently asked questions",
      'aria-roledescription="carousel"',
      "Who SafeTap is for",
      "Protect the people you love today",
    ].map((marker) => page.indexOf(marker));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("prices the four plans monthly by default, with 'Save 2 Months' on the annual toggle", () => {
    for (const plan of ["Free", "Pro", "Family", "Enterprise"]) {
      expect(page).toMatch(new RegExp(`<h3[^>]*>${plan}</h3>`));
    }
    expect(page).toMatch(/>\$1\.99<\/span><span[^>]*>\/month</);
    expect(page).toMatch(/>\$5\.99<\/span><span[^>]*>\/month</);
    expect(page).toContain(">Custom<");
    // The toggle is two radio buttons over prices of both cycles (decision 155).
    expect(page).toMatch(
      /<input type="radio"[^>]* name="landing-billing" checked="" value="monthly"/,
    );
    expect(page).toMatch(/<input type="radio"[^>]* name="landing-billing" value="annual"/);
    expect(page).toMatch(/>Annual<span[^>]*>Save 2 Months<\/span>/);
    expect(page).toMatch(/>\$19\.90<\/span><span[^>]*>\/year</);
  });

  it("checks the annual prices on the landing page with ?billing=annual", async () => {
    const annual = await html("/?billing=annual");
    expect(annual).toMatch(
      /<input type="radio"[^>]* name="landing-billing" checked="" value="annual"/,
    );
    expect(annual).toMatch(/<input type="radio"[^>]* name="landing-billing" value="monthly"/);
    expect(annual).toMatch(/>\$59\.90<\/span><span[^>]*>\/year</);
  });

  it("has 'Learn more' on every plan, grouped so that one opens at a time", () => {
    const groups = [...page.matchAll(/<details[^>]*name="landing-plan"/g)];
    expect(groups).toHaveLength(4);
    expect(page.match(/>Learn more</g)).toHaveLength(4);
  });

  it("compares the plans on every row the spec names", () => {
    for (const row of [
      "Alerts",
      "Channels",
      "Tags",
      "SOS",
      "Live map",
      "Reports",
      "Roles",
      "Attendance",
      "Support",
    ]) {
      expect(page).toMatch(new RegExp(`<th scope="row"[^>]*>${row}</th>`));
    }
    for (const level of ["Help centre and email", "Email", "Dedicated"]) {
      expect(page).toContain(`>${level}</td>`);
    }
    // Free's trial sends are across SMS, WhatsApp, Messenger and Instagram (spec, reading A).
    expect(page).toContain(">Unlimited email, 3 trial messages</td>");
    expect(page).toContain(">Email (SMS, WhatsApp, Messenger and Instagram trial)</td>");
    expect(page).toContain(">Email, SMS, WhatsApp, voice, Messenger, Instagram</td>");
  });

  it("answers the spec's FAQ: no app, offline card with queued alerts, family up to 20, admins only", () => {
    expect(page).toContain("need an app?");
    expect(page).toContain("alerts queue on the phone and are sent as soon as the connection");
    expect(page).toMatch(text("Up to 20 tags, shared by 5 seats"));
    expect(page).toContain("authorized admins");
  });

  it("has an accessible testimonials carousel with the four testimonials", () => {
    expect(page).toMatch(
      /<section[^>]*aria-roledescription="carousel"[^>]*aria-label="Testimonials"/,
    );
    for (const name of ["Sarah Mitchell", "Diego Ramírez", "Linh Nguyen", "Claire Dubois"]) {
      expect(page).toContain(name);
    }
    for (const role of ["Parent of two", "Frequent traveler", "Cares for her father"]) {
      expect(page).toContain(role);
    }
    expect(page).toContain("School administrator");
    expect(page).toContain(">SM<");
    expect(page).toMatch(/Previous testimonials/);
    expect(page).toMatch(/Next testimonials/);
  });

  it("sends each audience where the spec says", () => {
    for (const href of [
      "/pricing#family",
      "/for-organizations#schools",
      "/pricing#pro",
      "/for-organizations#workplaces",
      "/for-organizations#healthcare",
    ]) {
      expect(page).toContain(`href="${href}"`);
    }
  });

  it("signed out, plan buttons go to sign-up with the plan, and Enterprise to /contact", () => {
    expect(page).toMatch(/href="\/auth\?mode=signup&amp;plan=pro"[^>]*>Choose Pro</);
    expect(page).toMatch(/href="\/auth\?mode=signup&amp;plan=family"[^>]*>Choose Family</);
    expect(page).toMatch(/href="\/contact"[^>]*>Contact Sales</);
  });

  it("prints no locale key in place of text", () => {
    expect(page).not.toMatch(RAW_KEY);
  });
});

describe("/pricing", () => {
  let page: string;
  beforeAll(async () => {
    page = await html("/pricing");
  });

  it("opens with a hero listing the three moments it cycles through", () => {
    expect(page).toMatch(/<h1[^>]*>Plans that keep help one scan away<\/h1>/);
    expect(page).toMatch(/data-cycle="" data-index="0" data-testid="pricing-hero"/);
    for (const message of [
      "Scan or tap the tag",
      "The emergency card appears",
      "Your contacts get alerts",
    ]) {
      expect(page).toContain(message);
    }
  });

  it("gives each plan card an anchor, so /pricing#family and /pricing#pro land on them", () => {
    for (const id of ["free", "pro", "family", "enterprise"]) {
      expect(page).toMatch(new RegExp(`<article id="${id}"`));
    }
  });

  it("prices monthly by default and annual per month (annual ÷ 12) with ?billing=annual", async () => {
    // Both cycles' prices are in the page; the checked radio button decides which CSS shows.
    expect(page).toMatch(
      /<input type="radio"[^>]* name="pricing-billing" checked="" value="monthly"/,
    );
    expect(page).toMatch(/>\$1\.99<\/span><span[^>]*>\/month</);
    expect(page).toMatch(/>\$5\.99<\/span><span[^>]*>\/month</);
    expect(page).toMatch(/>\$1\.66<\/span><span[^>]*>\/month</);
    expect(page).toMatch(/>\$4\.99<\/span><span[^>]*>\/month</);
    expect(page).toContain("Billed $19.90 once a year");
    expect(page).toContain("Billed $59.90 once a year");
    const annual = await html("/pricing?billing=annual");
    expect(annual).toMatch(
      /<input type="radio"[^>]* name="pricing-billing" checked="" value="annual"/,
    );
    expect(annual).toMatch(/<input type="radio"[^>]* name="pricing-billing" value="monthly"/);
  });

  it("hides the comparison until asked (a disclosure; ?compare=1 opens it)", async () => {
    expect(page).toMatch(/<details id="compare" class=[^>]*><summary/);
    expect(page).toMatch(/>Compare all features<\/span><span[^>]*>Hide comparison</);
    const open = await html("/pricing?compare=1");
    expect(open).toMatch(/<details id="compare" open="" class=/);
    expect(open).toMatch(/<th scope="row"[^>]*>Attendance<\/th>/);
  });

  it("has the FAQ accordion and the closing buttons", () => {
    expect(page).toContain("How does annual billing work?");
    expect(page.match(/<details[^>]*data-testid="faq-/g)?.length).toBeGreaterThanOrEqual(6);
    expect(page).toMatch(/href="\/auth\?mode=signup&amp;plan=free"[^>]*>Try Free</);
    // The guide (decision 153).
    expect(page).toMatch(/href="\/how-it-works"[^>]*>See how it works</);
  });

  it("prints no locale key in place of text", () => {
    expect(page).not.toMatch(RAW_KEY);
  });
});

describe("/for-organizations", () => {
  let page: string;
  beforeAll(async () => {
    page = await html("/for-organizations");
  });

  it("has the anchors #schools, #workplaces and #healthcare", () => {
    for (const id of ["schools", "workplaces", "healthcare"]) {
      expect(page).toMatch(new RegExp(`id="${id}"`));
    }
  });

  it("has every section of the spec, in order", () => {
    const order = [
      "<h1",
      "From roster to response in four steps",
      "Built for the places you run",
      "Safer handovers for hospitals and clinics",
      "Everything an administrator needs",
      "How it works for admins and members",
      "The Enterprise plan",
      "See SafeTap with your own team",
      "Questions from organizations",
      "Ready to protect your organization?",
    ].map((marker) => page.indexOf(marker));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("healthcare has four flow steps and the four benefits: fast, fewer errors, offline, control", () => {
    for (const step of [
      "Tag at admission",
      "Scan at the bedside",
      "Log the handover",
      "Keep family informed",
    ]) {
      expect(page).toContain(step);
    }
    for (const benefit of ["Fast", "Fewer errors", "Works offline", "In control"]) {
      expect(page).toMatch(new RegExp(`<h4[^>]*>${benefit}</h4>`));
    }
  });

  it("advertises Enterprise from $29/month including the first 100 users", () => {
    expect(page).toMatch(/>\$29<\/span><span[^>]*>\/month</);
    expect(page).toMatch(text("Including the first 100 users"));
  });

  it("the demo request only points to /contact and the sales email", () => {
    const email = app.services.config.salesEmail;
    expect(page).toMatch(/href="\/contact"[^>]*>Request a demo</);
    expect(page).toContain(`href="mailto:${email}"`);
    expect(page).not.toMatch(/<form[^>]*method="post"/i);
  });

  it("prints no locale key in place of text", () => {
    expect(page).not.toMatch(RAW_KEY);
  });
});

describe("in every language", () => {
  const cases = [
    {
      lng: "es",
      home: ["Cómo funciona", "Precios simples y honestos", "Más información", "Ahorra 2 meses"],
      pricing: ["Planes que mantienen la ayuda a un escaneo", "1,99\u00a0US$", "Elige tu plan"],
      annual: "1,66\u00a0US$",
      orgs: ["Relevos más seguros en hospitales y clínicas", "29\u00a0US$"],
    },
    {
      lng: "fr",
      home: [
        "Comment ça marche",
        "Des tarifs simples et honnêtes",
        "En savoir plus",
        "2 mois offerts",
      ],
      pricing: ["Choisissez votre forfait", "1,99\u00a0$\u00a0US", "Questions fréquentes"],
      annual: "1,66\u00a0$\u00a0US",
      orgs: ["Des transmissions plus sûres pour les hôpitaux et cliniques", "29\u00a0$\u00a0US"],
    },
    {
      lng: "vi",
      home: ["Cách hoạt động", "Giá đơn giản, minh bạch", "Tìm hiểu thêm", "Tiết kiệm 2 tháng"],
      pricing: ["Chọn gói của bạn", "1,99\u00a0US$", "Câu hỏi thường gặp"],
      annual: "1,66\u00a0US$",
      orgs: ["Bàn giao an toàn hơn cho bệnh viện và phòng khám", "29\u00a0US$"],
    },
  ];
  /** English strings that must not survive in a translated page. */
  const ENGLISH = [
    "Learn more",
    "Compare plans",
    "Frequently asked questions",
    "Who SafeTap is for",
  ];

  it.each(cases)(
    "$lng: the three pages are translated, with no keys or English left",
    async (c) => {
      const home = await html(`/?lng=${c.lng}`);
      const pricing = await html(`/pricing?lng=${c.lng}`);
      const annual = await html(`/pricing?lng=${c.lng}&billing=annual`);
      const orgs = await html(`/for-organizations?lng=${c.lng}`);
      for (const s of c.home) expect(home).toContain(s);
      for (const s of c.pricing) expect(pricing).toContain(s);
      expect(annual).toContain(c.annual);
      for (const s of c.orgs) expect(orgs).toContain(s);
      for (const page of [home, pricing, orgs]) {
        expect(page).not.toMatch(RAW_KEY);
        for (const english of ENGLISH) expect(page).not.toContain(`>${english}<`);
      }
    },
  );
});

describe("plan selection (spec section 4)", () => {
  it("signed in, the loader marks the current plan: its button is disabled and reads 'Current Plan'", async () => {
    const { cookie, userId } = await signUp();
    const fresh = await html("/pricing", { cookie });
    expect(fresh).toMatch(/<button[^>]*disabled=""[^>]*data-testid="cta-free"[^>]*>Current Plan</);
    await setUserPlan(app.services.db, userId, "pro");
    const pro = await html("/pricing", { cookie });
    expect(pro).toMatch(/<button[^>]*disabled=""[^>]*data-testid="cta-pro"[^>]*>Current Plan</);
    expect(pro).toMatch(/<button[^>]*data-testid="cta-free"[^>]*>Start Free</);
    expect(pro).not.toMatch(/<button[^>]*disabled=""[^>]*data-testid="cta-free"/);
  });

  it("Free, signed in: updates only that user's plan, then /onboarding with 'Plan updated to Free'", async () => {
    const me = await signUp();
    const other = await signUp();
    await setUserPlan(app.services.db, me.userId, "pro");
    await setUserPlan(app.services.db, other.userId, "family");

    const response = await choosePlan("free", { cookie: me.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/onboarding");
    const notice = response.headers.getSetCookie().find((c) => c.startsWith("safetap_notice="));
    expect(notice).toMatch(/^safetap_notice=plan-updated-free;.*Max-Age=60;.*HttpOnly/);

    expect(await planOf(me.userId)).toBe("free");
    expect(await planOf(other.userId)).toBe("family");

    // The next page shows the notice once and clears the cookie.
    const next = await app.request("/onboarding", {
      headers: { cookie: `${me.cookie}; ${notice!.split(";")[0]}` },
    });
    expect(next.status).toBe(200);
    expect(await next.text()).toContain("Plan updated to Free");
    expect(next.headers.getSetCookie().some((c) => /^safetap_notice=;.*Max-Age=0/.test(c))).toBe(
      true,
    );
  });

  it("Free, signed in with onboarding completed: goes to /dashboard", async () => {
    const me = await signUp();
    await saveProfile(app.services.db, app.services.cipher, me.userId, {
      fullName: "Done Onboarding",
      onboardingCompleted: true,
    });
    await setUserPlan(app.services.db, me.userId, "family");
    const response = await choosePlan("free", { cookie: me.cookie });
    expect(response.headers.get("location")).toBe("/dashboard");
    expect(await planOf(me.userId)).toBe("free");
  });

  it("signed out: refused and sent to sign-up with the plan; nothing changes", async () => {
    const someone = await signUp();
    await setUserPlan(app.services.db, someone.userId, "pro");
    const before = await app.services.db.select().from(profiles);

    const response = await choosePlan("free");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?mode=signup&plan=free");
    expect(response.headers.getSetCookie()).toEqual([]);

    expect(await app.services.db.select().from(profiles)).toEqual(before);
    expect(await planOf(someone.userId)).toBe("pro");
  });

  it("paid plans, signed in: nothing changes, the page says 'Checkout coming soon'", async () => {
    const me = await signUp();
    const before = await planOf(me.userId);
    const response = await choosePlan("family", { cookie: me.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/pricing#family");
    expect(response.headers.get("set-cookie")).toMatch(/safetap_notice=checkout-coming-soon/);
    expect(await planOf(me.userId)).toBe(before);

    const fromLanding = await choosePlan("pro", { cookie: me.cookie }, "/");
    expect(fromLanding.headers.get("location")).toBe("/#pricing");
    const elsewhere = await choosePlan("pro", { cookie: me.cookie }, "https://evil.example/");
    expect(elsewhere.headers.get("location")).toBe("/pricing#pro");
    expect(await planOf(me.userId)).toBe(before);
  });

  it("Enterprise goes to /contact; an unknown plan is refused", async () => {
    const me = await signUp();
    const before = await planOf(me.userId);
    const enterprise = await choosePlan("enterprise", { cookie: me.cookie });
    expect(enterprise.headers.get("location")).toBe("/contact");
    const unknown = await choosePlan("platinum", { cookie: me.cookie });
    expect(unknown.status).toBe(400);
    expect(await planOf(me.userId)).toBe(before);
  });

  it("a form posted from another site is refused without change", async () => {
    const me = await signUp();
    await setUserPlan(app.services.db, me.userId, "pro");
    const response = await choosePlan("free", {
      cookie: me.cookie,
      origin: "https://evil.example",
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await planOf(me.userId)).toBe("pro");
    const sameSite = await choosePlan("free", {
      cookie: me.cookie,
      origin: app.services.config.publicUrl,
    });
    expect(sameSite.status).toBe(302);
    expect(await planOf(me.userId)).toBe("free");
  });

  it("when the update fails: 'Error updating plan' with the server's message, no database details", async () => {
    const me = await signUp();
    await setUserPlan(app.services.db, me.userId, "pro");
    await app.services.db.execute(
      sql.raw(`create function refuse_plan_change() returns trigger language plpgsql as $$
        begin raise exception 'internal detail: disk on fire'; end $$`),
    );
    await app.services.db.execute(
      sql.raw(`create trigger refuse_plan_change before update on profiles for each row
        when (new.id = '${me.userId}') execute function refuse_plan_change()`),
    );
    try {
      const response = await choosePlan("free", { cookie: me.cookie });
      expect(response.status).toBe(500);
      expect(response.headers.get("location")).toBeNull();
      const page = await response.text();
      expect(page).toContain("Error updating plan");
      expect(page).toContain("Your plan could not be changed. Please try again.");
      expect(page).not.toContain("disk on fire");
      expect(await planOf(me.userId)).toBe("pro");
    } finally {
      await app.services.db.execute(sql.raw("drop trigger refuse_plan_change on profiles"));
      await app.services.db.execute(sql.raw("drop function refuse_plan_change()"));
    }
  });

  it("a notice cookie with unknown text shows nothing", async () => {
    const page = await html("/", { cookie: "safetap_notice=%3Cscript%3Ealert(1)%3C%2Fscript%3E" });
    expect(page).not.toContain("alert(1)");
    expect(page).not.toContain('<noscript><p role="status"');
  });
});

import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessagesSettled } from "#server/auth/code-delivery.ts";
import {
  auditEvents,
  contacts,
  devOutbox,
  oneTimeCodes,
  profiles,
  user,
} from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { databaseRateLimiter, failOpen } from "#server/security/rate-limit.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { Client, latestCode, STRONG_PASSWORD, signUp } from "#tests/support/http-client.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${counter++}@example.com`;

async function userIdOf(email: string) {
  const [row] = await app.services.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email));
  return row!.id;
}

/** Moves the newest code of `to` back in time (past the 30-second resend wait, or past expiry). */
async function ageCodes(to: string, seconds: number) {
  await app.services.db.execute(
    sql`update one_time_codes set created_at = created_at - make_interval(secs => ${seconds}),
        expires_at = expires_at - make_interval(secs => ${seconds}) where identifier = ${to}`,
  );
}

describe("sign up with one-time codes", () => {
  it("sends a 6-digit code by email, and a verified code signs in", async () => {
    const email = uniqueEmail("signup");
    const client = new Client(app);
    const started = await client.post("/auth", {
      intent: "signup",
      fullName: "Ana Lima",
      identifier: email.toUpperCase(),
      password: STRONG_PASSWORD,
      acceptTerms: "on",
    });
    expect(started.status).toBe(200);
    expect(await started.text()).toContain(
      "Account created! Check your email/phone for verification code.",
    );
    const code = await latestCode(app, email);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await app.services.db
      .select({ codeHash: oneTimeCodes.codeHash })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.identifier, email));
    expect(stored!.codeHash).not.toContain(code);

    const verified = await client.post("/auth", { intent: "verify", code });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/onboarding?welcome=1");
    expect(client.hasCookie("safetap.session_token")).toBe(true);
    const dashboard = await client.get("/dashboard");
    expect(dashboard.headers.get("location")).toBe("/onboarding");
    const [row] = await app.services.db.select().from(user).where(eq(user.email, email));
    expect(row!.emailVerified).toBe(true);
  });

  it("a phone number gets its code by SMS and is stored in E.164", async () => {
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    const client = new Client(app);
    await client.post("/auth", {
      intent: "signup",
      fullName: "Phone Person",
      identifier: `${phone.slice(0, 5)} ${phone.slice(5)}`,
      password: STRONG_PASSWORD,
      acceptTerms: "on",
    });
    await authMessagesSettled(app.services);
    const [message] = await app.services.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.to, phone))
      .orderBy(desc(devOutbox.createdAt));
    expect(message?.channel).toBe("sms");
    const verified = await client.post("/auth", {
      intent: "verify",
      code: await latestCode(app, phone),
    });
    expect(verified.status).toBe(302);
    const [row] = await app.services.db.select().from(user).where(eq(user.phoneNumber, phone));
    expect(row?.phoneNumberVerified).toBe(true);
  });

  it.each([
    [{ fullName: "" }, "Full name is required"],
    [{ identifier: "" }, "Email or phone is required"],
    [{ identifier: "not-an-email@" }, "Invalid email address"],
    [{ identifier: "12ab" }, "Invalid phone number (use +1234567890 format)"],
    [{ password: "Sh0rt!" }, "Password must be at least 8 characters"],
    [{ password: "alllowercase1!" }, "Password must contain both uppercase and lowercase letters"],
    [{ password: "NoDigits!here" }, "Password must contain at least one number"],
    [{ password: "NoSymbols123" }, "Password must contain at least one special character"],
    [{ acceptTerms: "" }, "Please agree to Terms &amp; Privacy Policy"],
  ])("refuses %j with the spec's message and creates nothing", async (override, message) => {
    const email = uniqueEmail("invalid");
    const before = await app.services.db.select({ n: sql<number>`count(*)::int` }).from(user);
    const response = await new Client(app).post("/auth", {
      intent: "signup",
      fullName: "Valid Name",
      identifier: email,
      password: STRONG_PASSWORD,
      acceptTerms: "on",
      ...override,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    const after = await app.services.db.select({ n: sql<number>`count(*)::int` }).from(user);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("signing up with a verified account's address reveals nothing and sends no code", async () => {
    const email = uniqueEmail("taken");
    await signUp(app, email);
    const client = new Client(app);
    const response = await client.post("/auth", {
      intent: "signup",
      fullName: "Intruder",
      identifier: email,
      password: STRONG_PASSWORD,
      acceptTerms: "on",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      "Account created! Check your email/phone for verification code.",
    );
    await authMessagesSettled(app.services);
    const [newest] = await app.services.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.to, email))
      .orderBy(desc(devOutbox.createdAt))
      .limit(1);
    expect(newest!.subject).toBe("Someone tried to create a SafeTap account with your address");
    expect(newest!.body).not.toMatch(/\b\d{6}\b/);
    const guess = await client.post("/auth", { intent: "verify", code: "123456" });
    expect(guess.status).toBe(400);
    expect(client.hasCookie("safetap.session_token")).toBe(false);
  });
});

describe("sign in", () => {
  it("password, then a code, then a session; sign out ends it", async () => {
    const email = uniqueEmail("signin");
    await signUp(app, email, { onboard: true });
    const client = new Client(app);
    const step = await client.post("/auth", {
      intent: "signin",
      identifier: email,
      password: STRONG_PASSWORD,
    });
    expect(step.status).toBe(200);
    expect(await step.text()).toContain("Verification code sent!");
    const verified = await client.post("/auth", {
      intent: "verify",
      code: await latestCode(app, email),
    });
    expect(verified.headers.get("location")).toBe("/dashboard");
    expect((await client.get("/dashboard")).status).toBe(200);
    expect((await client.get("/auth?mode=signin")).headers.get("location")).toBe("/dashboard");
    const out = await client.post("/sign-out", {});
    expect(out.headers.get("location")).toBe("/");
    expect((await client.get("/dashboard")).headers.get("location")).toBe("/");
  });

  it("a wrong password and an unknown account get the same answer", async () => {
    const email = uniqueEmail("known");
    await signUp(app, email);
    const wrong = await new Client(app).post("/auth", {
      intent: "signin",
      identifier: email,
      password: "Wr0ng!pass",
    });
    const unknown = await new Client(app).post("/auth", {
      intent: "signin",
      identifier: uniqueEmail("unknown"),
      password: "Wr0ng!pass",
    });
    expect(wrong.status).toBe(unknown.status);
    const notice = (html: string) => html.match(/data-testid="notice".*?<\/div><\/div>/s)?.[0];
    expect(notice(await wrong.text())).toBe(notice(await unknown.text()));
  });

  it("requires identifier and password", async () => {
    const response = await new Client(app).post("/auth", {
      intent: "signin",
      identifier: "",
      password: "",
    });
    expect(await response.text()).toContain("Email/phone and password are required");
  });

  it("a code cannot be used without the browser that passed the password step", async () => {
    const email = uniqueEmail("bound");
    await signUp(app, email);
    await new Client(app).post("/auth", {
      intent: "signin",
      identifier: email,
      password: STRONG_PASSWORD,
    });
    const elsewhere = new Client(app);
    const attempt = await elsewhere.post("/auth", {
      intent: "verify",
      code: await latestCode(app, email),
    });
    expect(attempt.status).toBe(400);
    expect(elsewhere.hasCookie("safetap.session_token")).toBe(false);
  });
});

describe("codes: 10 minutes, single use, 5 tries, 5 an hour, newest wins", () => {
  async function startSignIn() {
    const email = uniqueEmail("codes");
    await signUp(app, email);
    const client = new Client(app);
    await client.post("/auth", { intent: "signin", identifier: email, password: STRONG_PASSWORD });
    return { email, client };
  }

  it("expires after 10 minutes", async () => {
    const { email, client } = await startSignIn();
    const code = await latestCode(app, email);
    await ageCodes(email, 601);
    const response = await client.post("/auth", { intent: "verify", code });
    expect(await response.text()).toContain("This code has expired. Request a new code.");
  });

  it("is single use", async () => {
    const { email, client } = await startSignIn();
    const code = await latestCode(app, email);
    expect((await client.post("/auth", { intent: "verify", code })).status).toBe(302);
    const again = new Client(app);
    await again.post("/auth", { intent: "signin", identifier: email, password: STRONG_PASSWORD });
    await ageCodes(email, 0);
    const replay = await again.post("/auth", { intent: "verify", code });
    expect(replay.status).toBe(400);
  });

  it("locks after 5 wrong tries, even for the right code", async () => {
    const { email, client } = await startSignIn();
    const code = await latestCode(app, email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i++) {
      const response = await client.post("/auth", { intent: "verify", code: wrong });
      expect(await response.text()).toContain(
        5 - i === 1 ? "1 attempt left." : `${5 - i} attempts left.`,
      );
    }
    const fifth = await client.post("/auth", { intent: "verify", code: wrong });
    expect(await fifth.text()).toContain("Too many wrong tries for this code. Request a new code.");
    const right = await client.post("/auth", { intent: "verify", code });
    expect(right.status).toBe(400);
    expect(client.hasCookie("safetap.session_token")).toBe(false);
  });

  it("a new code invalidates the old one; resend waits 30 seconds", async () => {
    const { email, client } = await startSignIn();
    const first = await latestCode(app, email);
    const tooSoon = await client.post("/auth", {
      intent: "resend",
      purpose: "signin",
      identifier: email,
    });
    expect(await tooSoon.text()).toMatch(/Please wait \d+ seconds before requesting another code/);
    await ageCodes(email, 31);
    const resent = await client.post("/auth", {
      intent: "resend",
      purpose: "signin",
      identifier: email,
    });
    expect(await resent.text()).toContain("Code sent again!");
    const second = await latestCode(app, email);
    if (first !== second) {
      const old = await client.post("/auth", { intent: "verify", code: first });
      expect(old.status).toBe(400);
    }
    expect((await client.post("/auth", { intent: "verify", code: second })).status).toBe(302);
  });

  it("sign-in codes: 5 per 5 minutes per identifier, then a wait of at most 5 minutes", async () => {
    const { email, client } = await startSignIn(); // sign-in code 1
    for (let i = 0; i < 4; i++) {
      await ageCodes(email, 31);
      const ok = await client.post("/auth", {
        intent: "resend",
        purpose: "signin",
        identifier: email,
      });
      expect(await ok.text()).toContain("Code sent again!");
    }
    await ageCodes(email, 31);
    const refused = await client.post("/auth", {
      intent: "resend",
      purpose: "signin",
      identifier: email,
    });
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toContain("Too many attempts");
    expect(html).toMatch(/Please wait (1 minute|[2-5] minutes) before requesting another code\./);
    const codes = await app.services.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.identifier, email));
    expect(codes).toHaveLength(6); // the sign-up's code and five sign-in codes
  });
});

describe("issue 12 item 3: a person who asked for a few codes in a row is not locked out", () => {
  it("sign up, one resend, sign in, Back, sign in again, Forgot password: the next sign-in gets a code", async () => {
    const email = uniqueEmail("journey");
    const client = new Client(app);
    await client.post("/auth", {
      intent: "signup",
      fullName: "Journey Person",
      identifier: email,
      password: STRONG_PASSWORD,
      acceptTerms: "on",
    });
    await ageCodes(email, 31);
    const resent = await client.post("/auth", {
      intent: "resend",
      purpose: "signup",
      identifier: email,
    });
    expect(await resent.text()).toContain("Code sent again!");
    const signedUp = await client.post("/auth", {
      intent: "verify",
      code: await latestCode(app, email),
    });
    expect(signedUp.status).toBe(302);
    await client.post("/sign-out", {});

    const signin = () =>
      client.post("/auth", { intent: "signin", identifier: email, password: STRONG_PASSWORD });
    expect(await (await signin()).text()).toContain("Verification code sent!");
    await client.post("/auth", { intent: "back", purpose: "signin", identifier: email });
    expect(await (await signin()).text()).toContain("Verification code sent!");
    await client.post("/auth", { intent: "back", purpose: "signin", identifier: email });
    const forgot = await client.post("/auth", { intent: "forgot", identifier: email });
    expect(await forgot.text()).toContain("Verification code sent!");
    await client.post("/auth", { intent: "back", purpose: "reset", identifier: email });

    const again = await signin();
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Verification code sent!");
    const verified = await client.post("/auth", {
      intent: "verify",
      code: await latestCode(app, email),
    });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/dashboard");
  });
});

describe("issue 13 item 4: knowing someone's address does not lock them out", () => {
  it("reset and sign-up floods and wrong passwords from elsewhere leave the owner's sign-in alone", async () => {
    const email = uniqueEmail("victim");
    await signUp(app, email, { onboard: true });
    const attacker = "198.51.100.66";
    for (let i = 0; i < 6; i++) {
      await new Client(app, attacker).post("/auth", { intent: "forgot", identifier: email });
    }
    for (let i = 0; i < 6; i++) {
      await new Client(app, attacker).post("/auth", {
        intent: "signup",
        fullName: "Attacker",
        identifier: email,
        password: STRONG_PASSWORD,
        acceptTerms: "on",
      });
    }
    for (let i = 0; i < 11; i++) {
      await new Client(app, attacker).post("/auth", {
        intent: "signin",
        identifier: email,
        password: "Wr0ng!pass",
      });
    }
    // The attacker's own address is refused ...
    const refused = await new Client(app, attacker).post("/auth", {
      intent: "forgot",
      identifier: email,
    });
    expect(refused.status).toBe(429);

    // ... while the owner signs in with the right password, and can reset too.
    const owner = new Client(app);
    const step = await owner.post("/auth", {
      intent: "signin",
      identifier: email,
      password: STRONG_PASSWORD,
    });
    expect(step.status).toBe(200);
    const verified = await owner.post("/auth", {
      intent: "verify",
      code: await latestCode(app, email),
    });
    expect(verified.status).toBe(302);
    const resetter = new Client(app);
    expect((await resetter.post("/auth", { intent: "forgot", identifier: email })).status).toBe(
      200,
    );
    const reset = await resetter.post("/auth", {
      intent: "verify",
      code: await latestCode(app, email),
      newPassword: "N3w!Password",
    });
    expect(reset.status).toBe(302);
  });

  it("requests from many addresses stop at the daily backstop, which never touches sign-in codes", async () => {
    const email = uniqueEmail("botnet");
    await signUp(app, email); // one sign-up code counts toward the 20
    let last: Response | undefined;
    for (let i = 0; i < 20; i++) {
      last = await new Client(app, `203.0.113.${i + 1}`).post("/auth", {
        intent: "forgot",
        identifier: email,
      });
    }
    expect(last!.status).toBe(429);
    expect(await last!.text()).toMatch(/Please wait (1 minute|\d+ minutes) before/);
    const owner = new Client(app);
    const step = await owner.post("/auth", {
      intent: "signin",
      identifier: email,
      password: STRONG_PASSWORD,
    });
    expect(step.status).toBe(200);
    expect(
      (await owner.post("/auth", { intent: "verify", code: await latestCode(app, email) })).status,
    ).toBe(302);
  });
});

describe("issue 13 item 13: a pending sign-up cannot be deleted by someone who knows the address", () => {
  it("a second sign-up with the address leaves the first one's code working", async () => {
    const email = uniqueEmail("pending");
    const owner = new Client(app);
    await owner.post("/auth", {
      intent: "signup",
      fullName: "Real Owner",
      identifier: email,
      password: STRONG_PASSWORD,
      acceptTerms: "on",
    });
    const ownersCode = await latestCode(app, email);
    const stranger = await new Client(app).post("/auth", {
      intent: "signup",
      fullName: "Stranger",
      identifier: email,
      password: "Stranger!Pass1",
      acceptTerms: "on",
    });
    expect(stranger.status).toBe(200);
    expect(await stranger.text()).toContain("Account created!");

    const verified = await owner.post("/auth", { intent: "verify", code: ownersCode });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/onboarding?welcome=1");
    const [row] = await app.services.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ name: "Real Owner", emailVerified: true });
    const strangersPassword = await new Client(app).post("/auth", {
      intent: "signin",
      identifier: email,
      password: "Stranger!Pass1",
    });
    expect(await strangersPassword.text()).toContain("Sign in failed");
  });

  it("whoever verifies the address decides: the later sign-up's name and password, once its code is used", async () => {
    const email = uniqueEmail("pending2");
    await new Client(app).post("/auth", {
      intent: "signup",
      fullName: "Squatter",
      identifier: email,
      password: "Squatter!Pass1",
      acceptTerms: "on",
    });
    const owner = new Client(app);
    await owner.post("/auth", {
      intent: "signup",
      fullName: "Address Owner",
      identifier: email,
      password: STRONG_PASSWORD,
      acceptTerms: "on",
    });
    const verified = await owner.post("/auth", {
      intent: "verify",
      code: await latestCode(app, email),
    });
    expect(verified.status).toBe(302);
    const [row] = await app.services.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ name: "Address Owner", emailVerified: true });
    const [profile] = await app.services.db
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.id, row!.id));
    expect(profile!.fullName).toBe("Address Owner");
    const squatter = await new Client(app).post("/auth", {
      intent: "signin",
      identifier: email,
      password: "Squatter!Pass1",
    });
    expect(await squatter.text()).toContain("Sign in failed");
    const ownerAgain = await new Client(app).post("/auth", {
      intent: "signin",
      identifier: email,
      password: STRONG_PASSWORD,
    });
    expect(await ownerAgain.text()).toContain("Verification code sent!");
  });
});

describe("rate limits", () => {
  it("sign-in attempts per identifier from one address answer with a retry-after (spec message)", async () => {
    const email = uniqueEmail("limited");
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) {
      last = await new Client(app, "192.0.2.44").post("/auth", {
        intent: "signin",
        identifier: email,
        password: "Wr0ng!pass",
      });
    }
    expect(last!.status).toBe(429);
    expect(await last!.text()).toMatch(/Please wait 1[0-5] minutes before trying again\./);
  });

  it("sign-up attempts per client address are limited too", async () => {
    const limited = await createTestApp();
    try {
      let status = 0;
      for (let i = 0; i < 21; i++) {
        const response = await new Client(limited, "192.0.2.7").post("/auth", {
          intent: "signup",
          fullName: "Flood",
          identifier: uniqueEmail("flood"),
          password: STRONG_PASSWORD,
          acceptTerms: "on",
        });
        status = response.status;
      }
      expect(status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("a failing limiter lets the attempt through and logs the failure", async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: "error" });
    const spy = Object.assign(Object.create(logger), {
      error: (_obj: unknown, msg: string) => lines.push(msg),
    });
    const broken = failOpen(
      databaseRateLimiter({
        insert: () => {
          throw new Error("database down");
        },
      } as never),
      spy,
    );
    expect(await broken.consume({ name: "x", points: 1, windowSeconds: 60 }, "k")).toEqual({
      allowed: true,
    });
    expect(lines).toEqual(["rate limiter failed; allowing the attempt"]);
  });
});

describe("forgot password", () => {
  it("a code and a new password sign in; the old password stops working", async () => {
    const email = uniqueEmail("reset");
    const original = await signUp(app, email, { onboard: true });
    const client = new Client(app);
    const step = await client.post("/auth", { intent: "forgot", identifier: email });
    expect(await step.text()).toContain("Verification code sent!");
    const code = await latestCode(app, email);
    const weak = await client.post("/auth", { intent: "verify", code, newPassword: "weak" });
    expect(await weak.text()).toContain("Password must be at least 8 characters");
    const done = await client.post("/auth", {
      intent: "verify",
      code,
      newPassword: "N3w!Password",
    });
    expect(done.status).toBe(302);
    expect((await client.get("/dashboard")).status).toBe(200);
    // Sessions from before the reset are ended.
    expect((await original.get("/dashboard")).headers.get("location")).toBe("/");
    const old = await new Client(app).post("/auth", {
      intent: "signin",
      identifier: email,
      password: STRONG_PASSWORD,
    });
    expect(await old.text()).toContain("Sign in failed");
  });

  it("an unknown address gets the same answer and no message", async () => {
    const email = uniqueEmail("nobody");
    const response = await new Client(app).post("/auth", { intent: "forgot", identifier: email });
    expect(await response.text()).toContain("Verification code sent!");
    await authMessagesSettled(app.services);
    expect(
      await app.services.db.select().from(devOutbox).where(eq(devOutbox.to, email)),
    ).toHaveLength(0);
  });
});

describe("data protection", () => {
  it("medical fields and contact values are not stored in clear", async () => {
    const email = uniqueEmail("sealed");
    const client = await signUp(app, email);
    await client.post("/onboarding", {
      intent: "finish",
      fullName: "Sealed Person",
      language: "fr",
      country: "fr",
      dateOfBirth: "1980-02-03",
      bloodType: "AB-",
      allergies: "Penicillin, Latex",
      medications: "Warfarin",
      medicalNotes: "Pacemaker fitted in 2019",
      "contacts.0.name": "Paul",
      "contacts.0.channel": "sms",
      "contacts.0.value": "+33612345678",
    });
    const id = await userIdOf(email);
    const raw = await app.services.db.execute(sql`select * from profiles where id = ${id}`);
    const text = JSON.stringify(raw);
    for (const secret of ["Penicillin", "Warfarin", "Pacemaker", "AB-", "1980-02-03"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("Sealed Person");
    const rawContacts = await app.services.db.execute(
      sql`select * from contacts where user_id = ${id}`,
    );
    expect(JSON.stringify(rawContacts)).not.toContain("612345678");
    const html = await (await client.get("/dashboard")).text();
    expect(html).toContain("Penicillin, Latex");
    expect(html).toContain("+33612345678");
  });

  it("another user cannot read or remove my contacts", async () => {
    const alice = await signUp(app, uniqueEmail("alice"), { onboard: true, name: "Alice" });
    const bob = await signUp(app, uniqueEmail("bob"), { onboard: true, name: "Bob" });
    const aliceId = (
      await app.services.db.select().from(profiles).where(eq(profiles.fullName, "Alice"))
    )[0]!.id;
    const [aliceContact] = await app.services.db
      .select()
      .from(contacts)
      .where(eq(contacts.userId, aliceId));
    const bobsView = await (await bob.get("/dashboard")).text();
    expect(bobsView).not.toContain("contact-of-alice");
    const attempt = await bob.post("/dashboard", {
      intent: "removeContact",
      contactId: aliceContact!.id,
      confirm: "yes",
    });
    expect(attempt.status).toBe(404);
    expect(await attempt.text()).toContain("Error removing contact");
    expect(
      await app.services.db.select().from(contacts).where(eq(contacts.id, aliceContact!.id)),
    ).toHaveLength(1);
    const garbage = await bob.post("/dashboard", {
      intent: "removeContact",
      contactId: "'; drop table contacts;--",
      confirm: "yes",
    });
    expect(garbage.status).toBe(404);
    expect((await alice.get("/dashboard")).status).toBe(200);
  });

  it("signed-out requests change nothing", async () => {
    const before = await app.services.db.select({ n: sql<number>`count(*)::int` }).from(contacts);
    const response = await new Client(app).post("/dashboard", {
      intent: "addContact",
      name: "X",
      channel: "email",
      value: "x@example.com",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const after = await app.services.db.select({ n: sql<number>`count(*)::int` }).from(contacts);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe("dashboard contacts", () => {
  it("enforces the plan's contact limit on the server; priority is count + 1", async () => {
    const email = uniqueEmail("limit");
    const client = await signUp(app, email, { onboard: true });
    const id = await userIdOf(email);
    const refused = await client.post("/dashboard", {
      intent: "addContact",
      name: "Second",
      channel: "sms",
      value: "+15550102030",
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Your plan allows 1 contact.");
    await app.services.db.update(profiles).set({ plan: "pro" }).where(eq(profiles.id, id));
    const added = await client.post("/dashboard", {
      intent: "addContact",
      name: "Second",
      channel: "sms",
      value: "+1 555 010 2030",
    });
    expect(await added.text()).toContain("Contact added successfully");
    const rows = await app.services.db.select().from(contacts).where(eq(contacts.userId, id));
    expect(rows.map((r) => r.priority).sort()).toEqual([1, 2]);
  });

  it.each([
    [{ name: "", value: "+15550102030" }, "Incomplete contact", "Please fill in all fields"],
    [{ name: "Z", value: "" }, "Incomplete contact", "Please fill in all fields"],
    [
      { name: "Z", channel: "email", value: "nope" },
      "Error adding contact",
      "Invalid email address",
    ],
    [
      { name: "Z", channel: "sms", value: "0123" },
      "Error adding contact",
      "Invalid phone number (use +1234567890 format)",
    ],
    [
      { name: "Z", channel: "pigeon", value: "+15550102030" },
      "Error adding contact",
      "Invalid channel",
    ],
  ])("refuses %j with '%s'", async (fields, title, description) => {
    const client = await signUp(app, uniqueEmail("badcontact"), { onboard: true });
    const response = await client.post("/dashboard", {
      intent: "addContact",
      channel: "sms",
      ...fields,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(title);
    expect(html).toContain(description);
  });
});

describe("onboarding", () => {
  it.each([
    [{ fullName: "x".repeat(101) }, "Invalid name"],
    [{ medicalNotes: "n".repeat(5001) }, "Medical notes too long"],
    [{ "contacts.0.name": "", "contacts.0.value": "" }, "Add at least one contact"],
    [{ "contacts.0.value": "not-a-phone" }, "Invalid contact"],
    [{ language: "de" }, "Please choose a language"],
    [{ country: "de" }, "Please choose a country"],
  ])("refuses bad input with '$1' and saves nothing", async (override, message) => {
    const email = uniqueEmail("onb");
    const client = await signUp(app, email);
    const response = await client.post("/onboarding", {
      intent: "finish",
      fullName: "Valid",
      language: "en",
      country: "us",
      "contacts.0.name": "C",
      "contacts.0.channel": "sms",
      "contacts.0.value": "+15550001234",
      ...override,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    const [profile] = await app.services.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, await userIdOf(email)));
    expect(profile!.onboardingCompleted).toBe(false);
  });

  it("cleans names and lists: trims, strips angle brackets, splits on commas", async () => {
    const email = uniqueEmail("clean");
    const client = await signUp(app, email);
    await client.post("/onboarding", {
      intent: "finish",
      fullName: "  <b>Robin</b>  ",
      language: "es",
      country: "mx",
      allergies: " Nuts , , <script>x</script> ",
      "contacts.0.name": "Mom",
      "contacts.0.channel": "whatsapp",
      "contacts.0.value": "+52 55 1234 5678",
    });
    const profile = await (await import("#server/domain/profiles.ts")).getProfile(
      app.services.db,
      app.services.cipher,
      await userIdOf(email),
    );
    expect(profile).toMatchObject({
      fullName: "bRobin/b",
      allergies: ["Nuts", "scriptx/script"],
      language: "es",
    });
  });

  it("Finish lands on /dashboard with 'Profile setup complete!', an edit with 'Profile saved', each shown once", async () => {
    const client = await signUp(app, uniqueEmail("done"));
    const profile = {
      intent: "finish",
      fullName: "Dana Done",
      language: "en",
      country: "us",
      "contacts.0.name": "C",
      "contacts.0.channel": "sms",
      "contacts.0.value": "+15550001234",
    };
    const finished = await client.post("/onboarding", profile);
    expect(finished.headers.get("location")).toBe("/dashboard");
    expect(finished.headers.get("set-cookie")).toMatch(/^safetap_notice=profile-complete;/);
    expect(await (await client.get("/dashboard")).text()).toContain("Profile setup complete!");
    expect(await (await client.get("/dashboard")).text()).not.toContain("Profile setup complete!");

    const edited = await client.post("/onboarding?edit=1", { ...profile, fullName: "Dana Edit" });
    expect(edited.headers.get("location")).toBe("/dashboard");
    const dashboard = await (await client.get("/dashboard")).text();
    expect(dashboard).toContain("Profile saved");
    expect(dashboard).toContain("Welcome, Dana Edit");
  });

  it("Skip for now completes onboarding without saving details", async () => {
    const email = uniqueEmail("skip");
    const client = await signUp(app, email);
    const response = await client.post("/onboarding", {
      intent: "skip",
      fullName: "Ignored",
      allergies: "Ignored",
    });
    expect(response.headers.get("location")).toBe("/dashboard");
    expect(response.headers.get("set-cookie")).toMatch(/^safetap_notice=profile-later;/);
    expect(await (await client.get("/dashboard")).text()).toContain(
      "You can complete your profile later with Edit Profile on your dashboard",
    );
    const [profile] = await app.services.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, await userIdOf(email)));
    expect(profile!.onboardingCompleted).toBe(true);
    expect(profile!.allergies).toBeNull();
    expect((await client.get("/onboarding")).headers.get("location")).toBe("/dashboard");
  });
});

describe("audit log", () => {
  it("records sign-up and code events with no code or password in them, and is append-only", async () => {
    const email = uniqueEmail("audit");
    await signUp(app, email);
    await new Client(app).post("/auth", {
      intent: "signin",
      identifier: email,
      password: "Wr0ng!pass",
    });
    const id = await userIdOf(email);
    const events = await app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.userId, id));
    const types = events.map((e) => e.eventType);
    for (const type of ["auth_signup", "otp_sent", "otp_verified", "auth_failed"])
      expect(types).toContain(type);
    const code = await latestCode(app, email);
    const dump = JSON.stringify(events);
    expect(dump).not.toContain(code);
    expect(dump).not.toContain(STRONG_PASSWORD);
    await expect(
      app.services.db
        .update(auditEvents)
        .set({ success: false })
        .where(and(eq(auditEvents.userId, id))),
    ).rejects.toThrow();
    await expect(
      app.services.db.delete(auditEvents).where(eq(auditEvents.userId, id)),
    ).rejects.toThrow();
  });
});

describe("cross-site requests", () => {
  it("without Sec-Fetch-Site, a foreign Origin is refused", async () => {
    const response = await app.request("/auth", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
      },
      body: new URLSearchParams({
        intent: "forgot",
        identifier: uniqueEmail("oldbrowser"),
      }).toString(),
    });
    expect(response.status).toBe(403);
  });

  it("a form posted from another site is refused and changes nothing", async () => {
    const response = await app.request("/auth", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
      body: new URLSearchParams({ intent: "forgot", identifier: uniqueEmail("csrf") }).toString(),
    });
    expect(response.status).toBe(403);
  });
});

describe("session cookies", () => {
  it("are HttpOnly and SameSite=Lax, and expire (30 days, renewed on use)", async () => {
    const client = new Client(app);
    const email = uniqueEmail("cookie");
    await client.post("/auth", {
      intent: "signup",
      fullName: "Cookie",
      identifier: email,
      password: STRONG_PASSWORD,
      acceptTerms: "on",
    });
    const response = await client.post("/auth", {
      intent: "verify",
      code: await latestCode(app, email),
    });
    const session = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("safetap.session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Max-Age=2592000/i);
    expect(session).not.toMatch(/Secure/i);
  });

  it("are Secure in production", async () => {
    const production = await createTestApp({
      APP_ENV: "production",
      DEMO_MODE: "true",
      AUTH_SECRET: "s".repeat(40),
      DATA_ENCRYPTION_KEY: "cd".repeat(32),
      PUBLIC_URL: "https://safetap.example",
    });
    try {
      const client = new Client(production);
      const email = uniqueEmail("secure");
      await client.post("/auth", {
        intent: "signup",
        fullName: "Secure",
        identifier: email,
        password: STRONG_PASSWORD,
        acceptTerms: "on",
      });
      const response = await client.post("/auth", {
        intent: "verify",
        code: await latestCode(production, email),
      });
      const cookies = response.headers.getSetCookie();
      const session = cookies.find((c) => c.startsWith("__Secure-safetap.session_token="));
      expect(session).toMatch(/;\s*Secure/i);
      expect(cookies.find((c) => c.startsWith("safetap.challenge="))).toMatch(/;\s*Secure/i);
      expect((await client.get("/dashboard")).headers.get("location")).toBe("/onboarding");
    } finally {
      await production.close();
    }
  });
});

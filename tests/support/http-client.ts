import { and, desc, eq } from "drizzle-orm";
import { authMessagesSettled } from "#server/auth/code-delivery.ts";
import { devOutbox } from "#server/db/schema.ts";
import type { TestApp } from "./app.ts";

/** A browser-like client for the in-process app: keeps cookies, posts forms. */
let nextAddress = 1;

/**
 * A browser-like client for the in-process app: keeps cookies, posts forms.
 * Each client has its own client address (sent as X-Forwarded-For, which the
 * test app trusts), as separate people would.
 */
export class Client {
  private cookies = new Map<string, string>();
  readonly address: string;

  constructor(
    private readonly app: TestApp,
    address?: string,
  ) {
    const n = nextAddress++;
    this.address = address ?? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const response = await this.app.request(path, {
      redirect: "manual",
      headers: { cookie: this.cookieHeader, "x-forwarded-for": this.address, ...headers },
    });
    this.remember(response);
    return response;
  }

  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await this.app.request(path, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: this.cookieHeader,
        "x-forwarded-for": this.address,
        "content-type": "application/x-www-form-urlencoded",
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
    this.remember(response);
    return response;
  }
}

/** The newest code sent to `to`, read from the dev outbox. */
export async function latestCode(app: TestApp, to: string): Promise<string> {
  await authMessagesSettled(app.services); // codes are sent after the answer (decision 106)
  const [message] = await app.services.db
    .select({ body: devOutbox.body })
    .from(devOutbox)
    .where(and(eq(devOutbox.to, to)))
    .orderBy(desc(devOutbox.createdAt))
    .limit(1);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code sent to ${to}`);
  return code;
}

export const STRONG_PASSWORD = "Str0ng!Passw0rd";

/** Signs a new account up through /auth and verifies it: the client ends signed in. */
export async function signUp(
  app: TestApp,
  identifier: string,
  options: { name?: string; password?: string; onboard?: boolean } = {},
): Promise<Client> {
  const client = new Client(app);
  const started = await client.post("/auth", {
    intent: "signup",
    fullName: options.name ?? "Test Person",
    identifier,
    password: options.password ?? STRONG_PASSWORD,
    acceptTerms: "on",
  });
  if (started.status !== 200) throw new Error(`sign-up answered ${started.status}`);
  const to = identifier.includes("@")
    ? identifier.toLowerCase()
    : `+${identifier.replace(/\D/g, "")}`;
  const verified = await client.post("/auth", {
    intent: "verify",
    code: await latestCode(app, to),
  });
  if (verified.status !== 302) throw new Error(`verify answered ${verified.status}`);
  if (options.onboard) {
    const saved = await client.post("/onboarding", {
      intent: "finish",
      fullName: options.name ?? "Test Person",
      language: "en",
      country: "us",
      "contacts.0.name": "First Contact",
      "contacts.0.channel": "email",
      "contacts.0.value": `contact-of-${to.replace(/[^a-z0-9]/gi, "")}@example.com`,
    });
    if (saved.status !== 302) throw new Error(`onboarding answered ${saved.status}`);
  }
  return client;
}

/** Signs an existing account in through /auth (password, then code). */
export async function signIn(
  app: TestApp,
  email: string,
  password = STRONG_PASSWORD,
): Promise<Client> {
  const client = new Client(app);
  const step = await client.post("/auth", { intent: "signin", identifier: email, password });
  if (step.status !== 200) throw new Error(`sign-in answered ${step.status}`);
  const verified = await client.post("/auth", {
    intent: "verify",
    code: await latestCode(app, email),
  });
  if (verified.status !== 302) throw new Error(`verify answered ${verified.status}`);
  return client;
}

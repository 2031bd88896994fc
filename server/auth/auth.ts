import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Config } from "#server/config.ts";
import * as authSchema from "#server/db/auth-schema.ts";
import type { Database } from "#server/db/client.ts";
import { safetapAuthPlugin } from "./plugin.ts";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

/**
 * Better Auth owns users, credentials and sessions. SafeTap's own sign-in
 * steps (one-time codes) are built on top of it in later modules.
 */
export function createAuth({ db, config }: { db: Database; config: Config }) {
  return betterAuth({
    appName: "SafeTap",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: drizzleAdapter(db, { provider: "pg", schema: authSchema }),
    // Accounts are created and signed in only through SafeTap's own steps
    // (server/auth/flows.ts); Better Auth's public sign-up and sign-in URLs are
    // not exposed (see server/http/app.ts, AUTH_PUBLIC_PATHS).
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
    },
    plugins: [safetapAuthPlugin()],
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: 60 * 60 * 24,
    },
    trustedOrigins: [config.publicUrl],
    advanced: {
      useSecureCookies: config.isProduction,
      cookiePrefix: "safetap",
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

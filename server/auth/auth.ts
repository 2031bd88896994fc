import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { organization } from "better-auth/plugins/organization";
import { ORG_ROLES, orgAccessControl } from "#core/organizations.ts";
import type { Config } from "#server/config.ts";
import * as authSchema from "#server/db/auth-schema.ts";
import type { Database } from "#server/db/client.ts";
import { type PasswordHashing, SCRYPT_PASSWORD_HASHING } from "./password-hashing.ts";
import { safetapAuthPlugin } from "./plugin.ts";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

/** How long an organisation's invitation works (decision 139). */
export const ORG_INVITATION_DAYS = 7;
export const ORG_INVITATION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * ORG_INVITATION_DAYS;

/**
 * Logins an organisation may have (staff and people who log in to their own card). The plugin's
 * default, 100, would refuse a school's 101st member; seats (people) are SafeTap's own limit.
 */
export const ORG_MEMBERSHIP_LIMIT = 100_000;

/**
 * Better Auth owns users, credentials and sessions. SafeTap's own sign-in
 * steps (one-time codes) are built on top of it in later modules.
 */
export function createAuth({
  db,
  config,
  passwordHashing = SCRYPT_PASSWORD_HASHING,
}: {
  db: Database;
  config: Config;
  passwordHashing?: PasswordHashing;
}) {
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
      password: passwordHashing,
    },
    plugins: [
      safetapAuthPlugin(),
      // Organisations (decision 135): created only by SafeTap (the admin page, the `orgs create`
      // command, a won sales enquiry), so nobody creates one through the API; the organisation's
      // own account is its creator, in the role "account" that can do nothing.
      organization({
        ac: orgAccessControl,
        roles: ORG_ROLES,
        allowUserToCreateOrganization: false,
        creatorRole: "account",
        invitationExpiresIn: ORG_INVITATION_EXPIRES_IN_SECONDS,
        membershipLimit: ORG_MEMBERSHIP_LIMIT,
        cancelPendingInvitationsOnReInvite: true,
        requireEmailVerificationOnInvitation: false,
        schema: {
          organization: {
            additionalFields: {
              preset: { type: "string", required: true, defaultValue: "other", input: true },
              /** Seats a SafeTap admin added beyond the 100 included (no payments, DESIGN 1.4). */
              extraSeats: { type: "number", required: true, defaultValue: 0, input: false },
              /** The organisation's own account: it manages the organisation's people. */
              accountId: { type: "string", required: true, input: true },
            },
          },
          invitation: {
            additionalFields: {
              /** Staff and admins: the locations they work at (JSON list of ids; empty = all). */
              locationIds: { type: "string", required: false, input: true },
              /** A managed person who is invited to log in to their own card. */
              profileId: { type: "string", required: false, input: true },
            },
          },
        },
      }),
    ],
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

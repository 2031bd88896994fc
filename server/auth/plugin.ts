import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

/**
 * SafeTap's sign-in steps (password, then a one-time code) are decided in
 * server/auth/flows.ts. This plugin gives that code what only Better Auth may
 * do: create users with hashed passwords and start sessions with its signed
 * cookie. Both endpoints are server-only: they have no URL.
 */
export const safetapAuthPlugin = () =>
  ({
    id: "safetap",
    schema: {
      user: {
        fields: {
          phoneNumber: { type: "string", required: false, unique: true },
          phoneNumberVerified: { type: "boolean", required: false, defaultValue: false },
        },
      },
    },
    endpoints: {
      createSafetapUser: createAuthEndpoint.serverOnly(
        {
          method: "POST",
          body: z.object({
            name: z.string().min(1),
            email: z.string().min(3),
            phoneNumber: z.string().nullable(),
            password: z.string().min(8).max(128),
          }),
        },
        async (ctx) => {
          const { internalAdapter, password } = ctx.context;
          const user = await internalAdapter.createUser(
            {
              name: ctx.body.name,
              email: ctx.body.email,
              emailVerified: false,
              phoneNumber: ctx.body.phoneNumber,
              phoneNumberVerified: false,
            },
            { method: "email-password" },
          );
          await internalAdapter.linkAccount({
            userId: user.id,
            providerId: "credential",
            accountId: user.id,
            password: await password.hash(ctx.body.password),
          });
          return ctx.json({ userId: user.id });
        },
      ),
      checkSafetapPassword: createAuthEndpoint.serverOnly(
        { method: "POST", body: z.object({ userId: z.string(), password: z.string().max(128) }) },
        async (ctx) => {
          const accounts = await ctx.context.internalAdapter.findAccounts(ctx.body.userId);
          const hash = accounts.find((a) => a.providerId === "credential")?.password;
          if (!hash) return ctx.json({ valid: false });
          return ctx.json({
            valid: await ctx.context.password.verify({ hash, password: ctx.body.password }),
          });
        },
      ),
      setSafetapPassword: createAuthEndpoint.serverOnly(
        {
          method: "POST",
          body: z.object({ userId: z.string(), password: z.string().min(8).max(128) }),
        },
        async (ctx) => {
          const { internalAdapter, password } = ctx.context;
          await internalAdapter.updatePassword(
            ctx.body.userId,
            await password.hash(ctx.body.password),
          );
          // A reset ends every other session: whoever had the old password is out.
          await internalAdapter.deleteUserSessions(ctx.body.userId);
          return ctx.json({ ok: true });
        },
      ),
      startSafetapSession: createAuthEndpoint.serverOnly(
        { method: "POST", body: z.object({ userId: z.string() }) },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError("NOT_FOUND");
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ ok: true });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;

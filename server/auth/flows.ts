import { and, eq, isNull } from "drizzle-orm";
import {
  type Identifier,
  isSixDigitCode,
  LIMITS,
  parseIdentifier,
  passwordErrors,
  sanitizeText,
  type ValidationKey,
} from "#core/validation.ts";
import { account, authChallenges, user } from "#server/db/schema.ts";
import { recordAudit } from "#server/domain/audit.ts";
import { isOrgAccountEmail } from "#server/domain/organizations.ts";
import { saveProfile } from "#server/domain/profiles.ts";
import { messageText } from "#server/messages/catalog.ts";
import { AUTH_RULES, consumeAll, type RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";
import { sendInBackground } from "./code-delivery.ts";
import {
  type Challenge,
  type ChallengePurpose,
  checkCode,
  codeHasher,
  completeChallenge,
  createChallenge,
  findOpenChallenge,
  issueCode,
} from "./codes.ts";
import type { PasswordHashing } from "./password-hashing.ts";

export interface FlowContext {
  services: Services;
  clientAddress: string;
  /** Language of the screen, used for the messages we send. */
  language: string;
  /** The request's headers (session creation reads the user agent). */
  headers: Headers;
}

export type FlowFailure =
  | { ok: false; kind: "invalid"; field: string; message: ValidationKey }
  | { ok: false; kind: "rate_limited"; retryAfterSeconds: number }
  | { ok: false; kind: "signin_failed" }
  | { ok: false; kind: "no_challenge" }
  | { ok: false; kind: "invalid_code"; attemptsLeft: number }
  | { ok: false; kind: "code_expired" | "code_locked" };

export interface ChallengeStarted {
  ok: true;
  /** Goes into the challenge cookie; never shown. */
  challengeId: string;
  purpose: ChallengePurpose;
  channel: "email" | "sms";
  identifier: string;
}

export interface SignedIn {
  ok: true;
  userId: string;
  redirectTo: string;
  setCookies: string[];
}

const channelOf = (identifier: Identifier): "email" | "sms" =>
  identifier.kind === "email" ? "email" : "sms";

/** Phone-only accounts get an address that can never receive mail. */
export const phoneAccountEmail = (e164: string) => `${e164.slice(1)}@phone.safetap.invalid`;

async function findAccount(services: Services, identifier: Identifier) {
  // An organisation's own account (decision 135) is no one: nobody signs in as it or resets it.
  if (identifier.kind === "email" && isOrgAccountEmail(identifier.value)) return null;
  const [row] = await services.db
    .select({
      id: user.id,
      emailVerified: user.emailVerified,
      phoneVerified: user.phoneNumberVerified,
    })
    .from(user)
    .where(
      identifier.kind === "email"
        ? eq(user.email, identifier.value)
        : eq(user.phoneNumber, identifier.value),
    )
    .limit(1);
  if (!row) return null;
  const verified = identifier.kind === "email" ? row.emailVerified : Boolean(row.phoneVerified);
  return { id: row.id, verified };
}

/** One rate-limit key for an identifier asked about from one client address. */
const pairKey = (identifier: string, address: string) => `${identifier}|${address}`;

async function limited(
  services: Services,
  checks: [RateRule, string][],
): Promise<FlowFailure | null> {
  const decision = await consumeAll(services.limiter, checks);
  return decision.allowed
    ? null
    : { ok: false, kind: "rate_limited", retryAfterSeconds: decision.retryAfterSeconds };
}

/** Sends a code (or, for no-reveal paths, nothing at all) for a challenge. */
async function sendCode(
  ctx: FlowContext,
  challenge: Challenge,
  identifier: string,
): Promise<FlowFailure | null> {
  const { services } = ctx;
  const rate = await limited(services, [
    challenge.purpose === "signin"
      ? [AUTH_RULES.codeSigninIdentifier, identifier]
      : [AUTH_RULES.codeRequestIdentifierAddress, pairKey(identifier, ctx.clientAddress)],
    [AUTH_RULES.codeAddress, ctx.clientAddress],
  ]);
  if (rate) return rate;
  const issued = await issueCode(
    services.db,
    codeHasher(services.config.dataEncryptionKey),
    challenge,
  );
  if (!issued.ok)
    return { ok: false, kind: "rate_limited", retryAfterSeconds: issued.retryAfterSeconds };
  if (challenge.userId) {
    const kind = challenge.purpose === "reset" ? "reset" : "code";
    const channel = challenge.channel as "email" | "sms";
    sendInBackground(services, {
      channel,
      to: identifier,
      subject:
        channel === "email"
          ? messageText(ctx.language, `${kind}.subject`, { code: issued.code })
          : undefined,
      body: messageText(ctx.language, `${kind}.${channel}`, { code: issued.code }),
      metadata: { purpose: challenge.purpose },
    });
    await recordAudit(services.db, services.logger, {
      type: "otp_sent",
      userId: challenge.userId,
      clientAddress: ctx.clientAddress,
      metadata: { purpose: challenge.purpose, channel },
    });
  }
  return null;
}

async function start(
  ctx: FlowContext,
  input: {
    purpose: ChallengePurpose;
    userId: string | null;
    identifier: Identifier;
    redirectTo: string | null;
    pending?: { name: string; passwordHash: string };
  },
): Promise<ChallengeStarted | FlowFailure> {
  const { id, challenge } = await createChallenge(ctx.services.db, {
    purpose: input.purpose,
    userId: input.userId,
    identifier: input.identifier.value,
    channel: channelOf(input.identifier),
    redirectTo: input.redirectTo,
    pendingName: input.pending?.name ?? null,
    pendingPasswordHash: input.pending?.passwordHash ?? null,
  });
  const failure = await sendCode(ctx, challenge, input.identifier.value);
  if (failure) return failure;
  return {
    ok: true,
    challengeId: id,
    purpose: input.purpose,
    channel: channelOf(input.identifier),
    identifier: input.identifier.value,
  };
}

export async function signUp(
  ctx: FlowContext,
  input: {
    fullName: unknown;
    identifier: unknown;
    password: unknown;
    acceptTerms: unknown;
    redirectTo: string | null;
  },
): Promise<ChallengeStarted | FlowFailure> {
  const { services } = ctx;
  const fullName = sanitizeText(input.fullName, LIMITS.name);
  if (!fullName)
    return {
      ok: false,
      kind: "invalid",
      field: "fullName",
      message: "validation.fullNameRequired",
    };
  const parsed = parseIdentifier(input.identifier);
  if (!parsed.ok) return { ok: false, kind: "invalid", field: "identifier", message: parsed.error };
  const password = typeof input.password === "string" ? input.password : "";
  const [passwordError] = passwordErrors(password);
  if (passwordError)
    return { ok: false, kind: "invalid", field: "password", message: passwordError };
  if (input.acceptTerms !== true) {
    return { ok: false, kind: "invalid", field: "acceptTerms", message: "validation.acceptTerms" };
  }
  const identifier = parsed.identifier;
  const rate = await limited(services, [
    [AUTH_RULES.signupIdentifierAddress, pairKey(identifier.value, ctx.clientAddress)],
    [AUTH_RULES.signupAddress, ctx.clientAddress],
  ]);
  if (rate) return rate;

  const existing = await findAccount(services, identifier);
  if (existing?.verified) {
    // Never reveal that the account exists: answer exactly as for a new one
    // (the same password-hashing work a new account costs), and tell the real
    // owner instead of sending a code.
    await services.passwordHashing.hash(password);
    sendInBackground(services, {
      channel: channelOf(identifier),
      to: identifier.value,
      subject:
        identifier.kind === "email" ? messageText(ctx.language, "existing.subject") : undefined,
      body: messageText(ctx.language, `existing.${channelOf(identifier)}`, {
        url: `${services.config.publicUrl}/auth?mode=signin`,
      }),
    });
    return start(ctx, {
      purpose: "signup",
      userId: null,
      identifier,
      redirectTo: input.redirectTo,
    });
  }
  if (existing) {
    // An address that was never verified belongs to whoever proves it first:
    // the earlier sign-up stays (its code still works), and this one's name and
    // password replace it only when this code is verified (decision 105).
    await recordAudit(services.db, services.logger, {
      type: "auth_signup",
      userId: existing.id,
      clientAddress: ctx.clientAddress,
      metadata: { channel: channelOf(identifier), pending: true },
    });
    return start(ctx, {
      purpose: "signup",
      userId: existing.id,
      identifier,
      redirectTo: input.redirectTo,
      pending: { name: fullName, passwordHash: await services.passwordHashing.hash(password) },
    });
  }
  const created = await services.auth.api.createSafetapUser({
    body: {
      name: fullName,
      email: identifier.kind === "email" ? identifier.value : phoneAccountEmail(identifier.value),
      phoneNumber: identifier.kind === "phone" ? identifier.value : null,
      password,
    },
  });
  await saveProfile(services.db, services.cipher, created.userId, {
    fullName,
    language: ctx.language,
  });
  await recordAudit(services.db, services.logger, {
    type: "auth_signup",
    userId: created.userId,
    clientAddress: ctx.clientAddress,
    metadata: { channel: channelOf(identifier) },
  });
  return start(ctx, {
    purpose: "signup",
    userId: created.userId,
    identifier,
    redirectTo: input.redirectTo,
  });
}

/**
 * A verified sign-up settles who owns the address: when it came over a
 * never-verified account, its name and password replace the earlier ones; every
 * other open sign-up for the account closes, so no later code can overwrite them.
 */
async function settleSignup(services: Services, challenge: Challenge, language: string) {
  const userId = challenge.userId!;
  await services.db.transaction(async (tx) => {
    if (challenge.pendingName && challenge.pendingPasswordHash) {
      await tx.update(user).set({ name: challenge.pendingName }).where(eq(user.id, userId));
      await tx
        .update(account)
        .set({ password: challenge.pendingPasswordHash })
        .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
      await saveProfile(tx, services.cipher, userId, {
        fullName: challenge.pendingName,
        language,
      });
    }
    await tx
      .update(authChallenges)
      .set({ completedAt: new Date() })
      .where(
        and(
          eq(authChallenges.userId, userId),
          eq(authChallenges.purpose, "signup"),
          isNull(authChallenges.completedAt),
        ),
      );
  });
}

/**
 * A real hash to check against when the account does not exist, so timing reveals nothing: one
 * per way of hashing (a test app may use a lighter one than the servers).
 */
const decoyHashes = new WeakMap<PasswordHashing, Promise<string>>();
async function decoyCheck(hashing: PasswordHashing, password: string) {
  let decoy = decoyHashes.get(hashing);
  if (!decoy) {
    decoy = hashing.hash("decoy-password-that-never-matches");
    decoyHashes.set(hashing, decoy);
  }
  await hashing.verify({ hash: await decoy, password });
}

export async function signIn(
  ctx: FlowContext,
  input: { identifier: unknown; password: unknown; redirectTo: string | null },
): Promise<ChallengeStarted | FlowFailure> {
  const { services } = ctx;
  const rawIdentifier = typeof input.identifier === "string" ? input.identifier.trim() : "";
  const password = typeof input.password === "string" ? input.password : "";
  if (!rawIdentifier || !password) {
    return {
      ok: false,
      kind: "invalid",
      field: "identifier",
      message: "validation.signinRequired",
    };
  }
  const parsed = parseIdentifier(rawIdentifier);
  if (!parsed.ok) return { ok: false, kind: "invalid", field: "identifier", message: parsed.error };
  const identifier = parsed.identifier;
  const rate = await limited(services, [
    [AUTH_RULES.signinIdentifierAddress, pairKey(identifier.value, ctx.clientAddress)],
    [AUTH_RULES.signinIdentifier, identifier.value],
    [AUTH_RULES.signinAddress, ctx.clientAddress],
  ]);
  if (rate) return rate;

  const found = await findAccount(services, identifier);
  let valid = false;
  if (found && password.length <= LIMITS.passwordMax) {
    valid = (await services.auth.api.checkSafetapPassword({ body: { userId: found.id, password } }))
      .valid;
  } else {
    await decoyCheck(services.passwordHashing, password.slice(0, LIMITS.passwordMax));
  }
  if (!found || !valid) {
    await recordAudit(services.db, services.logger, {
      type: "auth_failed",
      userId: found?.id ?? null,
      success: false,
      clientAddress: ctx.clientAddress,
      metadata: { reason: "credentials" },
    });
    return { ok: false, kind: "signin_failed" };
  }
  return start(ctx, {
    purpose: "signin",
    userId: found.id,
    identifier,
    redirectTo: input.redirectTo,
  });
}

export async function requestPasswordReset(
  ctx: FlowContext,
  input: { identifier: unknown },
): Promise<ChallengeStarted | FlowFailure> {
  const { services } = ctx;
  const parsed = parseIdentifier(input.identifier);
  if (!parsed.ok) return { ok: false, kind: "invalid", field: "identifier", message: parsed.error };
  const rate = await limited(services, [
    [AUTH_RULES.resetIdentifierAddress, pairKey(parsed.identifier.value, ctx.clientAddress)],
    [AUTH_RULES.resetAddress, ctx.clientAddress],
  ]);
  if (rate) return rate;
  const found = await findAccount(services, parsed.identifier);
  return start(ctx, {
    purpose: "reset",
    userId: found?.id ?? null,
    identifier: parsed.identifier,
    redirectTo: null,
  });
}

export async function resendCode(
  ctx: FlowContext,
  challengeId: string | null,
): Promise<{ ok: true } | FlowFailure> {
  const challenge = await findOpenChallenge(ctx.services.db, challengeId);
  if (!challenge) return { ok: false, kind: "no_challenge" };
  const failure = await sendCode(ctx, challenge, challenge.identifier);
  return failure ?? { ok: true };
}

/**
 * Checks the code of the browser's challenge. On success the identifier is
 * verified, a reset sets the new password, and a session starts.
 */
export async function verifyCode(
  ctx: FlowContext,
  input: { challengeId: string | null; code: unknown; newPassword?: unknown },
): Promise<SignedIn | FlowFailure> {
  const { services } = ctx;
  const code = typeof input.code === "string" ? input.code.trim() : "";
  if (!isSixDigitCode(code))
    return { ok: false, kind: "invalid", field: "code", message: "validation.codeLength" };
  const challenge = await findOpenChallenge(services.db, input.challengeId);
  if (!challenge) return { ok: false, kind: "no_challenge" };
  let newPassword = "";
  if (challenge.purpose === "reset") {
    newPassword = typeof input.newPassword === "string" ? input.newPassword : "";
    const [passwordError] = passwordErrors(newPassword);
    if (passwordError)
      return { ok: false, kind: "invalid", field: "newPassword", message: passwordError };
  }
  const rate = await limited(services, [[AUTH_RULES.verifyAddress, ctx.clientAddress]]);
  if (rate) return rate;

  const result = await checkCode(
    services.db,
    codeHasher(services.config.dataEncryptionKey),
    challenge,
    code,
  );
  if (!result.ok) {
    await recordAudit(services.db, services.logger, {
      type: "otp_failed",
      userId: challenge.userId,
      success: false,
      clientAddress: ctx.clientAddress,
      metadata: { purpose: challenge.purpose, reason: result.reason },
    });
    if (result.reason === "invalid")
      return { ok: false, kind: "invalid_code", attemptsLeft: result.attemptsLeft };
    if (result.reason === "expired") return { ok: false, kind: "code_expired" };
    if (result.reason === "locked") return { ok: false, kind: "code_locked" };
    return { ok: false, kind: "invalid_code", attemptsLeft: 0 };
  }
  const userId = challenge.userId!;
  await completeChallenge(services.db, challenge);
  if (challenge.purpose === "signup") await settleSignup(services, challenge, ctx.language);
  await services.db
    .update(user)
    .set(challenge.channel === "email" ? { emailVerified: true } : { phoneNumberVerified: true })
    .where(eq(user.id, userId));
  if (challenge.purpose === "reset") {
    await services.auth.api.setSafetapPassword({ body: { userId, password: newPassword } });
    await recordAudit(services.db, services.logger, {
      type: "password_reset",
      userId,
      clientAddress: ctx.clientAddress,
    });
  }
  await recordAudit(services.db, services.logger, {
    type: "otp_verified",
    userId,
    clientAddress: ctx.clientAddress,
    metadata: { purpose: challenge.purpose },
  });
  const { headers } = await services.auth.api.startSafetapSession({
    body: { userId },
    headers: ctx.headers,
    returnHeaders: true,
  });
  const redirectTo =
    challenge.redirectTo ??
    (challenge.purpose === "signup" ? "/onboarding?welcome=1" : "/dashboard");
  return { ok: true, userId, redirectTo, setCookies: headers.getSetCookie() };
}

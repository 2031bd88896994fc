import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Every setting SafeTap reads from its environment. Validated once at start-up:
 * a wrong value stops the process with a message naming the variable.
 * `.env.example` documents each one; keep the two in step.
 */
const booleanFromString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const secret = (name: string) =>
  z.string().min(32, `${name} must be at least 32 characters`).optional();

const envSchema = z.object({
  APP_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a request waits for a pool connection before it is answered "busy" (503). */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
  DATA_DIR: z.string().min(1).default("./data"),
  AUTH_SECRET: secret("AUTH_SECRET"),
  DATA_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal characters (32 bytes)")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // true is one hop (the proxy in front of us); a number is that many proxies in a row.
  TRUST_PROXY: z
    .union([booleanFromString, z.coerce.number().int().min(0).max(10)])
    .default(false)
    .transform((v) => (v === true ? 1 : v === false ? 0 : v)),
  DEMO_MODE: booleanFromString.optional(),
  DEV_OUTBOX_PUBLIC: booleanFromString.default(false),
  SEED_DEMO: booleanFromString.optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  SMTP_FROM: z.string().min(3).default("SafeTap <alerts@safetap.app>"),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_WHATSAPP_FROM: z.string().min(1).optional(),
  TWILIO_API_BASE: z.url().default("https://api.twilio.com"),
  /**
   * Messenger and Instagram through Meta's Graph API (decision 147). Without META_APP_SECRET and
   * META_PAGE_ACCESS_TOKEN neither is offered.
   */
  META_APP_SECRET: z.string().min(1).optional(),
  META_VERIFY_TOKEN: z.string().min(8).optional(),
  META_PAGE_ACCESS_TOKEN: z.string().min(1).optional(),
  META_PAGE_ID: z
    .string()
    .regex(/^\d{1,30}$/, "must be the page's numeric id")
    .optional(),
  META_PAGE_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9.]{1,100}$/, "must be the page's username, as in m.me/USERNAME")
    .optional(),
  META_INSTAGRAM_ID: z
    .string()
    .regex(/^\d{1,30}$/, "must be the account's numeric id")
    .optional(),
  META_INSTAGRAM_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9._]{1,30}$/, "must be the account's username, as in ig.me/m/USERNAME")
    .optional(),
  META_GRAPH_API_BASE: z.url().default("https://graph.facebook.com"),
  META_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, "must be a Graph API version such as v21.0")
    .default("v21.0"),
  SALES_EMAIL: z.email().default("sales@safetap.app"),
  SUPPORT_EMAIL: z.email().default("support@safetap.app"),
  STORE_URL: z.url().default("https://shop.safetap.app"),
  ESCALATION_MINUTES: z.coerce.number().min(0.05).max(1440).default(5),
  DISPATCHER_ENABLED: booleanFromString.default(true),
  DISPATCHER_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  DISPATCHER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** The fallback poll; new deliveries wake the dispatcher at once (decision 156). */
  DISPATCHER_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1000),
  SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(8),
  TWILIO_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).default(16),
  TWILIO_SMS_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(1),
  TWILIO_WHATSAPP_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(80),
  TWILIO_CALLS_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(1),
  OPERATOR_EMAIL: z.email().optional(),
  PAID_SENDS_PER_HOUR: z.coerce.number().int().min(1).default(2000),
  WHATSAPP_SENDS_BEYOND_PER_HOUR: z.coerce.number().int().min(0).default(1000),
  /** Mass notices' paid sends per hour, counted apart from alerts' (decision 144). */
  MASS_NOTICE_SENDS_PER_HOUR: z.coerce.number().int().min(0).default(50000),
  ALLOWED_PHONE_PREFIXES: z
    .string()
    .regex(/^\+\d{1,8}(,\+\d{1,8})*$/, "must be +prefixes separated by commas, e.g. +53,+4470")
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  appEnv: Env["APP_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  database:
    | { kind: "pglite"; dataDir: string }
    | { kind: "postgres"; url: string; poolSize: number; poolWaitMs: number };
  dataDir: string;
  authSecret: string;
  dataEncryptionKey: Buffer;
  logLevel: Env["LOG_LEVEL"];
  /**
   * Proxies in front of this server whose X-Forwarded-For entries are believed,
   * counted from the right (0: none, the socket's address is the client's).
   */
  trustProxyHops: number;
  /**
   * A demo: channels without a provider go to the dev outbox, which is served
   * (docs/decisions/120). Without it every channel needs a provider.
   */
  demoMode: boolean;
  /** The dev outbox answers every address, not only this machine's (loopback). */
  devOutboxPublic: boolean;
  seedDemo: boolean;
  redisUrl?: string;
  smtp?: { url: string; from: string };
  smtpFrom: string;
  twilio?: {
    accountSid: string;
    authToken: string;
    from?: string;
    whatsappFrom?: string;
    apiBase: string;
  };
  /**
   * Messenger (the page) and Instagram (its linked professional account), both answered by one
   * webhook signed with the app secret; `instagram` is absent when no account is configured.
   */
  meta?: {
    appSecret: string;
    verifyToken?: string;
    pageAccessToken: string;
    pageId: string;
    pageUsername: string;
    instagram?: { id: string; username: string };
    graphApiBase: string;
    graphVersion: string;
  };
  salesEmail: string;
  supportEmail: string;
  storeUrl: string;
  escalationMinutes: number;
  dispatcherEnabled: boolean;
  /** How long a claimed delivery is held before another sender may take it up. */
  dispatcherLeaseSeconds: number;
  /** Deliveries sent at once by this instance. */
  dispatcherConcurrency: number;
  /** How often the dispatcher looks for due work when nothing woke it. */
  dispatcherPollMs: number;
  /** What each provider allows (decision 156). */
  sendLimits: {
    smtpPoolSize: number;
    twilio: {
      maxInFlight: number;
      smsPerSecond: number;
      whatsappPerSecond: number;
      callsPerSecond: number;
    };
  };
  /** Secrets that were generated into DATA_DIR because none were configured. */
  generatedSecrets: string[];
  /** Toll-fraud controls (decision 110): who is paged, the spend breaker, allowed risky prefixes. */
  toll: {
    operatorEmail?: string;
    paidSendsPerHour: number;
    whatsappBeyondPerHour: number;
    massNoticeSendsPerHour: number;
    allowedPhonePrefixes: string[];
  };
}

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Reads a secret kept in DATA_DIR, creating it on first use. Only the embedded
 * default does this; production must configure its secrets explicitly.
 */
function localSecret(dataDir: string, file: string, make: () => string): string {
  const full = path.join(dataDir, file);
  if (existsSync(full)) return readFileSync(full, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const value = make();
  writeFileSync(full, `${value}\n`, { mode: 0o600 });
  return value;
}

/** Loads `.env` from the working directory, if there is one; real environment variables win. */
export function loadDotEnv(file = ".env") {
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const isProduction = e.APP_ENV === "production";
  const problems: string[] = [];
  if (isProduction) {
    if (!e.AUTH_SECRET) problems.push("AUTH_SECRET: required when APP_ENV=production");
    if (!e.DATA_ENCRYPTION_KEY)
      problems.push("DATA_ENCRYPTION_KEY: required when APP_ENV=production");
    if (!e.PUBLIC_URL) problems.push("PUBLIC_URL: required when APP_ENV=production");
  }
  // Outside production a machine without providers is a demo unless told otherwise.
  const demoMode = e.DEMO_MODE ?? !isProduction;
  if (!demoMode) {
    const demo = isProduction ? "APP_ENV=production" : "DEMO_MODE=false";
    if (!e.SMTP_URL) {
      problems.push(
        `SMTP_URL: required when ${demo} (sign-in codes and alerts would go to the dev outbox); set DEMO_MODE=true for a demo`,
      );
    }
    if (!(e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN)) {
      problems.push(
        `TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN: required when ${demo} (SMS, WhatsApp and calls would go to the dev outbox); set DEMO_MODE=true for a demo`,
      );
    }
  }
  const hasTwilioPart = e.TWILIO_ACCOUNT_SID || e.TWILIO_AUTH_TOKEN;
  if (hasTwilioPart && !(e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN)) {
    problems.push("TWILIO_ACCOUNT_SID: set together with TWILIO_AUTH_TOKEN");
  }
  const metaParts = [
    e.META_APP_SECRET,
    e.META_PAGE_ACCESS_TOKEN,
    e.META_PAGE_ID,
    e.META_PAGE_USERNAME,
  ];
  if (metaParts.some(Boolean) && !metaParts.every(Boolean)) {
    problems.push(
      "META_APP_SECRET: set together with META_PAGE_ACCESS_TOKEN, META_PAGE_ID and META_PAGE_USERNAME",
    );
  }
  if (Boolean(e.META_INSTAGRAM_ID) !== Boolean(e.META_INSTAGRAM_USERNAME)) {
    problems.push("META_INSTAGRAM_ID: set together with META_INSTAGRAM_USERNAME");
  }
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const generatedSecrets: string[] = [];
  const generated = (name: string, file: string) => {
    generatedSecrets.push(name);
    return localSecret(dataDir, file, () => randomBytes(32).toString("hex"));
  };
  const authSecret = e.AUTH_SECRET ?? generated("AUTH_SECRET", "auth-secret");
  const keyHex = e.DATA_ENCRYPTION_KEY ?? generated("DATA_ENCRYPTION_KEY", "data-encryption-key");

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");

  return {
    appEnv: e.APP_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    database: e.DATABASE_URL
      ? {
          kind: "postgres",
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          poolWaitMs: e.DATABASE_POOL_WAIT_MS,
        }
      : { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
    dataDir,
    authSecret,
    dataEncryptionKey: Buffer.from(keyHex, "hex"),
    logLevel: e.LOG_LEVEL,
    trustProxyHops: e.TRUST_PROXY,
    demoMode,
    devOutboxPublic: e.DEV_OUTBOX_PUBLIC,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
    smtpFrom: e.SMTP_FROM,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            whatsappFrom: e.TWILIO_WHATSAPP_FROM,
            apiBase: e.TWILIO_API_BASE.replace(/\/+$/, ""),
          }
        : undefined,
    meta:
      e.META_APP_SECRET && e.META_PAGE_ACCESS_TOKEN && e.META_PAGE_ID && e.META_PAGE_USERNAME
        ? {
            appSecret: e.META_APP_SECRET,
            verifyToken: e.META_VERIFY_TOKEN,
            pageAccessToken: e.META_PAGE_ACCESS_TOKEN,
            pageId: e.META_PAGE_ID,
            pageUsername: e.META_PAGE_USERNAME,
            instagram:
              e.META_INSTAGRAM_ID && e.META_INSTAGRAM_USERNAME
                ? { id: e.META_INSTAGRAM_ID, username: e.META_INSTAGRAM_USERNAME }
                : undefined,
            graphApiBase: e.META_GRAPH_API_BASE.replace(/\/+$/, ""),
            graphVersion: e.META_GRAPH_VERSION,
          }
        : undefined,
    salesEmail: e.SALES_EMAIL,
    supportEmail: e.SUPPORT_EMAIL,
    storeUrl: e.STORE_URL,
    escalationMinutes: e.ESCALATION_MINUTES,
    dispatcherEnabled: e.DISPATCHER_ENABLED,
    dispatcherLeaseSeconds: e.DISPATCHER_LEASE_SECONDS,
    dispatcherConcurrency: e.DISPATCHER_CONCURRENCY,
    dispatcherPollMs: e.DISPATCHER_POLL_MS,
    sendLimits: {
      smtpPoolSize: e.SMTP_POOL_SIZE,
      twilio: {
        maxInFlight: e.TWILIO_MAX_IN_FLIGHT,
        smsPerSecond: e.TWILIO_SMS_PER_SECOND,
        whatsappPerSecond: e.TWILIO_WHATSAPP_PER_SECOND,
        callsPerSecond: e.TWILIO_CALLS_PER_SECOND,
      },
    },
    generatedSecrets,
    toll: {
      operatorEmail: e.OPERATOR_EMAIL,
      paidSendsPerHour: e.PAID_SENDS_PER_HOUR,
      whatsappBeyondPerHour: e.WHATSAPP_SENDS_BEYOND_PER_HOUR,
      massNoticeSendsPerHour: e.MASS_NOTICE_SENDS_PER_HOUR,
      allowedPhonePrefixes: e.ALLOWED_PHONE_PREFIXES?.split(",") ?? [],
    },
  };
}

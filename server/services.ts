import type { Channel } from "#core/channels.ts";
import type { Dispatcher } from "#server/alerts/dispatcher.ts";
import { type Auth, createAuth } from "#server/auth/auth.ts";
import { type PasswordHashing, SCRYPT_PASSWORD_HASHING } from "#server/auth/password-hashing.ts";
import type { DatabaseHandle } from "#server/db/client.ts";

export { openDatabase } from "#server/db/client.ts";

import { createMessenger, type Messenger } from "#server/delivery/messenger.ts";
import { metaAdapter } from "#server/delivery/meta.ts";
import { smtpAdapter } from "#server/delivery/smtp.ts";
import { twilioAdapter } from "#server/delivery/twilio.ts";
import { TWILIO_STATUS_PATH } from "#server/delivery/twilio-status.ts";
import type { ChannelAdapter } from "#server/delivery/types.ts";
import { createRollCallSignal, type RollCallSignal } from "#server/domain/roll-calls.ts";
import { createScanRecorder, type ScanRecorder } from "#server/domain/scan-recorder.ts";
import {
  databaseRateLimiter,
  failOpen,
  type RateLimiter,
  redisRateLimiter,
} from "#server/security/rate-limit.ts";
import type { Config } from "./config.ts";
import { createFieldCipher, type FieldCipher } from "./crypto.ts";
import type { Logger } from "./logger.ts";

/**
 * Everything a request, job or command needs, made once per process and handed
 * down explicitly (React Router receives it through the load context). Nothing
 * stateful lives in module scope, so the dev server's module reloads and tests
 * with their own databases never share a handle by accident.
 */
export interface Services {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  db: DatabaseHandle["db"];
  auth: Auth;
  /** The hashing Better Auth is configured with; SafeTap's own sign-up and sign-in steps use it too. */
  passwordHashing: PasswordHashing;
  messenger: Messenger;
  cipher: FieldCipher;
  limiter: RateLimiter;
  /** Batches the writes of card scans. */
  scans: ScanRecorder;
  /** Wakes this instance's roll-call feeds after a local write (decision 143). */
  rollCallSignal: RollCallSignal;
  /** Set while this process holds the embedded database; see server/http/operator.ts. */
  operatorToken?: string;
  /** Sends alert deliveries; absent in processes that do not dispatch (the command line). */
  dispatcher?: Dispatcher;
}

/** The configured provider of each channel; none means the dev outbox. */
function providerAdapters(config: Config): Record<Channel, ChannelAdapter | undefined> {
  const twilio = config.twilio
    ? twilioAdapter({
        ...config.twilio,
        statusCallback: new URL(TWILIO_STATUS_PATH, config.publicUrl).toString(),
        limits: config.sendLimits.twilio,
      })
    : undefined;
  // Decision 149: Messenger and Instagram through the Graph API when META_* is configured; in a
  // demo without it they land in the dev outbox, and outside a demo they are never planned.
  const meta = config.meta ? metaAdapter(config.meta) : undefined;
  return {
    email: config.smtp
      ? smtpAdapter({ ...config.smtp, poolSize: config.sendLimits.smtpPoolSize })
      : undefined,
    sms: twilio,
    whatsapp: twilio,
    voice: twilio,
    messenger: meta,
    instagram: meta,
  };
}

export function createServices(deps: {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  /** Better Auth's scrypt unless a test app names another (decision 169). */
  passwordHashing?: PasswordHashing;
}): Services {
  const { config, logger, database, passwordHashing = SCRYPT_PASSWORD_HASHING } = deps;
  const limiter = failOpen(
    config.redisUrl
      ? redisRateLimiter(config.redisUrl)
      : databaseRateLimiter(database.db, database.prepared),
    logger,
  );
  const cipher = createFieldCipher(config.dataEncryptionKey);
  const services: Services = {
    config,
    logger,
    database,
    db: database.db,
    auth: createAuth({ db: database.db, config, passwordHashing }),
    passwordHashing,
    messenger: createMessenger({
      config,
      db: database.db,
      logger,
      adapters: providerAdapters(config),
    }),
    limiter,
    scans: createScanRecorder({
      db: database.db,
      logger,
      cipher,
      // Scan notices wait in the outbox; the dispatcher, once started, sends them.
      nudge: () => services.dispatcher?.nudge(),
    }),
    cipher,
    rollCallSignal: createRollCallSignal(),
  };
  return services;
}

import { type Auth, createAuth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import { createFieldCipher, type FieldCipher } from "./crypto.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "./db/client.ts";
import { createMessenger, type Messenger } from "./delivery/messenger.ts";
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
  messenger: Messenger;
  cipher: FieldCipher;
  /** Set while this process holds the embedded database; see server/http/operator.ts. */
  operatorToken?: string;
}

export async function openDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  if (config.database.kind === "postgres") {
    return openPostgres(config.database.url, {
      poolSize: config.database.poolSize,
      onPoolError: (error) => logger.warn({ err: error }, "database connection lost; reconnecting"),
    });
  }
  return openPglite(config.database.dataDir);
}

export function createServices(deps: {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
}): Services {
  const { config, logger, database } = deps;
  return {
    config,
    logger,
    database,
    db: database.db,
    auth: createAuth({ db: database.db, config }),
    messenger: createMessenger({ config, db: database.db, logger }),
    cipher: createFieldCipher(config.dataEncryptionKey),
  };
}

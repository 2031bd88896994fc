// Exits 0 when the named service answers within 20 seconds: `postgres URL` or `redis URL`.
// A service that is not there refuses the connection at once; the long wait is for one that is
// there on a machine under load, where a 3-second limit skipped the PostgreSQL pass silently.
import { Redis } from "ioredis";
import pg from "pg";

const [kind, url] = process.argv.slice(2);
const timeout = setTimeout(() => process.exit(1), 20_000);
try {
  if (kind === "postgres") {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 19_000 });
    await client.connect();
    await client.query("select 1");
    await client.end();
  } else if (kind === "redis") {
    const client = new Redis(url, {
      lazyConnect: true,
      connectTimeout: 19_000,
      maxRetriesPerRequest: 0,
    });
    await client.connect();
    await client.ping();
    client.disconnect();
  } else {
    throw new Error(`unknown service ${kind}`);
  }
  clearTimeout(timeout);
  process.exit(0);
} catch {
  process.exit(1);
}

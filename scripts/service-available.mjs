// Exits 0 when the named service answers within 3 seconds: `postgres URL` or `redis URL`.
import { Redis } from "ioredis";
import pg from "pg";

const [kind, url] = process.argv.slice(2);
const timeout = setTimeout(() => process.exit(1), 3000);
try {
  if (kind === "postgres") {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2500 });
    await client.connect();
    await client.query("select 1");
    await client.end();
  } else if (kind === "redis") {
    const client = new Redis(url, {
      lazyConnect: true,
      connectTimeout: 2500,
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

// Exits 0 when the named service answers within 3 seconds: `postgres URL`.
import pg from "pg";

const [kind, url] = process.argv.slice(2);
const timeout = setTimeout(() => process.exit(1), 3000);
try {
  if (kind === "postgres") {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2500 });
    await client.connect();
    await client.query("select 1");
    await client.end();
  } else {
    throw new Error(`unknown service ${kind}`);
  }
  clearTimeout(timeout);
  process.exit(0);
} catch {
  process.exit(1);
}

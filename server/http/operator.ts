import { timingSafeEqual } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import { HouseholdNotFoundError } from "#server/domain/households.ts";
import { UserNotFoundError } from "#server/domain/users.ts";
import { operatorCommandSchema } from "#server/operator/command-schema.ts";
import {
  OperatorRefusal,
  runMembersImport,
  runOperatorCommand,
} from "#server/operator/commands.ts";
import type { Services } from "#server/services.ts";

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

function tokenMatches(header: string | undefined, expected: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /, "") ?? "");
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Lets the `safetap` command line work through the running server while it holds
 * the embedded database. Only reachable from this machine, with the token the
 * server wrote into DATA_DIR (readable by its owner only).
 */
export function operatorRoutes(services: Services) {
  const routes = new Hono();
  const allowed = (c: Context) => {
    const token = services.operatorToken;
    let remote = "";
    try {
      remote = getConnInfo(c).remote.address ?? "";
    } catch {}
    return Boolean(
      token && LOOPBACK.test(remote) && tokenMatches(c.req.header("authorization"), token),
    );
  };
  routes.post("/run", async (c) => {
    if (!allowed(c)) return c.json({ error: "Not found" }, 404);
    const parsed = operatorCommandSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      return c.json({ error: parsed.error.issues.map((i) => i.message).join("; ") }, 400);
    }
    try {
      const output = await runOperatorCommand(services, parsed.data);
      services.logger.info({ command: parsed.data.command }, "operator command run");
      return c.json({ output });
    } catch (error) {
      if (
        error instanceof UserNotFoundError ||
        error instanceof HouseholdNotFoundError ||
        error instanceof OperatorRefusal ||
        error instanceof RangeError
      ) {
        return c.json({ error: error.message }, 400);
      }
      throw error;
    }
  });
  // `safetap members import`: the file is the body (at most the import's byte cap, refused
  // before it is read: server/http/body-limits.ts), the organisation and file name the query.
  routes.post("/members-import", async (c) => {
    if (!allowed(c)) return c.json({ error: "Not found" }, 404);
    const org = c.req.query("org") ?? "";
    const fileName = (c.req.query("name") ?? "import.csv").slice(0, 200);
    const bytes = Buffer.from(await c.req.arrayBuffer());
    try {
      const outcome = await runMembersImport(services, { org, fileName, bytes });
      services.logger.info({ command: "members.import", org }, "operator command run");
      return c.json(outcome);
    } catch (error) {
      if (error instanceof OperatorRefusal) return c.json({ error: error.message }, 400);
      throw error;
    }
  });
  return routes;
}

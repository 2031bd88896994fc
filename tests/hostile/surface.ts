import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { createHttpApp } from "#server/http/app.ts";
import { clientBuildDir, projectRoot } from "#server/paths.ts";
import type { Services } from "#server/services.ts";

/**
 * The HTTP surface, read from what is built rather than listed by hand, so a
 * route another engineer adds later is covered without touching these tests:
 * React Router's route manifest (build/server/index.js `routes`) and the Hono
 * routes of server/http/app.ts.
 */
export interface Endpoint {
  /** A path pattern with `:param` and `*` segments. */
  pattern: string;
  /** Methods that reach code: GET for loaders and Hono GETs, POST (and friends) for actions. */
  methods: string[];
  source: "react-router" | "hono";
  /** A page or resource route whose action changes data. */
  changesData: boolean;
}

const serverBuildPath = path.join(projectRoot, "build", "server", "index.js");

export async function loadBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
}

export function reactRouterEndpoints(build: ServerBuild): Endpoint[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const own = route.path ?? "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, own].filter(Boolean).join("/");
  };
  const endpoints: Endpoint[] = [];
  for (const [id, route] of Object.entries(routes)) {
    if (!route || id === "root") continue;
    const module = route.module as { loader?: unknown; action?: unknown; default?: unknown };
    const isLayout = !route.path && !route.index;
    if (isLayout) continue;
    const methods: string[] = [];
    if (module.loader || module.default) methods.push("GET");
    if (module.action) methods.push("POST", "PUT", "PATCH", "DELETE");
    endpoints.push({
      pattern: `/${fullPath(id)}`,
      methods,
      source: "react-router",
      changesData: Boolean(module.action),
    });
  }
  return endpoints;
}

export function honoEndpoints(services: Services): Endpoint[] {
  const app = createHttpApp(services, {
    handlePage: async () => new Response("page"),
    staticDir: clientBuildDir,
  });
  const publicFiles = new Set(
    app.routes.filter((r) => r.method === "GET" && /^\/[^/]+\.[a-z0-9]+$/i.test(r.path)),
  );
  const byPath = new Map<string, Set<string>>();
  for (const route of app.routes) {
    // Middleware and the page fallback ("*") are not routes of their own; nor are static files.
    if (route.path === "*" || route.path === "/*" || publicFiles.has(route)) continue;
    if (route.path.startsWith("/assets")) continue;
    const methods = byPath.get(route.path) ?? new Set<string>();
    if (route.method === "ALL") for (const m of ["GET", "POST", "PUT", "DELETE"]) methods.add(m);
    else methods.add(route.method);
    byPath.set(route.path, methods);
  }
  return [...byPath].map(([pattern, methods]) => ({
    pattern,
    methods: [...methods],
    source: "hono" as const,
    changesData: [...methods].some((m) => m !== "GET" && m !== "HEAD"),
  }));
}

/**
 * Words the forms use, read from the server bundle: field names, and the
 * `intent` values actions switch on. Random bodies draw from these so they
 * reach past the first "unknown intent" check.
 */
export function vocabulary(): { fields: string[]; intents: string[] } {
  const bundle = readFileSync(serverBuildPath, "utf8");
  const collect = (pattern: RegExp) => {
    const found = new Set<string>();
    for (const match of bundle.matchAll(pattern)) found.add(match[1]!);
    return [...found];
  };
  const intents = [
    ...new Set([
      ...collect(/name: "intent",\s*value: "([A-Za-z_-]{2,40})"/g),
      ...collect(/intent === "([A-Za-z_-]{2,40})"/g),
      ...collect(/case "([A-Za-z_-]{2,40})":/g),
    ]),
  ];
  const fields = collect(/name: "([A-Za-z_][A-Za-z0-9_.-]{0,40})"/g).filter(
    (name) => !/^(viewport|description|robots|theme-color)$/.test(name),
  );
  return { fields: [...new Set(["intent", ...fields])], intents };
}

export interface Snapshot {
  [table: string]: string;
}

/** Tables whose rows a refused request may legitimately touch. */
export const VOLATILE_TABLES = new Set([
  // Every attempt, refused or not, counts against its rate limit.
  "rate_limits",
]);

const snapshotSql = new Map<string, string>();

/**
 * Row count and an md5 of every row of every table, in one statement. With
 * `exceptUser`, rows that user owns (`user_id`, or the user's own `user` and
 * `profiles` rows) are left out: changing your own data is what forms are for.
 */
export async function snapshot(services: Services, exceptUser?: string): Promise<Snapshot> {
  const cacheKey = exceptUser ?? "";
  let query = snapshotSql.get(cacheKey);
  if (!query) {
    const columns = rowsOf(
      (await services.db.execute(sql`
        select c.table_name as name, bool_or(c.column_name = 'user_id') as owned
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        group by c.table_name order by c.table_name`)) as unknown,
    );
    const quoted = exceptUser ? `'${exceptUser.replace(/'/g, "''")}'` : "";
    query = columns
      .filter((r) => !VOLATILE_TABLES.has(String(r.name)))
      .map((r) => {
        const n = String(r.name);
        const owned = r.owned === true || r.owned === "t";
        const filter = !exceptUser
          ? ""
          : n === "user" || n === "profiles"
            ? ` where t.id::text <> ${quoted}`
            : owned
              ? ` where t.user_id is distinct from ${quoted}`
              : "";
        return `select '${n}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum from "${n}" t${filter}`;
      })
      .join(" union all ");
    snapshotSql.set(cacheKey, query);
  }
  const result = (await services.db.execute(sql.raw(query))) as unknown;
  return Object.fromEntries(rowsOf(result).map((r) => [String(r.name), String(r.sum)]));
}

/** The tables that differ between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

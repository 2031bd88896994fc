import { randomBytes, timingSafeEqual } from "node:crypto";
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { etag } from "hono/etag";
import { createMiddleware } from "hono/factory";
import type { AppLoadContext } from "react-router";
import { cardAlertJson } from "#server/alerts/card-alert.ts";
import { isValidMetaSignature, META_WEBHOOK_PATH, type MetaConfig } from "#server/delivery/meta.ts";
import { handleTwilioInbound, TWILIO_INBOUND_PATH } from "#server/delivery/twilio-inbound.ts";
import {
  applyTwilioStatus,
  isValidTwilioSignature,
  TWILIO_STATUS_PATH,
} from "#server/delivery/twilio-status.ts";
import { applyMetaWebhook } from "#server/domain/meta-links.ts";
import { cardHarvestLimit } from "#server/security/card-harvest.ts";
import type { Services } from "#server/services.ts";
import { bodyLimits } from "./body-limits.ts";
import { cardRenderCache } from "./card-cache.ts";
import { clientAddressFrom, isLoopback } from "./client-address.ts";
import { formBodiesOnly } from "./form-bodies.ts";
import { knownMethodsOnly } from "./methods.ts";
import { operatorRoutes } from "./operator.ts";
import { pageRenderCache } from "./page-cache.ts";
import { sameOriginOnly } from "./same-origin.ts";
import { securityHeaders } from "./security-headers.ts";
import { refuseWebhook, twilioParams, WEBHOOK_REFUSALS } from "./webhooks.ts";

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The verify token Meta echoes in its handshake, compared in constant time. */
function sameSecret(meta: MetaConfig, given: string | undefined): boolean {
  if (!meta.verifyToken || !given) return false;
  const expected = Buffer.from(meta.verifyToken);
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export type PageHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

type Env = {
  Variables: { requestId: string; cspNonce: string; clientAddress: string };
};

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

function clientAddressOf(c: Parameters<typeof getConnInfo>[0], trustProxyHops: number): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // Requests made in-process (tests) have no socket.
  }
  return clientAddressFrom(socketAddress, c.req.header("x-forwarded-for"), trustProxyHops);
}

/**
 * The HTTP surface of one SafeTap instance: health checks, static assets, auth,
 * operator endpoints, and every page through React Router.
 */
export function createHttpApp(
  services: Services,
  options: { handlePage: PageHandler; staticDir?: string; devMode?: boolean },
) {
  const { config, logger } = services;
  const app = new Hono<Env>();

  app.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set("requestId", requestId);
    // Hex, so the value reads the same in HTML, JSON and script text (card-cache.ts).
    c.set("cspNonce", randomBytes(16).toString("hex"));
    c.set("clientAddress", clientAddressOf(c, config.trustProxyHops));
    const started = performance.now();
    let failed: unknown;
    try {
      await next();
    } catch (error) {
      failed = error;
      throw error;
    } finally {
      const status = failed ? 500 : c.res.status;
      const line = {
        reqId: requestId,
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ip: c.get("clientAddress"),
      };
      if (failed) logger.error({ ...line, err: failed }, "request failed");
      else if (status >= 500) logger.error(line, "request");
      else logger.info(line, "request");
    }
    c.header("X-Request-Id", requestId);
  });

  app.use(securityHeaders({ isProduction: config.isProduction, devMode: options.devMode }));

  // Before anything reads the request: its method, then its body's size.
  app.use(knownMethodsOnly());
  app.use(bodyLimits());

  app.use(sameOriginOnly(config.publicUrl));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await services.database.ping();
      return c.json({ status: "ready", database: services.database.kind });
    } catch (error) {
      logger.warn({ err: error }, "readiness check failed");
      return c.json({ status: "unavailable", database: services.database.kind }, 503);
    }
  });

  if (options.staticDir) {
    const root = options.staticDir;
    const cacheFor = (value: string) =>
      createMiddleware(async (c, next) => {
        await next();
        if (c.res.ok) c.header("Cache-Control", value);
      });
    // Content-hashed file names: a changed file gets a new name, so cache for good.
    app.use("/assets/*", cacheFor("public, max-age=31536000, immutable"));
    app.use("/assets/*", serveStatic({ root, precompressed: true }));
    // Hashed assets that do not exist must not fall through to a page render.
    app.all("/assets/*", (c) => c.text("Not found", 404));
    // The guide's pictures (decision 153): unhashed, regenerated rarely, so a day's cache.
    app.use("/guide/*", cacheFor("public, max-age=86400"));
    app.use("/guide/*", serveStatic({ root }));
    app.all("/guide/*", (c) => c.text("Not found", 404));
    // Unhashed public files (favicon, manifest, service worker): a short cache.
    // The list is fixed by the build, so every other path goes to the pages.
    // The service worker (docs/decisions/050): revalidated on every check so a new
    // build takes over at the next visit; its scope is the whole site.
    const workerFile = path.join(root, "sw.js");
    app.get("/sw.js", compress(), etag(), async (c) => {
      const code = await readFile(workerFile, "utf8").catch(() => null);
      if (!code) return c.text("Not found", 404);
      return c.body(code, 200, {
        "Content-Type": "text/javascript; charset=utf-8",
        "Cache-Control": "no-cache",
        "Service-Worker-Allowed": "/",
      });
    });
    const publicFiles = serveStatic({ root, precompressed: true });
    const shortCache = cacheFor("public, max-age=3600");
    for (const entry of readdirSync(root, { withFileTypes: true })) {
      if (entry.isFile() && entry.name !== "sw.js" && !/\.(br|gz)$/.test(entry.name)) {
        app.get(`/${entry.name}`, shortCache, publicFiles);
      }
    }
  }

  app.route("/internal/operator", operatorRoutes(services));

  // Twilio's delivery reports: signed with the auth token, so no session and no
  // same-origin check apply; an unsigned or wrongly signed report is refused.
  app.post(TWILIO_STATUS_PATH, async (c) => {
    if (!config.twilio) return c.text("Not found", 404);
    // An unsigned report is refused before its body is read.
    const signature = c.req.header("x-twilio-signature");
    if (!signature) return c.text("Invalid signature", 403);
    const params = await twilioParams(c);
    if (!params) return c.text("Bad request", 400);
    // Twilio signs the URL it was given, which is the public one.
    const url = new URL(TWILIO_STATUS_PATH, config.publicUrl).toString();
    if (!isValidTwilioSignature(config.twilio.authToken, url, params, signature)) {
      return c.text("Invalid signature", 403);
    }
    await applyTwilioStatus(services.db, params);
    return c.body(null, 204);
  });

  // Meta's webhook (decision 149): the verification handshake, then events signed with the app
  // secret over the raw body. A refusal changes nothing and leaves an audit line (a few per
  // address and hour: a flood of forgeries cannot fill the log).
  app.get(META_WEBHOOK_PATH, (c) => {
    if (!config.meta) return c.text("Not found", 404);
    const challenge = c.req.query("hub.challenge") ?? "";
    const verified =
      c.req.query("hub.mode") === "subscribe" &&
      sameSecret(config.meta, c.req.query("hub.verify_token")) &&
      /^[A-Za-z0-9_-]{1,128}$/.test(challenge);
    return verified ? c.text(challenge, 200) : c.text("Forbidden", 403);
  });
  app.post(META_WEBHOOK_PATH, async (c) => {
    if (!config.meta) return c.text("Not found", 404);
    const refuse = (reason: string) =>
      refuseWebhook(services, c, c.get("clientAddress"), WEBHOOK_REFUSALS.meta, reason);
    const signature = c.req.header("x-hub-signature-256");
    // An unsigned event is refused before its body is read.
    if (!signature) return refuse("missing_signature");
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (!isValidMetaSignature(config.meta.appSecret, raw, signature)) {
      return refuse("bad_signature");
    }
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      return c.text("Bad request: the body is not JSON", 400);
    }
    // Anything SafeTap does not use is still answered 200: Meta retries, then disables, on others.
    await applyMetaWebhook(services, body);
    return c.text("EVENT_RECEIVED", 200);
  });

  // Replies to SafeTap's numbers: STOP, START and HELP (decision 148), signed like the reports.
  // A refusal changes nothing and leaves an audit line.
  app.post(TWILIO_INBOUND_PATH, async (c) => {
    if (!config.twilio) return c.text("Not found", 404);
    const refuse = (reason: string) =>
      refuseWebhook(services, c, c.get("clientAddress"), WEBHOOK_REFUSALS.twilioInbound, reason);
    const signature = c.req.header("x-twilio-signature");
    // An unsigned reply is refused before its body is read.
    if (!signature) return refuse("missing_signature");
    const params = await twilioParams(c);
    if (!params) return c.text("Bad request", 400);
    const url = new URL(TWILIO_INBOUND_PATH, config.publicUrl).toString();
    if (!isValidTwilioSignature(config.twilio.authToken, url, params, signature)) {
      return refuse("bad_signature");
    }
    const answer = await handleTwilioInbound(
      {
        db: services.db,
        logger,
        masterKey: config.dataEncryptionKey,
        supportEmail: config.supportEmail,
      },
      params,
      c.get("clientAddress"),
    );
    return c.body(answer, 200, { "Content-Type": "text/xml; charset=utf-8" });
  });

  // Sign-up, sign-in and password changes go through SafeTap's own steps
  // (server/auth/flows.ts); of Better Auth's own URLs only these are public.
  app.get("/api/auth/get-session", (c) => services.auth.handler(c.req.raw));
  app.post("/api/auth/sign-out", (c) => services.auth.handler(c.req.raw));
  app.all("/api/auth/*", (c) => c.json({ error: "Not found" }, 404));

  // The dev outbox (a demo's stand-in for providers) answers only in a demo, and
  // only to this machine unless DEV_OUTBOX_PUBLIC says otherwise (decision 120).
  // React Router matches paths without regard to case, so this does too.
  app.use("*", async (c, next) => {
    if (!/^\/+dev\/+outbox/i.test(safeDecode(c.req.path))) return next();
    const open = config.demoMode && (config.devOutboxPublic || isLoopback(c.get("clientAddress")));
    if (!open) return c.text("Not found", 404);
    return next();
  });

  app.use("*", compress());
  app.use("*", formBodiesOnly());
  const loadContext = (c: Context<Env>): AppLoadContext => ({
    services,
    cspNonce: c.get("cspNonce"),
    requestId: c.get("requestId"),
    clientAddress: c.get("clientAddress"),
  });
  // Scans, reveals and .data URLs per address, in front of the render cache (decision 112).
  app.use("/t/*", cardHarvestLimit());
  app.post("/t/:tagId/alert", (c) =>
    cardAlertJson(services, c.req.param("tagId"), c.req.raw, c.get("clientAddress")),
  );
  const cardCache = cardRenderCache(options.handlePage);
  app.get("/t/:tagId", (c) => cardCache(c.req.raw, loadContext(c)));
  // Marketing and content pages from their render cache (decision 154); not in development,
  // where the code under them changes.
  const handlePage = options.devMode
    ? options.handlePage
    : pageRenderCache(options.handlePage, services);
  app.all("*", (c) => handlePage(c.req.raw, loadContext(c)));

  app.onError((error, c) => {
    logger.error({ err: error, reqId: c.get("requestId") }, "unhandled error");
    return c.text("Internal Server Error", 500);
  });

  return app;
}

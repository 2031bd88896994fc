import type { MiddlewareHandler } from "hono";
import { limitFor } from "./body-limits.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
/** Far above any form of ours (the largest is the onboarding form with three contacts). */
export const MAX_FORM_BYTES = 256 * 1024;

/**
 * Every page action reads a form (`request.formData()`), which throws on any
 * other body: a JSON, text or broken multipart body would surface as a 500 page.
 * Refuse those up front with a clear 4xx instead: 415 for another content type,
 * 413 for an oversized body, 400 for a form that cannot be read. A route that
 * one day takes JSON must be let through here explicitly (decision 071).
 */
export function formBodiesOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const type = c.req.header("content-type") ?? "";
    if (!type) {
      // A bare POST (a button with no fields, sent by a script): an empty form.
      const body = await readAtMost(c.req.raw.clone(), MAX_FORM_BYTES).catch(() => null);
      if (body && body !== "too large" && body.byteLength === 0) {
        const headers = new Headers(c.req.raw.headers);
        headers.set("content-type", "application/x-www-form-urlencoded");
        c.req.raw = new Request(c.req.raw.url, {
          method: c.req.method,
          headers,
          body: "",
          signal: c.req.raw.signal,
        });
        return next();
      }
    }
    if (!FORM_TYPES.test(type)) {
      return c.text(
        "Unsupported Media Type: send forms as application/x-www-form-urlencoded or multipart/form-data",
        415,
      );
    }
    // The size was checked by the body limit in front (body-limits.ts); this is a second guard,
    // with the same limit per path (a photo upload takes more than a page form).
    const limit = limitFor(c.req.path);
    const declared = Number(c.req.header("content-length") ?? "0");
    if (declared > limit) return c.text("Payload Too Large", 413);
    const body = await readAtMost(c.req.raw.clone(), limit).catch(() => null);
    if (body === "too large") return c.text("Payload Too Large", 413);
    if (!body) return c.text("Bad Request: the form could not be read", 400);
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": type } })
      .formData()
      .catch(() => null);
    if (!form) return c.text("Bad Request: the form could not be read", 400);
    // PostgreSQL refuses a NUL in text, and no field of ours takes one: refuse it
    // here rather than as a failed query (files are left alone).
    for (const [name, value] of form) {
      if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) {
        return c.text("Bad Request: the form contains a NUL character", 400);
      }
    }
    return next();
  };
}

/** The body's bytes, without holding more than `limit` of them in memory. */
async function readAtMost(request: Request, limit: number): Promise<Buffer | "too large"> {
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return "too large";
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

import type { MiddlewareHandler } from "hono";
import { countryFromAcceptLanguage, emergencyNumberFor } from "#core/emergency-numbers.ts";
import { detectRequestLanguage, type Language } from "#core/languages.ts";
import en from "#core/locales/en/card.json";
import es from "#core/locales/es/card.json";
import fr from "#core/locales/fr/card.json";
import vi from "#core/locales/vi/card.json";
import type { Services } from "#server/services.ts";
import { addressKey } from "./address-key.ts";
import type { RateRule } from "./rate-limit.ts";

/**
 * Bounds on harvesting public cards (issue 13 item 6, decision 112): the
 * card, its `.data` URL and its form posts, counted per address (an IPv6
 * /64). Generous for a responder (a few cards, a few reloads), a tiny 429
 * page with the local emergency number for a scraper. Counted in memory per
 * instance, in front of the card's render cache, so a refusal costs no query.
 * Numbers: docs/decisions/012-rate-limits.md (## abuse).
 */
export const CARD_HARVEST_LIMITS = {
  /** Requests for cards from one address in ten minutes (mobile carriers share addresses). */
  requests: { points: 300, windowSeconds: 600 },
  /** Different cards from one address in an hour: a responder sees one or two. */
  distinctTags: { points: 30, windowSeconds: 3600 },
  /** Addresses remembered at once; beyond it the oldest windows are forgotten. */
  maxAddresses: 100_000,
};

/** Medical reveals, counted in the shared limiter. */
export const REVEAL_RULES = {
  address: { name: "card-reveal:address", points: 10, windowSeconds: 3600 },
  tag: { name: "card-reveal:tag", points: 20, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;

interface Window {
  requestsFrom: number;
  requests: number;
  tagsFrom: number;
  tags: Set<string>;
}

type LimitStrings = { title: string; body: string; call: string };
const STRINGS: Record<Language, LimitStrings> = {
  en: en.limited,
  es: es.limited,
  fr: fr.limited,
  vi: vi.limited,
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c,
  );

/** The tiny page a refused reader gets: what happened and the emergency number. */
export function tooManyCardsPage(request: Request, retryAfterSeconds: number): Response {
  const language = detectRequestLanguage(request);
  const strings = STRINGS[language];
  const number = emergencyNumberFor(
    countryFromAcceptLanguage(request.headers.get("accept-language")),
  );
  const fill = (text: string) => escapeHtml(text.replaceAll("{{number}}", number));
  const html = `<!doctype html><html lang="${language}"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${fill(strings.title)}</title><body style="font:18px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem"><h1>${fill(strings.title)}</h1><p>${fill(strings.body)}</p><p><a href="tel:${number}" style="display:block;padding:1rem;border:2px solid #b91c1c;border-radius:.75rem;color:#b91c1c;font-weight:700;font-size:1.5rem;text-align:center;text-decoration:none">${fill(strings.call)}</a></p></body></html>`;
  return new Response(html, {
    status: 429,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(retryAfterSeconds),
    },
  });
}

/** `/t/{id}`, `/t/{id}.data` and posts to them; a card's status and alert URLs have their own limits. */
function cardIdOf(path: string): string | null {
  const match = path.match(/^\/t\/([^/]+?)(?:\.data)?\/?$/);
  return match ? match[1]!.toUpperCase() : null;
}

/** The middleware in front of the card (and its render cache). */
export function cardHarvestLimit(): MiddlewareHandler {
  const windows = new Map<string, Window>();
  const { requests, distinctTags, maxAddresses } = CARD_HARVEST_LIMITS;
  return async (c, next) => {
    const tagId = cardIdOf(c.req.path);
    if (!tagId) return next();
    const now = Date.now();
    const key = addressKey(String(c.get("clientAddress") ?? "unknown"));
    let window = windows.get(key);
    if (!window) {
      if (windows.size >= maxAddresses) windows.delete(windows.keys().next().value!);
      window = { requestsFrom: now, requests: 0, tagsFrom: now, tags: new Set() };
      windows.set(key, window);
    }
    if (now - window.requestsFrom >= requests.windowSeconds * 1000) {
      Object.assign(window, { requestsFrom: now, requests: 0 });
    }
    if (now - window.tagsFrom >= distinctTags.windowSeconds * 1000) {
      Object.assign(window, { tagsFrom: now, tags: new Set() });
    }
    window.requests++;
    const seen = window.tags.has(tagId);
    if (!seen && window.tags.size < distinctTags.points) window.tags.add(tagId);
    if (window.requests > requests.points) {
      const wait = Math.ceil((window.requestsFrom + requests.windowSeconds * 1000 - now) / 1000);
      return tooManyCardsPage(c.req.raw, Math.max(1, wait));
    }
    if (!seen && !window.tags.has(tagId)) {
      const wait = Math.ceil((window.tagsFrom + distinctTags.windowSeconds * 1000 - now) / 1000);
      return tooManyCardsPage(c.req.raw, Math.max(1, wait));
    }
    return next();
  };
}

/** Whether a medical reveal may go ahead; the seconds to wait when not. */
export async function revealAllowed(
  services: Services,
  tagId: string,
  clientAddress: string,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const byAddress = await services.limiter.consume(REVEAL_RULES.address, addressKey(clientAddress));
  if (!byAddress.allowed) return byAddress;
  return services.limiter.consume(REVEAL_RULES.tag, tagId);
}

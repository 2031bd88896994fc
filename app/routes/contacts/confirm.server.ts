import { data } from "react-router";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import {
  answerContactLink,
  type ContactLinkView,
  viewContactLink,
} from "#server/domain/contact-consent.ts";
import { issueContactToken } from "#server/domain/contact-tokens.ts";
import { addressKey } from "#server/security/address-key.ts";
import type { RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";

/**
 * Links are 24 random bytes, so guessing is hopeless; each look-up still costs queries, so one
 * address opens and answers at most this many in its window (a family answering for several
 * people fits well within it).
 */
export const CONTACT_LINK_RULE: RateRule = {
  name: "contact-link:address",
  points: 60,
  windowSeconds: 900,
};

export interface ContactLinkPage {
  title: string;
  view: ContactLinkView;
  /** After a confirmation, with Messenger or Instagram configured: where the contact links one. */
  linkUrl: string | null;
}

const STATUS: Record<ContactLinkView["status"], number> = {
  valid: 200,
  answered: 200,
  used: 410,
  expired: 410,
  unknown: 404,
};

function page(request: Request, view: ContactLinkView, linkUrl: string | null = null) {
  const t = requestTranslator(request);
  const title =
    view.status === "valid" || view.status === "answered"
      ? view.purpose === "current_check"
        ? t("consent:page.checkTitle", { owner: view.person ?? view.owner })
        : t("consent:page.title", { owner: view.owner })
      : t(`consent:page.${view.status}`);
  const body: ContactLinkPage = { title, view, linkUrl };
  return data(body, { status: STATUS[view.status] });
}

async function allowed(services: Services, clientAddress: string, request: Request) {
  const decision = await services.limiter.consume(CONTACT_LINK_RULE, addressKey(clientAddress));
  if (decision.allowed) return;
  const t = requestTranslator(request);
  throw data(
    { title: t("consent:page.tooMany") },
    {
      status: 429,
      statusText: "Too Many Requests",
      headers: { "Retry-After": String(decision.retryAfterSeconds) },
    },
  );
}

/** Opening the link only shows the question: it is never spent by a GET (mail scanners open links). */
export async function showContactLink(
  services: Services,
  clientAddress: string,
  token: string,
  request: Request,
) {
  await allowed(services, clientAddress, request);
  return page(request, await viewContactLink(services, token));
}

/** Confirm or decline (and for "still current?", yes or no): spends the link with the answer. */
export async function answerContactLinkPage(
  services: Services,
  clientAddress: string,
  token: string,
  request: Request,
) {
  await allowed(services, clientAddress, request);
  const form = await request.formData();
  const answer = form.get("answer");
  if (answer !== "confirm" && answer !== "decline") {
    throw data(
      { title: requestTranslator(request)("consent:page.badAnswer") },
      { status: 400, statusText: "Bad Request" },
    );
  }
  const { view, contactId } = await answerContactLink(services, token, answer, clientAddress);
  // A contact who confirmed may also take alerts on Messenger or Instagram (decision 147).
  const linkUrl =
    contactId && services.config.meta
      ? `/c/link/${await issueContactToken(services.db, contactId, "link")}`
      : null;
  return page(request, view, linkUrl);
}

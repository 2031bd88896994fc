import { type AppLoadContext, data } from "react-router";
import { requestI18n } from "#app/lib/i18n.server.ts";
import type { LinkedChannel } from "#core/channels.ts";
import {
  LINK_RULES,
  type LinkPageState,
  linkPageState,
  linkTargets,
  unlinkWithToken,
} from "#server/domain/meta-links.ts";
import { addressKey } from "#server/security/address-key.ts";

export type LinkViewState = LinkPageState["state"] | "unavailable" | "limited" | "unlinked";

export interface LinkView {
  seo: { title: string; description: string };
  state: LinkViewState;
  person: string;
  contactName: string;
  linkedChannel: LinkedChannel | null;
  canUnlink: boolean;
  targets: { channel: LinkedChannel; href: string }[];
  minutes: number;
}

function view(
  request: Request,
  state: LinkViewState,
  extra: Partial<Omit<LinkView, "seo" | "state">> = {},
): LinkView {
  const { t } = requestI18n(request);
  return {
    seo: { title: t("contact-link:page.title"), description: t("contact-link:page.description") },
    state,
    person: "",
    contactName: "",
    linkedChannel: null,
    canUnlink: false,
    targets: [],
    minutes: 0,
    ...extra,
  };
}

/** A wrong token is counted per address (guessing); a right one never is. */
async function refusal(request: Request, context: AppLoadContext) {
  const decision = await context.services.limiter.consume(
    LINK_RULES.pageAddress,
    addressKey(context.clientAddress),
  );
  return decision.allowed
    ? data(view(request, "unknown"), { status: 404 })
    : data(view(request, "limited", { minutes: Math.ceil(decision.retryAfterSeconds / 60) }), {
        status: 429,
      });
}

/**
 * /c/link/{token} (decision 149): a contact links their Messenger or Instagram account with the
 * single-use `link` token they were given. No sign-in: the token is bound to one contact. The page
 * shows the referral links while the token is unused, "Linked" once Meta's webhook spent it, and
 * lets the contact remove the link until the token expires. Without Meta configured it does not
 * exist.
 */
export async function linkPage(request: Request, context: AppLoadContext, token?: string) {
  const { config, db } = context.services;
  if (!config.meta) return data(view(request, "unavailable"), { status: 404 });
  const found = await linkPageState(db, token);
  switch (found.state) {
    case "unknown":
      return refusal(request, context);
    case "expired":
      return data(view(request, found.state, { person: found.person }), { status: 410 });
    case "used":
      // Spent by a link since removed: an answer, not an error (the page after unlinking).
      return view(request, found.state, { person: found.person });
    case "ready":
    case "linked":
      return view(request, found.state, {
        person: found.person,
        contactName: found.contactName,
        linkedChannel: found.linkedChannel,
        canUnlink: found.canUnlink,
        targets: found.state === "ready" ? linkTargets(config, token!) : [],
      });
  }
}

/** "Stop alerts on Messenger": the contact removes their linked account. */
export async function linkAction(request: Request, context: AppLoadContext, token?: string) {
  const { config, db } = context.services;
  if (!config.meta) return data(view(request, "unavailable"), { status: 404 });
  const form = await request.formData();
  const found = await linkPageState(db, token);
  if (found.state === "unknown") return refusal(request, context);
  if (form.get("intent") !== "unlink" || (found.state !== "ready" && found.state !== "linked")) {
    return linkPage(request, context, token);
  }
  const removed = await unlinkWithToken(db, token);
  return view(request, removed ? "unlinked" : found.state, {
    person: found.person,
    contactName: found.contactName,
    linkedChannel: removed ? found.linkedChannel : null,
    targets: removed || found.state !== "ready" ? [] : linkTargets(config, token!),
  });
}

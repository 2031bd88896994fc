import { data, redirect } from "react-router";
import type { ActiveCardData, CardActionResult } from "#app/components/card/card-data.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { countryFromAcceptLanguage, emergencyNumberFor } from "#core/emergency-numbers.ts";
import { photoPath } from "#core/photos.ts";
import { normaliseTagId } from "#core/tag-ids.ts";
import { raiseCardAlert } from "#server/alerts/card-alert.ts";
import { notifyOwnerTagFound } from "#server/domain/found-tag.ts";
import {
  alertStatus,
  cardRenderInputs,
  countsAsScan,
  loadPublicCard,
  recordScan,
  revealMedical,
} from "#server/domain/public-card.ts";
import { recordHandover } from "#server/domain/responder-handover.ts";
import { revealAllowed } from "#server/security/card-harvest.ts";
import type { Route } from "./+types/card";
import { holdsStatusToken } from "./status.server.ts";

/**
 * The card's page data: 'Tag not found' (404), the lost card, or the active
 * card, whose scan is counted. An unclaimed tag goes to its claim page.
 */
export async function loadCardPage({ params, request, context }: Route.LoaderArgs) {
  const tagId = normaliseTagId(params.tagId);
  if (!tagId) throw redirect("/");
  const { services } = context;
  const card = await loadPublicCard(services, tagId);
  const t = requestTranslator(request);
  const readerCountry = countryFromAcceptLanguage(request.headers.get("accept-language"));
  if (card.state === "missing") {
    // Spec 'Tag not found', with the emergency number and a field to type the id again.
    return data(
      {
        state: "missing" as const,
        tagId,
        title: t("card:notFound.title"),
        emergencyNumber: emergencyNumberFor(readerCountry),
      },
      { status: 404 },
    );
  }
  if (card.state === "unclaimed") throw redirect(`/claim/${encodeURIComponent(tagId)}`);
  if (card.state === "deactivated") {
    // A lost tag's scan is what its owner most wants to hear of (scan notices, decision 134).
    if (countsAsScan(request)) {
      recordScan(services, { tagId, ownerId: card.ownerId }, context.clientAddress);
    }
    return {
      state: "deactivated" as const,
      tagId,
      title: t("card:deactivated.title"),
      emergencyNumber: emergencyNumberFor(readerCountry ?? card.ownerCountry),
    };
  }
  if (countsAsScan(request)) {
    recordScan(services, { tagId, ownerId: card.ownerId }, context.clientAddress);
  }

  // A browser without JavaScript follows its alert's status through the address.
  const url = new URL(request.url);
  const alertId = url.searchParams.get("alert");
  const token = url.searchParams.get("token") ?? "";
  const status =
    alertId && holdsStatusToken(services, alertId, token)
      ? await alertStatus(services, alertId, card.contacts.length > 0)
      : null;

  const inputs = cardRenderInputs(request, card);
  return {
    state: "active",
    tagId,
    title: `${t("card:title")} · ${card.fullName || t("card:personInNeed")}`,
    fullName: card.fullName,
    isMinor: card.isMinor,
    ward: card.ward,
    photoSrc: card.photoVersion ? photoPath(card.profileId, card.photoVersion, "small") : null,
    hasMedical: card.hasMedical,
    confirmedDaysAgo: card.confirmedDaysAgo,
    contacts: card.contacts,
    canAlert: card.contactCount > 0,
    emergencyNumber: emergencyNumberFor(inputs.readerCountry ?? card.ownerCountry),
    idempotencyKey: context.renderSeed?.idempotencyKey ?? crypto.randomUUID(),
    followed: status && alertId ? { alertId, token, status } : null,
  } satisfies ActiveCardData;
}

const invalidPost = () =>
  data<CardActionResult>({ intent: "alert", ok: false, reason: "invalid" }, { status: 400 });

const FOUND_STATUS = { refused: 404, too_long: 400, rate_limited: 429, failed: 503 } as const;

/** The card's form posts: reveal the medical details, raise an alert, or tell the owner "found". */
export async function answerCardForm({ params, request, context }: Route.ActionArgs) {
  const tagId = normaliseTagId(params.tagId);
  if (!tagId) return invalidPost();
  const { services } = context;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "reveal") {
    const allowed = await revealAllowed(services, tagId, context.clientAddress);
    if (!allowed.allowed) {
      return data<CardActionResult>(
        { intent: "reveal", medical: null, limited: true },
        { status: 429, headers: { "Retry-After": String(allowed.retryAfterSeconds) } },
      );
    }
    const medical = await revealMedical(services, tagId, context.clientAddress);
    return data<CardActionResult>({ intent: "reveal", medical }, { status: medical ? 200 : 404 });
  }
  if (intent === "found") {
    const found = await notifyOwnerTagFound(services, {
      tagId,
      message: form.get("message"),
      clientAddress: context.clientAddress,
    });
    return data<CardActionResult>(
      { intent: "found", ...found },
      { status: found.ok ? 200 : FOUND_STATUS[found.reason] },
    );
  }
  if (intent === "handover") {
    const answer = await recordHandover(services, {
      tagId,
      form,
      request,
      clientAddress: context.clientAddress,
    });
    return data<CardActionResult>(answer.result, {
      status: answer.status,
      headers: answer.headers,
    });
  }
  if (intent !== "alert") return invalidPost();
  const answer = await raiseCardAlert(services, tagId, form, request, context.clientAddress);
  // Without JavaScript the alert is a new page: it keeps the medical section open.
  // The reveal's own limit applies here too, so alerts cannot be used to harvest.
  const reshow =
    form.get("medical") === "shown" &&
    (await revealAllowed(services, tagId, context.clientAddress)).allowed;
  const medical = reshow
    ? { medical: await revealMedical(services, tagId, context.clientAddress) }
    : {};
  return data<CardActionResult>(
    { ...answer.result, ...medical },
    { status: answer.status, headers: answer.headers },
  );
}

import { type AppLoadContext, data, redirect } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { noticeCookie, takeNotice } from "#app/lib/notices.server.ts";
import { parseIdentifier } from "#core/validation.ts";
import {
  householdOverview,
  inviteAdult,
  leaveHousehold,
  removeMember,
  revokeInvitation,
} from "#server/domain/households.ts";

export const HOUSEHOLD_PATH = "/dashboard/household";

/** The household page's answer to a form: a notice, and the invite form's field and values. */
export interface HouseholdActionData {
  notice: NoticeData;
  form: "invite" | "members" | "invitations";
  fieldError?: string;
  identifier?: string;
}

const signInFirst = `/auth?mode=signin&redirect=${encodeURIComponent(HOUSEHOLD_PATH)}`;

/** The household page (issue 15 item 5): members, seats, shared allowances, invitations. */
export async function householdPage(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context, signInFirst);
  const { db, config } = context.services;
  const overview = await householdOverview(db, user.id);
  const t = requestTranslator(request);
  const arrival = takeNotice(request, "page", config.isProduction);
  const page = {
    seo: { title: t("account:household.title"), description: t("account:household.subtitle") },
    notice: arrival?.notice ?? null,
    household: overview && {
      ...overview,
      members: overview.members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
      invitations: overview.invitations.map((i) => ({
        ...i,
        sentAt: i.sentAt.toISOString(),
        expiresAt: i.expiresAt.toISOString(),
      })),
      people: overview.people.map((p) => ({
        id: p.id,
        fullName: p.fullName,
        isMinor: p.isMinor,
        isAccount: p.isAccount,
        managed: p.managed,
      })),
    },
  };
  return arrival ? data(page, { headers: arrival.headers }) : page;
}

const reply = (answer: HouseholdActionData, status: number) =>
  data<HouseholdActionData>(answer, { status });

/** Invite, revoke, remove (owner) and leave (member); removal and leaving need `confirm=yes`. */
export async function householdAction(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context, signInFirst);
  const { services } = context;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const confirmed = form.get("confirm") === "yes";
  const error = (
    title: string,
    status: number,
    extra: Partial<HouseholdActionData> & { description?: string } = {},
    values?: Record<string, number>,
  ) => {
    const { description, ...rest } = extra;
    return reply(
      {
        notice: { tone: "error", title, description, values },
        form: intent === "invite" ? "invite" : intent === "revoke" ? "invitations" : "members",
        ...rest,
      },
      status,
    );
  };

  switch (intent) {
    case "invite": {
      const raw = typeof form.get("identifier") === "string" ? String(form.get("identifier")) : "";
      const parsed = parseIdentifier(raw);
      if (!parsed.ok) {
        return error("account:household.errors.inviteFailed", 400, {
          description: parsed.error,
          fieldError: parsed.error,
          identifier: raw.slice(0, 255),
        });
      }
      const result = await inviteAdult(services, {
        userId: user.id,
        identifier: parsed.identifier,
        clientAddress: context.clientAddress,
      });
      if (result.ok) {
        return reply(
          {
            notice: {
              tone: "success",
              title: "account:household.invited",
              values: { identifier: parsed.identifier.value },
            },
            form: "invite",
          },
          200,
        );
      }
      const echo = { identifier: raw.slice(0, 255) };
      switch (result.reason) {
        case "not_owner":
          return error("account:household.errors.ownerOnly", 403);
        case "already_member":
          return error("account:household.errors.inviteFailed", 400, {
            ...echo,
            description: "account:household.errors.alreadyMember",
          });
        case "already_invited":
          return error("account:household.errors.inviteFailed", 409, {
            ...echo,
            description: "account:household.errors.alreadyInvited",
          });
        case "seat_limit":
          return error(
            "account:household.errors.inviteFailed",
            403,
            { ...echo, description: "account:household.errors.seatLimit" },
            { limit: result.limit },
          );
        case "message_limit":
          return error("account:household.errors.inviteFailed", 403, {
            ...echo,
            description: "account:household.errors.messageLimit",
          });
        case "rate_limited": {
          const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
          return error(
            "account:household.errors.inviteFailed",
            429,
            { ...echo, description: "account:household.errors.tooMany" },
            { n: minutes, count: minutes },
          );
        }
      }
      break;
    }
    case "revoke": {
      const result = await revokeInvitation(services, user.id, String(form.get("invitationId")));
      if (result.ok) {
        return reply(
          { notice: { tone: "success", title: "account:household.revoked" }, form: "invitations" },
          200,
        );
      }
      return result.reason === "not_owner"
        ? error("account:household.errors.ownerOnly", 403)
        : error("account:household.errors.revokeFailed", 404, {
            description: "account:household.errors.invitationGone",
          });
    }
    case "remove": {
      if (!confirmed) {
        return error("account:household.errors.removeFailed", 400, {
          description: "account:household.errors.notConfirmed",
        });
      }
      const result = await removeMember(services, user.id, form.get("memberId"));
      if (result.ok) {
        return reply(
          { notice: { tone: "success", title: "account:household.removed" }, form: "members" },
          200,
        );
      }
      return result.reason === "not_owner"
        ? error("account:household.errors.ownerOnly", 403)
        : error("account:household.errors.removeFailed", 404, {
            description: "account:household.errors.memberGone",
          });
    }
    case "leave": {
      if (!confirmed) {
        return error("account:household.errors.leaveFailed", 400, {
          description: "account:household.errors.notConfirmed",
        });
      }
      const result = await leaveHousehold(services, user.id);
      if (result.ok) {
        throw redirect("/dashboard", {
          headers: {
            "Set-Cookie": noticeCookie("household-left", services.config.isProduction),
          },
        });
      }
      return result.reason === "owner_cannot_leave"
        ? error("account:household.errors.leaveFailed", 403, {
            description: "account:household.errors.ownerCannotLeave",
          })
        : error("account:household.errors.leaveFailed", 400, {
            description: "account:household.errors.notInHousehold",
          });
    }
  }
  return error("errors.generic", 400);
}

import { type AppLoadContext, data } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import { claimFailureField, claimFailureNotice, formPersonId } from "#app/lib/claim.server.ts";
import { requireUser } from "#app/lib/guards.server.ts";
import { isIdempotencyKey, raiseAlert } from "#server/alerts/create.ts";
import { consumeTestAlert } from "#server/alerts/toll-limits.ts";
import { testReachedNobody } from "#server/domain/contact-consent.ts";
import { claimTag, findAlertableTag } from "#server/domain/tag-lifecycle.ts";

type ActionData = { activated?: string; notice?: NoticeData; field?: "tagId" | "token" };

/**
 * /activate's two forms: activating a tag with its token, then (once it is
 * theirs) a test alert to the owner's contacts.
 */
export async function activateAction(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context, "/");
  const form = await request.formData();
  const { services, clientAddress } = context;
  if (form.get("intent") === "test") {
    const tagId = String(form.get("tagId") ?? "");
    const tag = await findAlertableTag(services, user.id, tagId);
    const key = form.get("idempotencyKey");
    if (!tag) {
      return data<ActionData>(
        { notice: { tone: "error", title: "tags:notices.testFailed" } },
        { status: 404 },
      );
    }
    const limited = await consumeTestAlert(services, user.id);
    if (!limited.allowed) {
      return data<ActionData>(
        {
          notice: {
            tone: "error",
            title: "tags:notices.testFailed",
            description: "account:tags.testTooMany",
          },
        },
        { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
      );
    }
    const raised = await raiseAlert(services, {
      source: "test",
      userId: user.id,
      profileId: tag.profileId ?? user.id,
      tagId: tag.id,
      idempotencyKey: isIdempotencyKey(key) ? `${key}-activate` : crypto.randomUUID(),
      location: null,
      clientAddress,
    });
    return data<ActionData>({
      activated: tag.id,
      notice:
        raised.contactsReached > 0
          ? {
              tone: "success",
              title: "tags:notices.testSent",
              description: "tags:notices.testSentBody",
            }
          : {
              tone: "error",
              title: "tags:notices.testFailed",
              description: await testReachedNobody(services, tag.profileId ?? user.id),
            },
    });
  }
  const tagId = String(form.get("tagId") ?? "")
    .trim()
    .toUpperCase();
  const token = String(form.get("token") ?? "")
    .trim()
    .toUpperCase();
  const fail = (description: string, field: "tagId" | "token") =>
    data<ActionData>(
      { notice: { tone: "error", title: "tags:errors.activationFailed", description }, field },
      { status: 400 },
    );
  if (!tagId || !token) return fail("tags:errors.bothRequired", tagId ? "token" : "tagId");
  if (!token.startsWith("ACT-")) return fail("tags:errors.tokenFormat", "token");
  const result = await claimTag(services, {
    userId: user.id,
    profileId: formPersonId(form),
    tagId,
    token,
    clientAddress,
  });
  if (!result.ok) {
    return data<ActionData>(
      {
        notice: claimFailureNotice(result, "tags:errors.activationFailed"),
        field: claimFailureField(result),
      },
      { status: result.reason === "rate_limited" ? 429 : 400 },
    );
  }
  return data<ActionData>({
    activated: result.tagId,
    notice: { tone: "success", title: "tags:notices.activated" },
  });
}

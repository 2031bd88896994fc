import type { NoticeData } from "#app/components/notice.tsx";
import type { Executor } from "#server/db/client.ts";
import { listPeople } from "#server/domain/people.ts";
import type { ClaimResult } from "#server/domain/tag-lifecycle.ts";

/** The people a tag may be claimed for: those the user manages, their own first (decision 129). */
export async function claimablePeople(db: Executor, userId: string) {
  const people = await listPeople(db, userId);
  return people.filter((p) => p.managed).map((p) => ({ id: p.id, name: p.fullName ?? "" }));
}

/** The form's `person`, when it names one; absent means the user's own (claimTag's default). */
export function formPersonId(form: FormData): string | undefined {
  const person = form.get("person");
  return typeof person === "string" && person.length > 0 ? person : undefined;
}

const DESCRIPTIONS: Record<Exclude<ClaimResult, { ok: true }>["reason"], string> = {
  not_found: "tags:errors.notFound",
  already_owned: "tags:errors.alreadyOwned",
  already_claimed: "tags:errors.alreadyClaimed",
  token_required: "tags:errors.tokenRequired",
  invalid_token: "tags:errors.invalidToken",
  tag_limit: "tags:errors.tagLimit",
  not_your_person: "tags:errors.notYourPerson",
  rate_limited: "tags:errors.wait",
};

/** The notice for a failed claim: /claim titles it "Failed to claim tag", /activate "Activation failed". */
export function claimFailureNotice(
  result: Exclude<ClaimResult, { ok: true }>,
  title: "tags:errors.claimFailed" | "tags:errors.activationFailed",
): NoticeData {
  const limit = result.limit ?? 0;
  const n = Math.max(1, Math.ceil((result.retryAfterSeconds ?? 300) / 60));
  return {
    tone: "error",
    title: result.reason === "rate_limited" ? "tags:errors.tooMany" : title,
    description: DESCRIPTIONS[result.reason],
    // `count` picks the plural form of whichever number the message shows.
    values: { limit, n, count: result.reason === "tag_limit" ? limit : n },
  };
}

/** The form field a failed claim is about, for a message beside it. */
export function claimFailureField(
  result: Exclude<ClaimResult, { ok: true }>,
): "tagId" | "token" | undefined {
  if (result.reason === "not_found") return "tagId";
  if (result.reason === "token_required" || result.reason === "invalid_token") return "token";
  return undefined;
}

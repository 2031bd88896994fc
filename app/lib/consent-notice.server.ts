/**
 * What an owner is told about a contact's confirmation request (decision 148), wherever contacts
 * are kept: the dashboard's contacts card, a dependant's, and an organisation's person page.
 */
import type { AppLoadContext } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import { type RequestOutcome, requestContactConsent } from "#server/domain/contact-consent.ts";

/**
 * That the request went, or why not (a ceiling, the plan's allowance, a number that replied
 * STOP), naming the contact.
 */
export function consentDescription(
  requests: RequestOutcome[],
): Pick<NoticeData, "description" | "values"> {
  const refused = requests.find((r) => !r.sent && r.reason !== "not_pending");
  if (refused && !refused.sent) {
    return {
      description: `consent:notSent.${refused.reason}`,
      values: { name: refused.name },
    };
  }
  const sent = requests.find((r) => r.sent);
  return sent ? { description: "consent:requestSent", values: { name: sent.name } } : {};
}

/**
 * "Send again" for one contact the caller has already found to be the person's own: a new
 * request under the same ceilings as the first. Answers the notice and its status (429 when
 * nothing went: a ceiling, the allowance, or a contact no longer pending).
 */
export async function resendConsentRequest(
  services: AppLoadContext["services"],
  contactId: string,
): Promise<{ notice: NoticeData; status: 200 | 429 }> {
  const requests = await services.db.transaction((tx) =>
    requestContactConsent(services, tx, [contactId]),
  );
  const sent = requests.some((r) => r.sent);
  if (sent) services.dispatcher?.nudge();
  const said = consentDescription(requests);
  return sent
    ? { notice: { tone: "success", title: "consent:resent", ...said }, status: 200 }
    : {
        notice: {
          tone: "error",
          title: "consent:resendFailed",
          ...(said.description ? said : { description: "consent:notPending" }),
        },
        status: 429,
      };
}

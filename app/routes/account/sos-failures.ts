/** Why an SOS was not sent, as `/sos/alert` and the page's form answer it. */
export type SosFailure =
  | "no_tag"
  | "no_contacts"
  | "invalid"
  | "expired"
  | "refused"
  /** No database connection in time: sent again (503 with Retry-After, decision 156). */
  | "busy";

/** The page's words for each reason (locale keys). */
export const SOS_FAILURE_TEXT: Record<SosFailure, string> = {
  no_tag: "account:sos.noTag",
  no_contacts: "account:sos.noContacts",
  invalid: "errors.generic",
  expired: "account:sos.expired",
  refused: "account:sos.refused",
  busy: "account:sos.busy",
};

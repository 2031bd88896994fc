/**
 * The journeys that work on the seeded demo school (issue 17): one file, so they run one after
 * another in one worker. Run side by side, each would change what the others count: who is
 * checked in at the main building (a roll call's list), which guardians were messaged last (the
 * outbox), which notices were sent. The order is the order below; each journey leaves the school
 * as the next one expects (the roll call ends, the check-in is followed by a check-out).
 */
import "./roll-call.journey.ts";
import "./mass-notice.journey.ts";
import "./attendance-notify.journey.ts";
import "./compliance-log.journey.ts";

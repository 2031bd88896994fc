import type { AppLoadContext } from "react-router";
import type { DashboardActionData } from "#app/components/dashboard/action-data.ts";
import { confirmMedicalRecord } from "#server/domain/medical-record.ts";
import { managedPerson } from "#server/domain/people.ts";
import { dashboardManaged } from "./people.server.ts";

export const MEDICAL_INTENTS = new Set(["confirm-medical"]);

/**
 * "Confirm it is current" (decision 130): the record of a person the user manages (the form's
 * `person`, the user's own by default) is confirmed now. Anyone else's answers as not found and
 * nothing changes.
 */
export async function handleMedicalAction(
  context: AppLoadContext,
  userId: string,
  form: FormData,
): Promise<{ answer: DashboardActionData; status: number }> {
  const { db, logger } = context.services;
  const requested = form.get("person");
  const person = dashboardManaged(await managedPerson(db, userId, requested ? requested : userId));
  const confirmed =
    person !== null &&
    (await confirmMedicalRecord(db, logger, { actorId: userId, profileId: person.profileId }));
  return confirmed
    ? {
        answer: {
          notice: {
            tone: "success",
            title: "account:medicalRecord.confirmedNotice",
            description: "account:medicalRecord.confirmedNoticeBody",
          },
          form: "medical",
        },
        status: 200,
      }
    : {
        answer: {
          notice: { tone: "error", title: "account:medicalRecord.notFound" },
          form: "medical",
        },
        status: 404,
      };
}

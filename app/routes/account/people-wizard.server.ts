import { type AppLoadContext, data, redirect } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import { noticeCookie } from "#app/lib/notices.server.ts";
import { onboardingContactRows } from "#core/plans.ts";
import { validateProfile } from "#core/validation.ts";
import { addContacts, listContacts } from "#server/domain/contacts.ts";
import { MEDICAL_FIELDS, saveMedicalRecord } from "#server/domain/medical-record.ts";
import { addDependant, managedPerson, saveDependantProfile } from "#server/domain/people.ts";
import { getProfile, type ProfileData, type ProfileInput } from "#server/domain/profiles.ts";
import { seatUsage } from "#server/domain/quotas.ts";
import type { OnboardingActionData } from "./onboarding.server.ts";
import {
  checkContactRows,
  field,
  formInput,
  medicalRecordForm,
} from "./onboarding-checks.server.ts";

/**
 * "Add a person" and a dependant's edit (decision 129): the onboarding wizard with `?person=new`
 * or `?person=ID`. The account's own onboarding is untouched by this module.
 */

/** What the Family plan's refusal names: the seats the plan includes. */
const seatRefusalNotice = (refusal: { limit: number; family: boolean }): NoticeData => ({
  tone: "error",
  title: "account:people.seatLimitTitle",
  description: refusal.family ? "account:people.seatLimitFamily" : "account:people.seatLimit",
  values: { count: refusal.limit, limit: refusal.limit },
});

/** Where the dashboard shows a dependant. */
const personPage = (profileId: string) => `/dashboard?person=${encodeURIComponent(profileId)}`;

/**
 * The wizard's starting point for a dependant. New: empty, the language and country of the
 * account, or the seat refusal when no seat is free. An existing one: their profile, to edit,
 * only for the account that manages them (anyone else goes to the dashboard, which answers
 * "not found" alike for a person that is not theirs and one that does not exist).
 */
export async function dependantForm(
  context: AppLoadContext,
  user: { id: string },
  own: ProfileData | null,
  person: string,
) {
  const { db, cipher } = context.services;
  if (!own?.onboardingCompleted) throw redirect("/onboarding");
  const base = {
    welcome: false,
    contactRows: onboardingContactRows(own.plan),
    seatRefusal: null as NoticeData | null,
  };
  if (person === "new") {
    const seats = await seatUsage(db, user.id);
    const full = seats.limit !== null && seats.used >= seats.limit;
    return {
      ...base,
      person: "new",
      editing: false,
      seatRefusal: full
        ? seatRefusalNotice({ limit: seats.limit!, family: seats.holder.plan === "family" })
        : null,
      contacts: [],
      profile: {
        fullName: "",
        language: own.language,
        country: own.country ?? "",
        dateOfBirth: "",
        bloodType: "",
        allergies: "",
        medications: "",
        medicalNotes: "",
        isMinor: false,
        ...medicalRecordForm(null),
      },
    };
  }
  const access = await managedPerson(db, user.id, person);
  const profile = access ? await getProfile(db, cipher, access.profileId) : null;
  if (!access || !profile) throw redirect(personPage(person));
  return {
    ...base,
    person: profile.id,
    editing: true,
    contacts: await listContacts(db, cipher, profile.id),
    profile: {
      fullName: profile.fullName ?? "",
      language: profile.language,
      country: profile.country ?? "",
      dateOfBirth: profile.dateOfBirth ?? "",
      bloodType: profile.bloodType ?? "",
      allergies: profile.allergies.join(", "),
      medications: profile.medications.join(", "),
      medicalNotes: profile.medicalNotes ?? "",
      isMinor: profile.isMinor,
      ...medicalRecordForm(profile),
    },
  };
}

/** A refusal from inside the transaction: nothing of the new person is kept. */
class Refused extends Error {
  constructor(readonly notice: NoticeData) {
    super("refused");
  }
}

/**
 * Finish for a dependant. New: the person (seat checked under the holder's lock), their profile
 * and contacts in one transaction; a refusal keeps nothing. Existing: their profile saved. Both
 * go to the person's dashboard with a notice.
 */
export async function saveDependant(
  context: AppLoadContext,
  userId: string,
  person: string,
  form: FormData,
) {
  const { db, cipher, logger, config } = context.services;
  const fail = (notice: NoticeData, step?: 1 | 2 | 3, status = 400, at?: string) =>
    data<OnboardingActionData>({ notice, step, field: at }, { status });
  const checked = validateProfile(formInput(form));
  if (!checked.ok) {
    const { problem } = checked;
    return fail(
      { tone: "error", title: problem.title, description: problem.description },
      problem.step,
      400,
      problem.field,
    );
  }
  const input = { ...checked.profile, isMinor: field(form, "isMinor") === "on" };

  if (person !== "new") {
    const access = await managedPerson(db, userId, person);
    // The medical step confirms the record (decision 130), logged like the account's own.
    const saved =
      access !== null &&
      (await db.transaction(async (tx) => {
        const rest: ProfileInput = { ...input };
        for (const name of MEDICAL_FIELDS) delete rest[name];
        if (!(await saveDependantProfile(tx, cipher, userId, access.profileId, rest))) return false;
        return saveMedicalRecord(tx, cipher, logger, {
          actorId: userId,
          profileId: access.profileId,
          input,
        });
      }));
    if (!saved) {
      return fail(
        {
          tone: "error",
          title: "account:people.notFoundTitle",
          description: "account:people.notFound",
        },
        1,
        404,
      );
    }
    return redirect(personPage(access.profileId), {
      headers: { "Set-Cookie": noticeCookie("profile-saved", config.isProduction) },
    });
  }

  const contacts = checkContactRows(context, form);
  if (!contacts.ok) {
    const { problem } = contacts;
    return fail(
      { tone: "error", title: problem.title, description: problem.description },
      3,
      400,
      problem.field,
    );
  }
  let profileId: string;
  try {
    profileId = await db.transaction(async (tx) => {
      const added = await addDependant(tx, cipher, logger, userId, {
        ...input,
        medicalConfirmedAt: new Date(),
        onboardingCompleted: true,
      });
      if (!added.ok) {
        const seats = await seatUsage(tx, userId);
        throw new Refused(
          seatRefusalNotice({ limit: added.limit, family: seats.holder.plan === "family" }),
        );
      }
      const saved = await addContacts(tx, cipher, added.profileId, contacts.contacts, {
        onboarding: true,
        consent: context.services,
      });
      if (!saved.ok) {
        throw new Refused({
          tone: "error",
          title: "account:onboarding.errors.invalidContact",
          description: "account:contacts.limitReached",
          values: { limit: saved.limit, count: saved.limit },
        });
      }
      return added.profileId;
    });
  } catch (error) {
    if (error instanceof Refused) return fail(error.notice, 3, 403);
    logger.error({ err: error }, "adding a person failed");
    return fail(
      {
        tone: "error",
        title: "account:onboarding.errors.saveFailed",
        description: "account:onboarding.errors.saveFailedBody",
      },
      3,
      500,
    );
  }
  context.services.dispatcher?.nudge();
  return redirect(personPage(profileId), {
    headers: { "Set-Cookie": noticeCookie("person-added", config.isProduction) },
  });
}

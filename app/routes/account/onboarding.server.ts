import { type AppLoadContext, data, redirect } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import { requireUser } from "#app/lib/guards.server.ts";
import { noticeCookie } from "#app/lib/notices.server.ts";
import { detectRequestLanguage } from "#core/languages.ts";
import { onboardingContactRows } from "#core/plans.ts";
import { validateProfile } from "#core/validation.ts";
import { addContacts, listContacts } from "#server/domain/contacts.ts";
import { MEDICAL_FIELDS, saveMedicalRecord } from "#server/domain/medical-record.ts";
import { ensureOwnProfile } from "#server/domain/people.ts";
import { getProfile, type ProfileInput, saveProfile } from "#server/domain/profiles.ts";
import {
  checkContactRows,
  field,
  formInput,
  medicalRecordForm,
} from "./onboarding-checks.server.ts";
import { dependantForm, saveDependant } from "./people-wizard.server.ts";

/**
 * The wizard's starting point: the profile so far (else the sign-up name and
 * the page's language), how many contact rows the plan offers and, when
 * editing, the contacts already saved. Done and not editing goes to /dashboard.
 */
export async function onboardingForm(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context, "/");
  const { db, cipher } = context.services;
  const profile = await getProfile(db, cipher, user.id);
  const url = new URL(request.url);
  // "Add a person" and a dependant's edit run the same wizard (decision 129).
  const person = url.searchParams.get("person");
  if (person !== null && person !== user.id) {
    return dependantForm(context, user, profile, person);
  }
  const editing = url.searchParams.get("edit") === "1";
  if (profile?.onboardingCompleted && !editing) throw redirect("/dashboard");
  const plan = profile?.plan ?? "free";
  return {
    /** The dependant the wizard is about: null for the account's own profile. */
    person: null as string | null,
    seatRefusal: null as NoticeData | null,
    welcome: url.searchParams.get("welcome") === "1",
    editing: editing && Boolean(profile?.onboardingCompleted),
    contactRows: onboardingContactRows(plan),
    contacts: editing ? await listContacts(db, cipher, user.id) : [],
    profile: {
      fullName: profile?.fullName ?? user.name ?? "",
      language: profile?.language ?? detectRequestLanguage(request),
      country: profile?.country ?? "",
      dateOfBirth: profile?.dateOfBirth ?? "",
      bloodType: profile?.bloodType ?? "",
      allergies: profile?.allergies.join(", ") ?? "",
      medications: profile?.medications.join(", ") ?? "",
      medicalNotes: profile?.medicalNotes ?? "",
      isMinor: false,
      ...medicalRecordForm(profile),
    },
  };
}

/** What a refused step-3 submit answers: why, and which step and field it is about. */
export type OnboardingActionData = { notice: NoticeData; step?: 1 | 2 | 3; field?: string };

/**
 * Finish (or Skip for now): saves the profile and, on first onboarding, the
 * contacts in one transaction, then goes to the dashboard with its notice.
 */
export async function saveOnboarding(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context, "/");
  const { db, cipher, logger, config } = context.services;
  const form = await request.formData();
  const intent = field(form, "intent");
  const fail = (notice: NoticeData, step?: 1 | 2 | 3, status = 400, field?: string) =>
    data<OnboardingActionData>({ notice, step, field }, { status });
  const person = field(form, "person");
  if (person && person !== user.id) return saveDependant(context, user.id, person, form);

  if (intent === "skip") {
    try {
      await saveProfile(db, cipher, user.id, { onboardingCompleted: true });
    } catch (error) {
      logger.error({ err: error }, "skipping onboarding failed");
      return fail(
        { tone: "error", title: "account:onboarding.errors.error", description: "errors.generic" },
        3,
        500,
      );
    }
    return redirect("/dashboard", {
      headers: { "Set-Cookie": noticeCookie("profile-later", config.isProduction) },
    });
  }

  const checked = validateProfile(formInput(form));
  if (!checked.ok) {
    const { title, description, values } = checked.problem;
    return fail(
      { tone: "error", title, description, values },
      checked.problem.step,
      400,
      checked.problem.field,
    );
  }
  const profile = await getProfile(db, cipher, user.id);
  const editing = Boolean(profile?.onboardingCompleted);
  let newContacts: ReturnType<typeof checkContactRows> = { ok: true, contacts: [] };
  if (!editing) {
    newContacts = checkContactRows(context, form);
    if (!newContacts.ok) {
      const { problem } = newContacts;
      return fail(
        { tone: "error", title: problem.title, description: problem.description },
        3,
        400,
        problem.field,
      );
    }
  }
  let saved: Awaited<ReturnType<typeof addContacts>> | { ok: true };
  try {
    saved = await db.transaction(async (tx) => {
      if (newContacts.ok && newContacts.contacts.length) {
        const added = await addContacts(tx, cipher, user.id, newContacts.contacts, {
          onboarding: true,
          consent: context.services,
        });
        if (!added.ok) return added;
      }
      // Saving the medical step confirms the record (decision 130); the rest is the profile.
      await ensureOwnProfile(tx, user.id);
      await saveMedicalRecord(tx, cipher, logger, {
        actorId: user.id,
        profileId: user.id,
        input: checked.profile,
      });
      const rest: ProfileInput = { ...checked.profile, onboardingCompleted: true };
      for (const name of MEDICAL_FIELDS) delete rest[name];
      await saveProfile(tx, cipher, user.id, rest);
      return { ok: true } as const;
    });
  } catch (error) {
    logger.error({ err: error }, "saving profile failed");
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
  if (!saved.ok) {
    return fail(
      {
        tone: "error",
        title: "account:onboarding.errors.invalidContact",
        description: "account:contacts.limitReached",
        values: { limit: saved.limit, count: saved.limit },
      },
      3,
    );
  }
  const notice = editing ? "profile-saved" : "profile-complete";
  // The new contacts' confirmation requests are in the outbox (decision 148).
  context.services.dispatcher?.nudge();
  return redirect("/dashboard", {
    headers: { "Set-Cookie": noticeCookie(notice, config.isProduction) },
  });
}

import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Notice, useNotice } from "#app/components/notice.tsx";
import { AboutYouStep } from "#app/components/onboarding/about-you-step.tsx";
import { ContactsStep } from "#app/components/onboarding/contacts-step.tsx";
import { MedicalStep } from "#app/components/onboarding/medical-step.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { useFieldErrors } from "#app/components/ui/field.tsx";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import { LIMITS, sanitizeText, validateMedicalRecord } from "#core/validation.ts";
import type { Route } from "./+types/onboarding";
import { onboardingForm, saveOnboarding } from "./onboarding.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const form = await onboardingForm(request, context);
  const t = requestTranslator(request);
  return {
    seo: {
      title: t("account:onboarding.quickProfile"),
      description: t("pages.onboarding.description"),
    },
    ...form,
  };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export const action = ({ request, context }: Route.ActionArgs) => saveOnboarding(request, context);

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const ids = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { profile, contactRows, editing, welcome, person } = loaderData;
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [shownFor, setShownFor] = useState(actionData);
  const {
    notice,
    show: showNotice,
    clear: clearNotice,
  } = useNotice(actionData, actionData?.notice);
  const {
    formRef,
    errors,
    show: showErrors,
    clear: clearErrors,
  } = useFieldErrors(
    actionData,
    actionData?.field && actionData.notice.description
      ? {
          [actionData.field]: {
            key: actionData.notice.description,
            values: actionData.notice.values,
          },
        }
      : undefined,
  );
  const [name, setName] = useState(profile.fullName);
  const [language, setLanguage] = useState(profile.language);
  const [country, setCountry] = useState(profile.country);
  const [notes, setNotes] = useState(profile.medicalNotes);

  // A server answer that points at a step brings the wizard there.
  if (actionData !== shownFor) {
    setShownFor(actionData);
    if (actionData?.step) setStep(actionData.step);
  }
  const canGoOn = sanitizeText(name).length > 0 && Boolean(language) && Boolean(country);
  const backTo = person && person !== "new" ? `/dashboard?person=${person}` : "/dashboard";

  // "Add a person" with no free seat: why, and what would give one (decision 129).
  if (loaderData.seatRefusal) {
    return (
      <main className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight">{t("people.addTitle")}</h1>
        <Notice notice={loaderData.seatRefusal} className="mt-6" />
        <p className="mt-4 flex flex-wrap gap-2">
          <Link to="/pricing" className={buttonVariants()}>
            {t("people.seePlans")}
          </Link>
          <Link to="/dashboard" className={buttonVariants({ variant: "outline" })}>
            {t("people.backToDashboard")}
          </Link>
        </p>
      </main>
    );
  }

  const next = () => {
    if (step === 1) {
      const name1 = sanitizeText(name);
      if (name1.length < 1 || name1.length > LIMITS.name) {
        showNotice({
          tone: "error",
          title: "account:onboarding.errors.invalidName",
          description: "validation.invalidName",
        });
        showErrors({ fullName: "validation.invalidName" });
        return;
      }
    }
    if (step === 2 && notes.trim().length > LIMITS.notes) {
      showNotice({
        tone: "error",
        title: "account:onboarding.errors.notesTooLong",
        description: "validation.notesTooLong",
      });
      showErrors({ medicalNotes: "validation.notesTooLong" });
      return;
    }
    if (step === 2 && formRef.current) {
      const form = new FormData(formRef.current);
      const record = validateMedicalRecord({
        ...Object.fromEntries(form),
        implantedDevices: form.getAll("implantedDevices"),
      });
      if (!record.ok) {
        const { title, description, values, field } = record.problem;
        showNotice({ tone: "error", title, description, values });
        showErrors({ [field]: { key: description, values } });
        return;
      }
    }
    clearNotice();
    clearErrors();
    setStep((s) => (s < 3 ? ((s + 1) as 2 | 3) : s));
  };

  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">
        {welcome
          ? t("onboarding.welcomeTitle")
          : person === "new"
            ? t("people.addTitle")
            : person
              ? t("people.editTitle", { name: profile.fullName })
              : editing
                ? t("onboarding.editTitle")
                : t("onboarding.quickProfile")}
      </h1>
      <p className="mt-2 text-muted-foreground">
        {person === "new" ? t("people.addSubtitle") : t("onboarding.subtitle")}
      </p>
      <div className="mt-6">
        <p className="text-sm font-medium" data-testid="step-label">
          {t("onboarding.stepOf", { step, total: 3 })}
        </p>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round((step / 3) * 100)}
          aria-label={t("onboarding.progress")}
        >
          <div
            className="h-full bg-primary transition-all"
            style={{ width: `${(step / 3) * 100}%` }}
          />
        </div>
      </div>
      <Card className="mt-6">
        <CardContent className="pt-6">
          <Notice notice={notice} className="mb-4" />
          <Form
            ref={formRef}
            method="post"
            replace
            noValidate
            className="space-y-5"
            onSubmit={(event) => {
              // Only step 3 submits; Enter in an earlier step's field means Next.
              if (step < 3) {
                event.preventDefault();
                next();
              }
            }}
          >
            {person ? <input type="hidden" name="person" value={person} /> : null}
            <AboutYouStep
              id={ids}
              hidden={step !== 1}
              errors={errors}
              name={name}
              onName={setName}
              language={language}
              onLanguage={setLanguage}
              country={country}
              onCountry={setCountry}
              dateOfBirth={profile.dateOfBirth}
              bloodType={profile.bloodType}
            />
            {person ? (
              <div hidden={step !== 1}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="isMinor"
                    defaultChecked={profile.isMinor}
                    className="size-4 accent-primary"
                  />
                  {t("people.isMinor")}
                </label>
              </div>
            ) : null}
            <MedicalStep
              id={ids}
              hidden={step !== 2}
              errors={errors}
              allergies={profile.allergies}
              medications={profile.medications}
              notes={notes}
              onNotes={setNotes}
              record={profile}
            />
            <ContactsStep
              id={ids}
              hidden={step !== 3}
              errors={errors}
              editing={editing}
              contacts={loaderData.contacts}
              contactRows={contactRows}
            />

            <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-5">
              <Button
                variant="outline"
                disabled={step === 1}
                onClick={() => setStep((s) => (s > 1 ? ((s - 1) as 1 | 2) : s))}
              >
                {t("onboarding.back")}
              </Button>
              <div className="flex flex-wrap gap-2">
                {step === 3 && !editing && !person ? (
                  <Button
                    key="skip"
                    type="submit"
                    name="intent"
                    value="skip"
                    variant="ghost"
                    formNoValidate
                    disabled={busy}
                  >
                    {t("onboarding.skip")}
                  </Button>
                ) : null}
                {/* Distinct keys: React must not turn the clicked Next into a submit
                    button during its own click (the browser would then submit). */}
                {step < 3 ? (
                  <Button key="next" onClick={next} disabled={step === 1 && !canGoOn}>
                    {t("onboarding.next")}
                  </Button>
                ) : (
                  <Button key="finish" type="submit" name="intent" value="finish" disabled={busy}>
                    {busy ? t("onboarding.saving") : t("onboarding.finish")}
                  </Button>
                )}
              </div>
            </div>
          </Form>
        </CardContent>
      </Card>
      {editing || person ? (
        <p className="mt-4 text-center text-sm">
          <Link to={backTo} className={buttonVariants({ variant: "link" })}>
            {t("onboarding.cancelEdit")}
          </Link>
        </p>
      ) : null}
    </main>
  );
}

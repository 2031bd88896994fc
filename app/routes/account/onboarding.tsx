import { Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ContactFields } from "#app/components/contact-fields.tsx";
import { Notice, type NoticeData, useNotice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Field, useFieldErrors } from "#app/components/ui/field.tsx";
import { Input, Select, Textarea } from "#app/components/ui/input.tsx";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import { noticeCookie } from "#app/lib/notices.server.ts";
import { PLANS } from "#app/lib/plans.ts";
import { detectRequestLanguage } from "#core/languages.ts";
import { onboardingContactRows } from "#core/plans.ts";
import {
  BLOOD_TYPES,
  COUNTRIES,
  LIMITS,
  PROFILE_LANGUAGES,
  sanitizeText,
  stripAngleBrackets,
  validateContactRows,
  validateProfile,
} from "#core/validation.ts";
import { riskyContactError } from "#server/alerts/toll-limits.ts";
import { addContacts, ContactLimitError, listContacts } from "#server/domain/contacts.ts";
import { getProfile, saveProfile } from "#server/domain/profiles.ts";
import type { Route } from "./+types/onboarding";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "/");
  const { db, cipher } = context.services;
  const profile = await getProfile(db, cipher, user.id);
  const url = new URL(request.url);
  const editing = url.searchParams.get("edit") === "1";
  if (profile?.onboardingCompleted && !editing) throw redirect("/dashboard");
  const plan = profile?.plan ?? "free";
  const t = requestTranslator(request);
  return {
    seo: {
      title: t("account:onboarding.quickProfile"),
      description: t("pages.onboarding.description"),
    },
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
    },
  };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

type ActionData = { notice: NoticeData; step?: 1 | 2 | 3; field?: string };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "/");
  const { db, cipher, logger, config } = context.services;
  const form = await request.formData();
  const intent = field(form, "intent");
  const fail = (notice: NoticeData, step?: 1 | 2 | 3, status = 400, field?: string) =>
    data<ActionData>({ notice, step, field }, { status });

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

  const checked = validateProfile(Object.fromEntries(form));
  if (!checked.ok) {
    return fail(
      { tone: "error", title: checked.problem.title, description: checked.problem.description },
      checked.problem.step,
      400,
      checked.problem.field,
    );
  }
  const profile = await getProfile(db, cipher, user.id);
  const editing = Boolean(profile?.onboardingCompleted);
  let newContacts: ReturnType<typeof validateContactRows> = { ok: true, contacts: [] };
  if (!editing) {
    const rows = [0, 1, 2].map((i) => ({
      name: field(form, `contacts.${i}.name`),
      channel: field(form, `contacts.${i}.channel`),
      value: field(form, `contacts.${i}.value`),
    }));
    newContacts = validateContactRows(rows);
    if (!newContacts.ok) {
      const { problem } = newContacts;
      return fail(
        { tone: "error", title: problem.title, description: problem.description },
        3,
        400,
        problem.field,
      );
    }
    const risky = newContacts.contacts.find((c) => riskyContactError(context.services, c));
    if (risky) {
      return fail(
        {
          tone: "error",
          title: "account:onboarding.errors.invalidContact",
          description: "validation.highRiskNumber",
        },
        3,
      );
    }
    if (newContacts.contacts.length === 0) {
      return fail(
        {
          tone: "error",
          title: "account:onboarding.errors.invalidContact",
          description: "validation.contactRequired",
        },
        3,
        400,
        "contacts.0.name",
      );
    }
  }
  try {
    const plan = profile?.plan ?? "free";
    await db.transaction(async (tx) => {
      await saveProfile(tx, cipher, user.id, { ...checked.profile, onboardingCompleted: true });
      if (newContacts.ok && newContacts.contacts.length) {
        const limit = Math.min(3, PLANS[plan].limits.contacts ?? 3);
        await addContacts(tx, cipher, user.id, limit, newContacts.contacts);
      }
    });
  } catch (error) {
    if (error instanceof ContactLimitError) {
      return fail(
        {
          tone: "error",
          title: "account:onboarding.errors.invalidContact",
          description: "account:contacts.limitReached",
          values: { limit: error.limit, count: error.limit },
        },
        3,
      );
    }
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
  const notice = editing ? "profile-saved" : "profile-complete";
  return redirect("/dashboard", {
    headers: { "Set-Cookie": noticeCookie(notice, config.isProduction) },
  });
}

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const ids = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { profile, contactRows, editing, welcome } = loaderData;
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
  const [rows, setRows] = useState([0]);
  const [nextRow, setNextRow] = useState(1);

  // A server answer that points at a step brings the wizard there.
  if (actionData !== shownFor) {
    setShownFor(actionData);
    if (actionData?.step) setStep(actionData.step);
  }
  const canGoOn = sanitizeText(name).length > 0 && Boolean(language) && Boolean(country);

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
    clearNotice();
    clearErrors();
    setStep((s) => (s < 3 ? ((s + 1) as 2 | 3) : s));
  };

  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">
        {welcome
          ? t("onboarding.welcomeTitle")
          : editing
            ? t("onboarding.editTitle")
            : t("onboarding.quickProfile")}
      </h1>
      <p className="mt-2 text-muted-foreground">{t("onboarding.subtitle")}</p>
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
            <fieldset hidden={step !== 1} className="space-y-4">
              <legend className="text-lg font-semibold">{t("onboarding.step1")}</legend>
              <Field id={`${ids}-name`} label={t("onboarding.fullName")} error={errors.fullName}>
                {(props) => (
                  <Input
                    {...props}
                    name="fullName"
                    value={name}
                    maxLength={LIMITS.name}
                    autoComplete="name"
                    onChange={(e) => setName(stripAngleBrackets(e.target.value))}
                  />
                )}
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  id={`${ids}-language`}
                  label={t("onboarding.language")}
                  error={errors.language}
                >
                  {(props) => (
                    <Select
                      {...props}
                      name="language"
                      value={language}
                      onChange={(e) => setLanguage(e.target.value)}
                    >
                      <option value="">{t("onboarding.choose")}</option>
                      {PROFILE_LANGUAGES.map((lng) => (
                        <option key={lng} value={lng}>
                          {t(`languages.${lng}`)}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field id={`${ids}-country`} label={t("onboarding.country")} error={errors.country}>
                  {(props) => (
                    <Select
                      {...props}
                      name="country"
                      value={country}
                      onChange={(e) => setCountry(e.target.value)}
                    >
                      <option value="">{t("onboarding.choose")}</option>
                      {COUNTRIES.map((c) => (
                        <option key={c} value={c}>
                          {t(`countries.${c}`)}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field
                  id={`${ids}-dob`}
                  label={
                    <>
                      {t("onboarding.dateOfBirth")}{" "}
                      <span className="text-muted-foreground">({t("onboarding.optional")})</span>
                    </>
                  }
                  error={errors.dateOfBirth}
                >
                  {(props) => (
                    <Input
                      {...props}
                      name="dateOfBirth"
                      type="date"
                      defaultValue={profile.dateOfBirth}
                    />
                  )}
                </Field>
                <Field
                  id={`${ids}-blood`}
                  label={
                    <>
                      {t("onboarding.bloodType")}{" "}
                      <span className="text-muted-foreground">({t("onboarding.optional")})</span>
                    </>
                  }
                  error={errors.bloodType}
                >
                  {(props) => (
                    <Select {...props} name="bloodType" defaultValue={profile.bloodType}>
                      <option value="">{t("onboarding.unknown")}</option>
                      {BLOOD_TYPES.map((b) => (
                        <option key={b} value={b}>
                          {b}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              </div>
            </fieldset>

            <fieldset hidden={step !== 2} className="space-y-4">
              <legend className="text-lg font-semibold">{t("onboarding.step2")}</legend>
              <Field
                id={`${ids}-allergies`}
                label={t("onboarding.allergies")}
                hint={t("onboarding.commaHint")}
              >
                {(props) => (
                  <Input
                    {...props}
                    name="allergies"
                    defaultValue={profile.allergies}
                    placeholder={t("onboarding.allergiesPlaceholder")}
                  />
                )}
              </Field>
              <Field
                id={`${ids}-medications`}
                label={t("onboarding.medications")}
                hint={t("onboarding.commaHint")}
              >
                {(props) => (
                  <Input
                    {...props}
                    name="medications"
                    defaultValue={profile.medications}
                    placeholder={t("onboarding.medicationsPlaceholder")}
                  />
                )}
              </Field>
              <Field
                id={`${ids}-notes`}
                label={t("onboarding.medicalNotes")}
                hint={t("onboarding.notesCount", { count: notes.length, max: LIMITS.notes })}
                error={errors.medicalNotes}
              >
                {(props) => (
                  <Textarea
                    {...props}
                    name="medicalNotes"
                    value={notes}
                    rows={5}
                    onChange={(e) => setNotes(stripAngleBrackets(e.target.value))}
                    placeholder={t("onboarding.notesPlaceholder")}
                  />
                )}
              </Field>
            </fieldset>

            <fieldset hidden={step !== 3} className="space-y-4">
              <legend className="text-lg font-semibold">{t("onboarding.step3")}</legend>
              {editing ? (
                <div className="space-y-2 text-sm">
                  <p className="text-muted-foreground">{t("onboarding.editContacts")}</p>
                  <ul className="list-disc pl-5">
                    {loaderData.contacts.map((c) => (
                      <li key={c.id}>
                        {c.name} · {t(`channels.${c.channel}`)} · {c.value}
                      </li>
                    ))}
                  </ul>
                  <Link to="/dashboard#contacts" className="text-primary underline">
                    {t("onboarding.manageContacts")}
                  </Link>
                </div>
              ) : (
                <>
                  <p className="text-sm text-muted-foreground">
                    {t("onboarding.contactsHint", { count: contactRows })}
                  </p>
                  {rows.map((row, index) => (
                    <div
                      key={row}
                      className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_8rem_1fr_auto]"
                      data-testid="contact-row"
                    >
                      <ContactFields
                        idPrefix={`${ids}-c${row}`}
                        namePrefix={`contacts.${index}.`}
                        errors={errors}
                      />
                      <div className="flex items-end">
                        <Button
                          variant="ghost"
                          size="icon"
                          disabled={rows.length <= 1}
                          onClick={() => setRows((r) => r.filter((x) => x !== row))}
                          aria-label={t("contacts.removeRow")}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </div>
                    </div>
                  ))}
                  {rows.length < contactRows ? (
                    <Button
                      variant="outline"
                      onClick={() => {
                        setRows((r) => [...r, nextRow]);
                        setNextRow((n) => n + 1);
                      }}
                    >
                      <Plus aria-hidden="true" /> {t("contacts.addRow")}
                    </Button>
                  ) : null}
                </>
              )}
            </fieldset>

            <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-5">
              <Button
                variant="outline"
                disabled={step === 1}
                onClick={() => setStep((s) => (s > 1 ? ((s - 1) as 1 | 2) : s))}
              >
                {t("onboarding.back")}
              </Button>
              <div className="flex flex-wrap gap-2">
                {step === 3 && !editing ? (
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
      {editing ? (
        <p className="mt-4 text-center text-sm">
          <Link to="/dashboard" className={buttonVariants({ variant: "link" })}>
            {t("onboarding.cancelEdit")}
          </Link>
        </p>
      ) : null}
    </main>
  );
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Notice, type NoticeData } from "#app/components/notice.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FieldMessage } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useValueTypedEarly } from "#app/lib/hydration.ts";
import {
  LIMITS,
  parseIdentifier,
  passwordErrors,
  sanitizeText,
  stripAngleBrackets,
} from "#core/validation.ts";
import { HiddenContext, IdentifierField, type StepProps, useAuthForm } from "./form-parts.tsx";
import { PasswordStrength } from "./password-strength.tsx";

/** Create account: checked in the browser first with the server's own rules. */
export function SignUpForm({ data, plan, redirectTo }: StepProps) {
  const { t } = useTranslation("auth");
  const { ids, busy, values, notice, show, formRef, errors, showErrors } = useAuthForm(data);
  const [password, setPassword] = useState("");
  useValueTypedEarly(formRef, "password", setPassword);

  return (
    <Form
      ref={formRef}
      method="post"
      replace
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        const problem = checkSignUp(form);
        if (problem) {
          event.preventDefault();
          show(problem.notice);
          showErrors({ [problem.field]: problem.notice.description });
        }
      }}
    >
      <div>
        <h1 className="text-xl font-bold">{t("signup.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("signup.subtitle")}</p>
      </div>
      {plan !== "free" ? (
        <p
          className="rounded-md bg-accent p-3 text-sm text-accent-foreground"
          data-testid="plan-notice"
        >
          {t("signup.planNotice", { plan: t(`common:plans.${plan}.name`) })}
        </p>
      ) : null}
      <Notice notice={notice} />
      <HiddenContext plan={plan} redirectTo={redirectTo} />
      <Field id={`${ids}-name`} label={t("signup.fullName")} error={errors.fullName}>
        {(props) => (
          <Input
            {...props}
            name="fullName"
            autoComplete="name"
            maxLength={LIMITS.name}
            defaultValue={values?.fullName}
            onInput={(e) => {
              e.currentTarget.value = stripAngleBrackets(e.currentTarget.value);
            }}
          />
        )}
      </Field>
      <IdentifierField
        id={`${ids}-identifier`}
        label={t("signup.identifier")}
        defaultValue={values?.identifier}
        error={errors.identifier}
        hint={t("signup.identifierHint")}
      />
      <Field id={`${ids}-password`} label={t("signup.password")} error={errors.password}>
        {(props) => (
          <>
            <Input
              {...props}
              name="password"
              type="password"
              autoComplete="new-password"
              maxLength={LIMITS.passwordMax}
              onChange={(e) => setPassword(e.target.value)}
            />
            <PasswordStrength password={password} />
          </>
        )}
      </Field>
      <div className="flex items-start gap-2" data-field>
        <input
          id={`${ids}-terms`}
          name="acceptTerms"
          type="checkbox"
          className="mt-1 size-4 accent-primary"
          aria-invalid={errors.acceptTerms ? true : undefined}
          aria-describedby={errors.acceptTerms ? `${ids}-terms-error` : undefined}
        />
        <label htmlFor={`${ids}-terms`} className="text-sm">
          {t("signup.termsPrefix")}{" "}
          <Link to="/terms" className="text-primary underline" target="_blank">
            {t("signup.termsLink")}
          </Link>{" "}
          {t("signup.termsAnd")}{" "}
          <Link to="/privacy" className="text-primary underline" target="_blank">
            {t("signup.privacyLink")}
          </Link>
        </label>
      </div>
      <FieldMessage id={`${ids}-terms-error`} error={errors.acceptTerms} />
      <Button type="submit" name="intent" value="signup" className="w-full" disabled={busy}>
        {busy ? t("signup.submitting") : t("signup.submit")}
      </Button>
    </Form>
  );
}

function checkSignUp(
  form: FormData,
): { notice: NoticeData & { description: string }; field: string } | null {
  const fail = (field: string, description: string, title = "auth:notices.signupFailed") => ({
    notice: { tone: "error" as const, title, description },
    field,
  });
  if (!sanitizeText(form.get("fullName"))) return fail("fullName", "validation.fullNameRequired");
  const identifier = parseIdentifier(form.get("identifier"));
  if (!identifier.ok) return fail("identifier", identifier.error);
  const [passwordError] = passwordErrors(String(form.get("password") ?? ""));
  if (passwordError) return fail("password", passwordError, "auth:notices.weakPassword");
  if (form.get("acceptTerms") !== "on") return fail("acceptTerms", "validation.acceptTerms");
  return null;
}

import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Notice } from "#app/components/notice.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { LIMITS } from "#core/validation.ts";
import {
  authHref,
  HiddenContext,
  IdentifierField,
  type StepProps,
  useAuthForm,
} from "./form-parts.tsx";

/** Sign in with a password (a code follows). */
export function SignInForm({ data, plan, redirectTo }: StepProps) {
  const { t } = useTranslation("auth");
  const { ids, busy, values, notice, show, formRef, errors, showErrors } = useAuthForm(data);
  return (
    <Form
      ref={formRef}
      method="post"
      replace
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        const identifier = String(form.get("identifier") ?? "").trim();
        if (!identifier || !String(form.get("password") ?? "")) {
          event.preventDefault();
          show({
            tone: "error",
            title: "auth:notices.signinFailed",
            description: "validation.signinRequired",
          });
          showErrors({ [identifier ? "password" : "identifier"]: "validation.signinRequired" });
        }
      }}
    >
      <div>
        <h1 className="text-xl font-bold">{t("signin.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("signin.subtitle")}</p>
      </div>
      <Notice notice={notice} />
      <HiddenContext plan={plan} redirectTo={redirectTo} />
      <IdentifierField
        id={`${ids}-identifier`}
        label={t("signin.identifier")}
        defaultValue={values?.identifier}
        error={errors.identifier}
      />
      <Field id={`${ids}-password`} label={t("signin.password")} error={errors.password}>
        {(props) => (
          <Input
            {...props}
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={LIMITS.passwordMax}
          />
        )}
      </Field>
      <Button type="submit" name="intent" value="signin" className="w-full" disabled={busy}>
        {busy ? t("signin.submitting") : t("signin.submit")}
      </Button>
      <Link
        to={authHref("signin", plan, redirectTo, "&forgot=1")}
        className="block text-center text-sm text-primary underline-offset-4 hover:underline"
      >
        {t("signin.forgot")}
      </Link>
    </Form>
  );
}

/** Forgot password: asks for the account; a code and a new password follow. */
export function ForgotForm({ data, plan, redirectTo }: StepProps) {
  const { t } = useTranslation("auth");
  const { ids, busy, values, notice, formRef, errors } = useAuthForm(data);
  return (
    <Form ref={formRef} method="post" replace noValidate className="space-y-4">
      <div>
        <h1 className="text-xl font-bold">{t("forgot.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("forgot.subtitle")}</p>
      </div>
      <Notice notice={notice} />
      <HiddenContext plan={plan} redirectTo={redirectTo} />
      <IdentifierField
        id={`${ids}-identifier`}
        label={t("signin.identifier")}
        defaultValue={values?.identifier}
        error={errors.identifier}
      />
      <Button type="submit" name="intent" value="forgot" className="w-full" disabled={busy}>
        {busy ? t("forgot.submitting") : t("forgot.submit")}
      </Button>
      <Link
        to={authHref("signin", plan, redirectTo)}
        className="block text-center text-sm text-primary underline-offset-4 hover:underline"
      >
        {t("forgot.back")}
      </Link>
    </Form>
  );
}

import { ShieldPlus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { PasswordStrength } from "#app/components/auth/password-strength.tsx";
import { Notice, type NoticeData, useNotice } from "#app/components/notice.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "#app/components/ui/card.tsx";
import {
  Field,
  type FieldErrors,
  FieldMessage,
  useFieldErrors,
} from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import {
  type AuthActionData,
  type AuthForm,
  handleAuthAction,
} from "#app/lib/auth-actions.server.ts";
import { cn } from "#app/lib/cn.ts";
import { seoFor } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { isPlanId } from "#core/plans.ts";
import {
  isSixDigitCode,
  LIMITS,
  parseIdentifier,
  passwordErrors,
  safeRedirect,
  sanitizeText,
  stripAngleBrackets,
} from "#core/validation.ts";
import type { Route } from "./+types/auth";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSessionUser(request, context)) throw redirect("/dashboard");
  return { seo: seoFor(request, "pages.auth") };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export const action = ({ request, context }: Route.ActionArgs) =>
  handleAuthAction(request, context);

const RESEND_SECONDS = 30;

/** Builds /auth links that keep `plan` (only when not free) and `redirect`. */
function authHref(mode: "signup" | "signin", plan: string, redirectTo: string | null, extra = "") {
  const params = new URLSearchParams({ mode });
  if (plan !== "free") params.set("plan", plan);
  if (redirectTo) params.set("redirect", redirectTo);
  return `/auth?${params}${extra}`;
}

function HiddenContext({ plan, redirectTo }: { plan: string; redirectTo: string | null }) {
  return (
    <>
      <input type="hidden" name="plan" value={plan} />
      {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
    </>
  );
}

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const mode = params.get("mode") === "signin" ? "signin" : "signup";
  const rawPlan = params.get("plan");
  const plan = isPlanId(rawPlan) ? rawPlan : "free";
  const redirectTo = safeRedirect(params.get("redirect"));
  const wantsForgot = params.get("forgot") === "1";
  const data = actionData as AuthActionData | undefined;

  // The form shown follows the server's last answer, else the address.
  const form: AuthForm = data?.step === "form" ? data.form : wantsForgot ? "forgot" : mode;

  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Link to="/" className="mx-auto mb-6 flex items-center gap-2 text-xl font-bold">
        <ShieldPlus className="size-7 text-primary" aria-hidden="true" /> SafeTap
      </Link>
      <Card>
        {data?.step === "code" ? (
          <CodeStep data={data} plan={plan} redirectTo={redirectTo} />
        ) : (
          <>
            <CardHeader className="pb-2">
              <nav
                aria-label={t("tabs.label")}
                className="grid grid-cols-2 rounded-lg bg-muted p-1"
              >
                {(["signup", "signin"] as const).map((tab) => {
                  const active = (form === "forgot" ? "signin" : form) === tab;
                  return (
                    <Link
                      key={tab}
                      to={authHref(tab, plan, redirectTo)}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "rounded-md px-3 py-2 text-center text-sm font-semibold",
                        active
                          ? "bg-background shadow-sm"
                          : "text-muted-foreground hover:text-foreground",
                      )}
                      data-testid={`tab-${tab}`}
                    >
                      {t(`tabs.${tab}`)}
                    </Link>
                  );
                })}
              </nav>
            </CardHeader>
            <CardContent>
              {form === "signup" ? (
                <SignUpForm key="signup" data={data} plan={plan} redirectTo={redirectTo} />
              ) : form === "signin" ? (
                <SignInForm key="signin" data={data} plan={plan} redirectTo={redirectTo} />
              ) : (
                <ForgotForm key="forgot" data={data} plan={plan} redirectTo={redirectTo} />
              )}
            </CardContent>
          </>
        )}
      </Card>
    </main>
  );
}

interface StepProps {
  data: AuthActionData | undefined;
  plan: string;
  redirectTo: string | null;
}

function IdentifierField({
  id,
  label,
  defaultValue,
  error,
  hint,
}: {
  id: string;
  label: string;
  defaultValue?: string;
  error?: FieldErrors[string];
  hint?: string;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(props) => (
        <Input
          {...props}
          name="identifier"
          autoComplete="username"
          maxLength={LIMITS.email}
          defaultValue={defaultValue}
        />
      )}
    </Field>
  );
}

/** The server's answer as per-field messages: the field at fault gets the notice's detail. */
function serverFieldErrors(data: AuthActionData | undefined): FieldErrors | undefined {
  if (data?.step !== "form" || !data.field || !data.notice?.description) return undefined;
  return { [data.field]: { key: data.notice.description, values: data.notice.values } };
}

function SignUpForm({ data, plan, redirectTo }: StepProps) {
  const { t } = useTranslation("auth");
  const ids = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values = data?.step === "form" ? data.values : undefined;
  const [password, setPassword] = useState("");
  const { notice, show } = useNotice(data, data?.notice);
  const { formRef, errors, show: showErrors } = useFieldErrors(data, serverFieldErrors(data));

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

function SignInForm({ data, plan, redirectTo }: StepProps) {
  const { t } = useTranslation("auth");
  const ids = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values = data?.step === "form" ? data.values : undefined;
  const { notice, show } = useNotice(data, data?.notice);
  const { formRef, errors, show: showErrors } = useFieldErrors(data, serverFieldErrors(data));
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

function ForgotForm({ data, plan, redirectTo }: StepProps) {
  const { t } = useTranslation("auth");
  const ids = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values = data?.step === "form" ? data.values : undefined;
  const { formRef, errors } = useFieldErrors(data, serverFieldErrors(data));
  return (
    <Form ref={formRef} method="post" replace noValidate className="space-y-4">
      <div>
        <h1 className="text-xl font-bold">{t("forgot.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("forgot.subtitle")}</p>
      </div>
      <Notice notice={data?.notice} />
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

function useCountdown(startedAt: number) {
  const [left, setLeft] = useState(RESEND_SECONDS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every code sent (new startedAt) restarts the countdown
  useEffect(() => {
    const started = Date.now();
    setLeft(RESEND_SECONDS);
    const timer = window.setInterval(() => {
      const remaining = RESEND_SECONDS - Math.floor((Date.now() - started) / 1000);
      setLeft(Math.max(0, remaining));
      if (remaining <= 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  return left;
}

function CodeStep({
  data,
  plan,
  redirectTo,
}: {
  data: Extract<AuthActionData, { step: "code" }>;
  plan: string;
  redirectTo: string | null;
}) {
  const { t } = useTranslation("auth");
  const ids = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const left = useCountdown(data.sentAt);
  const [code, setCode] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const { notice, show } = useNotice(data, data?.notice);
  // The code step's answers name no field: a refused code or new password is theirs.
  const refused = data.notice?.tone === "error" ? data.notice : undefined;
  const message = refused?.description && { key: refused.description, values: refused.values };
  const answered = !message
    ? undefined
    : refused?.title === "auth:notices.weakPassword"
      ? { newPassword: message }
      : refused?.title === "auth:notices.invalidCode"
        ? { code: message }
        : undefined;
  const { formRef, errors, show: showErrors } = useFieldErrors(data, answered);
  const context = (
    <>
      <HiddenContext plan={plan} redirectTo={redirectTo} />
      <input type="hidden" name="purpose" value={data.purpose} />
      <input type="hidden" name="identifier" value={data.identifier} />
      <input type="hidden" name="sentAt" value={data.sentAt} />
    </>
  );
  return (
    <CardContent className="space-y-4 pt-6">
      <div>
        <h1 className="text-xl font-bold">{t("code.title")}</h1>
        <p className="text-sm text-muted-foreground">
          {t("code.sentTo", { identifier: data.identifier })}
        </p>
      </div>
      <Notice notice={notice} />
      <Form
        ref={formRef}
        method="post"
        replace
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          if (!isSixDigitCode(code)) {
            event.preventDefault();
            show({
              tone: "error",
              title: "auth:notices.invalidCode",
              description: "validation.codeLength",
            });
            showErrors({ code: "validation.codeLength" });
            return;
          }
          const [passwordError] = data.purpose === "reset" ? passwordErrors(newPassword) : [];
          if (passwordError) {
            event.preventDefault();
            show({
              tone: "error",
              title: "auth:notices.weakPassword",
              description: passwordError,
            });
            showErrors({ newPassword: passwordError });
          }
        }}
      >
        {context}
        <Field id={`${ids}-code`} label={t("code.label")} error={errors.code}>
          {(props) => (
            <Input
              {...props}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={LIMITS.code}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, LIMITS.code))}
              className="text-center font-mono text-2xl tracking-[0.5em]"
              autoFocus
            />
          )}
        </Field>
        {data.purpose === "reset" ? (
          <Field
            id={`${ids}-new-password`}
            label={t("code.newPassword")}
            error={errors.newPassword}
          >
            {(props) => (
              <>
                <Input
                  {...props}
                  name="newPassword"
                  type="password"
                  autoComplete="new-password"
                  maxLength={LIMITS.passwordMax}
                  value={newPassword}
                  onChange={(e) => setNewPassword(e.target.value)}
                />
                <PasswordStrength password={newPassword} />
              </>
            )}
          </Field>
        ) : null}
        <Button type="submit" name="intent" value="verify" className="w-full" disabled={busy}>
          {busy ? t("code.verifying") : t("code.verify")}
        </Button>
      </Form>
      <div className="flex items-center justify-between gap-2">
        <Form method="post" replace>
          {context}
          <Button
            type="submit"
            name="intent"
            value="back"
            variant="ghost"
            onClick={() => setCode("")}
          >
            {t("code.back")}
          </Button>
        </Form>
        <Form method="post" replace>
          {context}
          <Button
            type="submit"
            name="intent"
            value="resend"
            variant="outline"
            disabled={left > 0 || busy}
          >
            {left > 0 ? t("code.resendIn", { seconds: left }) : t("code.resend")}
          </Button>
        </Form>
      </div>
    </CardContent>
  );
}

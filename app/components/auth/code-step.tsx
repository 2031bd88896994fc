import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Notice, useNotice } from "#app/components/notice.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { CardContent } from "#app/components/ui/card.tsx";
import { Field, useFieldErrors } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useValueTypedEarly } from "#app/lib/hydration.ts";
import { isSixDigitCode, LIMITS, passwordErrors } from "#core/validation.ts";
import type { AuthActionData } from "./action-data.ts";
import { HiddenContext } from "./form-parts.tsx";
import { PasswordStrength } from "./password-strength.tsx";

const RESEND_SECONDS = 30;

/** What the code field keeps of what is typed: digits, at most a code's length. */
const codeDigits = (value: string) => value.replace(/\D/g, "").slice(0, LIMITS.code);

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

/** The code step of sign-up, sign-in and reset: the code (and a new password), back, resend. */
export function CodeStep({
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
  useValueTypedEarly(formRef, "code", (value) => setCode(codeDigits(value)));
  useValueTypedEarly(formRef, "newPassword", setNewPassword);
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
              onChange={(e) => setCode(codeDigits(e.target.value))}
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

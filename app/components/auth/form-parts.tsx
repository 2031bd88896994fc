import { useId } from "react";
import { useNavigation } from "react-router";
import { useNotice } from "#app/components/notice.tsx";
import { Field, type FieldErrors, useFieldErrors } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { LIMITS } from "#core/validation.ts";
import type { AuthActionData } from "./action-data.ts";

/** Builds /auth links that keep `plan` (only when not free) and `redirect`. */
export function authHref(
  mode: "signup" | "signin",
  plan: string,
  redirectTo: string | null,
  extra = "",
) {
  const params = new URLSearchParams({ mode });
  if (plan !== "free") params.set("plan", plan);
  if (redirectTo) params.set("redirect", redirectTo);
  return `/auth?${params}${extra}`;
}

/** The sign-up context every /auth form carries along: the chosen plan and where to go after. */
export function HiddenContext({ plan, redirectTo }: { plan: string; redirectTo: string | null }) {
  return (
    <>
      <input type="hidden" name="plan" value={plan} />
      {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
    </>
  );
}

export interface StepProps {
  data: AuthActionData | undefined;
  plan: string;
  redirectTo: string | null;
}

export function IdentifierField({
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

/**
 * What each /auth form starts from: its ids, whether it is on its way, the
 * values to show again, and the notice and field messages (the server's
 * answer, or a check in the browser since).
 */
export function useAuthForm(data: AuthActionData | undefined) {
  const ids = useId();
  const busy = useNavigation().state === "submitting";
  const values = data?.step === "form" ? data.values : undefined;
  const { notice, show } = useNotice(data, data?.notice);
  const { formRef, errors, show: showErrors } = useFieldErrors(data, serverFieldErrors(data));
  return { ids, busy, values, notice, show, formRef, errors, showErrors };
}

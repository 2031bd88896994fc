import { Field, type FieldErrors } from "#app/components/ui/field.tsx";
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
export function serverFieldErrors(data: AuthActionData | undefined): FieldErrors | undefined {
  if (data?.step !== "form" || !data.field || !data.notice?.description) return undefined;
  return { [data.field]: { key: data.notice.description, values: data.notice.values } };
}

import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";
import { Label } from "./input.tsx";

/** Field name → locale key of its message (with optional interpolation values). */
export type FieldErrors = Partial<
  Record<string, string | { key: string; values?: Record<string, string | number> }>
>;

/** What a control needs to be tied to its label, hint and message. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * One form field: label, control, hint and its own error message, tied together with
 * `aria-invalid` and `aria-describedby`. The control is rendered by `children`, which
 * receives the attributes to spread on it.
 *
 *   <Field id={id} label={t("email")} error={errors.email}>
 *     {(props) => <Input {...props} name="email" />}
 *   </Field>
 */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label?: ReactNode;
  error?: FieldErrors[string] | null;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)} data-field>
      {label ? <Label htmlFor={id}>{label}</Label> : null}
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

/** A field's error message, for controls laid out by hand (checkboxes, grouped rows). */
export function FieldMessage({
  id,
  error,
}: {
  id: string | undefined;
  error: FieldErrors[string] | null | undefined;
}) {
  const { t } = useTranslation();
  if (!error || !id) return null;
  const { key, values } = typeof error === "string" ? { key: error, values: undefined } : error;
  return (
    <p id={id} className="text-sm font-medium text-destructive" data-testid="field-error">
      {t(key, values)}
    </p>
  );
}

/**
 * The per-field errors a form shows: the server's answer, or a browser check's result
 * raised since that answer (a new answer replaces it). Each time errors appear, the
 * first invalid field in the form takes the focus and is scrolled to the middle of the
 * screen with its message, wherever the user was on the page.
 */
export function useFieldErrors(answer: unknown, serverErrors: FieldErrors | null | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  const [local, setLocal] = useState<{ answer: unknown; errors: FieldErrors } | null>(null);
  const current = local && local.answer === answer ? local : null;
  const errors: FieldErrors = current ? current.errors : (serverErrors ?? {});
  const trigger = current ?? answer;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer or check moves the focus, nothing else
  useEffect(() => {
    focusFirstInvalid(formRef);
  }, [trigger]);

  return {
    formRef,
    errors,
    show: (next: FieldErrors) => setLocal({ answer, errors: next }),
    clear: () => setLocal(null),
  };
}

function focusFirstInvalid(formRef: RefObject<HTMLFormElement | null>) {
  const control = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!control) return;
  control.focus({ preventScroll: true });
  (control.closest("[data-field]") ?? control).scrollIntoView({
    block: "center",
    behavior: "instant",
  });
}

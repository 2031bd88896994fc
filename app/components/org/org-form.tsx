import { Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Form } from "react-router";
import { ConfirmAction } from "#app/components/dashboard/confirm-action.tsx";
import { Notice } from "#app/components/notice.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { type OrgFormAnswer, shown } from "./form-answer.ts";

/**
 * What a form of the organisation's pages needs from its answer (decision 137): the fields'
 * messages, the values posted to show again after a refusal, and, for a form that adds
 * something, a reset after a success so it is ready for the next one.
 */
export function useOrgForm(answer: OrgFormAnswer | undefined, resetOnSuccess: boolean) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (resetOnSuccess && answer?.notice.tone === "success") formRef.current?.reset();
  }, [answer, resetOnSuccess]);
  return {
    formRef,
    errors: answer?.fieldErrors ?? {},
    value: (name: string, stored: string) => shown(answer, name, stored),
  };
}

/**
 * A form of the organisation's pages: a plain POST answered with the page, keeping its place.
 * A form that adds something (`row` absent) shows its own notice and clears itself after a
 * success; a row's form names the row (`row`: its id field) and leaves the notice to the row.
 */
export function OrgForm({
  answer,
  row,
  testId,
  className = "mt-2 space-y-3",
  children,
}: {
  answer: OrgFormAnswer | undefined;
  row?: { field: string; id: string };
  testId: string;
  className?: string;
  children: (form: Omit<ReturnType<typeof useOrgForm>, "formRef">) => ReactNode;
}) {
  const { formRef, ...form } = useOrgForm(answer, !row);
  return (
    <Form
      ref={formRef}
      method="post"
      replace
      preventScrollReset
      className={className}
      data-testid={testId}
    >
      {row ? (
        <input type="hidden" name={row.field} value={row.id} />
      ) : (
        <Notice notice={answer?.notice} />
      )}
      {children(form)}
    </Form>
  );
}

/**
 * A row's two changes, both without JavaScript: "Edit" opens the row's form in place (open again
 * after a refusal, with its messages), "Remove" asks first (ConfirmAction) and posts `intent`
 * with `fields` and any more fields given as `confirmFields` (e.g. why).
 */
export function EditOrRemove({
  editLabel,
  editOpen,
  form,
  removeLabel,
  removeMessage,
  removeConfirm,
  intent,
  fields,
  confirmFields,
  busy,
}: {
  editLabel: string;
  editOpen: boolean;
  form: ReactNode;
  removeLabel: string;
  removeMessage: string;
  removeConfirm: string;
  intent: string;
  fields: Record<string, string>;
  confirmFields?: ReactNode;
  busy: boolean;
}) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      <details className="min-w-0 flex-1" open={editOpen || undefined}>
        <summary
          className={cn(
            buttonVariants({ variant: "outline", size: "sm" }),
            "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
          )}
        >
          <Pencil aria-hidden="true" /> {editLabel}
        </summary>
        {form}
      </details>
      <ConfirmAction
        trigger={<Trash2 aria-hidden="true" />}
        triggerLabel={removeLabel}
        message={removeMessage}
        confirmLabel={removeConfirm}
        intent={intent}
        fields={fields}
        disabled={busy}
      >
        {confirmFields}
      </ConfirmAction>
    </div>
  );
}

import type { ReactNode } from "react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { PersonField } from "./people-strip.tsx";

/**
 * A destructive action in two steps that works without JavaScript: the first
 * press opens a `<details>` saying what will happen, the second press (the
 * form's submit, carrying `confirm=yes`) does it. The server refuses the
 * action without `confirm=yes`, so no single tap can destroy.
 */
export function ConfirmAction({
  trigger,
  triggerLabel,
  message,
  confirmLabel,
  intent,
  fields,
  disabled,
  testId,
  className,
  children,
}: {
  trigger: ReactNode;
  /** Accessible name of the first step, when `trigger` is only an icon. */
  triggerLabel?: string;
  message: ReactNode;
  confirmLabel: string;
  intent: string;
  fields: Record<string, string>;
  disabled?: boolean;
  testId?: string;
  className?: string;
  /** More fields the confirming form posts (e.g. why). */
  children?: ReactNode;
}) {
  const { t } = useTranslation("account");
  const details = useRef<HTMLDetailsElement>(null);
  // Cancel needs JavaScript; without it the summary closes the step again.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <details ref={details} className={cn("group", className)} data-testid={testId}>
      <summary
        aria-label={triggerLabel}
        className={cn(
          buttonVariants({ variant: "outline", size: "sm" }),
          "cursor-pointer list-none text-destructive [&::-webkit-details-marker]:hidden",
        )}
      >
        {trigger}
      </summary>
      <div className="mt-2 space-y-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
        <p>{message}</p>
        <Form method="post" replace preventScrollReset className="flex flex-wrap gap-2">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <PersonField />
          {children ? <div className="w-full">{children}</div> : null}
          <input type="hidden" name="confirm" value="yes" />
          <Button
            type="submit"
            name="intent"
            value={intent}
            size="sm"
            variant="destructive"
            disabled={disabled}
          >
            {confirmLabel}
          </Button>
          {hydrated ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => details.current?.removeAttribute("open")}
            >
              {t("confirm.cancel")}
            </Button>
          ) : null}
        </Form>
      </div>
    </details>
  );
}

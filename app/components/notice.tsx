import { CircleAlert, CircleCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";

/**
 * A notice from the server or a form check: a title and an optional
 * description, both locale keys. Rendered in the page, so it also shows
 * without JavaScript, and announced to screen readers.
 */
export interface NoticeData {
  tone: "error" | "success";
  title: string;
  description?: string;
  values?: Record<string, string | number>;
}

export function Notice({
  notice,
  className,
}: {
  notice: NoticeData | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!notice) return null;
  const error = notice.tone === "error";
  const Icon = error ? CircleAlert : CircleCheck;
  return (
    <div
      role={error ? "alert" : "status"}
      data-testid="notice"
      className={cn(
        "flex gap-3 rounded-lg border p-3 text-sm",
        error
          ? "border-destructive/40 bg-destructive/10 text-foreground"
          : "border-success/40 bg-success/10 text-foreground",
        className,
      )}
    >
      <Icon
        className={cn("mt-0.5 size-4 shrink-0", error ? "text-destructive" : "text-success")}
        aria-hidden="true"
      />
      <div>
        <p className="font-semibold" data-testid="notice-title">
          {t(notice.title, notice.values)}
        </p>
        {notice.description ? (
          <p className="mt-0.5 text-muted-foreground" data-testid="notice-description">
            {t(notice.description, notice.values)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The notice a form shows: the server's answer, or a local check's notice
 * raised since that answer. A new answer replaces any local notice.
 */
export function useNotice(answer: unknown, serverNotice: NoticeData | null | undefined) {
  const [local, setLocal] = useState<{ answer: unknown; notice: NoticeData } | null>(null);
  const notice = local && local.answer === answer ? local.notice : (serverNotice ?? null);
  return {
    notice,
    show: (next: NoticeData) => setLocal({ answer, notice: next }),
    clear: () => setLocal(null),
  };
}

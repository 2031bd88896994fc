import { CircleAlert, CircleCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { NOTICES, type NoticeSpec, type PendingNotice } from "#app/lib/notices.ts";

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

/**
 * The notice a page was reached with (decision 023: a redirect's notice cookie,
 * read once by the page's loader). It stays while the user works on the same
 * address: a form's answer revalidates the loader, which has used it up.
 */
export function useArrivalNotice(pending: PendingNotice | null): NoticeData | null {
  const { pathname, search } = useLocation();
  const address = pathname + search;
  const [kept, setKept] = useState({ address, pending });
  const fresh = pending !== null && pending.id !== kept.pending?.id;
  if (fresh || address !== kept.address) setKept({ address, pending });
  const shown = fresh || address !== kept.address ? pending : kept.pending;
  if (!shown) return null;
  const spec: NoticeSpec = NOTICES[shown.key];
  return {
    tone: spec.kind === "error" ? "error" : "success",
    title: spec.titleKey,
    description: spec.descriptionKey,
  };
}

import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Toaster, toast } from "sonner";
import { NOTICES, type NoticeSpec, type PendingNotice } from "#app/lib/notices.ts";

/**
 * The page's notification area (sonner), plus the notice the server handed over
 * after a redirect. Each notice is shown once; without JavaScript it is printed
 * as a status line instead.
 */
export function Notices({ notice }: { notice: PendingNotice | null }) {
  const { t } = useTranslation("marketing");
  const shown = useRef(new Set<string>());

  useEffect(() => {
    if (!notice || shown.current.has(notice.id)) return;
    shown.current.add(notice.id);
    const spec: NoticeSpec = NOTICES[notice.key];
    toast[spec.kind](t(spec.titleKey), {
      id: notice.id,
      description: spec.descriptionKey ? t(spec.descriptionKey) : undefined,
    });
  }, [notice, t]);

  return (
    <>
      <Toaster
        position="top-center"
        closeButton
        containerAriaLabel={t("notices.region")}
        toastOptions={{
          classNames: { description: "!text-muted-foreground" },
          style: {
            background: "var(--card)",
            color: "var(--card-foreground)",
            borderColor: "var(--border)",
          },
        }}
      />
      {notice ? (
        <noscript>
          <p
            role="status"
            className="mx-auto mt-4 max-w-xl rounded-md border bg-card px-4 py-3 text-center font-medium"
          >
            {t(NOTICES[notice.key].titleKey)}
          </p>
        </noscript>
      ) : null}
    </>
  );
}

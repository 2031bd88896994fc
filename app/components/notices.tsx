import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Toaster, toast } from "sonner";
import { useStaticPage } from "#app/lib/deferred-scripts.ts";
import { NOTICES, type NoticeSpec, type PendingNotice } from "#app/lib/notices.ts";

/**
 * The page's notification area (sonner), plus the notice the server handed over
 * after a redirect. Each notice is shown once; without JavaScript, and on a
 * page React does not hydrate (decision 159), it is printed as a status line.
 */
export function Notices({ notice }: { notice: PendingNotice | null }) {
  const { t } = useTranslation("marketing");
  const shown = useRef(new Set<string>());
  const staticPage = useStaticPage();

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
      {notice && staticPage ? <NoticeLine notice={notice} /> : null}
      {notice && !staticPage ? (
        <noscript>
          <NoticeLine notice={notice} />
        </noscript>
      ) : null}
    </>
  );
}

function NoticeLine({ notice }: { notice: PendingNotice }) {
  const { t } = useTranslation("marketing");
  return (
    <p
      role="status"
      className="mx-auto mt-4 max-w-xl rounded-md border bg-card px-4 py-3 text-center font-medium"
    >
      {t(NOTICES[notice.key].titleKey)}
    </p>
  );
}

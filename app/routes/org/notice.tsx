import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ReplyTally } from "#app/components/org/notice-parts.tsx";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/notice";
import { type NoticeRepliesData, noticePage } from "./notices.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  noticePage(request, context, params.slug, params.noticeId);
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

/** How often the page asks for the replies while it is open. */
const POLL_MS = 3_000;

/**
 * /org/{slug}/notices/{id}: one notice, what it sent, and its replies counted live (the page asks
 * its small JSON resource every few seconds; without JavaScript, reloading shows them), with
 * those who need help listed first.
 */
export default function OrgNotice({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("mass-notices");
  const { notice } = loaderData;
  const replies = useLiveReplies(
    `/org/${params.slug}/notices/${notice.id}/replies.json`,
    loaderData.replies,
    notice.withReply,
  );
  const skipped = Object.values(notice.counts.overQuota).reduce((a, b) => a + b, 0);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{t("notice.heading")}</h2>
        <Link to={`/org/${params.slug}/notices`} className={buttonVariants({ variant: "ghost" })}>
          {t("notice.back")}
        </Link>
      </div>
      <Card>
        <CardContent className="space-y-3 p-4">
          <blockquote
            className="whitespace-pre-line rounded-md border-l-4 bg-muted p-3"
            data-testid="notice-message"
          >
            {notice.message}
          </blockquote>
          <p className="text-sm text-muted-foreground">
            {t("list.sentBy", { name: notice.by, time: notice.sent.time })}
          </p>
          <p className="text-sm">
            {t("preview.to", {
              locations: notice.locations.join(", "),
              audience: t(`audience.${notice.audience}`),
            })}
          </p>
          <p className="text-sm" data-testid="notice-counts">
            {t("counts.people", { count: notice.counts.people })} ·{" "}
            {t("counts.messages", { count: notice.counts.messages })}
            {skipped ? ` · ${t("counts.overQuota", { count: skipped })}` : ""}
          </p>
        </CardContent>
      </Card>
      {notice.withReply ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("notice.replies")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <div aria-live="polite">
              <ReplyTally tally={replies.tally} large />
            </div>
            <section aria-labelledby="need-help-heading">
              <h3 id="need-help-heading" className="font-semibold">
                {t("notice.needHelp")}
              </h3>
              {replies.needHelp.length ? (
                <ul className="mt-2 divide-y rounded-md border" data-testid="need-help-list">
                  {replies.needHelp.map((r) => (
                    <li key={r.profileId} className="flex justify-between gap-2 p-2 text-sm">
                      <Link
                        to={`/org/${params.slug}/people/${r.profileId}`}
                        className="font-medium text-primary underline"
                      >
                        {r.name}
                      </Link>
                      <span className="text-muted-foreground">{r.at?.time}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-sm text-muted-foreground">{t("notice.nobodyNeedsHelp")}</p>
              )}
            </section>
            <section aria-labelledby="safe-heading">
              <h3 id="safe-heading" className="font-semibold">
                {t("notice.safe")}
              </h3>
              {replies.safe.length ? (
                <ul className="mt-2 divide-y rounded-md border" data-testid="safe-list">
                  {replies.safe.map((r) => (
                    <li key={r.profileId} className="flex justify-between gap-2 p-2 text-sm">
                      <span>{r.name}</span>
                      <span className="text-muted-foreground">{r.at?.time}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-sm text-muted-foreground">{t("notice.nobodySafe")}</p>
              )}
            </section>
          </CardContent>
        </Card>
      ) : (
        <p className="text-sm text-muted-foreground">{t("notice.noReplyLink")}</p>
      )}
    </div>
  );
}

/** The replies, refreshed every POLL_MS from the JSON resource while the page is visible. */
function useLiveReplies(url: string, initial: NoticeRepliesData, enabled: boolean) {
  const [replies, setReplies] = useState(initial);
  useEffect(() => setReplies(initial), [initial]);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      if (document.visibilityState === "visible") {
        try {
          const response = await fetch(url, { headers: { accept: "application/json" } });
          if (response.ok && !stopped) setReplies((await response.json()) as NoticeRepliesData);
        } catch {
          // Offline for a moment: the next poll tries again.
        }
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [url, enabled]);
  return replies;
}

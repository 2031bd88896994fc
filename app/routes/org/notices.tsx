import { Megaphone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ReplyTally } from "#app/components/org/notice-parts.tsx";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/notices";
import { noticesPage } from "./notices.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  noticesPage(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

/**
 * /org/{slug}/notices (issue 17 item 3): the mass notices sent, newest first, each with its
 * people, messages and replies; owners and admins only.
 */
export default function OrgNotices({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("mass-notices");
  const base = `/org/${params.slug}/notices`;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{t("list.heading")}</h2>
        <Link to={`${base}/new`} className={buttonVariants()} data-testid="new-notice">
          <Megaphone aria-hidden="true" /> {t("list.new")}
        </Link>
      </div>
      {loaderData.notices.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="notices-empty">
          {t("list.empty")}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="notice-list">
          {loaderData.notices.map((notice) => (
            <li key={notice.id} data-testid="notice-row">
              <Card>
                <CardContent className="space-y-2 p-4">
                  <Link
                    to={`${base}/${notice.id}`}
                    className="line-clamp-2 font-semibold text-primary underline-offset-4 hover:underline"
                  >
                    {notice.message}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {t("list.sentBy", { name: notice.by, time: notice.sent.time })}
                  </p>
                  <p className="text-sm" data-testid="notice-counts">
                    {t("counts.people", { count: notice.counts.people })} ·{" "}
                    {t("counts.messages", { count: notice.counts.messages })}
                  </p>
                  {notice.withReply ? <ReplyTally tally={notice.replies} /> : null}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

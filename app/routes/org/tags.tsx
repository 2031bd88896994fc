import { FileUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AssignPanel } from "#app/components/org-tags/assign-panel.tsx";
import { TagFilter, TagList } from "#app/components/org-tags/tag-list.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/tags";
import { orgTagsAction, orgTagsPage } from "./tags.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  orgTagsPage(request, context, params.slug);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  orgTagsAction(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];

/**
 * /org/{slug}/tags (issue 16 item 4): the organisation's tags, their state and person; admins
 * give them out one by one (typed or scanned), by CSV, and take them back. Staff read the list.
 */
export default function OrgTags({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("org-tags");
  const [params] = useSearchParams();
  const { slug, counts, filter, tags, next, assign, canAssign } = loaderData;
  const forPanel =
    actionData && (actionData.intent === "assign" || actionData.intent === "reassign");
  const listed = actionData?.tagId && tags.some((tag) => tag.id === actionData.tagId);
  const rowNotice =
    actionData && !forPanel && listed
      ? { tagId: actionData.tagId!, notice: actionData.notice }
      : null;
  const topNotice = actionData && !forPanel && !listed ? actionData.notice : null;
  const nextPage = new URLSearchParams(params);
  if (next) nextPage.set("after", next);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">{t("heading")}</h2>
          <p className="text-sm text-muted-foreground" data-testid="tag-counts">
            {t("counts", { ...counts, count: counts.all })}
          </p>
        </div>
        {canAssign ? (
          <Link to={`/org/${slug}/tags/import`} className={buttonVariants({ variant: "outline" })}>
            <FileUp aria-hidden="true" /> {t("import.link")}
          </Link>
        ) : null}
      </div>

      {assign ? (
        <AssignPanel assign={assign} notice={forPanel ? actionData.notice : (topNotice ?? null)} />
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>{t("list.title")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <TagFilter filter={filter} counts={counts} />
          <TagList slug={slug} tags={tags} canAssign={canAssign} rowNotice={rowNotice} />
          {next ? (
            <Link
              to={`?${nextPage}`}
              className={buttonVariants({ variant: "outline" })}
              data-testid="next-page"
            >
              {t("list.next")}
            </Link>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Notice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/tags-import-preview";
import { confirmTagImport, tagImportPreview } from "./tags-import.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  tagImportPreview(request, context, params.slug, params.importId);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  confirmTagImport(request, context, params.slug, params.importId);
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];

/**
 * The preview of a tag CSV: how many rows will be assigned, are already so, or are rejected,
 * every rejected row's problems (line, column, what is wrong), then Assign (the clean rows only)
 * and the rejected rows as CSV.
 */
export default function TagImportPreview({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("org-tags");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { slug, importId, fileName, imported, result, summary, rejected, toAssign } = loaderData;
  const base = `/org/${slug}/tags/import`;
  const figures = [
    { id: "assign", value: summary.assign },
    { id: "unchanged", value: summary.unchanged },
    { id: "rejected", value: summary.rejected },
  ] as const;
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>{t("preview.heading", { file: fileName })}</CardTitle>
          <p className="text-sm text-muted-foreground">
            {t("preview.rows", { count: summary.total })}
          </p>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid gap-3 sm:grid-cols-3">
            {figures.map((figure) => (
              <div
                key={figure.id}
                className="rounded-lg border p-3"
                data-testid={`count-${figure.id}`}
              >
                <dt className="text-sm text-muted-foreground">{t(`preview.${figure.id}`)}</dt>
                <dd className="text-2xl font-semibold">{figure.value}</dd>
              </div>
            ))}
          </dl>
          <div data-testid="import-result">
            <Notice notice={actionData?.notice} />
          </div>
          {imported && !actionData && result ? (
            <Notice
              notice={{
                tone: "success",
                title: "org-tags:import.done",
                description: "org-tags:import.doneBody",
                values: result,
              }}
            />
          ) : null}
          {imported ? null : summary.assign === 0 ? (
            <p className="text-sm" data-testid="nothing-to-assign">
              {t("preview.nothing")}
            </p>
          ) : (
            <Form method="post" replace className="space-y-2">
              <p className="text-sm">
                {summary.rejected
                  ? t("preview.partial", { count: summary.assign, rejected: summary.rejected })
                  : t("preview.clean", { count: summary.assign })}
              </p>
              <Button type="submit" name="intent" value="import" disabled={busy}>
                {summary.rejected
                  ? t("preview.assignClean", { count: summary.assign })
                  : t("preview.assignAll", { count: summary.assign })}
              </Button>
            </Form>
          )}
          <div className="flex flex-wrap gap-2">
            {summary.rejected ? (
              <a
                href={`${base}/${importId}/rejected.csv`}
                download
                className={buttonVariants({ variant: "outline" })}
              >
                <Download aria-hidden="true" /> {t("preview.downloadRejected")}
              </a>
            ) : null}
            <Link to={base} className={buttonVariants({ variant: "ghost" })}>
              {t("preview.another")}
            </Link>
            <Link to={`/org/${slug}/tags`} className={buttonVariants({ variant: "ghost" })}>
              {t("import.back")}
            </Link>
          </div>
        </CardContent>
      </Card>

      {rejected.length ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("preview.rejectedTitle")}</CardTitle>
          </CardHeader>
          <CardContent className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="rejected-rows">
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("preview.line")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    external_id
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    tag_id
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t("preview.problems")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {rejected.map((row) => (
                  <tr key={row.line} data-testid="rejected-row">
                    <td className="py-2 pr-3">{row.line}</td>
                    <td className="py-2 pr-3 font-mono">{row.externalId}</td>
                    <td className="py-2 pr-3 font-mono">{row.tagCell}</td>
                    <td className="py-2">
                      <ul>
                        {row.errors.map((error) => (
                          <li key={`${error.column}-${error.key}`}>
                            {error.column ? (
                              <span className="font-mono text-muted-foreground">
                                {error.column}:{" "}
                              </span>
                            ) : null}
                            {t(`csv.${error.key}`, error.values)}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {summary.rejected > rejected.length ? (
              <p className="mt-2 text-xs text-muted-foreground">
                {t("preview.moreRejected", { shown: rejected.length, count: summary.rejected })}
              </p>
            ) : null}
          </CardContent>
        </Card>
      ) : null}

      {toAssign.length && !imported ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("preview.sampleTitle")}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y text-sm" data-testid="rows-to-assign">
              {toAssign.map((row) => (
                <li key={row.line} className="flex gap-3 py-1.5">
                  <span className="font-mono">{row.tagCell}</span>
                  <span aria-hidden="true">→</span>
                  <span>
                    {row.personName}{" "}
                    <span className="text-muted-foreground">({row.externalId})</span>
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

import { FileUp } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Notice, useNotice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { TAG_CSV_COLUMNS, TAG_CSV_MAX_BYTES } from "#core/org-tags.ts";
import type { Route } from "./+types/tags-import";
import { tagImportPage, uploadTagImport } from "./tags-import.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  tagImportPage(request, context, params.slug);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  uploadTagImport(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];

/**
 * /org/{slug}/tags/import: upload a CSV of `external_id,tag_id`; the next page previews every
 * row before anything is assigned.
 */
export default function TagImport({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("org-tags");
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { notice, show, clear } = useNotice(actionData, actionData?.notice);
  const megabytes = TAG_CSV_MAX_BYTES / 1024 / 1024;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("import.heading")}</CardTitle>
        <p className="text-sm text-muted-foreground">{t("import.intro")}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-sm">
          {`${TAG_CSV_COLUMNS.join(",")}\nS-1001,WB-7KQ2M\nS-1002,WB-P4XRA`}
        </pre>
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          <li>{t("import.ruleColumns")}</li>
          <li>{t("import.rulePeople")}</li>
          <li>{t("import.ruleTags")}</li>
          <li>{t("import.ruleLimits", { megabytes, rows: "10,000" })}</li>
          <li>{t("import.ruleAgain")}</li>
        </ul>
        <Form
          method="post"
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            clear();
            const field = event.currentTarget.elements.namedItem("file");
            const file = field instanceof HTMLInputElement ? field.files?.[0] : undefined;
            if (!file) {
              event.preventDefault();
              show({
                tone: "error",
                title: "org-tags:import.failed",
                description: "org-tags:csv.noFile",
              });
            } else if (file.size > TAG_CSV_MAX_BYTES) {
              event.preventDefault();
              show({
                tone: "error",
                title: "org-tags:import.failed",
                description: "org-tags:csv.tooLarge",
                values: { megabytes },
              });
            }
          }}
        >
          <div className="min-w-64 flex-1 space-y-1.5">
            <Label htmlFor={`${id}-file`}>{t("import.file")}</Label>
            <Input
              id={`${id}-file`}
              type="file"
              name="file"
              accept=".csv,text/csv"
              className="py-2"
            />
          </div>
          <Button type="submit" disabled={busy}>
            <FileUp aria-hidden="true" /> {busy ? t("import.checking") : t("import.check")}
          </Button>
        </Form>
        <div data-testid="import-result">
          <Notice notice={notice} />
        </div>
        <Link to={`/org/${loaderData.slug}/tags`} className={buttonVariants({ variant: "ghost" })}>
          {t("import.back")}
        </Link>
      </CardContent>
    </Card>
  );
}

import { Download, FileWarning } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/cn.ts";
import type { importPage } from "#app/routes/org/members-import.server.ts";
import {
  type FileProblem,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  RULE_VALUES,
  ruleKey,
  TOO_LARGE,
} from "#core/org-import.ts";
import type { OrgPreset } from "#core/organizations.ts";
import { RunImportForm } from "./run-import-form.tsx";

type PageData = Awaited<ReturnType<typeof importPage>>;
type CurrentImport = NonNullable<PageData["current"]>;

/** The preset's template and what each of its columns takes. */
export function TemplateSection({
  slug,
  preset,
  collapsed,
}: {
  slug: string;
  preset: OrgPreset;
  /** Beside a preview, the columns' rules fold away (its rejected rows name theirs). */
  collapsed: boolean;
}) {
  const { t } = useTranslation("org-import");
  const presetName = t(`org:presets.${preset}`);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("template.heading")}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {t("template.body", { preset: presetName })}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <a
          href={`/org/${slug}/members/import/template.csv`}
          className={buttonVariants({ variant: "outline" })}
          download
          data-testid="template-link"
        >
          <Download aria-hidden="true" /> {t("template.download", { preset: presetName })}
        </a>
        <details open={!collapsed} className="space-y-2">
          <summary className="cursor-pointer text-sm font-medium">{t("template.columns")}</summary>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="template-columns">
              <thead className="text-muted-foreground">
                <tr>
                  <th className="py-2 pr-3">{t("template.column")}</th>
                  <th className="py-2 pr-3">{t("template.needed")}</th>
                  <th className="py-2">{t("template.rule")}</th>
                </tr>
              </thead>
              <tbody>
                {IMPORT_COLUMNS[preset].map((column) => (
                  <tr key={column.name} className="border-t align-top">
                    <td className="py-2 pr-3 font-mono">{column.name}</td>
                    <td className="py-2 pr-3">
                      {column.required ? t("template.required") : t("template.optional")}
                    </td>
                    <td className="py-2">{t(`rules.${column.kind}`, RULE_VALUES)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
        <p className="text-sm text-muted-foreground">
          {t("template.limits", {
            rows: IMPORT_MAX_ROWS.toLocaleString(),
            mb: IMPORT_MAX_BYTES / (1024 * 1024),
          })}
        </p>
      </CardContent>
    </Card>
  );
}

/** Problems with a whole file: it was not kept, nothing was imported. */
export function FileProblems({ problems }: { problems: FileProblem[] | null | undefined }) {
  const { t } = useTranslation("org-import");
  if (!problems?.length) return null;
  return (
    <div
      role="alert"
      data-testid="file-problems"
      className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
    >
      <p className="flex items-center gap-2 font-semibold">
        <FileWarning className="size-4 text-destructive" aria-hidden="true" />
        {t("file.heading")}
      </p>
      <ul className="mt-1 list-disc pl-6">
        {problems.map((problem) => (
          <li key={problem.code} data-code={problem.code}>
            {t(`file.${problem.code}`, problem.values ?? {})}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The upload: checked and previewed, nothing imported yet. */
export function UploadSection({ problems }: { problems: FileProblem[] | null | undefined }) {
  const { t } = useTranslation("org-import");
  const navigation = useNavigation();
  const checking =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  // A file over the cap is refused here at once (the server refuses it too).
  const [tooLarge, setTooLarge] = useState(false);
  const check = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
    const large = (input?.files?.[0]?.size ?? 0) > IMPORT_MAX_BYTES;
    setTooLarge(large);
    if (large) event.preventDefault();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("upload.heading")}</CardTitle>
        <p className="text-sm text-muted-foreground">{t("upload.hint")}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <FileProblems problems={tooLarge ? [{ code: "tooLarge", values: TOO_LARGE }] : problems} />
        <Form
          method="post"
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-3"
          onSubmit={check}
          data-testid="upload-form"
        >
          <input type="hidden" name="intent" value="upload" />
          <div className="min-w-64 flex-1 space-y-1.5">
            <Label htmlFor="import-file">{t("upload.file")}</Label>
            <Input id="import-file" name="file" type="file" accept=".csv,text/csv" required />
          </div>
          <Button type="submit" disabled={checking}>
            {t("upload.submit")}
          </Button>
        </Form>
        {checking ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t("upload.checking")}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Figures({ counts, imported }: { counts: CurrentImport["counts"]; imported: boolean }) {
  const { t } = useTranslation("org-import");
  const figures = [
    { id: "new", label: imported ? t("result.created") : t("preview.new"), value: counts.new },
    {
      id: "changed",
      label: imported ? t("result.updated") : t("preview.changed"),
      value: counts.changed,
    },
    { id: "unchanged", label: t("preview.unchanged"), value: counts.unchanged },
    { id: "rejected", label: t("preview.rejected"), value: counts.rejected },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map((f) => (
        <div key={f.id} className="rounded-lg border p-3" data-testid={`count-${f.id}`}>
          <dt className="text-sm text-muted-foreground">{f.label}</dt>
          <dd
            className={cn(
              "text-2xl font-semibold",
              f.id === "rejected" && f.value > 0 && "text-destructive",
            )}
          >
            {f.value.toLocaleString()}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function RejectedRows({ current }: { current: CurrentImport }) {
  const { t } = useTranslation("org-import");
  if (current.rejected.length === 0) return null;
  const more = current.counts.rejected - current.rejected.length;
  return (
    <div className="space-y-2">
      <h4 className="font-semibold">{t("preview.rejectedHeading")}</h4>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="rejected-rows">
          <thead className="text-muted-foreground">
            <tr>
              <th className="py-2 pr-3">{t("preview.row")}</th>
              <th className="py-2 pr-3">{t("preview.column")}</th>
              <th className="py-2 pr-3">{t("preview.problem")}</th>
              <th className="py-2">{t("preview.rule")}</th>
            </tr>
          </thead>
          <tbody>
            {current.rejected.flatMap((rejected) =>
              rejected.problems.map((problem) => (
                <tr
                  key={`${rejected.row}-${problem.column}-${problem.key}`}
                  className="border-t align-top"
                  data-row={rejected.row}
                  data-column={problem.column ?? ""}
                >
                  <td className="py-2 pr-3 tabular-nums">{rejected.row}</td>
                  <td className="py-2 pr-3 font-mono">{problem.column ?? t("preview.wholeRow")}</td>
                  <td className="py-2 pr-3">{t(problem.key, problem.values ?? {})}</td>
                  <td className="py-2 text-muted-foreground">{t(ruleKey(problem), RULE_VALUES)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      {more > 0 ? (
        <p className="text-sm text-muted-foreground">{t("preview.moreRows", { count: more })}</p>
      ) : null}
    </div>
  );
}

/** The preview of an upload (or, once imported, what the import did). */
export function PreviewSection({
  slug,
  current,
  changedSince,
}: {
  slug: string;
  current: CurrentImport;
  changedSince: number | null;
}) {
  const { t } = useTranslation("org-import");
  const { counts, status } = current;
  const clean = counts.new + counts.changed;
  const rejectedLink = (
    <a
      href={`/org/${slug}/members/import/${current.id}/rejected.csv`}
      className={buttonVariants({ variant: "outline" })}
      download
      data-testid="rejected-link"
    >
      <Download aria-hidden="true" /> {t("preview.downloadRejected")}
    </a>
  );
  const heading = status === "imported" ? t("result.heading") : t("preview.heading");
  return (
    <Card data-testid="import-preview" data-status={status}>
      <CardHeader>
        <CardTitle>{heading}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {t("preview.file", { name: current.fileName })}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <Figures counts={counts} imported={status === "imported"} />
        {status === "imported" ? (
          <p role="status" data-testid="import-result">
            {t("result.summary", {
              created: counts.new,
              updated: counts.changed,
              unchanged: counts.unchanged,
              rejected: counts.rejected,
            })}
          </p>
        ) : null}
        {status === "importing" || status === "failed" || status === "discarded" ? (
          <p role="status" data-testid="import-state">
            {t(`result.${status}`)}
          </p>
        ) : null}
        {changedSince ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {t("preview.changedSince", { count: changedSince })}
          </p>
        ) : null}
        {status === "previewed" ? (
          <div className="space-y-3">
            {counts.rejected === 0 ? (
              <p data-testid="preview-clean">
                {clean > 0 ? t("preview.clean") : t("preview.nothingToDo")}
              </p>
            ) : (
              <p>{t("preview.rejectedNote", { count: counts.rejected })}</p>
            )}
            <div className="flex flex-wrap items-start gap-3">
              {clean > 0 ? (
                <RunImportForm
                  slug={slug}
                  importId={current.id}
                  intent={counts.rejected === 0 ? "import" : "import-clean"}
                  label={
                    counts.rejected === 0
                      ? t("preview.importAll", { count: clean })
                      : t("preview.importClean", { count: clean })
                  }
                />
              ) : null}
              {counts.rejected > 0 ? rejectedLink : null}
              <Form method="post">
                <input type="hidden" name="intent" value="discard" />
                <input type="hidden" name="importId" value={current.id} />
                <Button type="submit" variant="ghost">
                  {t("preview.discard")}
                </Button>
              </Form>
            </div>
          </div>
        ) : status === "imported" && counts.rejected > 0 ? (
          rejectedLink
        ) : null}
        <RejectedRows current={current} />
        {status !== "previewed" ? (
          <Link to={`/org/${slug}/members/import`} className={buttonVariants({ variant: "link" })}>
            {t("result.another")}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The organisation's latest imports, to come back to a preview or a result. */
export function RecentImports({ slug, recent }: { slug: string; recent: PageData["recent"] }) {
  const { t, i18n } = useTranslation("org-import");
  if (recent.length === 0) return null;
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("recent.heading")}</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="recent-imports">
          <thead className="text-muted-foreground">
            <tr>
              <th className="py-2 pr-3">{t("recent.when")}</th>
              <th className="py-2 pr-3">{t("recent.file")}</th>
              <th className="py-2 pr-3">{t("recent.status")}</th>
              <th className="py-2 pr-3">{t("recent.counts")}</th>
              <th className="py-2" />
            </tr>
          </thead>
          <tbody>
            {recent.map((r) => (
              <tr key={r.id} className="border-t">
                <td className="py-2 pr-3 whitespace-nowrap">
                  {when.format(new Date(r.createdAt))} UTC
                </td>
                <td className="py-2 pr-3 break-all">{r.fileName}</td>
                <td className="py-2 pr-3">{t(`recent.statuses.${r.status}`)}</td>
                <td className="py-2 pr-3 tabular-nums">
                  {r.counts
                    ? `${r.counts.new} / ${r.counts.changed} / ${r.counts.unchanged} / ${r.counts.rejected}`
                    : "—"}
                </td>
                <td className="py-2">
                  <Link
                    to={`/org/${slug}/members/import?import=${r.id}`}
                    className="text-primary underline"
                  >
                    {t("recent.open")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

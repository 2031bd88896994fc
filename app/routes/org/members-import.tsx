import { useTranslation } from "react-i18next";
import {
  PreviewSection,
  RecentImports,
  TemplateSection,
  UploadSection,
} from "#app/components/org-import/import-sections.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/members-import";
import { importAction, importPage } from "./members-import.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  importPage(request, context, params.slug);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  importAction(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/**
 * /org/{slug}/members/import (issue 16 item 3, decision 136): download the preset's template,
 * upload a file, check its preview (every rejected row with what is wrong and the rule), then
 * import it, or its clean rows and download the rejected ones.
 */
export default function MembersImport({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("org-import");
  const { slug, preset, current, missing, changedSince, recent } = loaderData;
  const fileProblems = actionData?.fileProblems ?? loaderData.fileProblems;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold">{t("title")}</h2>
        <p className="mt-1 max-w-3xl text-muted-foreground">{t("intro")}</p>
      </div>
      {missing || actionData?.notFound ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t("result.notFound")}
        </p>
      ) : null}
      {current ? (
        <PreviewSection slug={slug} current={current} changedSince={changedSince} />
      ) : null}
      <TemplateSection slug={slug} preset={preset} collapsed={Boolean(current)} />
      {/* A new preview or result starts the upload form afresh (no file still chosen). */}
      <UploadSection key={current?.id ?? "none"} problems={fileProblems} />
      <RecentImports slug={slug} recent={recent} />
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { isRouteErrorResponse } from "react-router";

/**
 * The organisation's pages' answer to a role that may not open them (403), inside the
 * organisation's frame; anything else goes on to the site's own error page.
 */
export function OrgPageError({ error }: { error: unknown }) {
  const { t } = useTranslation("org");
  if (!isRouteErrorResponse(error) || error.status !== 403) throw error;
  return (
    <div className="py-10 text-center" data-testid="org-page-forbidden">
      <h2 className="text-xl font-semibold">{t("forbidden.title")}</h2>
      <p className="mt-2 text-muted-foreground">{t("forbidden.body")}</p>
    </div>
  );
}

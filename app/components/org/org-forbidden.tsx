import { useTranslation } from "react-i18next";

/** What an organisation's page says to a member whose role may not open it (403). */
export function OrgForbidden({ reason }: { reason: "staff" | "personInvite" }) {
  const { t } = useTranslation("org-admin");
  return (
    <div className="py-10 text-center" data-testid="org-forbidden">
      <h2 className="text-xl font-semibold">{t("forbidden.title")}</h2>
      <p className="mt-2 text-muted-foreground">{t(`forbidden.${reason}`)}</p>
    </div>
  );
}

import { Mail } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePriceFormatter } from "#app/components/marketing/use-price.ts";
import { Card, CardContent, CardHeader } from "#app/components/ui/card.tsx";
import { ENTERPRISE_FROM, formatAmount } from "#core/plans.ts";

/** /contact's side panel: what happens after an enquiry, and the sales address. */
export function NextSteps({ salesEmail }: { salesEmail: string }) {
  const { t } = useTranslation("sales");
  const price = usePriceFormatter();
  return (
    <aside className="h-fit space-y-4">
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight">{t("aside.title")}</h2>
        </CardHeader>
        <CardContent>
          <ol className="list-decimal space-y-2 pl-5 text-sm text-muted-foreground">
            <li>{t("aside.step1")}</li>
            <li>{t("aside.step2")}</li>
            <li>
              {t("aside.step3", {
                price: price(formatAmount(ENTERPRISE_FROM.monthlyPrice)),
                users: ENTERPRISE_FROM.includedUsers,
              })}
            </li>
          </ol>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight">{t("aside.emailTitle")}</h2>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          <p>
            {t("aside.emailBody")}{" "}
            <a href={`mailto:${salesEmail}`} className="inline-flex items-center gap-1 underline">
              <Mail className="size-4" aria-hidden="true" />
              {salesEmail}
            </a>
          </p>
          <Link to="/for-organizations" className="text-primary underline">
            {t("aside.organizations")}
          </Link>
        </CardContent>
      </Card>
    </aside>
  );
}

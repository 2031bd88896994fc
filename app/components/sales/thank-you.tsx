import { CheckCircle2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";

/** /contact after a sent enquiry; says so when the mail to sales is delayed (it is stored). */
export function ThankYou({ delayed, salesEmail }: { delayed: boolean; salesEmail: string }) {
  const { t } = useTranslation("sales");
  return (
    <Card data-testid="sales-thanks" className="h-fit">
      <CardContent className="space-y-4 pt-6 text-center">
        <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
        <h1 className="text-3xl font-bold">{t("thanks.title")}</h1>
        <p className="text-lg">{t("thanks.body")}</p>
        <p className="text-muted-foreground">{t("thanks.detail")}</p>
        {delayed ? (
          <p role="status" className="rounded-md border p-3 text-sm" data-testid="mail-delayed">
            {t("thanks.mailDelayed", { email: salesEmail })}
          </p>
        ) : null}
        <Link to="/" className={buttonVariants()}>
          {t("thanks.home")}
        </Link>
      </CardContent>
    </Card>
  );
}

import { CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "../ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card.tsx";

const KNOWN_STATUSES = new Set(["active", "trialing", "past_due", "canceled"]);

export interface DashboardPlan {
  id: string;
  status: string;
  renewsAt: string | null;
}

/**
 * The Current Plan card. Payments are not built (DESIGN 1.4): a paid plan is
 * set by SafeTap staff, so without an end date it says that no payment is
 * taken rather than promising or denying a renewal.
 */
export function PlanCard({ plan }: { plan: DashboardPlan }) {
  const { t, i18n } = useTranslation("account");
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeZone: "UTC",
  });
  const free = plan.id === "free";
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard className="size-5 text-primary" aria-hidden="true" /> {t("plan.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-2xl font-bold" data-testid="current-plan">
          {t(`common:plans.${plan.id}.name`)}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="plan-facts">
          <dt className="text-muted-foreground">{t("plan.status")}</dt>
          <dd>{t(`plan.statuses.${KNOWN_STATUSES.has(plan.status) ? plan.status : "unknown"}`)}</dd>
          {!free && plan.renewsAt ? (
            <>
              <dt className="text-muted-foreground">{t("plan.renewal")}</dt>
              <dd>{dateFormat.format(new Date(plan.renewsAt))}</dd>
            </>
          ) : (
            <>
              <dt className="text-muted-foreground">{t("plan.billing")}</dt>
              <dd>{free ? t("plan.billingFree") : t("plan.billingAssigned")}</dd>
            </>
          )}
        </dl>
        <Link to="/pricing" className={buttonVariants({ variant: free ? "default" : "outline" })}>
          {free ? t("plan.upgrade") : t("plan.change")}
        </Link>
      </CardContent>
    </Card>
  );
}

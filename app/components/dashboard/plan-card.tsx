import { CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";

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
export function PlanCard({
  plan,
  downgrade,
}: {
  plan: DashboardPlan;
  /** Who stays alerted if the owner confirms the move to Free (null: nothing to ask). */
  downgrade: { alerted: string[]; notAlerted: string[] } | null;
}) {
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
        {downgrade ? (
          <div
            className="space-y-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
            data-testid="downgrade-confirm"
          >
            <p className="font-semibold">{t("plan.downgradeTitle")}</p>
            <p>
              {t("plan.downgradeBody", {
                alerted: downgrade.alerted.join(", "),
                notAlerted: downgrade.notAlerted.join(", "),
              })}
            </p>
            <Form method="post" action="/pricing" className="flex flex-wrap gap-2">
              <input type="hidden" name="plan" value="free" />
              <input type="hidden" name="confirm" value="yes" />
              <Button type="submit" size="sm" variant="destructive">
                {t("plan.downgradeConfirm")}
              </Button>
              <Link to="/dashboard" className={buttonVariants({ variant: "ghost", size: "sm" })}>
                {t("plan.downgradeKeep")}
              </Link>
            </Form>
          </div>
        ) : null}
        <Link to="/pricing" className={buttonVariants({ variant: free ? "default" : "outline" })}>
          {free ? t("plan.upgrade") : t("plan.change")}
        </Link>
      </CardContent>
    </Card>
  );
}

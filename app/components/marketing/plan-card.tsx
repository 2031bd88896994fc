import {
  Building2,
  ChevronDown,
  Mail,
  MapPin,
  MessageCircle,
  MessageSquare,
  PhoneCall,
  Shield,
  Users,
  Zap,
} from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";
import { type ChannelBadge, type Plan, planVars } from "#app/lib/plans.ts";
import { type BillingCycle, displayPrice, formatAmount } from "#core/plans.ts";
import { usePriceFormatter } from "./use-price.ts";

const PLAN_ICONS = { shield: Shield, zap: Zap, users: Users, building: Building2 } as const;

const CHANNEL_ICONS: Record<ChannelBadge["channel"], typeof Mail> = {
  email: Mail,
  sms: MessageSquare,
  whatsapp: MessageCircle,
  voice: PhoneCall,
  messenger: MessageCircle,
  instagram: MessageCircle,
  location: MapPin,
};

/** The plan's strings, interpolated with its limits (and the extra-seat price). */
export function usePlanText(plan: Plan) {
  const { t } = useTranslation("marketing");
  const price = usePriceFormatter();
  const vars = {
    ...planVars(plan),
    price: plan.extraSeat ? price(formatAmount(plan.extraSeat.monthlyPrice)) : "",
  };
  return (key: string) => t(key, vars);
}

/**
 * The plan's price for a billing cycle; for "both", the two prices, of which
 * CSS shows the one the surrounding BillingChoice has checked.
 */
export function PlanPrice({
  plan,
  cycle,
  annualShownPer,
}: {
  plan: Plan;
  cycle: BillingCycle | "both";
  annualShownPer: "month" | "year";
}) {
  if (cycle === "both") {
    return (
      <div className="min-h-20" data-testid={`price-${plan.id}`}>
        <div className="group-has-[[value=annual]:checked]/billing:hidden">
          <CyclePrice plan={plan} cycle="monthly" annualShownPer={annualShownPer} />
        </div>
        <div className="hidden group-has-[[value=annual]:checked]/billing:block">
          <CyclePrice plan={plan} cycle="annual" annualShownPer={annualShownPer} />
        </div>
      </div>
    );
  }
  return (
    <div className="min-h-20" data-testid={`price-${plan.id}`}>
      <CyclePrice plan={plan} cycle={cycle} annualShownPer={annualShownPer} />
    </div>
  );
}

function CyclePrice({
  plan,
  cycle,
  annualShownPer,
}: {
  plan: Plan;
  cycle: BillingCycle;
  annualShownPer: "month" | "year";
}) {
  const { t } = useTranslation("marketing");
  const price = usePriceFormatter();
  const shown = displayPrice(plan, cycle, annualShownPer);
  return (
    <>
      {shown ? (
        <>
          <p className="flex items-baseline gap-1">
            <span className="text-4xl font-extrabold tracking-tight">{price(shown.amount)}</span>
            <span className="text-sm text-muted-foreground">
              {t(shown.period === "month" ? "price.perMonth" : "price.perYear")}
            </span>
          </p>
          {shown.billedYearly ? (
            <p className="mt-1 text-xs text-muted-foreground">
              {t("price.billedYearly", { amount: price(shown.billedYearly) })}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p className="text-4xl font-extrabold tracking-tight">{t("price.custom")}</p>
          <p className="mt-1 text-xs text-muted-foreground">{t("price.customNote")}</p>
        </>
      )}
    </>
  );
}

/**
 * One plan: name, price for the chosen billing cycle, channels, numbers and
 * features, a "Learn more" disclosure and the plan's action. Disclosures that
 * share `detailsGroup` open one at a time (the browser closes the others).
 */
export function PlanCard({
  plan,
  cycle,
  annualShownPer,
  anchorId,
  detailsGroup,
  action,
}: {
  plan: Plan;
  cycle: BillingCycle | "both";
  annualShownPer: "month" | "year";
  anchorId?: string;
  detailsGroup: string;
  action: ReactNode;
}) {
  const { t } = useTranslation("marketing");
  const text = usePlanText(plan);
  const Icon = PLAN_ICONS[plan.icon];
  const headingId = `${detailsGroup}-${plan.id}-name`;
  return (
    <article
      id={anchorId}
      aria-labelledby={headingId}
      data-testid={`plan-${plan.id}`}
      className={cn(
        "relative flex scroll-mt-24 flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm",
        plan.highlighted && "border-2 border-primary shadow-lg",
      )}
    >
      {plan.badgeKey ? (
        <p
          className={cn(
            "absolute -top-3 left-6 rounded-full px-3 py-0.5 text-xs font-semibold",
            plan.highlighted
              ? "bg-primary text-primary-foreground"
              : "bg-accent text-accent-foreground",
          )}
        >
          {t(plan.badgeKey)}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h3 id={headingId} className="text-xl font-bold">
            {t(plan.nameKey)}
          </h3>
          <p className="text-sm text-muted-foreground">{t(plan.taglineKey)}</p>
        </div>
      </div>

      <div className="mt-6">
        <PlanPrice plan={plan} cycle={cycle} annualShownPer={annualShownPer} />
      </div>

      <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={t("channels.label")}>
        {plan.channelBadges.map((badge) => {
          const ChannelIcon = CHANNEL_ICONS[badge.channel];
          return (
            <li
              key={badge.channel}
              className="inline-flex items-center gap-1 rounded-full border bg-background px-2 py-0.5 text-xs"
            >
              <ChannelIcon className="size-3 text-primary" aria-hidden="true" />
              {t(`channels.${badge.channel}`)}
              {badge.noteKey ? (
                <span className="text-muted-foreground">({t(badge.noteKey)})</span>
              ) : null}
            </li>
          );
        })}
      </ul>

      <ul className="mt-6 space-y-2 text-sm font-medium">
        {plan.highlightKeys.map((key) => (
          <li key={key} className="check-mark flex gap-2 before:bg-primary">
            {text(key)}
          </li>
        ))}
      </ul>
      <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
        {plan.features.map((key) => (
          <li key={key} className="check-mark flex gap-2 before:bg-success">
            {text(key)}
          </li>
        ))}
      </ul>

      <details name={detailsGroup} className="group mt-4" data-testid={`learn-more-${plan.id}`}>
        <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md text-sm font-semibold text-primary hover:underline [&::-webkit-details-marker]:hidden">
          <span className="group-open:hidden">{t("plans.learnMore")}</span>
          <span className="hidden group-open:inline">{t("plans.showLess")}</span>
          <ChevronDown
            className="size-4 transition-transform group-open:rotate-180"
            aria-hidden="true"
          />
        </summary>
        <ul className="mt-3 space-y-2 border-t pt-3 text-sm text-muted-foreground">
          {plan.expandedFeatures.map((key) => (
            <li key={key} className="check-mark flex gap-2 before:bg-success">
              {text(key)}
            </li>
          ))}
        </ul>
      </details>

      <div className="mt-auto pt-6">{action}</div>
    </article>
  );
}

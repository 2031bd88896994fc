/**
 * The plan catalogue's rules (DESIGN 1.2, spec reading A): prices and limits. The server's
 * quota module (server/domain/quotas.ts) reads them; `app/lib/plans.ts` adds how the plans are
 * shown.
 */
import { CHANNEL_IDS, type Channel, describeChannel, type QuotaKind } from "./channels.ts";

export const PLAN_IDS = ["free", "pro", "family", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanLimits {
  /** Tags an account may own; null means custom (set by contract). */
  tags: number | null;
  contacts: number | null;
  seats: number | null;
  /** Non-email messages (SMS, WhatsApp, Messenger, Instagram) per period; null means custom. */
  multiChannelAlerts: number | null;
  /** Voice calls per period, counted apart from messages; null means custom. */
  voiceCalls: number | null;
  /** "lifetime" for the free trial sends, "month" for paid plans. */
  quotaPeriod: "lifetime" | "month" | "custom";
}

export interface PlanRules {
  id: PlanId;
  /** USD; null means custom pricing. */
  monthlyPrice: number | null;
  annualPrice: number | null;
  limits: PlanLimits;
  /** The channels the plan sends on: those whose allowance is not zero (`offeredChannels`). */
  channels: readonly Channel[];
  /** Seats beyond the included ones: price per month each, and the alerts each adds. */
  extraSeat?: { monthlyPrice: number; alerts: number };
  /**
   * Live location (spec section 9, Pro "live location"; decision 147): the person sharing may go
   * on sharing their position after the alert; without it an alert carries the one position.
   */
  liveLocation: boolean;
}

/** The plan limit each allowance draws on. */
const ALLOWANCE_LIMIT: Record<QuotaKind, "multiChannelAlerts" | "voiceCalls"> = {
  messages: "multiChannelAlerts",
  voice: "voiceCalls",
};

/** Sends per period an allowance grants; null means custom (no fixed ceiling). */
export function allowanceLimit(limits: PlanLimits, quota: QuotaKind): number | null {
  return limits[ALLOWANCE_LIMIT[quota]];
}

/** A plan offers every channel whose allowance is not zero (Free makes no calls). */
export function offeredChannels(limits: PlanLimits): Channel[] {
  return CHANNEL_IDS.filter((channel) => {
    const quota = describeChannel(channel).quota;
    return quota === null || allowanceLimit(limits, quota) !== 0;
  });
}

const withChannels = (rules: Omit<PlanRules, "channels">): PlanRules => ({
  ...rules,
  channels: offeredChannels(rules.limits),
});

export const PLANS: Record<PlanId, PlanRules> = {
  free: withChannels({
    id: "free",
    liveLocation: false,
    monthlyPrice: 0,
    annualPrice: 0,
    limits: {
      tags: 1,
      contacts: 1,
      seats: 1,
      multiChannelAlerts: 3,
      voiceCalls: 0,
      quotaPeriod: "lifetime",
    },
  }),
  pro: withChannels({
    id: "pro",
    liveLocation: true,
    monthlyPrice: 1.99,
    annualPrice: 19.9,
    limits: {
      tags: 3,
      contacts: 3,
      seats: 1,
      multiChannelAlerts: 50,
      voiceCalls: 10,
      quotaPeriod: "month",
    },
  }),
  family: withChannels({
    id: "family",
    liveLocation: true,
    monthlyPrice: 5.99,
    annualPrice: 59.9,
    limits: {
      tags: 20,
      contacts: 15,
      seats: 5,
      multiChannelAlerts: 250,
      voiceCalls: 50,
      quotaPeriod: "month",
    },
    extraSeat: { monthlyPrice: 1, alerts: 50 },
  }),
  enterprise: withChannels({
    id: "enterprise",
    liveLocation: true,
    monthlyPrice: null,
    annualPrice: null,
    limits: {
      tags: null,
      contacts: null,
      seats: null,
      multiChannelAlerts: null,
      voiceCalls: null,
      quotaPeriod: "custom",
    },
  }),
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

/** Annual price shown per month on /pricing: annual ÷ 12, two decimals. */
export function annualPerMonth(plan: PlanRules): string | null {
  return plan.annualPrice === null ? null : (plan.annualPrice / 12).toFixed(2);
}

/**
 * What the organisations page advertises for Enterprise (DESIGN 1.2): from
 * $29/month including the first 100 users. Contracts set the real price.
 */
export const ENTERPRISE_FROM = { monthlyPrice: 29, includedUsers: 100 } as const;

export const BILLING_CYCLES = ["monthly", "annual"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export function isBillingCycle(value: unknown): value is BillingCycle {
  return typeof value === "string" && (BILLING_CYCLES as readonly string[]).includes(value);
}

/** Months of the year an annual plan gives for free ("Save 2 Months"). */
export function monthsSavedPerYear(plan: PlanRules): number | null {
  if (!plan.monthlyPrice || plan.annualPrice === null) return null;
  return Math.round(12 - plan.annualPrice / plan.monthlyPrice);
}

/** A price as shown on a card: the amount (no currency) and the period it covers. */
export interface DisplayPrice {
  amount: string;
  period: "month" | "year";
  /** With annual billing shown per month: the amount billed once a year. */
  billedYearly?: string;
}

/** Whole amounts without decimals ("0", "29"), others with two ("1.99", "19.90"). */
export function formatAmount(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/**
 * The price a card shows for a billing cycle. /pricing shows annual per month
 * (annual ÷ 12); the landing page shows it per year. Null for custom pricing.
 */
export function displayPrice(
  plan: PlanRules,
  cycle: BillingCycle,
  annualShownPer: "month" | "year",
): DisplayPrice | null {
  if (plan.monthlyPrice === null || plan.annualPrice === null) return null;
  if (cycle === "monthly") return { amount: formatAmount(plan.monthlyPrice), period: "month" };
  if (annualShownPer === "year") return { amount: formatAmount(plan.annualPrice), period: "year" };
  if (plan.annualPrice === 0) return { amount: "0", period: "month" };
  return {
    amount: annualPerMonth(plan)!,
    period: "month",
    billedYearly: formatAmount(plan.annualPrice),
  };
}

/** Contact rows offered during onboarding: min(3, plan contact limit). */
export function onboardingContactRows(planId: PlanId): number {
  const limit = PLANS[planId].limits.contacts;
  return limit === null ? 3 : Math.min(3, limit);
}

/**
 * The one plan catalogue (DESIGN 1.2, spec reading A). Marketing pages, /pricing,
 * the dashboard, /qa and the server's quota checks all read this module.
 * Display strings live in the locale files under `plans.{id}.*`.
 */
export const PLAN_IDS = ["free", "pro", "family", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanLimits {
  /** Tags an account may own; null means custom (set by contract). */
  tags: number | null;
  contacts: number | null;
  seats: number | null;
  /** Non-email alerts (SMS, WhatsApp, voice) per period; null means custom. */
  multiChannelAlerts: number | null;
  voiceCalls: number | null;
  /** "lifetime" for the free trial sends, "month" for paid plans. */
  quotaPeriod: "lifetime" | "month" | "custom";
}

export interface Plan {
  id: PlanId;
  icon: "shield" | "zap" | "users" | "building";
  /** Locale key of the badge, if the plan has one. */
  badgeKey?: string;
  /** USD; null means custom pricing. */
  monthlyPrice: number | null;
  annualPrice: number | null;
  limits: PlanLimits;
  channels: readonly ("email" | "sms" | "whatsapp" | "voice")[];
  highlighted?: boolean;
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: "free",
    icon: "shield",
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
    channels: ["email", "sms", "whatsapp"],
  },
  pro: {
    id: "pro",
    icon: "zap",
    badgeKey: "plans.pro.badge",
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
    channels: ["email", "sms", "whatsapp", "voice"],
    highlighted: true,
  },
  family: {
    id: "family",
    icon: "users",
    badgeKey: "plans.family.badge",
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
    channels: ["email", "sms", "whatsapp", "voice"],
  },
  enterprise: {
    id: "enterprise",
    icon: "building",
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
    channels: ["email", "sms", "whatsapp", "voice"],
  },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

/** Annual price shown per month on /pricing: annual ÷ 12, two decimals. */
export function annualPerMonth(plan: Plan): string | null {
  return plan.annualPrice === null ? null : (plan.annualPrice / 12).toFixed(2);
}

/** Contact rows offered during onboarding: min(3, plan contact limit). */
export function onboardingContactRows(planId: PlanId): number {
  const limit = PLANS[planId].limits.contacts;
  return limit === null ? 3 : Math.min(3, limit);
}

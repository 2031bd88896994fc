/**
 * The one plan catalogue (DESIGN 1.2, spec reading A). Marketing pages, /pricing,
 * the dashboard, /qa and the server's quota checks all read this module.
 * Display strings live in the locale files: the `*Key` fields below are keys of
 * the `marketing` namespace, interpolated with `planVars(plan)`.
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

/** A delivery channel as advertised on a plan card. */
export interface ChannelBadge {
  channel: "email" | "sms" | "whatsapp" | "voice" | "location";
  /** Locale key of a qualifier such as "trial" or "email only". */
  noteKey?: string;
}

export interface Plan {
  id: PlanId;
  icon: "shield" | "zap" | "users" | "building";
  nameKey: string;
  taglineKey: string;
  /** Locale key of the badge, if the plan has one. */
  badgeKey?: string;
  /** USD; null means custom pricing. */
  monthlyPrice: number | null;
  annualPrice: number | null;
  limits: PlanLimits;
  channels: readonly ("email" | "sms" | "whatsapp" | "voice")[];
  highlighted?: boolean;
  channelBadges: readonly ChannelBadge[];
  /** Seats beyond the included ones: price per month each, and the alerts each adds. */
  extraSeat?: { monthlyPrice: number; alerts: number };
  /** The plan's numbers, shown first on its card. */
  highlightKeys: readonly string[];
  features: readonly string[];
  /** Shown under "Learn more". */
  expandedFeatures: readonly string[];
  ctaKey: string;
}

const ALL_CHANNELS: readonly ChannelBadge[] = [
  { channel: "email" },
  { channel: "sms" },
  { channel: "whatsapp" },
  { channel: "voice" },
  { channel: "location" },
];

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: "free",
    icon: "shield",
    nameKey: "plans.free.name",
    taglineKey: "plans.free.tagline",
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
    channelBadges: [
      { channel: "email" },
      { channel: "sms", noteKey: "channels.trial" },
      { channel: "whatsapp", noteKey: "channels.trial" },
      { channel: "location", noteKey: "channels.emailOnly" },
    ],
    highlightKeys: [
      "plans.free.highlights.alerts",
      "plans.free.highlights.trial",
      "plans.free.highlights.contacts",
      "plans.free.highlights.tags",
    ],
    features: [
      "plans.free.features.card",
      "plans.free.features.sos",
      "plans.free.features.location",
    ],
    expandedFeatures: [
      "plans.free.expanded.offline",
      "plans.free.expanded.noApp",
      "plans.free.expanded.privacy",
      "plans.free.expanded.upgrade",
    ],
    ctaKey: "plans.free.cta",
  },
  pro: {
    id: "pro",
    icon: "zap",
    nameKey: "plans.pro.name",
    taglineKey: "plans.pro.tagline",
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
    channelBadges: ALL_CHANNELS,
    highlightKeys: [
      "plans.pro.highlights.alerts",
      "plans.pro.highlights.voice",
      "plans.pro.highlights.contacts",
      "plans.pro.highlights.tags",
    ],
    features: ["plans.pro.features.location", "plans.pro.features.logs", "plans.pro.features.sos"],
    expandedFeatures: [
      "plans.pro.expanded.channels",
      "plans.pro.expanded.acknowledge",
      "plans.pro.expanded.escalation",
      "plans.pro.expanded.support",
    ],
    ctaKey: "plans.pro.cta",
  },
  family: {
    id: "family",
    icon: "users",
    nameKey: "plans.family.name",
    taglineKey: "plans.family.tagline",
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
    channelBadges: ALL_CHANNELS,
    extraSeat: { monthlyPrice: 1, alerts: 50 },
    highlightKeys: [
      "plans.family.highlights.alerts",
      "plans.family.highlights.voice",
      "plans.family.highlights.contacts",
      "plans.family.highlights.tags",
      "plans.family.highlights.seats",
    ],
    features: [
      "plans.family.features.dashboard",
      "plans.family.features.map",
      "plans.family.features.history",
    ],
    expandedFeatures: [
      "plans.family.expanded.extraSeat",
      "plans.family.expanded.seats",
      "plans.family.expanded.location",
      "plans.family.expanded.support",
    ],
    ctaKey: "plans.family.cta",
  },
  enterprise: {
    id: "enterprise",
    icon: "building",
    nameKey: "plans.enterprise.name",
    taglineKey: "plans.enterprise.tagline",
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
    channelBadges: ALL_CHANNELS,
    highlightKeys: [
      "plans.enterprise.highlights.alerts",
      "plans.enterprise.highlights.voice",
      "plans.enterprise.highlights.bulk",
    ],
    features: [
      "plans.enterprise.features.bulkUsers",
      "plans.enterprise.features.roles",
      "plans.enterprise.features.attendance",
    ],
    expandedFeatures: [
      "plans.enterprise.expanded.locations",
      "plans.enterprise.expanded.sso",
      "plans.enterprise.expanded.api",
      "plans.enterprise.expanded.compliance",
      "plans.enterprise.expanded.presets",
      "plans.enterprise.expanded.support",
    ],
    ctaKey: "plans.enterprise.cta",
  },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

/** Annual price shown per month on /pricing: annual ÷ 12, two decimals. */
export function annualPerMonth(plan: Plan): string | null {
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
export function monthsSavedPerYear(plan: Plan): number | null {
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
  plan: Plan,
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

/** Values the plan strings interpolate (`{{tags}}`, `{{alerts}}`, …). */
export function planVars(plan: Plan) {
  const { limits } = plan;
  return {
    tags: limits.tags ?? 0,
    contacts: limits.contacts ?? 0,
    seats: limits.seats ?? 0,
    alerts: limits.multiChannelAlerts ?? 0,
    voice: limits.voiceCalls ?? 0,
    extraAlerts: plan.extraSeat?.alerts ?? 0,
  };
}

/** Rows of the compare-plans table (spec section 9). */
export const COMPARISON_ROWS = [
  "alerts",
  "channels",
  "tags",
  "sos",
  "liveMap",
  "reports",
  "roles",
  "attendance",
  "support",
] as const;
export type ComparisonRow = (typeof COMPARISON_ROWS)[number];

/** A cell: included or not, or a locale key (interpolated with `planVars`). */
export type ComparisonCell = boolean | string;

export const PLAN_COMPARISON: Record<ComparisonRow, Record<PlanId, ComparisonCell>> = {
  alerts: {
    free: "compare.cells.alertsFree",
    pro: "compare.cells.alertsMonthly",
    family: "compare.cells.alertsShared",
    enterprise: "compare.cells.alertsEnterprise",
  },
  channels: {
    free: "compare.cells.channelsFree",
    pro: "compare.cells.channelsAll",
    family: "compare.cells.channelsAll",
    enterprise: "compare.cells.channelsEnterprise",
  },
  tags: {
    free: "compare.cells.tagCount",
    pro: "compare.cells.tagCount",
    family: "compare.cells.tagCount",
    enterprise: "compare.cells.bulk",
  },
  sos: {
    free: "compare.cells.sosBasic",
    pro: "compare.cells.sosHold",
    family: "compare.cells.sosHold",
    enterprise: "compare.cells.sosHold",
  },
  liveMap: {
    free: false,
    pro: "compare.cells.liveLocation",
    family: "compare.cells.familyMap",
    enterprise: "compare.cells.multiSiteMap",
  },
  reports: {
    free: false,
    pro: "compare.cells.deliveryLogs",
    family: "compare.cells.sharedHistory",
    enterprise: "compare.cells.complianceReports",
  },
  roles: {
    free: false,
    pro: false,
    family: "compare.cells.familySeats",
    enterprise: "compare.cells.adminRoles",
  },
  attendance: { free: false, pro: false, family: false, enterprise: true },
  support: {
    free: "compare.cells.supportCommunity",
    pro: "compare.cells.supportEmail",
    family: "compare.cells.supportChat",
    enterprise: "compare.cells.supportDedicated",
  },
};

/** Contact rows offered during onboarding: min(3, plan contact limit). */
export function onboardingContactRows(planId: PlanId): number {
  const limit = PLANS[planId].limits.contacts;
  return limit === null ? 3 : Math.min(3, limit);
}

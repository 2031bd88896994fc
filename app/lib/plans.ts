/**
 * The plan catalogue as the marketing pages, /pricing, the dashboard and /qa show it: the rules
 * of `core/plans.ts` plus display keys of the `marketing` namespace, interpolated with
 * `planVars(plan)`.
 */
import { type Channel, describeChannel } from "#core/channels.ts";
import { PLAN_IDS, PLANS as PLAN_RULES, type PlanId, type PlanRules } from "#core/plans.ts";

/** A delivery channel as advertised on a plan card, or the location its messages carry. */
export interface ChannelBadge {
  channel: Channel | "location";
  /** Locale key of a qualifier such as "trial" or "email only". */
  noteKey?: string;
}

/** How a plan is shown: display strings are keys of the `marketing` namespace. */
interface PlanPresentation {
  icon: "shield" | "zap" | "users" | "building";
  nameKey: string;
  taglineKey: string;
  /** Locale key of the badge, if the plan has one. */
  badgeKey?: string;
  highlighted?: boolean;
  /** The plan's numbers, shown first on its card. */
  highlightKeys: readonly string[];
  features: readonly string[];
  /** Shown under "Learn more". */
  expandedFeatures: readonly string[];
  ctaKey: string;
}

export type Plan = PlanRules & PlanPresentation & { channelBadges: readonly ChannelBadge[] };

/**
 * A plan's channel badges, from the channel descriptor: each channel the plan offers, marked
 * "trial" when its sends are counted for life (Free), then the location, marked "email only"
 * when the trial leaves email as the only channel that carries it without a count.
 */
export function channelBadges(plan: PlanRules): ChannelBadge[] {
  const trial = plan.limits.quotaPeriod === "lifetime";
  const counted = (channel: Channel) => trial && describeChannel(channel).quota !== null;
  // Messenger and Instagram are the contact's own choice, not a plan's (decision 147).
  const sent = plan.channels.filter((channel) => !describeChannel(channel).linkedByContact);
  const badges: ChannelBadge[] = sent.map((channel) =>
    counted(channel) ? { channel, noteKey: "channels.trial" } : { channel },
  );
  const located = sent.filter((channel) => describeChannel(channel).carriesLocation);
  const alwaysLocated = located.filter((channel) => !counted(channel));
  badges.push(
    alwaysLocated.length === located.length
      ? { channel: "location" }
      : { channel: "location", noteKey: "channels.emailOnly" },
  );
  return badges;
}

const PRESENTATION: Record<PlanId, PlanPresentation> = {
  free: {
    icon: "shield",
    nameKey: "plans.free.name",
    taglineKey: "plans.free.tagline",
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
    icon: "zap",
    nameKey: "plans.pro.name",
    taglineKey: "plans.pro.tagline",
    badgeKey: "plans.pro.badge",
    highlighted: true,
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
    icon: "users",
    nameKey: "plans.family.name",
    taglineKey: "plans.family.tagline",
    badgeKey: "plans.family.badge",
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
    icon: "building",
    nameKey: "plans.enterprise.name",
    taglineKey: "plans.enterprise.tagline",
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
      "plans.enterprise.expanded.rollCall",
      "plans.enterprise.expanded.auditLog",
      "plans.enterprise.expanded.compliance",
      "plans.enterprise.expanded.presets",
      "plans.enterprise.expanded.support",
    ],
    ctaKey: "plans.enterprise.cta",
  },
};

const shownPlan = (id: PlanId): Plan => ({
  ...PLAN_RULES[id],
  ...PRESENTATION[id],
  channelBadges: channelBadges(PLAN_RULES[id]),
});

export const PLANS = Object.fromEntries(PLAN_IDS.map((id) => [id, shownPlan(id)])) as Record<
  PlanId,
  Plan
>;

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
    free: "compare.cells.supportHelp",
    pro: "compare.cells.supportEmail",
    family: "compare.cells.supportEmail",
    enterprise: "compare.cells.supportDedicated",
  },
};

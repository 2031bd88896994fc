/**
 * Organisations (decision 135): the presets, the roles inside an organisation and what each may
 * do, shared by the server (every org route checks these) and the pages (which hide what a role
 * cannot do). Roles are Better Auth organization plugin roles, built with its access control.
 */
import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements } from "better-auth/plugins/organization/access";

export const ORG_PRESETS = ["school", "workplace", "healthcare", "events", "other"] as const;
export type OrgPreset = (typeof ORG_PRESETS)[number];

export function isOrgPreset(value: unknown): value is OrgPreset {
  return typeof value === "string" && (ORG_PRESETS as readonly string[]).includes(value);
}

/** Seats included in an organisation's Enterprise plan; more are set by a SafeTap admin. */
export const ORG_INCLUDED_SEATS = 100;

/** An organisation's address: lower-case letters, digits and single hyphens, 3–48 long. */
export const ORG_SLUG = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,47}$/;

/**
 * What can be done inside an organisation. Better Auth's own statements (organization, member,
 * invitation, team, ac) come first, so its endpoints check the same roles.
 */
export const ORG_STATEMENTS = {
  ...defaultStatements,
  /** The people the organisation manages: their cards and list. */
  people: ["read", "create", "update", "delete", "import"],
  /** Critical info: medical record and emergency contacts of managed people. */
  medical: ["update"],
  tags: ["read", "assign"],
  locations: ["read", "manage"],
  reports: ["read", "export"],
  /** Reader mode and roll call at the member's locations. */
  reader: ["scan"],
  /** Start, join, mark and end roll calls at the member's locations (issue 17). */
  rollCall: ["run"],
  /** Send a notice to everyone at some locations (org admins only). */
  notices: ["send"],
  /** The organisation's compliance log: read it, export it and check its chain. */
  audit: ["read", "export"],
  /** Record a person's handover (ward or location change) as it happens. */
  handover: ["record"],
} as const;

export const orgAccessControl = createAccessControl(ORG_STATEMENTS);

const everything = {
  people: ["read", "create", "update", "delete", "import"],
  medical: ["update"],
  tags: ["read", "assign"],
  locations: ["read", "manage"],
  reports: ["read", "export"],
  reader: ["scan"],
  rollCall: ["run"],
  notices: ["send"],
  audit: ["read", "export"],
  handover: ["record"],
} as const;

/**
 * - owner: everything, including deleting the organisation;
 * - admin: members, tags, settings, reports;
 * - staff: reader mode and roll call at their locations, read-only cards;
 * - member: a person whose profile the organisation manages, with a login: their own card only;
 * - account: the organisation's own account, which holds its managed people (no login, no rights).
 */
export const ORG_ROLES = {
  owner: orgAccessControl.newRole({
    organization: ["update", "delete"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    ...everything,
  }),
  admin: orgAccessControl.newRole({
    organization: ["update"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    ...everything,
  }),
  staff: orgAccessControl.newRole({
    people: ["read"],
    tags: ["read"],
    locations: ["read"],
    reader: ["scan"],
    rollCall: ["run"],
    handover: ["record"],
  }),
  member: orgAccessControl.newRole({}),
  account: orgAccessControl.newRole({}),
};

export type OrgRole = keyof typeof ORG_ROLES;
/** Roles a person can be given or invited to (the account role belongs to the organisation). */
export const ASSIGNABLE_ORG_ROLES = ["owner", "admin", "staff", "member"] as const;
export type AssignableOrgRole = (typeof ASSIGNABLE_ORG_ROLES)[number];

export function isOrgRole(value: unknown): value is OrgRole {
  return typeof value === "string" && Object.hasOwn(ORG_ROLES, value);
}

export type OrgPermission = {
  [K in keyof typeof ORG_STATEMENTS]?: (typeof ORG_STATEMENTS)[K][number][];
};

/** Whether a role may do all of `permission` (Better Auth's own check, without a request). */
export function orgRoleCan(role: string, permission: OrgPermission): boolean {
  // A member may hold several roles, comma-separated, as Better Auth stores them.
  return role
    .split(",")
    .map((r) => r.trim())
    .some((r) => isOrgRole(r) && ORG_ROLES[r].authorize(permission).success);
}

/**
 * What each preset sets up (decision 135): who the contacts are called, what the group column
 * means, whether members are minors with the child-safe card, whether they expire.
 */
export const PRESET_DEFAULTS: Record<
  OrgPreset,
  {
    /** The word for the grouping column: class, department, ward, group. */
    group: "class" | "department" | "ward" | "group";
    /** Members are minors: first name only, guardians first. */
    minors: boolean;
    /** Members carry an expiry date after which their data is erased. */
    expiring: boolean;
    /** The card shows the ward and the clinician's contact first. */
    clinical: boolean;
  }
> = {
  school: { group: "class", minors: true, expiring: false, clinical: false },
  workplace: { group: "department", minors: false, expiring: false, clinical: false },
  healthcare: { group: "ward", minors: false, expiring: false, clinical: true },
  events: { group: "group", minors: false, expiring: true, clinical: false },
  other: { group: "group", minors: false, expiring: false, clinical: false },
};

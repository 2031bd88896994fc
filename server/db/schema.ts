import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CHANNEL_IDS, CONTACT_CHANNELS, LINKED_CHANNELS } from "#core/channels.ts";
import { member, organization, user } from "./auth-schema.ts";

export * from "./auth-schema.ts";

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A CHECK constraint's `in (…)` list from a list of known words (the channel descriptor's):
 * the text is what drizzle-kit compares, so the same list in the same order makes no migration.
 */
const oneOf = (values: readonly string[]) =>
  sql.raw(`(${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ")})`);

/** Binary data (photos), read and written as Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * One person's emergency profile (decision 128, DESIGN 1b.1). An account (an auth user) manages
 * one or more people: its own profile, whose id is the account's user id, and dependants without
 * a login of their own, whose ids are random. `accountId` is the managing account and never
 * changes. The account's own row also holds the account's plan and onboarding state; on a
 * dependant's row those columns keep their defaults and mean nothing. Medical fields and the date
 * of birth hold ciphertext (see server/crypto), never plaintext.
 */
export const profiles = pgTable(
  "profiles",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text(),
    language: text().notNull().default("en"),
    country: text(),
    dateOfBirth: text(),
    bloodType: text(),
    allergies: text(),
    medications: text(),
    medicalNotes: text(),
    /** The fuller record (issue 15): ciphertext like the fields above; lists as JSON. */
    conditions: text(),
    implantedDevices: text(),
    /** "yes" or "no" (ciphertext); null when not said. */
    organDonor: text(),
    /** "none", "advance_directive" or "dnr" (ciphertext); null when not said. */
    advanceDirective: text(),
    /** Where the directive is kept (ciphertext). */
    advanceDirectiveLocation: text(),
    preferredHospital: text(),
    /** When the owner last confirmed the medical record is current. */
    medicalConfirmedAt: timestamp({ withTimezone: true }),
    /**
     * When the six-monthly "still current?" message last went to the managing account about this
     * person's record and contacts (decision 147); the answer sets `medicalConfirmedAt`.
     */
    currentCheckSentAt: timestamp({ withTimezone: true }),
    /** A minor's card shows the first name only and the guardians first (DESIGN 1b.6). */
    isMinor: boolean().notNull().default(false),
    /** The current photo's version (random, in its URL); null without a photo. */
    photoVersion: text(),
    /**
     * An organisation's person (decision 135): `accountId` is then the organisation's own
     * account, and these say who they are inside it.
     */
    organizationId: text().references(() => organization.id, { onDelete: "cascade" }),
    /** The organisation's own id for the person (student or employee number); unique in it. */
    externalId: text(),
    /** Class, department, ward or group, as the preset calls it. */
    groupName: text(),
    /** Where the person is usually (their school site, workplace, ward's hospital). */
    locationId: uuid().references(() => orgLocations.id, { onDelete: "set null" }),
    /** Events: the person's data is erased after this (DESIGN 1b.6). */
    expiresAt: timestamp({ withTimezone: true }),
    /** A managed person who also has a login: that user may see and change their own card. */
    memberUserId: text().references(() => user.id, { onDelete: "set null" }),
    onboardingCompleted: boolean().notNull().default(false),
    plan: text().notNull().default("free"),
    subscriptionStatus: text().notNull().default("active"),
    subscriptionEndDate: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt().$onUpdate(() => new Date()),
  },
  (t) => [
    index("profiles_account_idx").on(t.accountId, t.createdAt),
    uniqueIndex("profiles_org_external_idx")
      .on(t.organizationId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index("profiles_org_group_idx").on(t.organizationId, t.groupName),
    index("profiles_org_location_idx").on(t.organizationId, t.locationId),
    index("profiles_org_name_idx").on(t.organizationId, t.fullName),
    index("profiles_expires_idx").on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    index("profiles_member_user_idx").on(t.memberUserId),
  ],
);

/**
 * An organisation's site or branch (decision 135): its own address, time zone and country (for
 * the emergency number the card shows there).
 */
export const orgLocations = pgTable(
  "org_locations",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: text()
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text().notNull(),
    address: text(),
    /** IANA time zone, e.g. Europe/London. */
    timeZone: text().notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("org_locations_org_name_idx").on(t.organizationId, t.name)],
);

/** The locations a staff member (or admin) works at; none listed means all of them. */
export const orgMemberLocations = pgTable(
  "org_member_locations",
  {
    memberId: text()
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    locationId: uuid()
      .notNull()
      .references(() => orgLocations.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.locationId] }),
    index("org_member_locations_location_idx").on(t.locationId),
  ],
);

/**
 * An uploaded CSV between its preview and its import (members or tag assignments): the file is
 * kept (gzip) so the import reads exactly what the admin saw, and the summary after.
 */
export const orgImports = pgTable(
  "org_imports",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: text()
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    /** "members" or "tags". */
    kind: text().notNull(),
    createdBy: text().references(() => user.id, { onDelete: "set null" }),
    fileName: text().notNull(),
    /** The file as uploaded, gzip-compressed. */
    content: bytea().notNull(),
    rowCount: integer().notNull().default(0),
    /** "previewed", "imported" or "discarded". */
    status: text().notNull().default("previewed"),
    /** Counts and the first errors, as the preview and the result show them. */
    summary: jsonb(),
    createdAt: createdAt(),
    importedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("org_imports_org_idx").on(t.organizationId, t.createdAt),
    check("org_imports_kind_check", sql`${t.kind} in ('members', 'tags')`),
  ],
);

/**
 * A person's photo, re-encoded on the server (metadata stripped): a square for the dashboard
 * and a small one for the card. Served at a URL carrying `version`, which changes with each
 * upload, so responses can be cached for a year.
 */
export const profilePhotos = pgTable("profile_photos", {
  profileId: text()
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  version: text().notNull(),
  contentType: text().notNull(),
  /** The card's small image. */
  small: bytea().notNull(),
  /** The dashboard's larger image. */
  large: bytea().notNull(),
  createdAt: createdAt(),
});

/**
 * A Family plan household (decision 128): the owner's plan, seats and allowances shared by its
 * members. An account belongs to at most one household.
 */
export const households = pgTable("households", {
  id: uuid().primaryKey().defaultRandom(),
  ownerUserId: text()
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  /** Seats beyond the plan's, set by a SafeTap admin (no payments, DESIGN 1.4). */
  extraSeats: integer().notNull().default(0),
  createdAt: createdAt(),
});

export const householdMembers = pgTable(
  "household_members",
  {
    householdId: uuid()
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    userId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("household_members_household_idx").on(t.householdId),
    check("household_members_role_check", sql`${t.role} in ('owner', 'member')`),
  ],
);

/**
 * An invitation to join a household, sent to one email address or phone number. Only the
 * token's hash is stored; it works once, for that identifier, until `expiresAt`.
 */
export const householdInvitations = pgTable(
  "household_invitations",
  {
    id: uuid().primaryKey().defaultRandom(),
    householdId: uuid()
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    /** Normalised email address or E.164 phone number. */
    identifier: text().notNull(),
    channel: text().notNull(),
    tokenHash: text().notNull().unique(),
    invitedByUserId: text().references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedByUserId: text().references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("household_invitations_household_idx").on(t.householdId, t.createdAt)],
);

export const contacts = pgTable(
  "contacts",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The managing account (profiles.accountId of the person): whose plan counts it. */
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The person this is an emergency contact of. */
    profileId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    name: text().notNull(),
    channel: text().notNull(),
    /** Ciphertext of the phone number or email address. */
    value: text().notNull(),
    priority: integer().notNull(),
    /**
     * What the contact is to the person, when an organisation says so: "guardian" (school),
     * "clinician" (healthcare: shown first on the card); null for an ordinary contact.
     */
    role: text(),
    /**
     * The language the contact reads (issue 17: guardians are told in theirs); null means the
     * person's own language.
     */
    language: text(),
    /**
     * Whether the contact agreed to the role (DESIGN 1b.4, decision 147): "pending" until they
     * answer the confirmation message, then "confirmed" or "declined". A real emergency reaches
     * pending and declined contacts too; a test alert reaches only confirmed ones.
     */
    consent: text().notNull().default("pending"),
    /** When they answered (confirmed or declined). */
    consentAt: timestamp({ withTimezone: true }),
    /** When the last confirmation request was queued, and how many were (the ceiling's count). */
    consentRequestedAt: timestamp({ withTimezone: true }),
    consentRequests: integer().notNull().default(0),
    /** The last "still current?" check: when it was sent, and when the contact said yes. */
    currentCheckSentAt: timestamp({ withTimezone: true }),
    currentConfirmedAt: timestamp({ withTimezone: true }),
    /**
     * A Messenger or Instagram account the contact linked from their confirmation page
     * (decision 147): the channel, and the page-scoped id Meta's webhook gave (ciphertext, bound
     * to `contacts.meta_recipient:<id>`). Alerts go there as well as to `value`.
     */
    metaChannel: text(),
    metaRecipient: text(),
    metaLinkedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contacts_user_priority_idx").on(t.userId, t.priority),
    index("contacts_profile_priority_idx").on(t.profileId, t.priority),
    index("contacts_consent_idx").on(t.consent, t.consentRequestedAt),
    check("contacts_channel_check", sql`${t.channel} in ${oneOf(CONTACT_CHANNELS)}`),
    check("contacts_consent_check", sql`${t.consent} in ('pending', 'confirmed', 'declined')`),
    check(
      "contacts_meta_channel_check",
      sql`${t.metaChannel} is null or ${t.metaChannel} in ${oneOf(LINKED_CHANNELS)}`,
    ),
  ],
);

/**
 * A link given to one contact (decision 147): confirm or decline the role ("confirm"), link
 * Messenger or Instagram after confirming ("link", carried through Meta as the referral's `ref`),
 * or answer the six-monthly "still current?" check ("current_check"). Single-use (`usedAt`), expiring,
 * bound to its contact; only the SHA-256 of the token is stored.
 */
export const contactTokens = pgTable(
  "contact_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    purpose: text().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_tokens_contact_idx").on(t.contactId, t.purpose),
    check(
      "contact_tokens_purpose_check",
      sql`${t.purpose} in ('confirm', 'link', 'current_check')`,
    ),
  ],
);

/**
 * A number that replied STOP (decision 147), kept by a keyed hash of the E.164 number so one
 * STOP applies to every owner who has that number as a contact. `family` is what the reply
 * stops: "sms" (texts and automated calls to the number) or "whatsapp". START deletes the row;
 * every STOP, START and HELP is also in the audit log.
 */
export const optOuts = pgTable(
  "opt_outs",
  {
    family: text().notNull(),
    addressHash: text().notNull(),
    keyword: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.family, t.addressHash] }),
    check("opt_outs_family_check", sql`${t.family} in ('sms', 'whatsapp')`),
  ],
);

export const tags = pgTable(
  "tags",
  {
    id: text().primaryKey(),
    product: text().notNull(),
    /** The account that claimed it and manages it (null while unclaimed). */
    userId: text().references(() => user.id, { onDelete: "set null" }),
    /** The person whose card it shows (one of the account's people; null while unclaimed). */
    profileId: text().references(() => profiles.id, { onDelete: "set null" }),
    status: text().notNull().default("inactive"),
    isActive: boolean().notNull().default(false),
    isLost: boolean().notNull().default(false),
    /** HMAC of the activation token; the token itself is never stored. */
    activationTokenHash: text().notNull(),
    showMedical: boolean().notNull().default(true),
    showContacts: boolean().notNull().default(true),
    batchId: text(),
    /** The organisation that owns the tag (its minted batch); it assigns it without a token. */
    organizationId: text().references(() => organization.id, { onDelete: "set null" }),
    claimedAt: timestamp({ withTimezone: true }),
    linkedAt: timestamp({ withTimezone: true }),
    lastScannedAt: timestamp({ withTimezone: true }),
    /** Scan notices to the owner: null follows Lost mode (on while lost), else as set. */
    notifyOnScan: boolean(),
    lastScanNoticeAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("tags_user_linked_idx").on(t.userId, t.linkedAt),
    index("tags_profile_idx").on(t.profileId),
    index("tags_batch_idx").on(t.batchId),
    index("tags_org_idx").on(t.organizationId, t.id),
    check("tags_product_check", sql`${t.product} in ('wristband', 'card', 'keychain', 'sticker')`),
  ],
);

/** One row per public card view (scans) and per medical reveal. */
export const tagViewLogs = pgTable(
  "tag_view_logs",
  {
    id: uuid().primaryKey().defaultRandom(),
    tagId: text()
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    fullMedicalViewed: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("tag_view_logs_tag_idx").on(t.tagId, t.createdAt)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check("user_roles_role_check", sql`${t.role} in ('admin', 'moderator')`),
  ],
);

/**
 * Messages that would have gone to a provider when none is configured.
 * Listed at /dev/outbox outside production.
 */
export const devOutbox = pgTable(
  "dev_outbox",
  {
    id: uuid().primaryKey().defaultRandom(),
    channel: text().notNull(),
    to: text().notNull(),
    subject: text(),
    body: text().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    /** The sender's idempotency key: a retried send is stored once. */
    idempotencyKey: text().unique(),
    createdAt: createdAt(),
  },
  (t) => [index("dev_outbox_created_idx").on(t.createdAt)],
);

/**
 * Append-only record of security-relevant events (a trigger refuses UPDATE and
 * DELETE). Metadata never holds a password, code, token or medical value.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The order lines were written in: ties of `createdAt` (one transaction) break by it. */
    seq: bigserial({ mode: "number" }).notNull(),
    eventType: text().notNull(),
    /** Who acted. No foreign key: the record outlives a deleted account. */
    userId: text(),
    /** The person the change touched (their safety log), when it touched one. */
    profileId: text(),
    /** The household the change happened in (its shared safety log). */
    householdId: uuid(),
    /** The organisation it happened in (its log; decision 135). No foreign key, as above. */
    organizationId: text(),
    success: boolean().notNull().default(true),
    clientAddress: text(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    /**
     * An organisation's lines form a hash chain (issue 17 item 5, decision 141), set by the
     * database on insert (trigger `audit_events_chain`): the line's place in its organisation's
     * chain, the previous line's hash, and this line's hash over both and its own fields.
     */
    chainIndex: bigint({ mode: "number" }),
    prevHash: text(),
    hash: text(),
  },
  (t) => [
    uniqueIndex("audit_events_chain_idx")
      .on(t.organizationId, t.chainIndex)
      .where(sql`${t.chainIndex} is not null`),
    index("audit_events_user_idx").on(t.userId, t.createdAt),
    index("audit_events_type_idx").on(t.eventType, t.createdAt),
    index("audit_events_profile_idx").on(t.profileId, t.createdAt),
    index("audit_events_household_idx").on(t.householdId, t.createdAt),
    index("audit_events_org_idx").on(t.organizationId, t.createdAt),
  ],
);

/**
 * One sign-up, sign-in or password reset in progress, bound to the browser that
 * started it by a cookie holding `id` (only its hash is stored).
 */
export const authChallenges = pgTable(
  "auth_challenges",
  {
    idHash: text().primaryKey(),
    purpose: text().notNull(),
    userId: text().references(() => user.id, { onDelete: "cascade" }),
    /** Normalised email address or E.164 phone number. */
    identifier: text().notNull(),
    channel: text().notNull(),
    redirectTo: text(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    /**
     * A sign-up over an address whose account was never verified: the name and
     * password hash it brings, applied only when its code is verified (decision 105).
     */
    pendingName: text(),
    pendingPasswordHash: text(),
  },
  (t) => [
    check("auth_challenges_purpose_check", sql`${t.purpose} in ('signup', 'signin', 'reset')`),
  ],
);

/** Six-digit codes, stored as keyed hashes; single use, limited tries, short-lived. */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: uuid().primaryKey().defaultRandom(),
    challengeIdHash: text()
      .notNull()
      .references(() => authChallenges.idHash, { onDelete: "cascade" }),
    identifier: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /** Set when a newer code replaces this one. */
    supersededAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("one_time_codes_challenge_idx").on(t.challengeIdHash, t.createdAt),
    index("one_time_codes_identifier_idx").on(t.identifier, t.createdAt),
  ],
);

/** Fixed-window counters for rate limits when Redis is not configured. */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  points: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * One alert: from a public card, the SOS page, or a test. The idempotency key
 * (made by the client) makes a repeated request return the first alert.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: uuid().primaryKey().defaultRandom(),
    idempotencyKey: text().notNull().unique(),
    /** The account managing the person: whose plan the alert spends. */
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The person in trouble: whose contacts are alerted. */
    profileId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    tagId: text().references(() => tags.id, { onDelete: "set null" }),
    source: text().notNull(),
    isTest: boolean().notNull().default(false),
    status: text().notNull().default("active"),
    /** The scanner's position when shared, 6 decimals; null when denied. */
    latitude: text(),
    longitude: text(),
    /** Language of the messages: the owner's profile language. */
    language: text().notNull().default("en"),
    clientAddress: text(),
    escalateAt: timestamp({ withTimezone: true }),
    escalatedAt: timestamp({ withTimezone: true }),
    acknowledgedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("alerts_user_created_idx").on(t.userId, t.createdAt),
    index("alerts_profile_created_idx").on(t.profileId, t.createdAt),
    index("alerts_escalation_idx").on(t.status, t.escalateAt),
    check("alerts_source_check", sql`${t.source} in ('card', 'sos', 'test', 'roll_call')`),
    check("alerts_status_check", sql`${t.status} in ('active', 'cancelled', 'resolved')`),
  ],
);

/**
 * One message to one contact on one channel: the durable outbox the
 * dispatcher works through (claimed with FOR UPDATE SKIP LOCKED).
 */
/** The delivery priorities as the claim index orders by them (see `alert_deliveries_claim_idx`). */
export const CLAIM_ORDER_SQL =
  "case kind when 'alert' then 0 when 'escalation' then 0 when 'all_clear' then 0 when 'roll_call' then 0 when 'handover' then 0 when 'quota_notice' then 1 when 'scan_notice' then 1 when 'invitation' then 1 when 'attendance_notice' then 1 when 'contact_request' then 1 when 'current_check' then 1 when 'mass_notice' then 2 else 1 end";

export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null for messages that belong to no alert (scan notices, invitations). */
    alertId: uuid().references(() => alerts.id, { onDelete: "cascade" }),
    /** The account whose plan the message counts against (the alert's account). */
    accountId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** What a message without an alert says: its template's parameters and language. */
    payload: jsonb().$type<Record<string, unknown>>(),
    contactId: uuid().references(() => contacts.id, { onDelete: "set null" }),
    contactName: text().notNull(),
    channel: text().notNull(),
    /** Ciphertext of the address or number, bound to this delivery's id. */
    destination: text().notNull(),
    kind: text().notNull().default("alert"),
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    /** Why a delivery was not sent (e.g. "quota"), or sent beyond quota ("emergency_overage"). */
    note: text(),
    provider: text(),
    providerMessageId: text(),
    acknowledgedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt().$onUpdate(() => new Date()),
    /**
     * Set just before the provider is called and cleared when the provider
     * answered that it did not take the message: while set without a
     * `providerMessageId`, the provider may hold the message, so the next
     * attempt asks it before sending again (decision 116).
     */
    providerCallStartedAt: timestamp({ withTimezone: true }),
    /** When the recipient read it, where the provider says so (Messenger, Instagram, WhatsApp). */
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("alert_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("alert_deliveries_alert_idx").on(t.alertId),
    index("alert_deliveries_account_idx").on(t.accountId, t.createdAt),
    /**
     * The dispatcher's claim in its order (decision 144): `DELIVERY_PRIORITY_SQL` of
     * server/alerts/notices.ts, word for word (server/alerts/notices.test.ts checks it).
     */
    index("alert_deliveries_claim_idx")
      .on(sql.raw(`(${CLAIM_ORDER_SQL})`), t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check("alert_deliveries_channel_check", sql`${t.channel} in ${oneOf(CHANNEL_IDS)}`),
    check(
      "alert_deliveries_kind_check",
      sql`${t.kind} in ('alert', 'escalation', 'all_clear', 'quota_notice', 'scan_notice', 'invitation', 'attendance_notice', 'roll_call', 'mass_notice', 'contact_request', 'current_check', 'handover')`,
    ),
    check(
      "alert_deliveries_status_check",
      sql`${t.status} in ('pending', 'sending', 'sent', 'delivered', 'failed', 'skipped', 'cancelled')`,
    ),
  ],
);

/**
 * A sales / demo enquiry from /contact. Stored before the mail to the sales
 * address is queued, so none is lost when mail is down.
 */
export const salesEnquiries = pgTable(
  "sales_enquiries",
  {
    id: uuid().primaryKey().defaultRandom(),
    fullName: text().notNull(),
    organization: text().notNull(),
    email: text().notNull(),
    phone: text(),
    industry: text().notNull(),
    estimatedUsers: text().notNull(),
    message: text().notNull(),
    /** Language the visitor wrote in (for the reply). */
    language: text().notNull().default("en"),
    clientAddress: text(),
    /** "new", "won" or "lost", as SafeTap's staff mark it. */
    status: text().notNull().default("new"),
    /** The organisation created when the enquiry was won. */
    organizationId: text().references(() => organization.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("sales_enquiries_created_idx").on(t.createdAt),
    check("sales_enquiries_status_check", sql`${t.status} in ('new', 'won', 'lost')`),
  ],
);

/**
 * One reader-mode scan: a person checked in or out by a staff member.
 * The person's name is copied at scan time so the record stays true when a
 * tag is later unlinked.
 */
export const attendanceScans = pgTable(
  "attendance_scans",
  {
    id: uuid().primaryKey().defaultRandom(),
    tagId: text()
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    direction: text().notNull(),
    /** The staff member who scanned. */
    readerUserId: text().references(() => user.id, { onDelete: "set null" }),
    /** The tag's owner at scan time. */
    personUserId: text().references(() => user.id, { onDelete: "set null" }),
    personName: text().notNull(),
    /** The person (profile) scanned, when known. */
    profileId: text().references(() => profiles.id, { onDelete: "set null" }),
    /** Where, when the reader was working for an organisation (decision 135). */
    organizationId: text().references(() => organization.id, { onDelete: "cascade" }),
    locationId: uuid().references(() => orgLocations.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("attendance_scans_created_idx").on(t.createdAt),
    index("attendance_scans_org_idx").on(t.organizationId, t.locationId, t.createdAt),
    index("attendance_scans_reader_idx").on(t.readerUserId, t.createdAt),
    /** The 2-minute duplicate rule and a person's last scan (issue 17). */
    index("attendance_scans_tag_idx").on(t.tagId, t.createdAt),
    index("attendance_scans_profile_idx").on(t.profileId, t.createdAt),
    check("attendance_scans_direction_check", sql`${t.direction} in ('in', 'out')`),
  ],
);

/**
 * Who is told of a check-in or check-out at a location (issue 17 item 1, decision 141): one rule
 * per location and audience. `guardians` are the person's guardian contacts (or all their
 * emergency contacts when none is marked guardian); `staff_list` is the organisation's HR and
 * security list. Quiet hours are local times at the location ("HH:MM"); a window may cross
 * midnight. Nothing is sent inside them.
 */
export const attendanceRules = pgTable(
  "attendance_rules",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: text()
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    locationId: uuid()
      .notNull()
      .references(() => orgLocations.id, { onDelete: "cascade" }),
    /** "guardians" or "staff_list". */
    audience: text().notNull(),
    /** "in", "out" or "both". */
    directions: text().notNull().default("both"),
    quietStart: text(),
    quietEnd: text(),
    enabled: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: createdAt().$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("attendance_rules_location_audience_idx").on(t.locationId, t.audience),
    index("attendance_rules_org_idx").on(t.organizationId),
    check("attendance_rules_audience_check", sql`${t.audience} in ('guardians', 'staff_list')`),
    check("attendance_rules_directions_check", sql`${t.directions} in ('in', 'out', 'both')`),
  ],
);

/** The organisation's HR / security list: told of check-ins as its location rules say. */
export const orgNotifyRecipients = pgTable(
  "org_notify_recipients",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: text()
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text().notNull(),
    channel: text().notNull(),
    /** Ciphertext of the address or number, bound to this row's id. */
    destination: text().notNull(),
    language: text().notNull().default("en"),
    createdAt: createdAt(),
  },
  (t) => [
    index("org_notify_recipients_org_idx").on(t.organizationId),
    check("org_notify_recipients_channel_check", sql`${t.channel} in ${oneOf(CONTACT_CHANNELS)}`),
  ],
);

/**
 * A roll call at one location (issue 17 item 2): evacuation or lockdown, or a drill of either.
 * At most one is open per location (a second start joins it). Ended, it is frozen: its people and
 * events no longer change, and its report reads them.
 */
export const rollCalls = pgTable(
  "roll_calls",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: text()
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    locationId: uuid()
      .notNull()
      .references(() => orgLocations.id, { onDelete: "cascade" }),
    /** "evacuation" or "lockdown". */
    kind: text().notNull(),
    /** A drill messages no guardian and is labelled DRILL everywhere. */
    drill: boolean().notNull().default(false),
    /** "open" or "ended". */
    status: text().notNull().default("open"),
    startedBy: text().references(() => user.id, { onDelete: "set null" }),
    startedByName: text().notNull(),
    /** Minutes after the start when the contacts of anyone unaccounted are alerted. */
    alertAfterMinutes: integer().notNull(),
    alertAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the automatic alert ran (once, by one instance). */
    alertedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    endedBy: text().references(() => user.id, { onDelete: "set null" }),
    endedByName: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("roll_calls_open_location_idx").on(t.locationId).where(sql`${t.status} = 'open'`),
    index("roll_calls_org_idx").on(t.organizationId, t.createdAt),
    index("roll_calls_alert_due_idx").on(t.status, t.alertAt),
    check("roll_calls_kind_check", sql`${t.kind} in ('evacuation', 'lockdown')`),
    check("roll_calls_status_check", sql`${t.status} in ('open', 'ended')`),
  ],
);

/** Everyone a roll call must account for: checked in and not out at its start. */
export const rollCallPeople = pgTable(
  "roll_call_people",
  {
    rollCallId: uuid()
      .notNull()
      .references(() => rollCalls.id, { onDelete: "cascade" }),
    profileId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Copied at the start, so the report stays true. */
    personName: text().notNull(),
    groupName: text(),
    /** "unaccounted" or "safe". */
    status: text().notNull().default("unaccounted"),
    markedAt: timestamp({ withTimezone: true }),
    markedBy: text().references(() => user.id, { onDelete: "set null" }),
    /** Who marked them, as the report shows it ("themself" when by their own link). */
    markedByName: text(),
    /** "scan", "tap" or "self". */
    method: text(),
    /** The automatic alert raised for them (not in a drill). */
    alertId: uuid().references(() => alerts.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.rollCallId, t.profileId] }),
    check("roll_call_people_status_check", sql`${t.status} in ('unaccounted', 'safe')`),
    check(
      "roll_call_people_method_check",
      sql`${t.method} is null or ${t.method} in ('scan', 'tap', 'self')`,
    ),
  ],
);

/**
 * What happened in a roll call, in order: the timeline of its report and the feed every staff
 * phone follows live (each reads the events after the last `seq` it saw).
 */
export const rollCallEvents = pgTable(
  "roll_call_events",
  {
    seq: bigserial({ mode: "number" }).primaryKey(),
    rollCallId: uuid()
      .notNull()
      .references(() => rollCalls.id, { onDelete: "cascade" }),
    /** "started", "joined", "marked_safe", "unmarked", "alerted", "ended". */
    type: text().notNull(),
    profileId: text(),
    personName: text(),
    userId: text(),
    actorName: text(),
    method: text(),
    createdAt: createdAt(),
  },
  (t) => [index("roll_call_events_call_idx").on(t.rollCallId, t.seq)],
);

/**
 * A notice an organisation's admin sent to everyone at some locations (issue 17 item 3), with an
 * optional "I'm safe / I need help" reply link.
 */
export const massNotices = pgTable(
  "mass_notices",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: text()
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    createdBy: text().references(() => user.id, { onDelete: "set null" }),
    createdByName: text().notNull(),
    /** The locations it went to (ids). */
    locationIds: jsonb().$type<string[]>().notNull(),
    /** "members", "guardians" or "both". */
    audience: text().notNull(),
    message: text().notNull(),
    withReply: boolean().notNull().default(false),
    /** People, messages queued and messages held back by the plan's quota. */
    counts: jsonb().$type<Record<string, number>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("mass_notices_org_idx").on(t.organizationId, t.createdAt),
    check("mass_notices_audience_check", sql`${t.audience} in ('members', 'guardians', 'both')`),
  ],
);

/** One person a mass notice was about, and their reply when they (or a guardian) gave one. */
export const massNoticeRecipients = pgTable(
  "mass_notice_recipients",
  {
    noticeId: uuid()
      .notNull()
      .references(() => massNotices.id, { onDelete: "cascade" }),
    profileId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    personName: text().notNull(),
    /** "safe" or "help"; null until answered. The last answer counts. */
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.profileId] }),
    check(
      "mass_notice_recipients_reply_check",
      sql`${t.reply} is null or ${t.reply} in ('safe', 'help')`,
    ),
  ],
);

export type Profile = typeof profiles.$inferSelect;
export type OrgLocation = typeof orgLocations.$inferSelect;
export type Organization = typeof organization.$inferSelect;
export type Household = typeof households.$inferSelect;
export type HouseholdInvitation = typeof householdInvitations.$inferSelect;
export type Contact = typeof contacts.$inferSelect;
export type Tag = typeof tags.$inferSelect;
export type DevOutboxMessage = typeof devOutbox.$inferSelect;
export type Alert = typeof alerts.$inferSelect;
export type AlertDelivery = typeof alertDeliveries.$inferSelect;
export type SalesEnquiry = typeof salesEnquiries.$inferSelect;
export type AttendanceScan = typeof attendanceScans.$inferSelect;
export type AttendanceRule = typeof attendanceRules.$inferSelect;
export type RollCall = typeof rollCalls.$inferSelect;
export type MassNotice = typeof massNotices.$inferSelect;

/**
 * Live location after an alert (decision 147): the page that raised the alert goes on sharing
 * for a chosen time. One row per alert; `endsAt` null means until cancelled; `endedAt` is set
 * when the sharer stops, the time runs out or the alert is cancelled, after which no position
 * is accepted or shown.
 */
export const liveShares = pgTable("live_shares", {
  alertId: uuid()
    .primaryKey()
    .references(() => alerts.id, { onDelete: "cascade" }),
  startedAt: createdAt(),
  endsAt: timestamp({ withTimezone: true }),
  endedAt: timestamp({ withTimezone: true }),
  /** "stopped", "expired" or "cancelled" once ended. */
  endedReason: text(),
});

/** One shared position; erased after 7 days (DESIGN 1b.6). */
export const livePositions = pgTable(
  "live_positions",
  {
    id: uuid().primaryKey().defaultRandom(),
    alertId: uuid()
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    /** 6 decimals, as the alert's own position. */
    latitude: text().notNull(),
    longitude: text().notNull(),
    /** Metres, as the phone reports it; null when unknown. */
    accuracy: integer(),
    /** When the phone took it. */
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("live_positions_alert_idx").on(t.alertId, t.recordedAt),
    index("live_positions_created_idx").on(t.createdAt),
  ],
);

/**
 * "I'm helping / taking them to …" from the card (decision 147): what the person holding the phone
 * said, sent to every contact through the outbox and shown on the live page.
 */
export const responderUpdates = pgTable(
  "responder_updates",
  {
    id: uuid().primaryKey().defaultRandom(),
    alertId: uuid()
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    /** "helping" (with them now) or "taking" (taking them to `destination`). */
    kind: text().notNull(),
    destination: text(),
    /** Who they are, if they said (e.g. "Paramedic, unit 12"). */
    helperName: text(),
    clientAddress: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("responder_updates_alert_idx").on(t.alertId, t.createdAt),
    check("responder_updates_kind_check", sql`${t.kind} in ('helping', 'taking')`),
  ],
);

/** A support request from /support (decision 147), stored before the mail to support is sent. */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    topic: text().notNull(),
    message: text().notNull(),
    /** The signed-in account that wrote, if any. */
    userId: text().references(() => user.id, { onDelete: "set null" }),
    language: text().notNull().default("en"),
    clientAddress: text(),
    /** "open" or "closed", as SafeTap's staff mark it. */
    status: text().notNull().default("open"),
    createdAt: createdAt(),
  },
  (t) => [
    index("support_tickets_created_idx").on(t.createdAt),
    check("support_tickets_status_check", sql`${t.status} in ('open', 'closed')`),
  ],
);

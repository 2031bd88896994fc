import type { TFunction } from "i18next";
import { type AppLoadContext, data, redirect } from "react-router";
import { resendConsentRequest } from "#app/lib/consent-notice.server.ts";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { noticeCookie, takeNotice } from "#app/lib/notices.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { formInput, medicalRecordForm } from "#app/routes/account/onboarding-checks.server.ts";
import { emergencyNumberFor } from "#core/emergency-numbers.ts";
import { handoverSchema } from "#core/org-audit.ts";
import {
  CONTACT_ROLES,
  checkForm,
  contactRoleOf,
  expiryDate,
  expiryOf,
  orgPersonSchema,
  reasonSchema,
} from "#core/org-forms.ts";
import { PRESET_DEFAULTS } from "#core/organizations.ts";
import { photoPath } from "#core/photos.ts";
import { validateContact, validateMedicalFields } from "#core/validation.ts";
import { riskyContactError } from "#server/alerts/toll-limits.ts";
import { recordAudit } from "#server/domain/audit.ts";
import { withContactStatus } from "#server/domain/contact-consent.ts";
import {
  addContacts,
  contactOfPerson,
  deleteContact,
  isContactId,
  moveContactTo,
  updateContact,
} from "#server/domain/contacts.ts";
import { saveMedicalRecord } from "#server/domain/medical-record.ts";
import { recordHandover } from "#server/domain/org-audit-log.ts";
import {
  listOrgGroups,
  type VisibleOrgPerson,
  visibleOrgPerson,
} from "#server/domain/org-directory.ts";
import type { OrgChangeBy } from "#server/domain/org-log.ts";
import {
  listOrgPersonChanges,
  type OrgChangeLine,
  orgPersonRecord,
  removeOrgPerson,
  updateOrgPersonDetails,
} from "#server/domain/org-person-records.ts";
import {
  listLocations,
  locationOf,
  type OrgContext,
  orgCan,
} from "#server/domain/organizations.ts";
import {
  type ContactRole,
  cardMedicalDetails,
  firstName,
  PUBLIC_CONTACT_LIMIT,
} from "#server/domain/public-card.ts";
import { changedFields, describeAuditLine } from "./org-audit.server.ts";
import {
  answer,
  forbidden,
  notFound,
  postedValues,
  timeWriter,
  viewerTimeZone,
} from "./org-page.server.ts";

/** The order of contacts on the card, by role (public-card.ts CARD_SQL). */
const CARD_ROLE_ORDER: readonly ContactRole[] = ["clinician", "guardian", null];
const cardRoleOf = (role: string | null | undefined): ContactRole =>
  role === "clinician" || role === "guardian" ? role : null;

/** What each party may do on a person's page (decision 137); the server checks each post. */
function personRights(org: OrgContext, person: VisibleOrgPerson) {
  return {
    /** Name, external id, group, location, expiry, language: the organisation's admins. */
    details: orgCan(org, { people: ["update"] }),
    remove: orgCan(org, { people: ["delete"] }),
    /** "Log in to your own card" (decision 139): admins and owners. */
    inviteLogin: orgCan(org, { invitation: ["create"] }) && !person.self,
    /** Medical record and contacts: admins, owners and the person themself. */
    critical: person.canManage,
    /** "Record a handover": owners, admins and staff who see the person (decision 146). */
    handover: orgCan(org, { handover: ["record"] }) && !person.self,
    /** The person's lines of the compliance log: owners and admins. */
    readLog: orgCan(org, { audit: ["read"] }),
    /** Admins say why; the person changing their own record may leave it empty. */
    reasonRequired: !person.self,
    self: person.self,
  };
}

/** The asker and the person a request is about, or a 404. */
async function personOf(request: Request, context: AppLoadContext, slug?: string, id?: string) {
  const org = await requireOrg(request, context, slug);
  const person = await visibleOrgPerson(context.services.db, org, id);
  if (!person) notFound();
  return { org, person, can: personRights(org, person) };
}

/** One line of the organisation's log about the person, in the reader's words. */
function describeChange(t: TFunction, line: OrgChangeLine, groupWord: string): string {
  const meta = line.metadata;
  const text = (key: string) => (typeof meta[key] === "string" ? (meta[key] as string) : "");
  const values = {
    actor: line.actorName || t("org:changes.someone"),
    fields: changedFields(t, text("fields")),
    contact: text("contact"),
    channel: text("channel")
      ? t(`account:channels.${text("channel")}`, { defaultValue: text("channel") })
      : "",
    position: text("position") || (meta.position as string | undefined) || "",
  };
  if (line.type === "org_person_handover") {
    return describeAuditLine(
      t,
      { ...line, chainIndex: 0, success: true, actorId: null, profileId: null, personName: null },
      groupWord,
      true,
    );
  }
  const sentence = t(`org:changes.events.${line.type}`, { ...values, defaultValue: line.type });
  const by = meta.by === "themself" ? ` ${t("org:changes.byThemself")}` : "";
  const reason = text("reason") ? ` ${t("org:changes.why", { reason: text("reason") })}` : "";
  return `${sentence}${by}${reason}`;
}

/**
 * /org/{slug}/people/{id}: the person's card as a reader sees it, the full record, and for those
 * who may change them the forms (decision 137). Another organisation's person, one outside a
 * staff member's locations, and for a member anyone but themself, are not found.
 */
export async function personPage(
  request: Request,
  context: AppLoadContext,
  slug?: string,
  id?: string,
) {
  const { org, person, can } = await personOf(request, context, slug, id);
  const { db, cipher, config, logger } = context.services;
  const i18n = requestI18n(request);
  const [record, locations, groups, changes, zone] = await Promise.all([
    orgPersonRecord(db, cipher, org.org.id, person.id),
    can.details || can.handover ? listLocations(db, org.org.id) : [],
    can.details || can.handover ? listOrgGroups(db, org) : [],
    can.critical || can.details ? listOrgPersonChanges(db, org.org.id, person.id) : [],
    viewerTimeZone(context, org.userId),
    // Staff and admins opening someone's record is a line of the compliance log (decision 146);
    // the person reading their own is not.
    person.self
      ? null
      : recordAudit(db, logger, {
          type: "org_person_viewed",
          userId: org.userId,
          profileId: person.id,
          organizationId: org.org.id,
          clientAddress: context.clientAddress,
        }),
  ]);
  if (!record) notFound();
  const { profile } = record;
  const when = timeWriter(request, zone);
  const placeZone = record.location?.timeZone ?? null;
  const onCard = cardMedicalDetails(profile);
  // The full record keeps a minor's date of birth, which their card never shows.
  const medical = { ...onCard, dateOfBirth: profile.dateOfBirth };
  const hasMedical = Object.values(onCard).some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== null,
  );
  const arrival = takeNotice(request, "page", config.isProduction);
  const page = {
    seo: { title: i18n.t("org:person.title", { name: profile.fullName ?? "" }), description: "" },
    notice: arrival?.notice ?? null,
    can,
    person: {
      id: person.id,
      fullName: profile.fullName ?? "",
      externalId: record.externalId,
      groupName: record.groupName,
      location: record.location ? { id: record.location.id, name: record.location.name } : null,
      language: profile.language,
      isMinor: profile.isMinor,
      expiresOn: expiryDate(record.expiresAt),
      hasLogin: record.hasLogin,
      added: when(record.createdAt, placeZone),
      medicalConfirmed: profile.medicalConfirmedAt
        ? when(profile.medicalConfirmedAt, placeZone)
        : null,
    },
    /** The public card as a reader sees it (when the tag shows medical and contacts). */
    card: {
      name: profile.isMinor ? firstName(profile.fullName) : profile.fullName,
      isMinor: profile.isMinor,
      photoSrc: profile.photoVersion ? photoPath(person.id, profile.photoVersion, "small") : null,
      hasMedical,
      medical: onCard,
      // As the card's query orders them: clinicians, then guardians, then by priority.
      contacts: record.contacts
        .map(({ name, channel, value, role }) => ({ name, channel, value, role: cardRoleOf(role) }))
        .sort((a, b) => CARD_ROLE_ORDER.indexOf(a.role) - CARD_ROLE_ORDER.indexOf(b.role))
        .slice(0, PUBLIC_CONTACT_LIMIT),
      ward: PRESET_DEFAULTS[org.org.preset].clinical ? record.groupName : null,
      emergencyNumber: emergencyNumberFor(record.location?.country),
    },
    medical,
    /** The medical form's fuller fields (decision 130). */
    medicalForm: medicalRecordForm(profile),
    // With each one's answer to the confirmation request and any STOP (decision 148).
    contacts: (await withContactStatus(context.services, record.contacts)).map((c) => ({
      ...c,
      role: contactRoleOf(c.role),
    })),
    tags: record.tags.map((tag) => ({
      id: tag.id,
      state: tag.isLost ? "lost" : tag.isActive ? "active" : "inactive",
    })),
    changes: changes.map((line) => ({
      id: line.id,
      ...when(line.at, placeZone),
      text: describeChange(
        i18n.t,
        line,
        i18n.t(`org:people.groups.${PRESET_DEFAULTS[org.org.preset].group}`),
      ),
    })),
    locations: locations.map((l) => ({ id: l.id, name: l.name })),
    groups,
    groupWord: PRESET_DEFAULTS[org.org.preset].group,
    expiring: PRESET_DEFAULTS[org.org.preset].expiring,
  };
  return arrival ? data(page, { headers: arrival.headers }) : page;
}

const DETAIL_FIELDS = [
  "fullName",
  "externalId",
  "groupName",
  "locationId",
  "language",
  "expiresOn",
];
const MEDICAL_FIELDS = [
  "dateOfBirth",
  "bloodType",
  "allergies",
  "medications",
  "conditions",
  "implantedDevices",
  "implantedDevicesOther",
  "organDonor",
  "advanceDirective",
  "advanceDirectiveLocation",
  "preferredHospital",
  "medicalNotes",
  "reason",
];
const CONTACT_FIELDS = ["name", "channel", "value", "role", "position", "reason"];

/**
 * The person page's forms. Details: the organisation's admins. Medical record and contacts: its
 * admins and the person themself, with the reason admins must give (decision 137). Removal:
 * admins, on the confirming press. Anything else of the asker's is refused with 403; every id
 * is looked up inside the organisation and the person.
 */
export async function personAction(
  request: Request,
  context: AppLoadContext,
  slug?: string,
  id?: string,
) {
  const { org, person, can } = await personOf(request, context, slug, id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "details") {
    if (!can.details) forbidden();
    return saveDetails(context, org, person.id, form);
  }
  if (intent === "removePerson") {
    if (!can.remove) forbidden();
    return removePerson(context, org, person.id, form);
  }
  if (intent === "handover") {
    if (!can.handover) forbidden();
    return saveHandover(context, org, person.id, form);
  }
  if (!can.critical) forbidden();
  if (intent === "resendConsent") return resendConsent(context, person.id, form);
  const reason = reasonSchema(can.reasonRequired).safeParse(form.get("reason") ?? "");
  const by: OrgChangeBy = {
    organizationId: org.org.id,
    userId: org.userId,
    reason: reason.success ? reason.data || null : null,
    byThemself: person.self,
  };
  const reasonError = reason.success ? null : reason.error.issues[0]!.message;
  if (intent === "medical") return saveMedical(context, person.id, form, by, reasonError);
  if (intent === "addContact" || intent === "editContact" || intent === "removeContact") {
    return changeContact(context, person.id, intent, form, by, reasonError);
  }
  return answer("unknown", { tone: "error", title: "errors.generic" }, 400);
}

async function saveDetails(
  context: AppLoadContext,
  org: OrgContext,
  profileId: string,
  form: FormData,
) {
  const { db } = context.services;
  const values = postedValues(form, DETAIL_FIELDS);
  const refuse = (fieldErrors: Record<string, string>, status = 400) =>
    answer(
      "details",
      { tone: "error", title: "org:person.saveFailed", description: "org:person.checkFields" },
      status,
      { fieldErrors, values },
    );
  const checked = checkForm(orgPersonSchema, form);
  if (!checked.ok) return refuse(checked.errors);
  const input = checked.values;
  if (input.locationId && !(await locationOf(db, org.org.id, input.locationId))) {
    return refuse({ locationId: "org:person.errors.location" });
  }
  const by: OrgChangeBy = {
    organizationId: org.org.id,
    userId: org.userId,
    reason: null,
    byThemself: false,
  };
  const saved = await updateOrgPersonDetails(db, by, profileId, {
    fullName: input.fullName,
    externalId: input.externalId,
    groupName: input.groupName,
    locationId: input.locationId,
    language: input.language,
    expiresAt: input.expiresOn ? expiryOf(input.expiresOn) : null,
  });
  if (!saved.ok && saved.reason === "duplicate_external_id") {
    return refuse({ externalId: "org:person.errors.externalIdTaken" });
  }
  if (!saved.ok) notFound();
  return answer("details", {
    tone: "success",
    title: saved.changed.length ? "org:person.saved" : "org:person.unchanged",
  });
}

async function saveMedical(
  context: AppLoadContext,
  profileId: string,
  form: FormData,
  by: OrgChangeBy,
  reasonError: string | null,
) {
  const { db, cipher, logger } = context.services;
  const values = postedValues(form, MEDICAL_FIELDS);
  const checked = validateMedicalFields(formInput(form));
  const fieldErrors: Record<string, string> = {};
  if (!checked.ok) fieldErrors[checked.problem.field] = checked.problem.description;
  if (reasonError) fieldErrors.reason = reasonError;
  if (!checked.ok || reasonError) {
    return answer(
      "medical",
      { tone: "error", title: "org:medical.saveFailed", description: "org:person.checkFields" },
      400,
      { fieldErrors, values },
    );
  }
  const saved = await db.transaction((tx) =>
    saveMedicalRecord(tx, cipher, logger, {
      actorId: by.userId,
      profileId,
      input: checked.medical,
      by,
    }),
  );
  if (!saved) notFound();
  return answer("medical", { tone: "success", title: "org:medical.saved" });
}

/**
 * "Send again" for a contact who has not answered (decision 148): only this person's pending
 * contact, under the same ceilings as the first request. It changes no record, so no reason.
 */
async function resendConsent(context: AppLoadContext, profileId: string, form: FormData) {
  const { services } = context;
  const id = form.get("contactId");
  const formName = `contact:${id}`;
  if (!isContactId(id) || !(await contactOfPerson(services.db, profileId, id))) notFound();
  const { notice, status } = await resendConsentRequest(services, id as string);
  return answer(formName, notice, status);
}

async function changeContact(
  context: AppLoadContext,
  profileId: string,
  intent: "addContact" | "editContact" | "removeContact",
  form: FormData,
  by: OrgChangeBy,
  reasonError: string | null,
) {
  const { db, cipher, logger } = context.services;
  const contactId = form.get("contactId");
  if (intent !== "addContact" && !isContactId(contactId)) notFound();
  const formName = intent === "addContact" ? "contact:new" : `contact:${contactId}`;
  const values = postedValues(form, CONTACT_FIELDS);
  const refuse = (title: string, fieldErrors: Record<string, string>, status = 400) =>
    answer(formName, { tone: "error", title, description: "org:person.checkFields" }, status, {
      fieldErrors,
      values,
    });

  if (intent === "removeContact") {
    if (form.get("confirm") !== "yes") {
      return answer(
        formName,
        {
          tone: "error",
          title: "org:contacts.removeFailed",
          description: "org:contacts.notConfirmed",
        },
        400,
      );
    }
    if (reasonError) {
      return answer(
        formName,
        { tone: "error", title: "org:contacts.removeFailed", description: reasonError },
        400,
      );
    }
    // Scoped to the person: another person's contact id removes nothing.
    if (!(await deleteContact(db, profileId, contactId as string, by))) notFound();
    return answer(formName, { tone: "success", title: "org:contacts.removed" });
  }

  const fieldErrors: Record<string, string> = {};
  const checked = validateContact({
    name: form.get("name"),
    channel: form.get("channel"),
    value: form.get("value"),
  });
  if (!checked.ok) fieldErrors[checked.field] = checked.error;
  const risky = checked.ok ? riskyContactError(context.services, checked.contact) : null;
  if (risky) fieldErrors.value = risky;
  const role = CONTACT_ROLES.find((r) => r === form.get("role"));
  if (!role) fieldErrors.role = "org:contacts.errors.role";
  const position = Number(form.get("position") ?? "");
  if (intent === "editContact" && !(Number.isInteger(position) && position >= 1)) {
    fieldErrors.position = "org:contacts.errors.position";
  }
  if (reasonError) fieldErrors.reason = reasonError;
  const failed = intent === "addContact" ? "org:contacts.addFailed" : "org:contacts.saveFailed";
  if (!checked.ok || Object.keys(fieldErrors).length) return refuse(failed, fieldErrors);
  const contact = { ...checked.contact, role: role === "contact" || !role ? null : role };

  if (intent === "addContact") {
    try {
      const added = await addContacts(db, cipher, profileId, [contact], {
        by,
        consent: context.services,
      });
      if (added.ok) context.services.dispatcher?.nudge();
      if (!added.ok) {
        return answer(
          formName,
          {
            tone: "error",
            title: failed,
            description: "account:contacts.limitReached",
            values: { limit: added.limit, count: added.limit },
          },
          403,
          { values },
        );
      }
    } catch (error) {
      logger.error({ err: error }, "adding an organisation's contact failed");
      return answer(
        formName,
        { tone: "error", title: failed, description: "errors.generic" },
        500,
        {
          values,
        },
      );
    }
    return answer(formName, { tone: "success", title: "org:contacts.added" });
  }

  // One edit, one transaction: the contact and its place change together or not at all.
  let found: boolean;
  try {
    found = await db.transaction(async (tx) => {
      const saved = await updateContact(
        tx,
        cipher,
        profileId,
        contactId as string,
        contact,
        by,
        context.services,
      );
      if (!saved) {
        return false;
      }
      if (!(await moveContactTo(tx, profileId, contactId as string, { position }, by))) {
        throw new PositionRefused();
      }
      return true;
    });
  } catch (error) {
    if (error instanceof PositionRefused) {
      return refuse(failed, { position: "org:contacts.errors.position" });
    }
    throw error;
  }
  if (!found) notFound();
  context.services.dispatcher?.nudge();
  return answer(formName, { tone: "success", title: "org:contacts.saved" });
}

const HANDOVER_FIELDS = ["groupName", "locationId", "note"];

/**
 * "Record a handover": the person moves to another ward or group and/or location, logged with
 * both places, who recorded it and the note, in one transaction. Nothing changes on a refusal.
 * A staff member who hands someone over to a location they do not work at no longer sees them:
 * they go back to the list, told the handover was recorded.
 */
async function saveHandover(
  context: AppLoadContext,
  org: OrgContext,
  profileId: string,
  form: FormData,
) {
  const { db, config } = context.services;
  const values = postedValues(form, HANDOVER_FIELDS);
  const refuse = (fieldErrors: Record<string, string>, description = "org:person.checkFields") =>
    answer("handover", { tone: "error", title: "org-audit:handover.failed", description }, 400, {
      fieldErrors,
      values,
    });
  const checked = checkForm(handoverSchema, form);
  if (!checked.ok) return refuse(checked.errors);
  const by: OrgChangeBy = {
    organizationId: org.org.id,
    userId: org.userId,
    reason: null,
    byThemself: false,
  };
  const saved = await recordHandover(db, by, profileId, checked.values);
  if (!saved.ok && saved.reason === "not_found") notFound();
  if (!saved.ok && saved.reason === "location") {
    return refuse({ locationId: "org-audit:handover.errors.location" });
  }
  if (!saved.ok) return refuse({}, "org-audit:handover.errors.unchanged");
  if (!(await visibleOrgPerson(db, org, profileId))) {
    return redirect(`/org/${org.org.slug}/people`, {
      headers: { "Set-Cookie": noticeCookie("org-person-handed-over", config.isProduction) },
    });
  }
  return answer("handover", { tone: "success", title: "org-audit:handover.saved" });
}

/** A place in the order the person's list does not have: the edit is undone. */
class PositionRefused extends Error {}

async function removePerson(
  context: AppLoadContext,
  org: OrgContext,
  profileId: string,
  form: FormData,
) {
  const { db, config } = context.services;
  if (form.get("confirm") !== "yes") {
    return answer(
      "remove",
      { tone: "error", title: "org:person.removeFailed", description: "org:person.notConfirmed" },
      400,
    );
  }
  const by: OrgChangeBy = {
    organizationId: org.org.id,
    userId: org.userId,
    reason: null,
    byThemself: false,
  };
  if (!(await removeOrgPerson(db, by, profileId))) notFound();
  return redirect(`/org/${org.org.slug}/people`, {
    headers: { "Set-Cookie": noticeCookie("org-person-removed", config.isProduction) },
  });
}

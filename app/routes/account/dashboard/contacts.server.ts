import { type AppLoadContext, data } from "react-router";
import type { DashboardActionData } from "#app/components/dashboard/action-data.ts";
import {
  type ContactsActionData,
  contactFieldErrors,
} from "#app/components/dashboard/contacts-card.tsx";
import type { NoticeData } from "#app/components/notice.tsx";
import { consentDescription, resendConsentRequest } from "#app/lib/consent-notice.server.ts";
import { sanitizeText, validateContact } from "#core/validation.ts";
import { riskyContactError } from "#server/alerts/toll-limits.ts";
import {
  addContacts,
  contactOfPerson,
  deleteContact,
  isContactId,
  moveContact,
  updateContact,
} from "#server/domain/contacts.ts";
import {
  issueLinkToken,
  LINK_PAGE_PATH,
  LINK_RULES,
  unlinkByOwner,
} from "#server/domain/meta-links.ts";
import { consumeAll } from "#server/security/rate-limit.ts";
import { formPerson } from "./people.server.ts";

export const CONTACT_INTENTS = new Set([
  "addContact",
  "editContact",
  "moveContact",
  "removeContact",
  "unlinkContactAccount",
  "contactLinkInvite",
  "resendConsent",
]);

/**
 * The Emergency Contacts card's actions: add, edit, move up or down, remove
 * (on the confirming second press). Each is about the form's `person`, one the signed-in user
 * manages (decision 129); any other is refused like a missing one and changes nothing.
 */
export async function handleContactAction(
  context: AppLoadContext,
  userId: string,
  intent: string,
  form: FormData,
) {
  const { services } = context;
  const { db, cipher, logger } = services;
  const reply = (notice: NoticeData, status = 200, extra: Partial<ContactsActionData> = {}) =>
    data<DashboardActionData>({ notice, form: "contacts", ...extra }, { status });
  const person = await formPerson(db, userId, form);
  if (!person) {
    return reply(
      {
        tone: "error",
        title: "account:people.notFoundTitle",
        description: "account:people.notFound",
      },
      404,
    );
  }
  const profileId = person.profileId;

  if (intent === "addContact" || intent === "editContact") {
    const editing = intent === "editContact";
    const contactId = editing ? form.get("contactId") : null;
    if (editing && !isContactId(contactId)) {
      return reply(
        {
          tone: "error",
          title: "account:contacts.saveFailed",
          description: "account:contacts.notFound",
        },
        404,
      );
    }
    const failed = editing ? "account:contacts.saveFailed" : "account:contacts.addFailed";
    const values = {
      name: sanitizeText(form.get("name")),
      channel: String(form.get("channel") ?? ""),
      value: sanitizeText(form.get("value")),
    };
    const echo = { values, contactId: (contactId as string | null) ?? undefined };
    const checked = validateContact(values);
    const refusal = checked.ok ? riskyContactError(context.services, checked.contact) : null;
    if (!checked.ok || refusal) {
      const incomplete = !values.name || !values.value;
      return reply(
        incomplete
          ? {
              tone: "error",
              title: "account:contacts.incomplete",
              description: "validation.fillAllFields",
            }
          : { tone: "error", title: failed, description: checked.ok ? refusal! : checked.error },
        400,
        { ...echo, fieldErrors: refusal ? { value: refusal } : contactFieldErrors(values) },
      );
    }
    if (editing) {
      const saved = await updateContact(
        db,
        cipher,
        profileId,
        contactId as string,
        checked.contact,
        undefined,
        services,
      );
      if (saved && saved.requests.length > 0) services.dispatcher?.nudge();
      return saved
        ? reply(
            {
              tone: "success",
              title: "account:contacts.saved",
              ...consentDescription(saved.requests),
            },
            200,
            echo,
          )
        : reply({ tone: "error", title: failed, description: "account:contacts.notFound" }, 404);
    }
    let added: Awaited<ReturnType<typeof addContacts>>;
    try {
      added = await addContacts(db, cipher, profileId, [checked.contact], { consent: services });
    } catch (error) {
      logger.error({ err: error }, "adding a contact failed");
      return reply({ tone: "error", title: failed, description: "errors.generic" }, 500, {
        values,
      });
    }
    if (!added.ok) {
      return reply(
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
    services.dispatcher?.nudge();
    return reply({
      tone: "success",
      title: "account:contacts.added",
      ...consentDescription(added.requests),
    });
  }

  if (intent === "resendConsent") {
    // "Send again": only the person's own pending contact, under the same ceilings.
    const id = form.get("contactId");
    const mine = isContactId(id) && (await contactOfPerson(db, profileId, id));
    if (!mine) {
      return reply(
        {
          tone: "error",
          title: "consent:resendFailed",
          description: "account:contacts.notFound",
        },
        404,
      );
    }
    const { notice, status } = await resendConsentRequest(services, id);
    return reply(notice, status, { contactId: id });
  }

  if (intent === "moveContact") {
    const id = form.get("contactId");
    const direction = form.get("direction");
    const moved =
      isContactId(id) &&
      (direction === "up" || direction === "down") &&
      (await moveContact(db, profileId, id, direction));
    return moved
      ? reply({ tone: "success", title: "account:contacts.moved" }, 200, { contactId: id })
      : reply(
          {
            tone: "error",
            title: "account:contacts.moveFailed",
            description: "account:contacts.notFound",
          },
          400,
        );
  }

  if (intent === "removeContact") {
    const id = form.get("contactId");
    // A removal needs the confirming second press.
    if (form.get("confirm") !== "yes") {
      return reply(
        {
          tone: "error",
          title: "account:contacts.removeFailed",
          description: "account:contacts.notConfirmed",
        },
        400,
      );
    }
    // Scoped to the person: another person's contact id removes nothing.
    const removed = isContactId(id) && (await deleteContact(db, profileId, id));
    if (!removed) {
      return reply(
        {
          tone: "error",
          title: "account:contacts.removeFailed",
          description: "account:contacts.notFound",
        },
        404,
      );
    }
    return reply({ tone: "success", title: "account:contacts.removed" });
  }

  // A contact's linked Messenger or Instagram account (decision 149): removed by the owner, or
  // a one-time link made for the owner to pass on.
  if (intent === "unlinkContactAccount") {
    const id = form.get("contactId");
    const removed = isContactId(id) && (await unlinkByOwner(db, profileId, id));
    return removed
      ? reply({ tone: "success", title: "contact-link:dashboard.unlinked" }, 200, { contactId: id })
      : reply({ tone: "error", title: "contact-link:dashboard.unlinkFailed" }, 404);
  }

  if (intent === "contactLinkInvite") {
    const id = form.get("contactId");
    if (!context.services.config.meta || !isContactId(id)) {
      return reply({ tone: "error", title: "contact-link:dashboard.inviteFailed" }, 404);
    }
    const limited = await consumeAll(context.services.limiter, [
      [LINK_RULES.accountDay, userId],
      [LINK_RULES.contactHour, id],
    ]);
    if (!limited.allowed) {
      return reply({ tone: "error", title: "contact-link:dashboard.inviteLimited" }, 429, {
        contactId: id,
      });
    }
    const token = await issueLinkToken(db, profileId, id);
    if (!token) return reply({ tone: "error", title: "contact-link:dashboard.inviteFailed" }, 404);
    const linkUrl = new URL(`${LINK_PAGE_PATH}/${token}`, context.services.config.publicUrl);
    return reply({ tone: "success", title: "contact-link:dashboard.inviteMade" }, 200, {
      contactId: id,
      linkUrl: linkUrl.toString(),
    });
  }

  return reply({ tone: "error", title: "errors.generic" }, 400);
}

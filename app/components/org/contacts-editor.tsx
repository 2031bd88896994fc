import { Send, Users } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import {
  ConsentBadge,
  ConsentSummary,
  type ContactStatusView,
} from "#app/components/contact-consent.tsx";
import { Notice } from "#app/components/notice.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input, Select } from "#app/components/ui/input.tsx";
import { CONTACT_CHANNELS, DEFAULT_CONTACT_CHANNEL } from "#core/channels.ts";
import { CONTACT_ROLES, type ContactRoleChoice } from "#core/org-forms.ts";
import { LIMITS } from "#core/validation.ts";
import { answerFor, type OrgFormAnswer } from "./form-answer.ts";
import { EditOrRemove, OrgForm } from "./org-form.tsx";
import { ReasonField } from "./reason-field.tsx";

export interface OrgContact {
  id: string;
  name: string;
  channel: string;
  value: string;
  priority: number;
  role: ContactRoleChoice;
  /** Their answer to the confirmation request, and any STOP (decision 148). */
  status?: ContactStatusView;
}

/**
 * The person's contacts in alerting order, each with its role (guardian, clinician, contact).
 * Those who may change them add, edit (including the contact's place in the order) and remove
 * them, each change with its reason (decision 137); others read them.
 */
export function OrgContacts({
  contacts,
  canChange,
  reasonRequired,
  actionData,
}: {
  contacts: OrgContact[];
  canChange: boolean;
  reasonRequired: boolean;
  actionData: OrgFormAnswer | undefined;
}) {
  const { t } = useTranslation("org");
  const busy = useNavigation().state === "submitting";
  return (
    <Card id="contacts" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-primary" aria-hidden="true" /> {t("contacts.title")}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t("contacts.intro")}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <ConsentSummary
          contacts={contacts.flatMap((c) => (c.status ? [{ name: c.name, status: c.status }] : []))}
        />
        {contacts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("contacts.empty")}</p>
        ) : (
          <ol className="space-y-2" data-testid="org-contact-list">
            {contacts.map((contact, index) => {
              const answer = answerFor(actionData, `contact:${contact.id}`);
              return (
                <li
                  key={contact.id}
                  className="space-y-2 rounded-lg border p-3"
                  data-testid="org-contact"
                >
                  <Notice notice={answer && !answer.fieldErrors ? answer.notice : null} />
                  <div className="min-w-0">
                    <p className="font-semibold">
                      <span className="mr-2 text-muted-foreground">{index + 1}.</span>
                      {contact.name}
                      {contact.role !== "contact" ? (
                        <span className="ml-2 rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold">
                          {t(`contacts.roles.${contact.role}`)}
                        </span>
                      ) : null}
                    </p>
                    <p className="truncate text-sm text-muted-foreground">
                      {t(`account:channels.${contact.channel}`, { defaultValue: contact.channel })}
                      {" · "}
                      {contact.value}
                    </p>
                    {contact.status ? (
                      <ConsentBadge status={contact.status} channel={contact.channel} />
                    ) : null}
                  </div>
                  {canChange && contact.status?.state === "pending" && !contact.status.stoppedAt ? (
                    <Form method="post" replace preventScrollReset>
                      <input type="hidden" name="intent" value="resendConsent" />
                      <input type="hidden" name="contactId" value={contact.id} />
                      <Button
                        type="submit"
                        variant="outline"
                        size="sm"
                        disabled={busy}
                        aria-label={t("consent:sendAgainFor", { name: contact.name })}
                      >
                        <Send aria-hidden="true" /> {t("consent:sendAgain")}
                      </Button>
                    </Form>
                  ) : null}
                  {canChange ? (
                    <EditOrRemove
                      editLabel={t("contacts.edit", { name: contact.name })}
                      editOpen={Boolean(answer?.fieldErrors)}
                      form={
                        <ContactForm
                          contact={contact}
                          count={contacts.length}
                          answer={answer?.fieldErrors ? answer : undefined}
                          reasonRequired={reasonRequired}
                          busy={busy}
                        />
                      }
                      removeLabel={t("contacts.remove", { name: contact.name })}
                      removeMessage={t("contacts.removeConfirm", { name: contact.name })}
                      removeConfirm={t("contacts.removeConfirmYes")}
                      intent="removeContact"
                      fields={{ contactId: contact.id }}
                      confirmFields={<ReasonField required={reasonRequired} />}
                      busy={busy}
                    />
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
        {canChange ? (
          <div className="rounded-lg border border-dashed p-3">
            <h4 className="mb-2 text-sm font-semibold">{t("contacts.addTitle")}</h4>
            <ContactForm
              count={contacts.length}
              answer={answerFor(actionData, "contact:new")}
              reasonRequired={reasonRequired}
              busy={busy}
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Name, channel, value and role; for an existing contact its place too; and why. */
function ContactForm({
  contact,
  count,
  answer,
  reasonRequired,
  busy,
}: {
  contact?: OrgContact;
  count: number;
  answer: OrgFormAnswer | undefined;
  reasonRequired: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation(["org", "account"]);
  const id = useId();
  return (
    <OrgForm
      answer={answer}
      row={contact ? { field: "contactId", id: contact.id } : undefined}
      testId={contact ? "edit-org-contact-form" : "add-org-contact-form"}
    >
      {({ errors, value }) => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={`${id}-name`} label={t("account:contacts.name")} error={errors.name}>
              {(props) => (
                <Input
                  {...props}
                  name="name"
                  maxLength={LIMITS.name}
                  defaultValue={value("name", contact?.name ?? "")}
                />
              )}
            </Field>
            <Field id={`${id}-role`} label={t("contacts.role")} error={errors.role}>
              {(props) => (
                <Select
                  {...props}
                  name="role"
                  defaultValue={value("role", contact?.role ?? "contact")}
                >
                  {CONTACT_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`contacts.roles.${role}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field
              id={`${id}-channel`}
              label={t("account:contacts.channel")}
              error={errors.channel}
            >
              {(props) => (
                <Select
                  {...props}
                  name="channel"
                  defaultValue={value("channel", contact?.channel ?? DEFAULT_CONTACT_CHANNEL)}
                >
                  {CONTACT_CHANNELS.map((c) => (
                    <option key={c} value={c}>
                      {t(`account:channels.${c}`, { defaultValue: c })}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id={`${id}-value`} label={t("account:contacts.value")} error={errors.value}>
              {(props) => (
                <Input
                  {...props}
                  name="value"
                  maxLength={LIMITS.email}
                  defaultValue={value("value", contact?.value ?? "")}
                />
              )}
            </Field>
            {contact ? (
              <Field id={`${id}-position`} label={t("contacts.position")} error={errors.position}>
                {(props) => (
                  <Select
                    {...props}
                    name="position"
                    defaultValue={value("position", String(contact.priority))}
                  >
                    {Array.from({ length: count }, (_, i) => i + 1).map((place) => (
                      <option key={place} value={place}>
                        {t("contacts.place", { n: place })}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            ) : null}
          </div>
          <ReasonField
            required={reasonRequired}
            error={errors.reason}
            defaultValue={value("reason", "")}
          />
          <Button
            type="submit"
            name="intent"
            value={contact ? "editContact" : "addContact"}
            disabled={busy}
          >
            {contact ? t("contacts.save") : t("contacts.add")}
          </Button>
        </>
      )}
    </OrgForm>
  );
}

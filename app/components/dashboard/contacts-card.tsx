import {
  ArrowDown,
  ArrowUp,
  MessageCircle,
  Pencil,
  Send,
  Trash2,
  Unlink,
  Users,
} from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import {
  ConsentBadge,
  ConsentSummary,
  type ContactStatusView,
} from "#app/components/contact-consent.tsx";
import { Notice, type NoticeData, useNotice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input, Label, Select } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/cn.ts";
import { CONTACT_CHANNELS, DEFAULT_CONTACT_CHANNEL } from "#core/channels.ts";
import { LIMITS, sanitizeText, validateContact } from "#core/validation.ts";
import { ConfirmAction } from "./confirm-action.tsx";
import { PersonField, useCanManage } from "./people-strip.tsx";

export type ContactField = "name" | "channel" | "value";
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export interface DashboardContact {
  id: string;
  name: string;
  channel: string;
  value: string;
  priority: number;
  /** The Messenger or Instagram account the contact linked themself (decision 149). */
  linkedChannel?: string | null;
  /** Their answer to the confirmation request, and any STOP (decision 148). */
  status?: ContactStatusView;
}

export interface ContactsActionData {
  notice: NoticeData;
  /** The contact whose edit form answered, or absent for the add form. */
  contactId?: string;
  values?: { name: string; channel: string; value: string };
  fieldErrors?: ContactFieldErrors;
  /** A one-time link for the contact to connect Messenger or Instagram (decision 149). */
  linkUrl?: string;
}

const FIELDS: ContactField[] = ["name", "channel", "value"];

/** Every field's problem (not only the first), with the same checks as the server. */
export function contactFieldErrors(values: {
  name: unknown;
  channel: unknown;
  value: unknown;
}): ContactFieldErrors {
  const checked = validateContact(values);
  if (checked.ok) return {};
  const errors: ContactFieldErrors = { [checked.field]: checked.error };
  if (checked.field === "name") {
    const rest = validateContact({ ...values, name: "x" });
    if (!rest.ok) errors[rest.field as ContactField] = rest.error;
  }
  return errors;
}

/**
 * Emergency Contacts: the list in alerting order (move up/down, edit, remove
 * after a confirmation), which of them the plan alerts, and the add form.
 */
export function ContactsCard({
  contacts,
  limit,
  planName,
  actionData,
  metaLinking = false,
}: {
  contacts: DashboardContact[];
  limit: number | null;
  planName: string;
  actionData: ContactsActionData | undefined;
  /** Whether Messenger and Instagram are configured, so a link for a contact can be made. */
  metaLinking?: boolean;
}) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const alerted = limit === null ? contacts.length : Math.max(1, limit);
  const over = contacts.length > alerted;
  const addAnswer = actionData && !actionData.contactId ? actionData : undefined;
  // A household member's person is shown read-only (decision 129).
  const canManage = useCanManage();
  return (
    <Card id="contacts" className="scroll-mt-24 lg:col-span-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-primary" aria-hidden="true" /> {t("contacts.title")}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {limit === null
            ? t("contacts.countUnlimited", { count: contacts.length })
            : t("contacts.count", { count: contacts.length, limit })}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        {over ? (
          <p
            className="rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm"
            data-testid="contacts-over-limit"
          >
            {t("contacts.overLimit", {
              count: alerted,
              plan: planName,
              names: contacts
                .slice(0, alerted)
                .map((c) => c.name)
                .join(", "),
            })}
          </p>
        ) : null}
        <ConsentSummary
          contacts={contacts.flatMap((c) => (c.status ? [{ name: c.name, status: c.status }] : []))}
        />
        {contacts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("contacts.empty")}</p>
        ) : (
          <>
            {contacts.length > 1 ? (
              <p className="text-sm text-muted-foreground">{t("contacts.orderHint")}</p>
            ) : null}
            <ol className="space-y-2" data-testid="contact-list">
              {contacts.map((contact, index) => (
                <ContactRow
                  key={contact.id}
                  contact={contact}
                  position={index + 1}
                  first={index === 0}
                  last={index === contacts.length - 1}
                  isAlerted={index < alerted}
                  showAlerted={over}
                  busy={busy}
                  actionData={actionData?.contactId === contact.id ? actionData : undefined}
                  metaLinking={metaLinking}
                />
              ))}
            </ol>
          </>
        )}
        {canManage ? (
          <ContactForm
            intent="addContact"
            submitLabel={t("contacts.add")}
            answer={addAnswer}
            busy={busy}
            className="rounded-lg border border-dashed p-3 sm:grid-cols-[1fr_8rem_1fr_auto]"
            resetOnSuccess
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

function ContactRow({
  contact,
  position,
  first,
  last,
  isAlerted,
  showAlerted,
  busy,
  actionData,
  metaLinking,
}: {
  contact: DashboardContact;
  position: number;
  first: boolean;
  last: boolean;
  isAlerted: boolean;
  showAlerted: boolean;
  busy: boolean;
  actionData: ContactsActionData | undefined;
  metaLinking: boolean;
}) {
  const { t } = useTranslation("account");
  const editing = Boolean(actionData?.fieldErrors);
  const canManage = useCanManage();
  return (
    <li
      className={cn("space-y-2 rounded-lg border p-3", !isAlerted && "border-dashed opacity-80")}
      data-testid={`contact-${position}`}
    >
      <Notice notice={actionData && !editing ? actionData.notice : null} />
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">
            <span className="mr-2 text-muted-foreground">{position}.</span>
            {contact.name}
            {showAlerted ? (
              <span
                className={cn(
                  "ml-2 rounded-full px-2 py-0.5 text-xs font-semibold",
                  isAlerted ? "bg-primary text-primary-foreground" : "bg-secondary",
                )}
                data-testid="contact-alerted"
              >
                {isAlerted ? t("contacts.alerted") : t("contacts.notAlerted")}
              </span>
            ) : null}
          </p>
          <p className="truncate text-sm text-muted-foreground">
            {t(`channels.${contact.channel}`)} · {contact.value}
          </p>
          <LinkedAccount contact={contact} canManage={canManage} busy={busy} />
          {contact.status ? (
            <ConsentBadge status={contact.status} channel={contact.channel} />
          ) : null}
        </div>
        {canManage ? (
          <Form method="post" replace preventScrollReset className="flex shrink-0 gap-1">
            <PersonField />
            <input type="hidden" name="contactId" value={contact.id} />
            <input type="hidden" name="intent" value="moveContact" />
            <Button
              type="submit"
              name="direction"
              value="up"
              variant="ghost"
              size="icon"
              disabled={busy || first}
              aria-label={t("contacts.moveUp", { name: contact.name })}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              type="submit"
              name="direction"
              value="down"
              variant="ghost"
              size="icon"
              disabled={busy || last}
              aria-label={t("contacts.moveDown", { name: contact.name })}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
          </Form>
        ) : null}
      </div>
      {canManage ? (
        <div className="flex flex-wrap items-start gap-2">
          <details className="min-w-0 flex-1" open={editing || undefined}>
            <summary
              className={cn(
                buttonVariants({ variant: "outline", size: "sm" }),
                "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
              )}
            >
              <Pencil aria-hidden="true" /> {t("contacts.edit", { name: contact.name })}
            </summary>
            <ContactForm
              intent="editContact"
              contactId={contact.id}
              defaults={contact}
              submitLabel={t("contacts.save")}
              answer={editing ? actionData : undefined}
              busy={busy}
              className="mt-2 sm:grid-cols-[1fr_8rem_1fr_auto]"
            />
          </details>
          {metaLinking && !contact.linkedChannel ? (
            <LinkInvite contact={contact} busy={busy} linkUrl={actionData?.linkUrl} />
          ) : null}
          {contact.status?.state === "pending" && !contact.status.stoppedAt ? (
            <SendAgain contact={contact} busy={busy} />
          ) : null}
          <ConfirmAction
            trigger={<Trash2 aria-hidden="true" />}
            triggerLabel={t("contacts.remove", { name: contact.name })}
            message={t("contacts.removeConfirm", { name: contact.name })}
            confirmLabel={t("contacts.removeConfirmYes")}
            intent="removeContact"
            fields={{ contactId: contact.id }}
            disabled={busy}
          />
        </div>
      ) : null}
    </li>
  );
}

/** "Messenger linked", and for the owner a way to remove it (decision 149). */
function LinkedAccount({
  contact,
  canManage,
  busy,
}: {
  contact: DashboardContact;
  canManage: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation("contact-link");
  if (!contact.linkedChannel) return null;
  const channel = t(`account:channels.${contact.linkedChannel}`);
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      <span
        className="rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold"
        data-testid="contact-linked"
      >
        {t("dashboard.linked", { channel })}
      </span>
      {canManage ? (
        <Form method="post" replace preventScrollReset>
          <PersonField />
          <input type="hidden" name="contactId" value={contact.id} />
          <Button
            type="submit"
            name="intent"
            value="unlinkContactAccount"
            variant="ghost"
            size="icon"
            disabled={busy}
            aria-label={t("dashboard.unlink", { channel, name: contact.name })}
            title={t("dashboard.unlink", { channel, name: contact.name })}
          >
            <Unlink aria-hidden="true" />
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** A one-time link the owner passes on, for the contact to connect Messenger or Instagram. */
function LinkInvite({
  contact,
  busy,
  linkUrl,
}: {
  contact: DashboardContact;
  busy: boolean;
  linkUrl: string | undefined;
}) {
  const { t } = useTranslation("contact-link");
  const id = useId();
  return (
    <div className="min-w-0 space-y-1">
      <Form method="post" replace preventScrollReset>
        <PersonField />
        <input type="hidden" name="contactId" value={contact.id} />
        <Button
          type="submit"
          name="intent"
          value="contactLinkInvite"
          variant="outline"
          size="sm"
          disabled={busy}
        >
          <MessageCircle aria-hidden="true" /> {t("dashboard.invite", { name: contact.name })}
        </Button>
      </Form>
      {linkUrl ? (
        <div className="space-y-1">
          <Label htmlFor={`${id}-link`}>{t("dashboard.inviteReady", { name: contact.name })}</Label>
          <Input id={`${id}-link`} readOnly value={linkUrl} data-testid="contact-link-url" />
        </div>
      ) : null}
    </div>
  );
}

/** "Send again" for a contact who has not answered: a plain form post (decision 148). */
function SendAgain({ contact, busy }: { contact: DashboardContact; busy: boolean }) {
  const { t } = useTranslation("consent");
  return (
    <Form method="post" replace preventScrollReset>
      <PersonField />
      <input type="hidden" name="contactId" value={contact.id} />
      <Button
        type="submit"
        name="intent"
        value="resendConsent"
        variant="outline"
        size="sm"
        disabled={busy}
        aria-label={t("sendAgainFor", { name: contact.name })}
      >
        <Send aria-hidden="true" /> {t("sendAgain")}
      </Button>
    </Form>
  );
}

/**
 * Name, channel and value with a message under each field that is wrong
 * (`aria-invalid`, `aria-describedby`); the first wrong field gets the focus,
 * after the browser's check or the server's answer.
 */
function ContactForm({
  intent,
  contactId,
  defaults,
  submitLabel,
  answer,
  busy,
  className,
  resetOnSuccess,
}: {
  intent: "addContact" | "editContact";
  contactId?: string;
  defaults?: { name: string; channel: string; value: string };
  submitLabel: string;
  answer: ContactsActionData | undefined;
  busy: boolean;
  className?: string;
  resetOnSuccess?: boolean;
}) {
  const { t } = useTranslation("account");
  // Field messages are the shared validation keys (common namespace).
  const { t: tCommon } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { notice, show: showNotice } = useNotice(answer, answer?.notice);
  const [local, setLocal] = useState<{ answer: unknown; errors: ContactFieldErrors } | null>(null);
  const errors = local && local.answer === answer ? local.errors : (answer?.fieldErrors ?? {});
  const values = answer?.fieldErrors ? answer.values : defaults;

  const focusFirstInvalid = (found: ContactFieldErrors) => {
    const field = FIELDS.find((f) => found[f]);
    if (field) document.getElementById(`${id}-${field}`)?.focus();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per server answer
  useEffect(() => {
    if (answer?.fieldErrors) focusFirstInvalid(answer.fieldErrors);
    if (resetOnSuccess && answer?.notice.tone === "success") formRef.current?.reset();
  }, [answer]);

  const describedBy = (field: ContactField) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: ContactField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-sm text-destructive">
        {tCommon(errors[field]!)}
      </p>
    ) : null;

  return (
    <Form
      ref={formRef}
      method="post"
      replace
      preventScrollReset
      noValidate
      className={cn("grid gap-3", className)}
      data-testid={contactId ? "edit-contact-form" : "add-contact-form"}
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        const found = contactFieldErrors({
          name: form.get("name"),
          channel: form.get("channel"),
          value: form.get("value"),
        });
        if (Object.keys(found).length === 0) return;
        event.preventDefault();
        setLocal({ answer, errors: found });
        const incomplete = !sanitizeText(form.get("name")) || !sanitizeText(form.get("value"));
        showNotice({
          tone: "error",
          title: incomplete
            ? "account:contacts.incomplete"
            : contactId
              ? "account:contacts.saveFailed"
              : "account:contacts.addFailed",
          description: incomplete ? "validation.fillAllFields" : undefined,
        });
        focusFirstInvalid(found);
      }}
    >
      <div className="sm:col-span-full">
        <Notice notice={notice} />
      </div>
      <PersonField />
      {contactId ? <input type="hidden" name="contactId" value={contactId} /> : null}
      <div className="space-y-1">
        <Label htmlFor={`${id}-name`}>{t("contacts.name")}</Label>
        <Input
          id={`${id}-name`}
          name="name"
          maxLength={LIMITS.name}
          defaultValue={values?.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy("name")}
        />
        {fieldError("name")}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-channel`}>{t("contacts.channel")}</Label>
        <Select
          id={`${id}-channel`}
          name="channel"
          defaultValue={values?.channel ?? DEFAULT_CONTACT_CHANNEL}
          aria-invalid={errors.channel ? true : undefined}
          aria-describedby={describedBy("channel")}
        >
          {CONTACT_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {t(`channels.${c}`)}
            </option>
          ))}
        </Select>
        {fieldError("channel")}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-value`}>{t("contacts.value")}</Label>
        <Input
          id={`${id}-value`}
          name="value"
          maxLength={LIMITS.email}
          defaultValue={values?.value}
          aria-invalid={errors.value ? true : undefined}
          aria-describedby={describedBy("value")}
        />
        {fieldError("value")}
      </div>
      <div className="flex items-end">
        <Button type="submit" name="intent" value={intent} disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

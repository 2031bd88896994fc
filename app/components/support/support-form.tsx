import { CheckCircle2, Mail } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Notice, type NoticeData, useNotice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "#app/components/ui/card.tsx";
import { Field, useFieldErrors } from "#app/components/ui/field.tsx";
import { Input, Select, Textarea } from "#app/components/ui/input.tsx";
import { useValueTypedEarly } from "#app/lib/hydration.ts";
import {
  SUPPORT_HONEYPOT,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_TOPICS,
  type SupportField,
  validateSupportTicket,
} from "#core/support-ticket.ts";
import { LIMITS, stripAngleBrackets } from "#core/validation.ts";

export type SupportValues = Partial<Record<SupportField, string>>;
/** What /support's action answers when it does not redirect: why, and the values to keep. */
export type SupportActionData = { notice: NoticeData; field?: string; values: SupportValues };

/**
 * The support question form, checked in the browser with the server's own rules; a hidden
 * honeypot field catches bots, as on /contact (decisions 041 and 153).
 */
export function SupportForm({
  actionData,
  defaults,
}: {
  actionData: SupportActionData | undefined;
  defaults: SupportValues;
}) {
  const { t } = useTranslation("support");
  const id = useId();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction === "/support";
  const { notice, show } = useNotice(actionData, actionData?.notice);
  const serverField =
    actionData?.notice.tone === "error" && actionData.field && actionData.notice.description
      ? { [actionData.field]: actionData.notice.description }
      : undefined;
  const { formRef, errors, show: showErrors } = useFieldErrors(actionData, serverField);
  const values = actionData?.values ?? defaults;
  const [messageLength, setMessageLength] = useState(values.message?.length ?? 0);
  useValueTypedEarly(formRef, "message", (value) => setMessageLength(value.trim().length));
  const fieldId = (name: string) => `${id}-${name}`;
  const field = (name: SupportField) => ({ id: fieldId(name), error: errors[name] });
  const control = (name: SupportField) => ({ name, defaultValue: values[name] ?? "" });

  return (
    <Card>
      <CardHeader>
        <h2 id="ask-title" className="text-2xl font-semibold leading-tight">
          {t("form.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("form.intro")}</p>
      </CardHeader>
      <CardContent>
        <Form
          ref={formRef}
          method="post"
          action="/support"
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          data-testid="support-form"
          onChange={(event) => {
            const target = event.target as unknown;
            if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
              return;
            }
            if (/[<>]/.test(target.value)) target.value = stripAngleBrackets(target.value);
            if (target.name === "message") setMessageLength(target.value.trim().length);
          }}
          onSubmit={(event) => {
            const checked = validateSupportTicket(new FormData(event.currentTarget));
            if (!checked.ok) {
              event.preventDefault();
              show({
                tone: "error",
                title: "support:notices.validationError",
                description: checked.error,
              });
              showErrors({ [checked.field]: checked.error });
            }
          }}
        >
          <div className="sm:col-span-2" aria-live="polite">
            <Notice notice={notice} />
          </div>
          <Field {...field("name")} label={t("form.name")}>
            {(props) => (
              <Input
                {...props}
                {...control("name")}
                maxLength={LIMITS.name}
                autoComplete="name"
                required
              />
            )}
          </Field>
          <Field {...field("email")} label={t("form.email")}>
            {(props) => (
              <Input
                {...props}
                {...control("email")}
                type="email"
                maxLength={LIMITS.email}
                autoComplete="email"
                required
              />
            )}
          </Field>
          <Field {...field("topic")} label={t("form.topic")} className="sm:col-span-2">
            {(props) => (
              <Select {...props} {...control("topic")} required>
                <option value="">{t("form.topicPlaceholder")}</option>
                {SUPPORT_TOPICS.map((topic) => (
                  <option key={topic} value={topic}>
                    {t(`topics.${topic}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field {...field("message")} label={t("form.message")} className="sm:col-span-2">
            {(props) => (
              <>
                <Textarea
                  {...props}
                  {...control("message")}
                  rows={6}
                  maxLength={SUPPORT_MESSAGE_MAX}
                  placeholder={t("form.messagePlaceholder")}
                  required
                />
                <p className="text-right text-xs text-muted-foreground" aria-live="off">
                  {t("form.messageCount", { count: messageLength, max: SUPPORT_MESSAGE_MAX })}
                </p>
              </>
            )}
          </Field>
          {/* Bots fill every field; people never see this one (decision 041). */}
          <div className="absolute -left-[10000px] size-px overflow-hidden" aria-hidden="true">
            <label htmlFor={fieldId(SUPPORT_HONEYPOT)}>{t("form.honeypot")}</label>
            <input
              id={fieldId(SUPPORT_HONEYPOT)}
              name={SUPPORT_HONEYPOT}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </div>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" disabled={sending} data-testid="support-submit">
              {sending ? t("form.sending") : t("form.submit")}
            </Button>
            <p className="text-xs text-muted-foreground">{t("form.required")}</p>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

/** /support after a question was sent; says so when the mail to support is delayed (it is stored). */
export function SupportSent({ delayed, supportEmail }: { delayed: boolean; supportEmail: string }) {
  const { t } = useTranslation("support");
  return (
    <Card data-testid="support-sent">
      <CardContent className="space-y-4 pt-6 text-center">
        <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
        <h2 id="ask-title" className="text-2xl font-semibold" role="status">
          {t("sent.title")}
        </h2>
        <p>{t("sent.body")}</p>
        {delayed ? (
          <p className="rounded-md border p-3 text-sm" data-testid="support-mail-delayed">
            {t("sent.delayed", { email: supportEmail })}
          </p>
        ) : null}
        <Link to="/support#ask" className={buttonVariants({ variant: "outline" })}>
          {t("sent.another")}
        </Link>
      </CardContent>
    </Card>
  );
}

/** The support address, shown wherever someone may prefer to write. */
export function SupportEmail({ email }: { email: string }) {
  const { t } = useTranslation("support");
  return (
    <p className="flex flex-wrap items-center gap-2">
      <span className="font-medium">{t("emailLead")}</span>
      <a
        href={`mailto:${email}`}
        className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
        data-testid="support-email"
      >
        <Mail className="size-4" aria-hidden="true" />
        {email}
      </a>
    </p>
  );
}

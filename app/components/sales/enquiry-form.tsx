import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Notice, type NoticeData, useNotice } from "#app/components/notice.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "#app/components/ui/card.tsx";
import { Field, useFieldErrors } from "#app/components/ui/field.tsx";
import { Input, Select, Textarea } from "#app/components/ui/input.tsx";
import { useValueTypedEarly } from "#app/lib/hydration.ts";
import {
  ESTIMATED_USERS,
  HONEYPOT_FIELD,
  INDUSTRIES,
  ORGANIZATION_MAX,
  type SalesField,
  validateSalesEnquiry,
} from "#core/sales-enquiry.ts";
import { LIMITS, stripAngleBrackets } from "#core/validation.ts";

export type EnquiryValues = Partial<Record<SalesField, string>>;
/** What /contact's action answers when it does not go to Thank You: why, and the values to keep. */
export type EnquiryActionData = { notice: NoticeData; field?: string; values: EnquiryValues };

/**
 * The sales / demo request form, checked in the browser with the server's own
 * rules; a hidden honeypot field catches bots (decision 041).
 */
export function EnquiryForm({ actionData }: { actionData: EnquiryActionData | undefined }) {
  const { t } = useTranslation("sales");
  const id = useId();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction === "/contact";
  const { notice, show } = useNotice(actionData, actionData?.notice);
  const serverField =
    actionData?.notice.tone === "error" && actionData.field && actionData.notice.description
      ? { [actionData.field]: actionData.notice.description }
      : undefined;
  const { formRef, errors, show: showErrors } = useFieldErrors(actionData, serverField);
  const values = actionData?.values ?? {};
  const [messageLength, setMessageLength] = useState(values.message?.length ?? 0);
  useValueTypedEarly(formRef, "message", (value) => setMessageLength(value.trim().length));
  const fieldId = (name: string) => `${id}-${name}`;
  const field = (name: SalesField) => ({
    id: fieldId(name),
    error: errors[name],
  });
  const control = (name: SalesField) => ({ name, defaultValue: values[name] ?? "" });

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">{t("form.title")}</h2>
      </CardHeader>
      <CardContent>
        <Form
          ref={formRef}
          method="post"
          action="/contact"
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          data-testid="sales-form"
          onChange={(event) => {
            // Inputs are cleaned as typed (spec section 5): no angle brackets.
            const target = event.target as unknown;
            if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
              return;
            }
            if (/[<>]/.test(target.value)) target.value = stripAngleBrackets(target.value);
            if (target.name === "message") setMessageLength(target.value.trim().length);
          }}
          onSubmit={(event) => {
            const checked = validateSalesEnquiry(new FormData(event.currentTarget));
            if (!checked.ok) {
              event.preventDefault();
              show({
                tone: "error",
                title: "sales:notices.validationError",
                description: checked.error,
              });
              showErrors({ [checked.field]: checked.error });
            }
          }}
        >
          <div id={`${id}-notice`} className="sm:col-span-2" aria-live="polite">
            <Notice notice={notice} />
          </div>
          <Field {...field("fullName")} label={t("form.fullName")}>
            {(props) => (
              <Input
                {...props}
                {...control("fullName")}
                maxLength={LIMITS.name}
                autoComplete="name"
                required
              />
            )}
          </Field>
          <Field {...field("organization")} label={t("form.organization")}>
            {(props) => (
              <Input
                {...props}
                {...control("organization")}
                maxLength={ORGANIZATION_MAX}
                autoComplete="organization"
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
          <Field
            {...field("phone")}
            label={
              <>
                {t("form.phone")}{" "}
                <span className="font-normal text-muted-foreground">({t("form.optional")})</span>
              </>
            }
          >
            {(props) => (
              <Input
                {...props}
                {...control("phone")}
                type="tel"
                maxLength={LIMITS.phone}
                autoComplete="tel"
              />
            )}
          </Field>
          <Field {...field("industry")} label={t("form.industry")}>
            {(props) => (
              <Select {...props} {...control("industry")} required>
                <option value="">{t("form.industryPlaceholder")}</option>
                {INDUSTRIES.map((industry) => (
                  <option key={industry} value={industry}>
                    {t(`industries.${industry}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field {...field("estimatedUsers")} label={t("form.estimatedUsers")}>
            {(props) => (
              <Select {...props} {...control("estimatedUsers")} required>
                <option value="">{t("form.estimatedUsersPlaceholder")}</option>
                {ESTIMATED_USERS.map((range) => (
                  <option key={range} value={range}>
                    {t(`users.${range}`)}
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
                  rows={5}
                  maxLength={LIMITS.message}
                  placeholder={t("form.messagePlaceholder")}
                  required
                />
                <p className="text-right text-xs text-muted-foreground" aria-live="off">
                  {t("form.messageCount", { count: messageLength, max: LIMITS.message })}
                </p>
              </>
            )}
          </Field>
          {/* Bots fill every field; people never see this one (decision 041). */}
          <div className="absolute -left-[10000px] size-px overflow-hidden" aria-hidden="true">
            <label htmlFor={fieldId(HONEYPOT_FIELD)}>{t("form.honeypot")}</label>
            <input
              id={fieldId(HONEYPOT_FIELD)}
              name={HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </div>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" disabled={sending} data-testid="sales-submit">
              {sending ? t("form.sending") : t("form.submit")}
            </Button>
            <p className="text-xs text-muted-foreground">{t("form.required")}</p>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

import { CheckCircle2, Mail } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { usePriceFormatter } from "#app/components/marketing/use-price.ts";
import { Notice, type NoticeData, useNotice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "#app/components/ui/card.tsx";
import { Field, useFieldErrors } from "#app/components/ui/field.tsx";
import { Input, Select, Textarea } from "#app/components/ui/input.tsx";
import { seoFor } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { detectRequestLanguage } from "#core/languages.ts";
import { ENTERPRISE_FROM, formatAmount } from "#core/plans.ts";
import {
  ESTIMATED_USERS,
  HONEYPOT_FIELD,
  INDUSTRIES,
  ORGANIZATION_MAX,
  SALES_FIELDS,
  type SalesField,
  validateSalesEnquiry,
} from "#core/sales-enquiry.ts";
import { LIMITS, stripAngleBrackets } from "#core/validation.ts";
import { submitSalesEnquiry } from "#server/domain/sales-enquiries.ts";
import type { Route } from "./+types/contact";

export const loader = ({ request }: Route.LoaderArgs) => {
  const sent = new URL(request.url).searchParams.get("sent");
  return {
    seo: seoFor(request, "pages.contact"),
    sent: sent === "1" || sent === "delayed" ? sent : null,
  };
};
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);
/** Passes the action's Retry-After on to the response. */
export const headers = ({ actionHeaders }: Route.HeadersArgs) => actionHeaders;

type Values = Partial<Record<SalesField, string>>;
type ActionData = { notice: NoticeData; field?: string; values: Values };

/**
 * The sales / demo request. Valid enquiries are stored, mailed to the sales
 * address and answered with a redirect to the Thank You state (so a reload
 * cannot send it twice). Works the same with and without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(
    SALES_FIELDS.map((name) => [name, String(form.get(name) ?? "").slice(0, 2000)]),
  ) as Values;
  const checked = validateSalesEnquiry(form);
  if (!checked.ok) {
    return data<ActionData>(
      {
        notice: {
          tone: "error",
          title: "sales:notices.validationError",
          description: checked.error,
        },
        field: checked.field,
        values,
      },
      { status: 400 },
    );
  }
  const { services } = context;
  const salesEmail = services.config.salesEmail;
  try {
    const result = await submitSalesEnquiry(services, {
      enquiry: checked.enquiry,
      language: detectRequestLanguage(request),
      clientAddress: context.clientAddress,
    });
    if (!result.ok) {
      const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
      return data<ActionData>(
        {
          notice: {
            tone: "error",
            title: "sales:notices.tooManyAttempts",
            description: "sales:notices.wait",
            values: { n: minutes, count: minutes },
          },
          values,
        },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    return redirect(result.mailed ? "/contact?sent=1" : "/contact?sent=delayed");
  } catch (error) {
    services.logger.error({ err: error }, "sales enquiry could not be stored");
    return data<ActionData>(
      {
        notice: {
          tone: "error",
          title: "sales:notices.submissionFailed",
          description: "sales:notices.submissionFailedBody",
          values: { email: salesEmail },
        },
        values,
      },
      { status: 500 },
    );
  }
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("sales");
  const salesEmail = useRootData()?.salesEmail ?? "";
  return (
    <main className="mx-auto grid max-w-5xl gap-6 px-4 py-12 lg:grid-cols-[1fr_20rem]">
      {loaderData.sent ? (
        <ThankYou delayed={loaderData.sent === "delayed"} salesEmail={salesEmail} />
      ) : (
        <div className="space-y-4">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
          <p className="text-lg text-muted-foreground">{t("intro")}</p>
          <EnquiryForm actionData={actionData} />
        </div>
      )}
      <NextSteps salesEmail={salesEmail} />
    </main>
  );
}

function ThankYou({ delayed, salesEmail }: { delayed: boolean; salesEmail: string }) {
  const { t } = useTranslation("sales");
  return (
    <Card data-testid="sales-thanks" className="h-fit">
      <CardContent className="space-y-4 pt-6 text-center">
        <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
        <h1 className="text-3xl font-bold">{t("thanks.title")}</h1>
        <p className="text-lg">{t("thanks.body")}</p>
        <p className="text-muted-foreground">{t("thanks.detail")}</p>
        {delayed ? (
          <p role="status" className="rounded-md border p-3 text-sm" data-testid="mail-delayed">
            {t("thanks.mailDelayed", { email: salesEmail })}
          </p>
        ) : null}
        <Link to="/" className={buttonVariants()}>
          {t("thanks.home")}
        </Link>
      </CardContent>
    </Card>
  );
}

function EnquiryForm({ actionData }: { actionData: ActionData | undefined }) {
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

function NextSteps({ salesEmail }: { salesEmail: string }) {
  const { t } = useTranslation("sales");
  const price = usePriceFormatter();
  return (
    <aside className="h-fit space-y-4">
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight">{t("aside.title")}</h2>
        </CardHeader>
        <CardContent>
          <ol className="list-decimal space-y-2 pl-5 text-sm text-muted-foreground">
            <li>{t("aside.step1")}</li>
            <li>{t("aside.step2")}</li>
            <li>
              {t("aside.step3", {
                price: price(formatAmount(ENTERPRISE_FROM.monthlyPrice)),
                users: ENTERPRISE_FROM.includedUsers,
              })}
            </li>
          </ol>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight">{t("aside.emailTitle")}</h2>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          <p>
            {t("aside.emailBody")}{" "}
            <a href={`mailto:${salesEmail}`} className="inline-flex items-center gap-1 underline">
              <Mail className="size-4" aria-hidden="true" />
              {salesEmail}
            </a>
          </p>
          <Link to="/for-organizations" className="text-primary underline">
            {t("aside.organizations")}
          </Link>
        </CardContent>
      </Card>
    </aside>
  );
}

import { Send } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field, FieldMessage } from "#app/components/ui/field.tsx";
import { Textarea } from "#app/components/ui/input.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { NOTICE_AUDIENCES } from "#core/mass-notices.ts";
import type { Route } from "./+types/notice-new";
import { type ComposeAnswer, composeAction, composePage } from "./notices.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  composePage(request, context, params.slug);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  composeAction(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

const CHANNELS = ["email", "sms", "whatsapp", "voice"] as const;

/**
 * /org/{slug}/notices/new (issue 17 item 3, decision 144): compose → preview → send, each a plain
 * POST. The preview says how many people and messages, by channel, and how many the plan's quota
 * holds back (email never); the send carries the form's key, so it happens once.
 */
export default function NewNotice({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation("mass-notices");
  const busy = useNavigation().state !== "idle";
  const answer = actionData as ComposeAnswer | undefined;
  const key = answer?.key ?? loaderData.key;
  const preview = answer?.preview;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{t("compose.heading")}</h2>
        <Link to={`/org/${params.slug}/notices`} className={buttonVariants({ variant: "ghost" })}>
          {t("compose.back")}
        </Link>
      </div>
      {preview && answer ? (
        <Preview answer={answer} preview={preview} busy={busy} />
      ) : loaderData.locations.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="no-locations">
          {t("compose.noLocations")}
        </p>
      ) : (
        <Compose
          locations={loaderData.locations}
          limit={loaderData.limit}
          answer={answer}
          noticeKey={key}
          busy={busy}
        />
      )}
    </div>
  );
}

function Compose({
  locations,
  limit,
  answer,
  noticeKey,
  busy,
}: {
  locations: { id: string; name: string }[];
  limit: number;
  answer: ComposeAnswer | undefined;
  noticeKey: string;
  busy: boolean;
}) {
  const { t } = useTranslation("mass-notices");
  const id = useId();
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values;
  const [length, setLength] = useState([...(values?.message ?? "")].length);
  return (
    <Card>
      <CardContent className="p-4">
        <Form method="post" replace className="space-y-4" data-testid="compose-form">
          <input type="hidden" name="key" value={noticeKey} />
          {answer?.fieldErrors ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {t("compose.checkFields")}
            </p>
          ) : null}
          <fieldset
            className="space-y-2"
            aria-invalid={errors.locationId ? true : undefined}
            aria-describedby={errors.locationId ? `${id}-locations-error` : undefined}
          >
            <legend className="text-sm font-medium">{t("compose.locations")}</legend>
            {locations.map((location) => (
              <label key={location.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="locationId"
                  value={location.id}
                  defaultChecked={values?.locationIds.includes(location.id)}
                  className="size-4"
                />
                {location.name}
              </label>
            ))}
            <FieldMessage id={`${id}-locations-error`} error={errors.locationId} />
          </fieldset>
          <fieldset
            className="space-y-2"
            aria-invalid={errors.audience ? true : undefined}
            aria-describedby={errors.audience ? `${id}-audience-error` : undefined}
          >
            <legend className="text-sm font-medium">{t("compose.audience")}</legend>
            {NOTICE_AUDIENCES.map((audience) => (
              <label key={audience} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="audience"
                  value={audience}
                  defaultChecked={(values?.audience ?? "guardians") === audience}
                  className="size-4"
                />
                {t(`audience.${audience}`)}
              </label>
            ))}
            <FieldMessage id={`${id}-audience-error`} error={errors.audience} />
          </fieldset>
          <Field
            id={`${id}-message`}
            label={t("compose.message")}
            hint={t("compose.messageHint", { count: length, limit })}
            error={errors.message}
          >
            {(props) => (
              <Textarea
                {...props}
                name="message"
                rows={4}
                required
                maxLength={limit}
                defaultValue={values?.message ?? ""}
                onChange={(event) => setLength([...event.currentTarget.value].length)}
              />
            )}
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="withReply"
              defaultChecked={values?.withReply ?? true}
              className="size-4"
            />
            {t("compose.withReply")}
          </label>
          <Button type="submit" name="intent" value="preview" disabled={busy}>
            {t("compose.preview")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

function Preview({
  answer,
  preview,
  busy,
}: {
  answer: ComposeAnswer;
  preview: NonNullable<ComposeAnswer["preview"]>;
  busy: boolean;
}) {
  const { t } = useTranslation("mass-notices");
  const { values } = answer;
  const overQuota = CHANNELS.reduce((sum, c) => sum + preview.overQuota[c], 0);
  return (
    <Card data-testid="notice-preview">
      <CardHeader>
        <CardTitle>{t("preview.heading")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">
          {t("preview.to", {
            locations: preview.locations.join(", "),
            audience: t(`audience.${values.audience}`),
          })}
        </p>
        <blockquote className="whitespace-pre-line rounded-md border-l-4 bg-muted p-3">
          {values.message}
        </blockquote>
        {values.withReply ? <p className="text-sm">{t("preview.withReply")}</p> : null}
        <dl className="grid gap-2 sm:grid-cols-3">
          <div className="rounded-md border p-3">
            <dt className="text-xs text-muted-foreground">{t("preview.people")}</dt>
            <dd className="text-2xl font-semibold" data-testid="preview-people">
              {preview.people}
            </dd>
          </div>
          <div className="rounded-md border p-3">
            <dt className="text-xs text-muted-foreground">{t("preview.messages")}</dt>
            <dd className="text-2xl font-semibold" data-testid="preview-messages">
              {preview.messages}
            </dd>
          </div>
          <div className="rounded-md border p-3">
            <dt className="text-xs text-muted-foreground">{t("preview.overQuota")}</dt>
            <dd className="text-2xl font-semibold" data-testid="preview-over-quota">
              {overQuota}
            </dd>
          </div>
        </dl>
        <table className="w-full text-sm" data-testid="preview-channels">
          <caption className="sr-only">{t("preview.byChannel")}</caption>
          <thead>
            <tr className="text-left">
              <th scope="col">{t("preview.channel")}</th>
              <th scope="col">{t("preview.messages")}</th>
              <th scope="col">{t("preview.overQuota")}</th>
            </tr>
          </thead>
          <tbody>
            {CHANNELS.filter((c) => preview.byChannel[c] > 0 || c !== "voice").map((channel) => (
              <tr key={channel} data-testid={`preview-${channel}`}>
                <th scope="row" className="font-normal">
                  {t(`channels.${channel}`)}
                </th>
                <td>{preview.byChannel[channel]}</td>
                <td>
                  {channel === "email" ? t("preview.neverBlocked") : preview.overQuota[channel]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {overQuota > 0 ? (
          <p role="status" className="rounded-md bg-muted p-3 text-sm">
            {t("preview.overQuotaNote", { count: overQuota })}
          </p>
        ) : null}
        {preview.people === 0 ? (
          <p role="status" className="text-sm">
            {t("preview.nobody")}
          </p>
        ) : null}
        <Form method="post" className="flex flex-wrap gap-2" data-testid="send-form">
          <input type="hidden" name="key" value={answer.key} />
          {values.locationIds.map((id) => (
            <input key={id} type="hidden" name="locationId" value={id} />
          ))}
          <input type="hidden" name="audience" value={values.audience} />
          <input type="hidden" name="message" value={values.message} />
          {values.withReply ? <input type="hidden" name="withReply" value="on" /> : null}
          <Button type="submit" name="intent" value="send" disabled={busy || preview.people === 0}>
            <Send aria-hidden="true" /> {t("preview.send", { count: preview.messages })}
          </Button>
          <Button type="submit" name="intent" value="edit" variant="outline" disabled={busy}>
            {t("preview.edit")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

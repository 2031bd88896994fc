import leafletCssUrl from "leaflet/dist/leaflet.css?url";
import { CheckCircle2, MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { LiveFollow } from "#app/components/live/live-follow.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { Route } from "./+types/ack";
import { acknowledgeAlert, showAcknowledgement } from "./ack.server.ts";

/**
 * The link in each alert message, and the contacts' live page (decision 150). Opening it only
 * shows this page (mail scanners open links); pressing the button is what acknowledges.
 */
export const loader = ({ params, request, context }: Route.LoaderArgs) =>
  showAcknowledgement(context.services, params.token, request);

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.title ?? ""} | SafeTap` },
  { name: "robots", content: "noindex, nofollow" },
];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: leafletCssUrl }];

export const action = ({ params, request, context }: Route.ActionArgs) =>
  acknowledgeAlert(context.services, params.token, request);

export default function Acknowledge({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation("card");
  const alert = (actionData ?? loaderData).alert;
  if (!alert) {
    return (
      <main className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t("ack.invalid")}</h1>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-md space-y-4 px-4 py-12">
      <h1 className="text-3xl font-bold">{t("ack.title", { name: alert.ownerName })}</h1>
      <p className="text-muted-foreground">{t("ack.raisedAt", { time: alert.time })}</p>
      {alert.map ? (
        <a
          href={alert.map}
          className="flex items-center gap-2 text-primary underline"
          rel="noopener"
        >
          <MapPin className="size-4" aria-hidden="true" /> {t("ack.map")}
        </a>
      ) : null}
      {alert.isTest ? (
        <p className="rounded-lg bg-muted p-3">{t("ack.test")}</p>
      ) : alert.cancelled ? (
        <p className="rounded-lg bg-muted p-3">{t("ack.cancelled", { name: alert.ownerName })}</p>
      ) : alert.acknowledged ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg bg-success/10 p-3 font-semibold"
        >
          <CheckCircle2 className="mt-0.5 size-5 text-success" aria-hidden="true" /> {t("ack.done")}
        </p>
      ) : (
        <Form method="post" className="space-y-3">
          <p>{t("ack.question")}</p>
          <Button type="submit" size="lg" className="h-14 w-full text-lg">
            {t("ack.button")}
          </Button>
        </Form>
      )}
      <p className="text-sm text-muted-foreground">{t("ack.callHelp")}</p>
      {alert.isTest ? null : (
        <LiveFollow token={params.token} initial={alert.live} timeZone={alert.timeZone} />
      )}
    </main>
  );
}

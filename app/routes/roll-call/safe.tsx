import { CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { DrillBadge } from "#app/components/org/roll-call-parts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/safe";
import { safeAction, safePage } from "./safe.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  safePage(request, context, params.token);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  safeAction(request, context, params.token);
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

/** A listed person marks themself safe from the link in their roll call message. */
export default function MarkYourselfSafe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("roll-call");
  const busy = useNavigation().state === "submitting";
  const page = actionData ?? loaderData;
  const message: Record<string, string> = {
    done: t("safe.done"),
    already: t("safe.already"),
    ended: t("safe.ended"),
    invalid: t("safe.invalid"),
    limited: t("safe.tooMany", { count: page.minutes }),
  };
  return (
    <main className="mx-auto max-w-md space-y-5 px-4 py-12 text-center">
      {page.drill ? (
        <p data-testid="drill-banner">
          <DrillBadge />
        </p>
      ) : null}
      <h1 className="text-2xl font-bold">{t("safe.title")}</h1>
      {page.name ? <p>{t("safe.intro", { name: page.name, place: page.place })}</p> : null}
      {page.state === "ready" ? (
        <Form method="post">
          <Button type="submit" size="lg" className="h-16 w-full text-lg" disabled={busy}>
            <CircleCheck aria-hidden="true" /> {t("safe.button")}
          </Button>
        </Form>
      ) : (
        <p
          role={page.state === "done" || page.state === "already" ? "status" : "alert"}
          className="rounded-lg border p-4 font-medium"
          data-testid="safe-state"
          data-state={page.state}
        >
          {message[page.state]}
        </p>
      )}
      <p className="text-sm text-muted-foreground">{t("safe.help")}</p>
    </main>
  );
}

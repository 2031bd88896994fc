import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { loadDevOutbox } from "#app/lib/dev-outbox.server.ts";
import { seoFor } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/outbox";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { messages: await loadDevOutbox(context), seo: seoFor(request, "devOutbox") };
}
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "short",
    timeStyle: "medium",
  });
  return (
    <main className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("devOutbox.title")}</h1>
      <p className="mt-2 text-muted-foreground">{t("devOutbox.description")}</p>
      <p className="mt-2 text-sm">
        <a className="text-primary underline" href="/dev/outbox.json">
          /dev/outbox.json
        </a>
      </p>
      {loaderData.messages.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {t("devOutbox.empty")}
        </p>
      ) : (
        <ol className="mt-8 space-y-4">
          {loaderData.messages.map((message) => (
            <li key={message.id}>
              <Card>
                <CardHeader className="pb-2">
                  <CardTitle className="flex flex-wrap items-center gap-2 text-base">
                    <span className="rounded bg-secondary px-2 py-0.5 text-xs uppercase">
                      {message.channel}
                    </span>
                    <span>{message.to}</span>
                  </CardTitle>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={message.createdAt} suppressHydrationWarning>
                      {format.format(new Date(message.createdAt))}
                    </time>
                  </p>
                </CardHeader>
                <CardContent>
                  {message.subject ? <p className="font-semibold">{message.subject}</p> : null}
                  <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm">
                    {message.body}
                  </pre>
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

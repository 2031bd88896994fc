import { ArrowLeft, History } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/log";
import { safetyLogPage } from "./log.server.ts";

export const loader = ({ request, context }: Route.LoaderArgs) => safetyLogPage(request, context);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/**
 * The safety log (issue 15 item 9): every change that touched the safety of the people the user
 * sees, in plain words, newest first, times in the user's time zone.
 */
export default function SafetyLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { lines, page, hasOlder } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/dashboard" className={buttonVariants({ variant: "ghost", size: "sm" })}>
        <ArrowLeft aria-hidden="true" /> {t("log.back")}
      </Link>
      <h1 className="mt-4 flex items-center gap-2 text-3xl font-bold tracking-tight">
        <History className="size-7 text-primary" aria-hidden="true" /> {t("log.title")}
      </h1>
      <p className="mt-1 text-muted-foreground">{t("log.intro")}</p>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>{t("log.listTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          {lines.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("log.empty")}</p>
          ) : (
            <ol className="divide-y" data-testid="safety-log">
              {lines.map((line) => (
                <li
                  key={line.id}
                  className="flex flex-wrap gap-x-4 gap-y-1 py-3 text-sm"
                  data-testid="log-line"
                >
                  <time dateTime={line.at} className="w-40 shrink-0 text-muted-foreground">
                    {line.time}
                  </time>
                  <span className="min-w-0 flex-1 break-words">{line.text}</span>
                </li>
              ))}
            </ol>
          )}
          <nav className="mt-4 flex justify-between gap-2" aria-label={t("log.pages")}>
            {page > 1 ? (
              <Link
                to={page === 2 ? "/dashboard/log" : `/dashboard/log?page=${page - 1}`}
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                {t("log.newer")}
              </Link>
            ) : (
              <span />
            )}
            {hasOlder ? (
              <Link
                to={`/dashboard/log?page=${page + 1}`}
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                {t("log.older")}
              </Link>
            ) : null}
          </nav>
        </CardContent>
      </Card>
    </main>
  );
}

import { useTranslation } from "react-i18next";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";

export interface EnquiryRow {
  id: string;
  fullName: string;
  organization: string;
  email: string;
  phone: string | null;
  industry: string;
  estimatedUsers: string;
  message: string;
  language: string;
  createdAt: string;
  mailFailed: boolean;
}

/** The newest sales enquiries on /admin, with the CSV of all of them. */
export function SalesEnquiries({ enquiries }: { enquiries: EnquiryRow[] }) {
  const { t, i18n } = useTranslation("admin");
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (
    <Card id="enquiries">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{t("enquiries.title")}</CardTitle>
        <a
          href="/admin/enquiries.csv"
          className={buttonVariants({ size: "sm", variant: "outline" })}
          data-testid="enquiries-csv"
        >
          {t("enquiries.csv")}
        </a>
      </CardHeader>
      <CardContent>
        {enquiries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("enquiries.empty")}</p>
        ) : (
          <ul className="divide-y text-sm" data-testid="enquiries">
            {enquiries.map((e) => (
              <li key={e.id} className="space-y-1 py-3">
                <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="font-semibold">{e.organization}</span>
                  <span>{e.fullName}</span>
                  <a href={`mailto:${e.email}`} className="underline">
                    {e.email}
                  </a>
                  {e.phone ? <span>{e.phone}</span> : null}
                  <time
                    dateTime={e.createdAt}
                    className="text-muted-foreground"
                    suppressHydrationWarning
                  >
                    {format.format(new Date(e.createdAt))}
                  </time>
                </p>
                <p className="text-muted-foreground">
                  {t(`sales:industries.${e.industry}`, { defaultValue: e.industry })} ·{" "}
                  {t("enquiries.users", {
                    range: t(`sales:users.${e.estimatedUsers}`, { defaultValue: e.estimatedUsers }),
                  })}{" "}
                  · {e.language}
                </p>
                <p className="whitespace-pre-line">{e.message}</p>
                {e.mailFailed ? (
                  <p className="font-medium text-destructive">{t("enquiries.mailFailed")}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

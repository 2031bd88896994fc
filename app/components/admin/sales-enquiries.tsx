import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { OrgPreset } from "#core/organizations.ts";
import { OrganizationFields } from "./organizations.tsx";

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
  /** "new", "won" or "lost" (decision 139). */
  status: string;
  /** The organisation created when it was won. */
  organizationSlug: string | null;
  /** What the won enquiry's organisation form starts with. */
  prefill: { name: string; slug: string; preset: OrgPreset };
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
              <li key={e.id} className="space-y-1 py-3" data-testid={`enquiry-${e.id}`}>
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
                <EnquiryOutcome enquiry={e} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** An enquiry's status button, its statuses, and once won, its organisation (decision 139). */
function EnquiryOutcome({ enquiry }: { enquiry: EnquiryRow }) {
  const { t } = useTranslation("org-admin");
  const busy = useNavigation().state === "submitting";
  const mark = (status: "new" | "won" | "lost", label: string) => (
    <Form method="post">
      <input type="hidden" name="enquiryId" value={enquiry.id} />
      <input type="hidden" name="status" value={status} />
      <Button
        type="submit"
        name="intent"
        value="enquiryStatus"
        size="sm"
        variant="outline"
        disabled={busy}
      >
        {label}
      </Button>
    </Form>
  );
  if (enquiry.organizationSlug) {
    return (
      <p className="text-sm">
        <span className="font-medium">{t("enquiry.status.won")}</span> ·{" "}
        <Link to={`/org/${enquiry.organizationSlug}`} className="underline">
          /org/{enquiry.organizationSlug}
        </Link>
      </p>
    );
  }
  return (
    <div className="space-y-2 pt-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium" data-testid="enquiry-status">
          {t(`enquiry.status.${enquiry.status}`, { defaultValue: enquiry.status })}
        </span>
        {enquiry.status !== "won" ? mark("won", t("enquiry.markWon")) : null}
        {enquiry.status !== "lost" ? mark("lost", t("enquiry.markLost")) : null}
        {enquiry.status !== "new" ? mark("new", t("enquiry.reopen")) : null}
      </div>
      {enquiry.status === "won" ? (
        <Form method="post" className="space-y-3 rounded-lg border p-3">
          <p className="text-sm">{t("enquiry.createIntro", { email: enquiry.email })}</p>
          <input type="hidden" name="enquiryId" value={enquiry.id} />
          <OrganizationFields defaults={enquiry.prefill} />
          <Button type="submit" name="intent" value="enquiryOrg" size="sm" disabled={busy}>
            {t("enquiry.create", { email: enquiry.email })}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

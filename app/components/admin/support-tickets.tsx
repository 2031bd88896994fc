import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";

export interface SupportTicketRow {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  language: string;
  /** "open" or "closed". */
  status: string;
  createdAt: string;
  signedIn: boolean;
  mailFailed: boolean;
}

/** The support questions on /admin, open ones first, each closed (or reopened) with one press. */
export function SupportTickets({ tickets }: { tickets: SupportTicketRow[] }) {
  const { t, i18n } = useTranslation("support");
  const busy = useNavigation().state === "submitting";
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (
    <Card id="support-tickets">
      <CardHeader>
        <CardTitle>{t("admin.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {tickets.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("admin.empty")}</p>
        ) : (
          <ul className="divide-y text-sm" data-testid="support-tickets">
            {tickets.map((ticket) => (
              <li
                key={ticket.id}
                className="space-y-1 py-3"
                data-testid={`ticket-${ticket.id}`}
                data-status={ticket.status}
              >
                <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="font-semibold">
                    {t(`topics.${ticket.topic}`, { defaultValue: ticket.topic })}
                  </span>
                  <span>{ticket.name}</span>
                  <a href={`mailto:${ticket.email}`} className="underline">
                    {ticket.email}
                  </a>
                  {ticket.signedIn ? (
                    <span className="text-muted-foreground">({t("admin.signedIn")})</span>
                  ) : null}
                  <time
                    dateTime={ticket.createdAt}
                    className="text-muted-foreground"
                    suppressHydrationWarning
                  >
                    {format.format(new Date(ticket.createdAt))}
                  </time>
                  <span className="text-muted-foreground">· {ticket.language}</span>
                </p>
                <p className="whitespace-pre-line">{ticket.message}</p>
                {ticket.mailFailed ? (
                  <p className="font-medium text-destructive">{t("admin.mailFailed")}</p>
                ) : null}
                <Form method="post" className="flex flex-wrap items-center gap-2 pt-1">
                  <span className="font-medium" data-testid="ticket-status">
                    {ticket.status === "closed" ? t("admin.closed") : t("admin.open")}
                  </span>
                  <input type="hidden" name="ticketId" value={ticket.id} />
                  <input
                    type="hidden"
                    name="status"
                    value={ticket.status === "closed" ? "open" : "closed"}
                  />
                  <Button
                    type="submit"
                    name="intent"
                    value="ticketStatus"
                    size="sm"
                    variant="outline"
                    disabled={busy}
                  >
                    {ticket.status === "closed" ? t("admin.reopen") : t("admin.close")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

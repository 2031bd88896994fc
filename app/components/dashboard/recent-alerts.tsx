import { Bell, MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";

export interface RecentAlert {
  id: string;
  source: string;
  status: string;
  tagId: string | null;
  createdAt: string;
  latitude: string | null;
  longitude: string | null;
  acknowledged: boolean;
  deliveries: {
    id: string;
    contactName: string;
    channel: string;
    kind: string;
    status: string;
    note: string | null;
    acknowledgedAt: string | Date | null;
  }[];
}

/** The owner's alerts: when, from where (card scan / SOS / test), location, and each message's fate. */
export function RecentAlerts({ alerts }: { alerts: RecentAlert[] }) {
  const { t, i18n } = useTranslation("account");
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (
    <Card className="lg:col-span-3">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell className="size-5 text-primary" aria-hidden="true" /> {t("alerts.title")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {alerts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("alerts.empty")}</p>
        ) : (
          <ol className="space-y-3" data-testid="recent-alerts">
            {alerts.map((alert) => (
              <li key={alert.id} className="rounded-lg border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="rounded bg-secondary px-2 py-0.5 text-xs font-semibold">
                    {t(`alerts.source.${alert.source}`)}
                  </span>
                  <time dateTime={alert.createdAt} suppressHydrationWarning className="font-medium">
                    {format.format(new Date(alert.createdAt))}
                  </time>
                  {alert.tagId ? (
                    <span className="font-mono text-xs text-muted-foreground">{alert.tagId}</span>
                  ) : null}
                  {alert.status === "cancelled" ? (
                    <span className="text-xs text-muted-foreground">{t("alerts.cancelled")}</span>
                  ) : null}
                  {alert.acknowledged ? (
                    <span className="text-xs font-semibold text-success">
                      {t("alerts.helpComing")}
                    </span>
                  ) : null}
                  {alert.latitude && alert.longitude ? (
                    <a
                      href={`https://maps.google.com/?q=${alert.latitude},${alert.longitude}`}
                      className="ml-auto flex items-center gap-1 text-primary underline"
                      rel="noopener"
                      target="_blank"
                    >
                      <MapPin className="size-3.5" aria-hidden="true" /> {t("alerts.map")}
                    </a>
                  ) : (
                    <span className="ml-auto text-xs text-muted-foreground">
                      {t("alerts.noLocation")}
                    </span>
                  )}
                </div>
                {/* One row per message, columns aligned across rows at every width. */}
                <table className="mt-2 w-full text-left" data-testid="alert-deliveries">
                  <tbody>
                    {alert.deliveries.map((delivery) => (
                      <tr key={delivery.id} className="align-top">
                        <td className="break-words py-0.5 pr-3">
                          {delivery.kind === "quota_notice"
                            ? t("alerts.notice")
                            : delivery.contactName}
                        </td>
                        <td className="py-0.5 pr-3 text-muted-foreground">
                          {t(`channels.${delivery.channel}`, { defaultValue: delivery.channel })}
                        </td>
                        <td
                          className={cn(
                            "py-0.5 text-right",
                            delivery.status === "failed" && "text-destructive",
                            delivery.acknowledgedAt && "font-semibold text-success",
                          )}
                        >
                          {delivery.note === "quota" && delivery.status === "skipped"
                            ? t("alerts.quota")
                            : delivery.note === "opted_out" && delivery.status === "skipped"
                              ? t("consent:repliedStop")
                              : t(
                                  `card:alert.state.${delivery.status === "pending" ? "sending" : delivery.status}`,
                                )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

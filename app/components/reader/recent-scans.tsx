import { LogIn, LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader } from "#app/components/ui/card.tsx";
import type { ScanDirection } from "#core/reader.ts";

export interface RecentScan {
  id: string;
  tagId: string;
  direction: ScanDirection;
  personName: string;
  createdAt: string;
}

/** The reader's own 10 most recent check-ins and check-outs, newest first. */
export function RecentScans({ scans }: { scans: RecentScan[] }) {
  const { t, i18n } = useTranslation("reader");
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">{t("recent.title")}</h2>
      </CardHeader>
      <CardContent>
        {scans.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("recent.empty")}</p>
        ) : (
          <ol className="divide-y" data-testid="recent-scans">
            {scans.map((scan) => {
              const Icon = scan.direction === "in" ? LogIn : LogOut;
              return (
                <li
                  key={scan.id}
                  className="flex items-center gap-3 py-2.5"
                  data-testid="recent-scan"
                >
                  <span
                    className={
                      scan.direction === "in"
                        ? "inline-flex w-14 shrink-0 items-center justify-center gap-1 rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-success"
                        : "inline-flex w-14 shrink-0 items-center justify-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold"
                    }
                  >
                    <Icon className="size-3" aria-hidden="true" />
                    {t(`recent.${scan.direction}`)}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{scan.personName}</span>
                    <span className="block font-mono text-xs text-muted-foreground">
                      {scan.tagId}
                    </span>
                  </span>
                  <time
                    dateTime={scan.createdAt}
                    className="shrink-0 text-xs text-muted-foreground"
                    suppressHydrationWarning
                  >
                    {time.format(new Date(scan.createdAt))}
                  </time>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

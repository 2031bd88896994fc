import { History } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";

/** The organisation's log about one person, newest first: who changed what, and why. */
export function ChangeLog({
  lines,
}: {
  lines: { id: string; at: string; time: string; text: string }[];
}) {
  const { t } = useTranslation("org");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden="true" /> {t("changes.title")}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t("changes.intro")}</p>
      </CardHeader>
      <CardContent>
        {lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("changes.empty")}</p>
        ) : (
          <ol className="divide-y" data-testid="person-changes">
            {lines.map((line) => (
              <li key={line.id} className="py-2 text-sm" data-testid="change-line">
                <time dateTime={line.at} className="block text-xs text-muted-foreground">
                  {line.time}
                </time>
                <span className="break-words">{line.text}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

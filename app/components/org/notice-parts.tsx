import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";

/** A notice's replies: safe, need help, no answer (the list and the notice's live page). */
export function ReplyTally({
  tally,
  large = false,
}: {
  tally: { safe: number; help: number; none: number };
  large?: boolean;
}) {
  const { t } = useTranslation("mass-notices");
  const item = (testId: string, label: string, value: number, tone: string) => (
    <div className={cn("rounded-md border px-3 py-2", tone)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn("font-semibold", large ? "text-2xl" : "text-base")} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <dl className="flex flex-wrap gap-2" data-testid="reply-tally">
      {item(
        "tally-help",
        t("replies.help"),
        tally.help,
        tally.help ? "border-destructive/50 bg-destructive/10" : "",
      )}
      {item("tally-safe", t("replies.safe"), tally.safe, "")}
      {item("tally-none", t("replies.none"), tally.none, "")}
    </dl>
  );
}

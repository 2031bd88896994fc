import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Whole minutes since `since`, or null before the first minute. */
export function minutesSince(since: string | number, now: number): number | null {
  const minutes = Math.floor((now - new Date(since).getTime()) / 60_000);
  return minutes >= 1 ? minutes : null;
}

/**
 * "Alert sent N min ago — contacts reached": what a reload or a second scan
 * shows before anyone can press again. Kept current each half minute.
 */
export function SentAgo({ since }: { since: string | number }) {
  const { t } = useTranslation("card");
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const minutes = minutesSince(since, now);
  return (
    <p className="mt-1 font-semibold" data-testid="alert-sent-ago" suppressHydrationWarning>
      {minutes === null ? t("recent.sentJustNow") : t("recent.sentAgo", { count: minutes })}
    </p>
  );
}

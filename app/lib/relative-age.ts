/**
 * "12 s ago", "3 min ago" in the reader's language (Intl's own words, so every language reads
 * naturally without a string of ours). Shown only after the page has loaded: the server's clock
 * is not the reader's.
 */
export function formatAge(ms: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: "always", style: "narrow" });
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return format.format(-seconds, "second");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return format.format(-minutes, "minute");
  return format.format(-Math.floor(minutes / 60), "hour");
}

/** A countdown as "14:05" (or "1:02:09" past an hour). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`
    : `${minutes}:${seconds}`;
}

/**
 * One CSV cell, safe to open in a spreadsheet: always quoted, and a value a
 * spreadsheet would run as a formula (starting, after any spaces, with
 * = + - @, or with a tab or line break) gets a leading apostrophe so it shows
 * as text (OWASP's CSV injection advice). A caller with a narrower rule (the member import's,
 * which keeps a phone number's +) passes it.
 */
export function csvCell(
  value: string | null | undefined,
  isFormula: (text: string) => boolean = (text) => /^\s*[=+\-@]|^[\t\r\n]/.test(text),
): string {
  const text = value ?? "";
  const safe = isFormula(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A CSV document: a header row, then one row per record, CRLF line ends (RFC 4180). */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | null | undefined)[])[],
): string {
  const lines = [
    header.join(","),
    ...rows.map((row) => row.map((cell) => csvCell(cell)).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * An email address or phone number shown to other people in a household (members, pending
 * invitations): enough to recognise it, not enough to copy it. "maria@example.com" →
 * "ma•••@example.com"; "+15550101234" → "+1•••••••234".
 */
export function maskIdentifier(value: string): string {
  const at = value.lastIndexOf("@");
  if (at > 0) {
    const local = value.slice(0, at);
    return `${local.slice(0, Math.min(2, local.length - 1))}•••${value.slice(at)}`;
  }
  const digits = value.replace(/^\+/, "");
  if (digits.length <= 5) return "•".repeat(value.length);
  const plus = value.startsWith("+") ? "+" : "";
  return `${plus}${digits.slice(0, 1)}${"•".repeat(digits.length - 4)}${digits.slice(-3)}`;
}

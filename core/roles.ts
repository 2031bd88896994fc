// SafeTap's own staff roles (not an organisation's): given by an operator with
// `safetap users grant-role`, checked by the admin and moderation pages.

export const ROLES = ["admin", "moderator"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

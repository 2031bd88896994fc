import type { ContactsActionData } from "./contacts-card.tsx";

/** What the dashboard's action answers: the form it came from and, for a tag's row, the tag. */
export type DashboardActionData = ContactsActionData & {
  form: "contacts" | "tags" | "person" | "medical";
  tagId?: string;
};

import type { ReactNode } from "react";

/** The small line above a page's main heading that says which part of the site this is. */
export function Eyebrow({ children }: { children: ReactNode }) {
  return <p className="text-sm font-semibold uppercase tracking-wide text-primary">{children}</p>;
}

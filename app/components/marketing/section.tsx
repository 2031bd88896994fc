import type { ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";

/** A page section labelled by its heading, with the site's width and spacing. */
export function Section({
  id,
  headingId,
  className,
  innerClassName,
  children,
}: {
  id?: string;
  headingId: string;
  className?: string;
  innerClassName?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={headingId} className={cn("scroll-mt-20", className)}>
      <div className={cn("mx-auto max-w-6xl px-4 py-16 sm:py-20", innerClassName)}>{children}</div>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  align = "center",
}: {
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  align?: "center" | "start";
}) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center")}>
      {eyebrow ? (
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {subtitle ? (
        <p className="mt-4 text-lg text-pretty text-muted-foreground">{subtitle}</p>
      ) : null}
    </div>
  );
}

import type { ReactNode } from "react";

/** The closing call to action band that ends a marketing page. */
export function ClosingCta({
  headingId,
  title,
  body,
  children,
}: {
  headingId: string;
  title: string;
  body: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-4xl rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-lg sm:px-12">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty opacity-90">{body}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}

/** Buttons on the primary-coloured band. */
export const onPrimarySolid =
  "inline-flex h-12 items-center justify-center gap-2 rounded-md bg-primary-foreground px-6 text-base font-semibold text-primary hover:bg-primary-foreground/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-foreground";
export const onPrimaryOutline =
  "inline-flex h-12 items-center justify-center gap-2 rounded-md border border-primary-foreground/60 px-6 text-base font-semibold hover:bg-primary-foreground/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-foreground";

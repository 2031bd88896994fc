import { ChevronDown } from "lucide-react";

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

/**
 * An accordion of native disclosure widgets: keyboard-usable, announced as
 * expandable, and working before (or without) JavaScript.
 */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="mx-auto mt-10 max-w-3xl divide-y rounded-xl border bg-card">
      {items.map((item) => (
        <details key={item.id} className="group" data-testid={`faq-${item.id}`}>
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl p-5 text-left font-medium hover:bg-secondary/50 [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <ChevronDown
              className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <p className="px-5 pb-5 text-muted-foreground">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

import { Phone } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";

/**
 * The two things a stranger may need at once, the emergency call and the
 * alert, fixed at the bottom of the screen so that neither is ever a scroll
 * away, whatever the card holds. It comes early in the page (the first call
 * link is the emergency number) and works without JavaScript.
 */
export function CardActionBar({
  emergencyNumber,
  children,
}: {
  emergencyNumber: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("card");
  return (
    <nav
      aria-label={t("bar.label")}
      className="fixed inset-x-0 bottom-0 z-20 border-t bg-background/95 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.08)]"
      data-testid="card-action-bar"
    >
      <div className="mx-auto flex max-w-md items-stretch gap-2">
        <a
          href={`tel:${emergencyNumber}`}
          className={cn(
            buttonVariants({ variant: "outline", size: "lg" }),
            "h-auto min-h-14 shrink-0 border-2 border-destructive px-3 text-lg font-bold text-destructive",
          )}
          aria-label={`${t("emergencyNumber")}: ${t("callEmergency", { number: emergencyNumber })}`}
          data-testid="emergency-number"
        >
          <Phone className="!size-5" aria-hidden="true" />
          <span className="whitespace-nowrap" data-testid="emergency-call-label">
            {t("callEmergency", { number: emergencyNumber })}
          </span>
        </a>
        {children ? <div className="min-w-0 flex-1">{children}</div> : null}
      </div>
    </nav>
  );
}

/** Room at the end of the card's page so the fixed bar never hides its last lines. */
export const ACTION_BAR_SPACE = "pb-28";

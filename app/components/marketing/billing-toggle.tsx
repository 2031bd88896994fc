import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";
import { BILLING_CYCLES, type BillingCycle } from "#core/plans.ts";
import { KeepSearchParams } from "./keep-search-params.tsx";

/**
 * Monthly / annual switch. With JavaScript it changes the prices in place;
 * without, it is a GET form whose `billing` parameter the loader reads.
 */
export function BillingToggle({
  value,
  onChange,
  anchor,
}: {
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  anchor: string;
}) {
  const { t } = useTranslation("marketing");
  return (
    <form method="get" action={`#${anchor}`} className="flex justify-center">
      <KeepSearchParams except={["billing"]} />
      <fieldset className="inline-flex items-center gap-1 rounded-full border bg-card p-1 shadow-sm">
        <legend className="sr-only">{t("billing.label")}</legend>
        {BILLING_CYCLES.map((cycle) => {
          const active = cycle === value;
          return (
            <button
              key={cycle}
              type="submit"
              name="billing"
              value={cycle}
              aria-pressed={active}
              onClick={(event) => {
                event.preventDefault();
                onChange(cycle);
              }}
              className={cn(
                "inline-flex min-h-10 items-center gap-2 rounded-full px-4 py-1.5 text-sm font-semibold transition-colors",
                active
                  ? "bg-primary text-primary-foreground shadow"
                  : "text-muted-foreground hover:text-foreground",
              )}
            >
              {t(`billing.${cycle}`)}
              {cycle === "annual" ? (
                <span
                  className={cn(
                    "rounded-full px-2 py-0.5 text-xs",
                    active ? "bg-primary-foreground/20" : "bg-accent text-accent-foreground",
                  )}
                >
                  {t("billing.save")}
                </span>
              ) : null}
            </button>
          );
        })}
      </fieldset>
    </form>
  );
}

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

/** The class a section puts around a BillingChoice and the prices it switches. */
export const BILLING_CHOICE_GROUP = "group/billing";

/**
 * Monthly / annual switch that needs no JavaScript and no request: two radio
 * buttons, and CSS (`:has(:checked)`, see PlanPrice's `cycle="both"`) shows
 * the prices of the checked one. Its section carries BILLING_CHOICE_GROUP.
 */
export function BillingChoice({ initial, name }: { initial: BillingCycle; name: string }) {
  const { t } = useTranslation("marketing");
  return (
    <fieldset className="mx-auto flex w-fit items-center gap-1 rounded-full border bg-card p-1 shadow-sm">
      <legend className="sr-only">{t("billing.label")}</legend>
      {BILLING_CYCLES.map((cycle) => (
        <label key={cycle} className="relative inline-flex">
          <input
            type="radio"
            name={name}
            value={cycle}
            defaultChecked={cycle === initial}
            className="peer absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
          />
          <span className="pointer-events-none inline-flex min-h-10 items-center gap-2 rounded-full px-4 py-1.5 text-sm font-semibold text-muted-foreground transition-colors peer-checked:bg-primary peer-checked:text-primary-foreground peer-checked:shadow peer-hover:text-foreground peer-checked:peer-hover:text-primary-foreground peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 motion-reduce:transition-none">
            {t(`billing.${cycle}`)}
            {cycle === "annual" ? (
              <span className="rounded-full bg-accent px-2 py-0.5 text-xs text-accent-foreground">
                {t("billing.save")}
              </span>
            ) : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

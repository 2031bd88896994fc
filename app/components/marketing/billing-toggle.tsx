import { useTranslation } from "react-i18next";
import { BILLING_CYCLES, type BillingCycle } from "#core/plans.ts";

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

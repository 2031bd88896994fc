import { Minus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";
import { COMPARISON_ROWS, PLAN_COMPARISON, PLANS, planVars } from "#app/lib/plans.ts";
import { PLAN_IDS } from "#core/plans.ts";

/** The compare-plans table: one row per feature of spec section 9, one column per plan. */
export function CompareTable({ id }: { id?: string }) {
  const { t } = useTranslation("marketing");
  return (
    <section
      id={id}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable so keyboard users can scroll it sideways
      tabIndex={0}
      aria-label={t("compare.caption")}
      className="overflow-x-auto rounded-xl border bg-card"
      data-testid="compare-table"
    >
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">{t("compare.caption")}</caption>
        <thead>
          <tr className="border-b bg-muted">
            <th scope="col" className="sticky left-0 bg-muted p-4 font-semibold">
              {t("compare.feature")}
            </th>
            {PLAN_IDS.map((planId) => (
              <th key={planId} scope="col" className="p-4 font-semibold">
                {t(PLANS[planId].nameKey)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPARISON_ROWS.map((row) => (
            <tr key={row} className="border-b last:border-b-0" data-testid={`compare-row-${row}`}>
              <th scope="row" className="sticky left-0 bg-card p-4 font-medium">
                {t(`compare.rows.${row}`)}
              </th>
              {PLAN_IDS.map((planId) => {
                const cell = PLAN_COMPARISON[row][planId];
                return (
                  <td
                    key={planId}
                    className={cn(
                      "p-4 text-muted-foreground",
                      cell === true && "check-mark before:size-5 before:bg-success",
                    )}
                  >
                    {cell === true ? (
                      <span className="sr-only">{t("compare.included")}</span>
                    ) : cell === false ? (
                      <>
                        <Minus className="size-5 text-muted-foreground/60" aria-hidden="true" />
                        <span className="sr-only">{t("compare.notIncluded")}</span>
                      </>
                    ) : (
                      t(cell, planVars(PLANS[planId]))
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

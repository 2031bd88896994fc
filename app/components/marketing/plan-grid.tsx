import { PLANS } from "#app/lib/plans.ts";
import { type BillingCycle, PLAN_IDS, type PlanId } from "#core/plans.ts";
import { PlanAction } from "./plan-action.tsx";
import { PlanCard } from "./plan-card.tsx";

/** The four plan cards for one billing cycle, each with its action. */
export function PlanGrid({
  cycle,
  annualShownPer,
  detailsGroup,
  anchorIds,
  signedIn,
  currentPlan,
  returnTo,
}: {
  /** "both": the prices of both cycles, for a BillingChoice to pick between. */
  cycle: BillingCycle | "both";
  annualShownPer: "month" | "year";
  detailsGroup: string;
  /** Give each card its plan id as anchor (`/pricing#family`). */
  anchorIds?: boolean;
  signedIn: boolean;
  currentPlan: PlanId | null;
  returnTo: string;
}) {
  return (
    <div className="mt-12 grid items-stretch gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {PLAN_IDS.map((planId) => (
        <PlanCard
          key={planId}
          plan={PLANS[planId]}
          cycle={cycle}
          annualShownPer={annualShownPer}
          detailsGroup={detailsGroup}
          anchorId={anchorIds ? planId : undefined}
          action={
            <PlanAction
              plan={PLANS[planId]}
              signedIn={signedIn}
              currentPlan={currentPlan}
              returnTo={returnTo}
            />
          }
        />
      ))}
    </div>
  );
}

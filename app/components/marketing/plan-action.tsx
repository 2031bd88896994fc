import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import type { Plan } from "#app/lib/plans.ts";
import type { PlanId } from "#core/plans.ts";

/** What /pricing's action answers when it does not redirect. */
export interface PlanActionData {
  error?: string;
}

export const PLAN_ACTION_PATH = "/pricing";

/** Where a visitor goes to start on a plan (spec section 4). */
export const signupHref = (plan: PlanId) => `/auth?mode=signup&plan=${plan}`;

/**
 * The plan's button, per spec section 4: Enterprise goes to /contact; signed
 * out goes to sign-up with the plan; the current plan is a disabled "Current
 * Plan"; Free posts to /pricing's action; paid plans only say checkout is
 * coming (without JavaScript the same form asks the server, which says so too).
 */
export function PlanAction({
  plan,
  signedIn,
  currentPlan,
  returnTo,
}: {
  plan: Plan;
  signedIn: boolean;
  currentPlan: PlanId | null;
  returnTo: string;
}) {
  const { t } = useTranslation("marketing");
  const fetcher = useFetcher<PlanActionData>();
  // Long labels (French, Vietnamese) wrap instead of overflowing the card.
  const wide = "h-auto min-h-10 w-full whitespace-normal py-2 text-center";
  const variant = plan.highlighted ? "default" : "outline";
  const full = cn(buttonVariants({ variant }), wide);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.error) {
      toast.error(t("notices.errorUpdatingPlan"), { description: fetcher.data.error });
    }
  }, [fetcher.state, fetcher.data, t]);

  if (signedIn && currentPlan === plan.id) {
    return (
      <Button className={wide} variant="secondary" disabled data-testid={`cta-${plan.id}`}>
        {t("plans.currentPlan")}
      </Button>
    );
  }
  if (plan.id === "enterprise") {
    return (
      <Link to="/contact" className={full} data-testid={`cta-${plan.id}`}>
        {t(plan.ctaKey)}
      </Link>
    );
  }
  if (!signedIn) {
    return (
      <Link to={signupHref(plan.id)} className={full} data-testid={`cta-${plan.id}`}>
        {t(plan.ctaKey)}
      </Link>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={PLAN_ACTION_PATH}
      onSubmit={(event) => {
        if (plan.id === "free") return;
        event.preventDefault();
        toast.info(t("notices.checkoutComingSoon"), {
          id: "checkout-coming-soon",
          description: t("notices.checkoutComingSoonDescription"),
        });
      }}
    >
      <input type="hidden" name="plan" value={plan.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button
        type="submit"
        variant={variant}
        className={wide}
        disabled={fetcher.state !== "idle"}
        data-testid={`cta-${plan.id}`}
      >
        {t(plan.ctaKey)}
      </Button>
    </fetcher.Form>
  );
}

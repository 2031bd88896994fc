import { ShieldPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, redirect, useSearchParams } from "react-router";
import type { AuthActionData, AuthForm } from "#app/components/auth/action-data.ts";
import { CodeStep } from "#app/components/auth/code-step.tsx";
import { authHref } from "#app/components/auth/form-parts.tsx";
import { ForgotForm, SignInForm } from "#app/components/auth/sign-in-form.tsx";
import { SignUpForm } from "#app/components/auth/sign-up-form.tsx";
import { Card, CardContent, CardHeader } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import { seoFor } from "#app/lib/i18n.server.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { isPlanId } from "#core/plans.ts";
import { safeRedirect } from "#core/validation.ts";
import type { Route } from "./+types/auth";
import { handleAuthAction } from "./auth.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSessionUser(request, context)) throw redirect("/dashboard");
  return { seo: seoFor(request, "pages.auth") };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/**
 * Paints from the first round trip: its CSS inline (decision 155). Signed out, its
 * scripts start on the visitor's first interaction, enhance.ts running the header
 * until then (decision 160); signed in, after load.
 */
export const handle: InlineCssHandle & DeferScriptsHandle = {
  inlineCss: "site",
  deferScripts: true,
  hydrate: "on-interaction",
};

export const action = ({ request, context }: Route.ActionArgs) =>
  handleAuthAction(request, context);

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const mode = params.get("mode") === "signin" ? "signin" : "signup";
  const rawPlan = params.get("plan");
  const plan = isPlanId(rawPlan) ? rawPlan : "free";
  const redirectTo = safeRedirect(params.get("redirect"));
  const wantsForgot = params.get("forgot") === "1";
  const data = actionData as AuthActionData | undefined;

  // The form shown follows the server's last answer, else the address.
  const form: AuthForm = data?.step === "form" ? data.form : wantsForgot ? "forgot" : mode;

  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Link to="/" className="mx-auto mb-6 flex items-center gap-2 text-xl font-bold">
        <ShieldPlus className="size-7 text-primary" aria-hidden="true" /> SafeTap
      </Link>
      <Card>
        {data?.step === "code" ? (
          <CodeStep data={data} plan={plan} redirectTo={redirectTo} />
        ) : (
          <>
            <CardHeader className="pb-2">
              <nav
                aria-label={t("tabs.label")}
                className="grid grid-cols-2 rounded-lg bg-muted p-1"
              >
                {(["signup", "signin"] as const).map((tab) => {
                  const active = (form === "forgot" ? "signin" : form) === tab;
                  return (
                    <Link
                      key={tab}
                      to={authHref(tab, plan, redirectTo)}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "rounded-md px-3 py-2 text-center text-sm font-semibold",
                        active
                          ? "bg-background shadow-sm"
                          : "text-muted-foreground hover:text-foreground",
                      )}
                      data-testid={`tab-${tab}`}
                    >
                      {t(`tabs.${tab}`)}
                    </Link>
                  );
                })}
              </nav>
            </CardHeader>
            <CardContent>
              {form === "signup" ? (
                <SignUpForm key="signup" data={data} plan={plan} redirectTo={redirectTo} />
              ) : form === "signin" ? (
                <SignInForm key="signin" data={data} plan={plan} redirectTo={redirectTo} />
              ) : (
                <ForgotForm key="forgot" data={data} plan={plan} redirectTo={redirectTo} />
              )}
            </CardContent>
          </>
        )}
      </Card>
    </main>
  );
}

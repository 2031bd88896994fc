import { ShieldCheck, ShoppingBag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { GET_STARTED_HREF } from "../components/site-header.tsx";
import { buttonVariants } from "../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card.tsx";
import { seoFor } from "../lib/i18n.server.ts";
import { metaTags } from "../lib/meta.ts";
import { PLAN_IDS, PLANS } from "../lib/plans.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/home";

export const loader = ({ request }: Route.LoaderArgs) => ({ seo: seoFor(request, "home") });
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function Home() {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <main>
      <section className="bg-gradient-to-b from-accent/60 to-background">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
          <p className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-sm text-muted-foreground">
            <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
            {t("brand.tagline")}
          </p>
          <h1 className="mt-6 text-5xl font-extrabold tracking-tight sm:text-7xl">
            {t("home.hero.title")}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            {t("home.hero.subtitle")}
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Link to={GET_STARTED_HREF} className={buttonVariants({ size: "lg" })}>
              {t("home.hero.tryFree")}
            </Link>
            <a
              href={root?.storeUrl}
              rel="noopener"
              target="_blank"
              className={buttonVariants({ size: "lg", variant: "outline" })}
            >
              <ShoppingBag aria-hidden="true" />
              {t("home.hero.shop")}
            </a>
          </div>
        </div>
      </section>
      <section id="pricing" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-20">
        <h2 className="text-center text-3xl font-bold">{t("home.pricing.title")}</h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PLAN_IDS.map((id) => {
            const plan = PLANS[id];
            return (
              <Card key={id} className={plan.highlighted ? "border-primary" : undefined}>
                <CardHeader>
                  <CardTitle>{t(`plans.${id}.name`)}</CardTitle>
                  <p className="text-3xl font-bold">
                    {plan.monthlyPrice === null
                      ? t("plans.custom")
                      : t("plans.perMonth", { price: plan.monthlyPrice.toFixed(2) })}
                  </p>
                </CardHeader>
                <CardContent>
                  <p className="text-sm text-muted-foreground">{t(`plans.${id}.tagline`)}</p>
                </CardContent>
              </Card>
            );
          })}
        </div>
      </section>
    </main>
  );
}

import { ShieldCheck, ShoppingBag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { signupHref } from "./plan-action.tsx";

/** The landing hero: 'Scan. Tap. Protect.', Try Free and Shop Products. */
export function LandingHero({ storeUrl }: { storeUrl: string }) {
  const { t } = useTranslation();
  return (
    <section className="bg-gradient-to-b from-accent/60 to-background">
      <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
        <p className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-sm text-muted-foreground">
          <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
          {t("brand.tagline")}
        </p>
        <h1 className="mt-6 text-5xl font-extrabold tracking-tight text-balance sm:text-7xl">
          {t("home.hero.title")}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
          {t("home.hero.subtitle")}
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link to={signupHref("free")} className={buttonVariants({ size: "lg" })}>
            {t("home.hero.tryFree")}
          </Link>
          <a
            href={storeUrl}
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
  );
}

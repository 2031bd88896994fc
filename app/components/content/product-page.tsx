import { CreditCard, ExternalLink, KeyRound, Nfc, QrCode, Watch } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { GET_STARTED_HREF } from "#app/components/site-header.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import type { ProductPage as ProductContent } from "#app/content/types.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { Eyebrow } from "./eyebrow.tsx";
import { ContentSection } from "./rich-text.tsx";
import { TableOfContents } from "./table-of-contents.tsx";

export const PRODUCTS = {
  wristbands: { path: "/products/wristbands", labelKey: "footer.wristbands", Icon: Watch },
  cards: { path: "/products/cards", labelKey: "footer.cards", Icon: CreditCard },
  keychains: { path: "/products/keychains", labelKey: "footer.keychains", Icon: KeyRound },
} as const;
export type ProductKind = keyof typeof PRODUCTS;

/** Activation needs an account; signed-out visitors sign in first and come back. */
const ACTIVATE_SIGNED_OUT = "/auth?mode=signin&redirect=/activate";

function StoreLink({ className }: { className: string }) {
  const { t } = useTranslation("content");
  const root = useRootData();
  return (
    <a href={root?.storeUrl ?? "/"} target="_blank" rel="noopener" className={className}>
      <ExternalLink aria-hidden="true" />
      {t("products.shop")}
      <span className="sr-only"> {t("products.newTab")}</span>
    </a>
  );
}

export function ProductPage({
  kind,
  product,
  exampleTagId,
}: {
  kind: ProductKind;
  product: ProductContent;
  exampleTagId: string;
}) {
  const { t } = useTranslation("content");
  const { t: tCommon } = useTranslation();
  const root = useRootData();
  const { Icon } = PRODUCTS[kind];
  return (
    <main>
      <section className="border-b bg-muted/40">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
          <div>
            <Eyebrow>{t("products.eyebrow")}</Eyebrow>
            <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">{product.name}</h1>
            <p className="mt-4 text-xl font-medium sm:text-2xl">{product.tagline}</p>
            <p className="mt-4 max-w-2xl text-lg leading-8 text-muted-foreground">
              {product.intro}
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <StoreLink className={buttonVariants({ size: "lg" })} />
              <Link
                to={root?.signedIn ? "/activate" : ACTIVATE_SIGNED_OUT}
                className={buttonVariants({ size: "lg", variant: "outline" })}
              >
                {t("products.activate")}
              </Link>
            </div>
          </div>

          <aside
            aria-labelledby="facts-heading"
            className="rounded-xl border bg-card p-6 shadow-sm"
          >
            <div className="flex items-center gap-3" aria-hidden="true">
              <span className="flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
                <Icon className="size-7" />
              </span>
              <QrCode className="size-7 text-muted-foreground" />
              <Nfc className="size-7 text-muted-foreground" />
            </div>
            <h2 id="facts-heading" className="mt-5 text-lg font-semibold">
              {t("products.atAGlance")}
            </h2>
            <dl className="mt-3 divide-y text-sm">
              {product.facts.map((fact) => (
                <div key={fact.label} className="grid grid-cols-[9rem_minmax(0,1fr)] gap-3 py-2">
                  <dt className="text-muted-foreground">{fact.label}</dt>
                  <dd className="font-medium">{fact.value}</dd>
                </div>
              ))}
            </dl>
            <figure className="mt-5 rounded-lg border border-dashed p-4">
              <figcaption className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {t("products.insertTitle")}
              </figcaption>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
                <dt>{t("products.tagId")}</dt>
                <dd className="font-mono font-semibold">{exampleTagId}</dd>
                <dt>{t("products.activationToken")}</dt>
                <dd className="font-mono font-semibold">ACT-XXXXXX</dd>
              </dl>
              <p className="mt-2 text-xs text-muted-foreground">{t("products.insertNote")}</p>
            </figure>
          </aside>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16 lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-12">
        <article className="max-w-[70ch]">
          {product.sections.map((section) => (
            <ContentSection key={section.id} section={section} />
          ))}
        </article>
        <TableOfContents sections={product.sections} className="hidden lg:block" />
      </div>

      <section aria-labelledby="product-cta" className="border-t bg-muted/40">
        <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 id="product-cta" className="text-2xl font-semibold tracking-tight">
              {t("products.ctaTitle")}
            </h2>
            <p className="mt-2 text-muted-foreground">{t("products.ctaText")}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <StoreLink className={buttonVariants()} />
              {!root?.signedIn && (
                <Link to={GET_STARTED_HREF} className={buttonVariants({ variant: "outline" })}>
                  {t("products.createAccount")}
                </Link>
              )}
            </div>
          </div>
          <nav aria-labelledby="other-tags" className="lg:min-w-64">
            <h2 id="other-tags" className="text-sm font-semibold">
              {t("products.otherTags")}
            </h2>
            <ul className="mt-3 space-y-2">
              {Object.entries(PRODUCTS)
                .filter(([other]) => other !== kind)
                .map(([other, { path, labelKey, Icon: OtherIcon }]) => (
                  <li key={other}>
                    <Link
                      to={path}
                      className="flex items-center gap-3 rounded-lg border bg-card px-4 py-3 font-medium hover:bg-secondary"
                    >
                      <OtherIcon className="size-5 text-primary" aria-hidden="true" />
                      {tCommon(labelKey)}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        </div>
      </section>
    </main>
  );
}

import {
  ArrowRight,
  BadgeCheck,
  Building2,
  CalendarCheck,
  Check,
  ClipboardList,
  FileSpreadsheet,
  Gauge,
  Hospital,
  Mail,
  Nfc,
  School,
  ShieldCheck,
  Tag,
  Ticket,
  UserCog,
  Users,
  WifiOff,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { PLANS } from "#app/lib/plans.ts";
import { ENTERPRISE_FROM, formatAmount } from "#core/plans.ts";
import { usePlanText } from "./plan-card.tsx";
import { Section, SectionHeading } from "./section.tsx";
import { usePriceFormatter } from "./use-price.ts";

export function OrganizationsHero() {
  const { t } = useTranslation("marketing");
  return (
    <section className="bg-gradient-to-b from-accent/60 to-background">
      <div className="mx-auto max-w-5xl px-4 py-20 text-center sm:py-24">
        <p className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-sm text-muted-foreground">
          <Building2 className="size-4 text-primary" aria-hidden="true" />
          {t("organizations.hero.eyebrow")}
        </p>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          {t("organizations.hero.title")}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
          {t("organizations.hero.subtitle")}
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link to="/contact" className={buttonVariants({ size: "lg" })}>
            {t("organizations.hero.demo")}
          </Link>
          <a href="#enterprise-plan" className={buttonVariants({ size: "lg", variant: "outline" })}>
            {t("organizations.hero.plan")}
          </a>
        </div>
      </div>
    </section>
  );
}

const FLOW = [
  { key: "import", Icon: FileSpreadsheet },
  { key: "assign", Icon: Tag },
  { key: "scan", Icon: Nfc },
  { key: "notify", Icon: Users },
] as const;

export function OrganizationsFlow() {
  const { t } = useTranslation("marketing");
  return (
    <Section id="flow" headingId="flow-title">
      <SectionHeading id="flow-title" title={t("organizations.flow.title")} />
      <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {FLOW.map(({ key, Icon }, i) => (
          <li key={key} className="rounded-2xl border bg-card p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                {i + 1}
              </span>
              <Icon className="size-6 text-primary" aria-hidden="true" />
            </div>
            <h3 className="mt-4 text-lg font-semibold">
              {t(`organizations.flow.items.${key}.title`)}
            </h3>
            <p className="mt-2 text-muted-foreground">
              {t(`organizations.flow.items.${key}.body`)}
            </p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** Industry cards; schools and workplaces are anchors (#schools, #workplaces). */
const INDUSTRIES = [
  { key: "schools", id: "schools", Icon: School },
  { key: "workplaces", id: "workplaces", Icon: Building2 },
  { key: "healthcare", href: "#healthcare", Icon: Hospital },
  { key: "events", Icon: Ticket },
] as const;

export function Industries() {
  const { t } = useTranslation("marketing");
  return (
    <Section id="industries" headingId="industries-title" className="bg-muted/40">
      <SectionHeading id="industries-title" title={t("organizations.industries.title")} />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2">
        {INDUSTRIES.map((industry) => {
          const { key, Icon } = industry;
          return (
            <li
              key={key}
              id={"id" in industry ? industry.id : undefined}
              className="scroll-mt-24 rounded-2xl border bg-card p-6 shadow-sm"
              data-testid={`industry-${key}`}
            >
              <Icon className="size-8 text-primary" aria-hidden="true" />
              <h3 className="mt-4 text-xl font-semibold">
                {t(`organizations.industries.items.${key}.title`)}
              </h3>
              <p className="mt-2 text-muted-foreground">
                {t(`organizations.industries.items.${key}.body`)}
              </p>
              {"href" in industry ? (
                <a
                  href={industry.href}
                  className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
                >
                  {t("organizations.industries.more")}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

const HEALTHCARE_FLOW = ["admit", "scan", "handover", "notify"] as const;
const HEALTHCARE_BENEFITS = [
  { key: "fast", Icon: Gauge },
  { key: "errors", Icon: BadgeCheck },
  { key: "offline", Icon: WifiOff },
  { key: "control", Icon: ShieldCheck },
] as const;

/** Hospitals and clinics (#healthcare): four flow steps and four benefits. */
export function HealthcareSection() {
  const { t } = useTranslation("marketing");
  return (
    <Section id="healthcare" headingId="healthcare-title">
      <SectionHeading
        id="healthcare-title"
        eyebrow={t("organizations.healthcare.eyebrow")}
        title={t("organizations.healthcare.title")}
        subtitle={t("organizations.healthcare.subtitle")}
      />
      <div className="mt-12 grid gap-10 lg:grid-cols-2">
        <div>
          <h3 className="text-xl font-semibold">{t("organizations.healthcare.flowTitle")}</h3>
          <ol className="mt-6 ml-4 space-y-6 border-l-2 border-primary/30 pl-6">
            {HEALTHCARE_FLOW.map((key, i) => (
              <li key={key} className="relative">
                <span className="absolute -left-[2.35rem] flex size-7 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
                  {i + 1}
                </span>
                <h4 className="font-semibold">{t(`organizations.healthcare.flow.${key}.title`)}</h4>
                <p className="mt-1 text-muted-foreground">
                  {t(`organizations.healthcare.flow.${key}.body`)}
                </p>
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h3 className="text-xl font-semibold">{t("organizations.healthcare.benefitsTitle")}</h3>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {HEALTHCARE_BENEFITS.map(({ key, Icon }) => (
              <li key={key} className="rounded-2xl border bg-card p-5 shadow-sm">
                <Icon className="size-6 text-primary" aria-hidden="true" />
                <h4 className="mt-3 font-semibold">
                  {t(`organizations.healthcare.benefits.${key}.title`)}
                </h4>
                <p className="mt-1 text-sm text-muted-foreground">
                  {t(`organizations.healthcare.benefits.${key}.body`)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}

const BENEFITS = [
  "bulk",
  "tags",
  "roles",
  "attendance",
  "notifications",
  "reports",
  "locations",
  "rollCall",
  "auditLog",
  "compliance",
  "presets",
] as const;

export function OrganizationBenefits() {
  const { t } = useTranslation("marketing");
  return (
    <Section id="benefits" headingId="benefits-title" className="bg-muted/40">
      <SectionHeading id="benefits-title" title={t("organizations.benefits.title")} />
      <ul className="mx-auto mt-12 grid max-w-4xl gap-x-8 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        {BENEFITS.map((key) => (
          <li key={key} className="flex gap-3">
            <Check className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
            <span>{t(`organizations.benefits.items.${key}`)}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const ROLE_STEPS = ["one", "two", "three"] as const;
const ROLES = [
  { key: "admin", Icon: UserCog },
  { key: "member", Icon: ClipboardList },
] as const;

/** How it works for admins and for members. */
export function RolesHowItWorks() {
  const { t } = useTranslation("marketing");
  return (
    <Section id="admins-and-members" headingId="roles-title">
      <SectionHeading id="roles-title" title={t("organizations.roles.title")} />
      <div className="mt-12 grid gap-6 md:grid-cols-2">
        {ROLES.map(({ key, Icon }) => (
          <div key={key} className="rounded-2xl border bg-card p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <Icon className="size-7 text-primary" aria-hidden="true" />
              <h3 className="text-xl font-semibold">{t(`organizations.roles.${key}.title`)}</h3>
            </div>
            <ol className="mt-6 space-y-4">
              {ROLE_STEPS.map((step, i) => (
                <li key={step} className="flex gap-3">
                  <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-bold text-accent-foreground">
                    {i + 1}
                  </span>
                  <span className="pt-0.5">{t(`organizations.roles.${key}.steps.${step}`)}</span>
                </li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    </Section>
  );
}

/** The Enterprise plan card: from $29/month including the first 100 users. */
export function EnterprisePlan() {
  const { t } = useTranslation("marketing");
  const price = usePriceFormatter();
  const plan = PLANS.enterprise;
  const text = usePlanText(plan);
  return (
    <Section id="enterprise-plan" headingId="enterprise-plan-title" className="bg-muted/40">
      <SectionHeading id="enterprise-plan-title" title={t("organizations.plan.title")} />
      <article
        className="mx-auto mt-12 grid max-w-4xl gap-8 rounded-3xl border-2 border-primary bg-card p-8 shadow-lg md:grid-cols-2"
        aria-labelledby="enterprise-plan-name"
        data-testid="enterprise-plan"
      >
        <div>
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <Building2 className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 id="enterprise-plan-name" className="text-xl font-bold">
                {t(plan.nameKey)}
              </h3>
              <p className="text-sm text-muted-foreground">{t(plan.taglineKey)}</p>
            </div>
          </div>
          <p className="mt-6 text-sm text-muted-foreground">{t("organizations.plan.from")}</p>
          <p className="flex items-baseline gap-1">
            <span className="text-5xl font-extrabold tracking-tight">
              {price(formatAmount(ENTERPRISE_FROM.monthlyPrice))}
            </span>
            <span className="text-muted-foreground">{t("price.perMonth")}</span>
          </p>
          <p className="mt-2 font-medium">
            {t("organizations.plan.included", { users: ENTERPRISE_FROM.includedUsers })}
          </p>
          <Link
            to="/contact"
            className={cn(
              buttonVariants({ size: "lg" }),
              "mt-8 h-auto min-h-12 w-full whitespace-normal py-2 text-center sm:w-auto",
            )}
          >
            {t("organizations.plan.cta")}
          </Link>
        </div>
        <ul className="space-y-2 text-sm">
          {[...plan.highlightKeys, ...plan.features, ...plan.expandedFeatures].map((key) => (
            <li key={key} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              <span>{text(key)}</span>
            </li>
          ))}
        </ul>
      </article>
    </Section>
  );
}

/** The demo request: only points to /contact and the sales email (spec section 2). */
export function DemoRequest({ salesEmail }: { salesEmail: string }) {
  const { t } = useTranslation("marketing");
  return (
    <Section id="demo" headingId="demo-title">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 rounded-3xl border bg-card px-5 py-8 text-center shadow-sm sm:p-12">
        <CalendarCheck className="size-10 text-primary" aria-hidden="true" />
        <SectionHeading
          id="demo-title"
          title={t("organizations.demo.title")}
          subtitle={t("organizations.demo.body")}
        />
        <Link to="/contact" className={buttonVariants({ size: "lg" })}>
          {t("organizations.demo.cta")}
        </Link>
        <p className="text-sm text-muted-foreground">
          {t("organizations.demo.email")}{" "}
          <a
            href={`mailto:${salesEmail}`}
            className="inline-flex items-center gap-1 font-semibold text-primary hover:underline"
          >
            <Mail className="size-4" aria-hidden="true" />
            {salesEmail}
          </a>
        </p>
      </div>
    </Section>
  );
}

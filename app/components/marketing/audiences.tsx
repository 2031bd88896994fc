import { ArrowRight, Briefcase, Plane, School, Stethoscope, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Section, SectionHeading } from "./section.tsx";

/** Who-it-is-for cards and where each leads (spec section 2). */
export const AUDIENCES = [
  { key: "families", href: "/pricing#family", Icon: Users },
  { key: "schools", href: "/for-organizations#schools", Icon: School },
  { key: "travelers", href: "/pricing#pro", Icon: Plane },
  { key: "workplaces", href: "/for-organizations#workplaces", Icon: Briefcase },
  { key: "healthcare", href: "/for-organizations#healthcare", Icon: Stethoscope },
] as const;

export function Audiences() {
  const { t } = useTranslation("marketing");
  return (
    <Section id="who-its-for" headingId="audiences-title">
      <SectionHeading
        id="audiences-title"
        title={t("audiences.title")}
        subtitle={t("audiences.subtitle")}
      />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {AUDIENCES.map(({ key, href, Icon }) => (
          <li key={key}>
            <Link
              to={href}
              className="group flex h-full flex-col rounded-2xl border bg-card p-5 shadow-sm transition-colors hover:border-primary"
              data-testid={`audience-${key}`}
            >
              <Icon className="size-7 text-primary" aria-hidden="true" />
              <h3 className="mt-4 font-semibold">{t(`audiences.items.${key}.title`)}</h3>
              <p className="mt-2 flex-1 text-sm text-muted-foreground">
                {t(`audiences.items.${key}.body`)}
              </p>
              <ArrowLabel text={t(`audiences.items.${key}.cta`)} />
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The link's label with its arrow kept on the same line as the last word. */
function ArrowLabel({ text }: { text: string }) {
  const cut = text.lastIndexOf(" ");
  return (
    <span className="mt-4 text-sm font-semibold text-primary">
      {cut > 0 ? `${text.slice(0, cut)} ` : ""}
      <span className="whitespace-nowrap">
        {text.slice(cut + 1)}
        <ArrowRight
          className="ml-1 inline size-4 align-[-3px] transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </span>
    </span>
  );
}

import { Building2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { cn } from "#app/lib/cn.ts";
import type { Route } from "./+types/layout";
import { orgLayout } from "./layout.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  orgLayout(request, context, params.slug);

// The organisation's pages read the layout's data through app/lib/org-data.ts.
export { type OrgLayoutData, useOrg } from "#app/lib/org-data.ts";

/**
 * /org/{slug}/…: the organisation's admin area (issue 16 item 5). Its menu shows what the
 * asker's role may open; every page checks the role again on the server.
 */
export default function OrgLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("org");
  const { org, role, can, ownPersonId } = loaderData;
  const base = `/org/${org.slug}`;
  const items = [
    { to: base, label: t("nav.overview"), show: can.readPeople, end: true },
    { to: `${base}/people`, label: t("nav.people"), show: can.readPeople },
    {
      to: `${base}/people/${ownPersonId}`,
      label: t("nav.ownCard"),
      show: !can.readPeople && ownPersonId !== null,
    },
    { to: `${base}/roll-call`, label: t("roll-call:nav"), show: can.runRollCall },
    { to: `${base}/notices`, label: t("nav.notices"), show: can.sendNotices },
    { to: `${base}/members/import`, label: t("nav.import"), show: can.importPeople },
    { to: `${base}/tags`, label: t("nav.tags"), show: can.readPeople },
    { to: `${base}/locations`, label: t("nav.locations"), show: can.readPeople },
    { to: `${base}/staff`, label: t("nav.staff"), show: can.manageMembers },
    { to: `${base}/notifications`, label: t("org-notify:nav"), show: can.manageLocations },
    {
      to: `${base}/reports`,
      label: t("org-reports:nav"),
      show: can.readReports || can.runRollCall,
    },
    { to: `${base}/log`, label: t("org-audit:nav"), show: can.readAudit },
  ].filter((item) => item.show);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <header className="flex flex-wrap items-center gap-3">
        <Building2 className="size-7 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight" data-testid="org-name">
            {org.name}
          </h1>
          <p className="text-sm text-muted-foreground">
            {t(`presets.${org.preset}`)} · {t(`roles.${role}`)}
          </p>
        </div>
      </header>
      <nav aria-label={t("nav.label")} className="mt-4 flex flex-wrap gap-1 border-b pb-2">
        {items.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.end}
            className={({ isActive }) =>
              cn(
                "rounded-md px-3 py-1.5 text-sm font-medium hover:bg-muted",
                isActive && "bg-muted text-foreground",
              )
            }
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

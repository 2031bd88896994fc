import { useId } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, isRouteErrorResponse, useNavigation } from "react-router";
import { Organizations } from "#app/components/admin/organizations.tsx";
import { SalesEnquiries } from "#app/components/admin/sales-enquiries.tsx";
import { SupportTickets } from "#app/components/admin/support-tickets.tsx";
import { Notice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input, Label, Select } from "#app/components/ui/input.tsx";
import { requireAdmin } from "#app/lib/guards.server.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import { PLAN_IDS } from "#core/plans.ts";
import { PRODUCTS } from "#core/tag-ids.ts";
import type { Route } from "./+types/index";
import { adminOverview, applyTicketStatus, applyUserCommand } from "./admin.server.ts";
import {
  applyOrgCommand,
  enquiryPrefill,
  isOrgIntent,
  organizationsOverview,
} from "./org-admin.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin");
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const t = requestTranslator(request);
  const [overview, organizations] = await Promise.all([
    adminOverview(context.services, query),
    organizationsOverview(context.services),
  ]);
  return {
    seo: { title: t("admin:title"), description: t("pages.admin.description") },
    query,
    ...overview,
    enquiries: overview.enquiries.map((e) => ({ ...e, prefill: enquiryPrefill(e) })),
    organizations,
  };
}
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data && "seo" in data ? data.seo : undefined),
  { name: "robots", content: "noindex" },
];

/**
 * Plans and roles, validated like the `safetap` command line's; organisations, their seats and
 * sales enquiries (decision 139); support tickets closed or reopened (decision 153). Minting
 * posts to /admin/mint.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "/admin");
  const form = await request.formData();
  const intent = form.get("intent");
  const { notice, status } =
    intent === "ticketStatus"
      ? await applyTicketStatus(context.services, admin.id, form)
      : isOrgIntent(intent)
        ? await applyOrgCommand(
            context.services,
            { userId: admin.id, headers: request.headers, clientAddress: context.clientAddress },
            form,
          )
        : await applyUserCommand(context.services, form);
  return data({ notice }, { status });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("admin");
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <main className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">{t("forbidden")}</h1>
        <p className="mt-2 text-muted-foreground">{t("forbiddenBody")}</p>
      </main>
    );
  }
  throw error;
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      <Notice notice={actionData?.notice} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("mint.title")}</CardTitle>
          </CardHeader>
          <CardContent>
            <Form
              method="post"
              action="/admin/mint"
              reloadDocument
              className="grid gap-3 sm:grid-cols-[1fr_8rem_auto]"
            >
              <div className="space-y-1 sm:col-span-3">
                <Label htmlFor={`${id}-org`}>{t("mint.organization")}</Label>
                <Select id={`${id}-org`} name="org" defaultValue="">
                  <option value="">{t("mint.noOrganization")}</option>
                  {loaderData.organizations.map((org) => (
                    <option key={org.slug} value={org.slug}>
                      {org.name} ({org.slug})
                    </option>
                  ))}
                </Select>
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-product`}>{t("mint.product")}</Label>
                <Select id={`${id}-product`} name="product" defaultValue="wristband">
                  {PRODUCTS.map((p) => (
                    <option key={p} value={p}>
                      {t(`products.${p}`)}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-count`}>{t("mint.count")}</Label>
                <Input
                  id={`${id}-count`}
                  name="count"
                  type="number"
                  min={1}
                  max={10000}
                  defaultValue={10}
                />
              </div>
              <div className="flex items-end">
                <Button type="submit" name="intent" value="mint">
                  {t("mint.submit")}
                </Button>
              </div>
            </Form>
            <p className="mt-3 text-xs text-muted-foreground">{t("mint.note")}</p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("users.title")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_8rem_auto]">
              <div className="space-y-1">
                <Label htmlFor={`${id}-plan-user`}>{t("users.identifier")}</Label>
                <Input id={`${id}-plan-user`} name="identifier" required />
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-plan`}>{t("users.plan")}</Label>
                <Select id={`${id}-plan`} name="plan" defaultValue="pro">
                  {PLAN_IDS.map((p) => (
                    <option key={p} value={p}>
                      {t(`common:plans.${p}.name`)}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="flex items-end">
                <Button
                  type="submit"
                  name="intent"
                  value="setPlan"
                  variant="outline"
                  disabled={busy}
                >
                  {t("users.setPlan")}
                </Button>
              </div>
            </Form>
            <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_8rem_auto]">
              <div className="space-y-1">
                <Label htmlFor={`${id}-role-user`}>{t("users.identifier")}</Label>
                <Input id={`${id}-role-user`} name="identifier" required />
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-role`}>{t("users.role")}</Label>
                <Select id={`${id}-role`} name="role" defaultValue="moderator">
                  <option value="moderator">moderator</option>
                  <option value="admin">admin</option>
                </Select>
              </div>
              <div className="flex items-end">
                <Button
                  type="submit"
                  name="intent"
                  value="grantRole"
                  variant="outline"
                  disabled={busy}
                >
                  {t("users.grant")}
                </Button>
              </div>
            </Form>
            <Form
              method="post"
              className="grid gap-3 sm:grid-cols-[1fr_8rem_auto]"
              data-testid="household-seats"
            >
              <div className="space-y-1">
                <Label htmlFor={`${id}-seats-owner`}>{t("households.owner")}</Label>
                <Input id={`${id}-seats-owner`} name="identifier" required />
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-seats-extra`}>{t("households.extra")}</Label>
                <Input
                  id={`${id}-seats-extra`}
                  name="extra"
                  type="number"
                  min={0}
                  max={100}
                  defaultValue={0}
                  required
                />
              </div>
              <div className="flex items-end">
                <Button
                  type="submit"
                  name="intent"
                  value="setSeats"
                  variant="outline"
                  disabled={busy}
                >
                  {t("households.submit")}
                </Button>
              </div>
            </Form>
            <p className="text-xs text-muted-foreground">{t("households.note")}</p>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t("batches.title")}</CardTitle>
        </CardHeader>
        <CardContent>
          {loaderData.batches.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("batches.empty")}</p>
          ) : (
            <ul className="divide-y text-sm" data-testid="batches">
              {loaderData.batches.map((batch) => (
                <li key={batch.batchId} className="flex flex-wrap items-center gap-3 py-2">
                  <time dateTime={batch.createdAt} suppressHydrationWarning>
                    {format.format(new Date(batch.createdAt))}
                  </time>
                  <span>{t(`products.${batch.product}`)}</span>
                  {batch.organizationName ? (
                    <span data-testid="batch-organization">
                      {t("batches.forOrganization", { name: batch.organizationName })}
                    </span>
                  ) : null}
                  <span className="text-muted-foreground">
                    {t("batches.tags", { count: batch.count })}
                  </span>
                  <a
                    href={`/admin/batches/${batch.batchId}/qr.zip`}
                    className={buttonVariants({ size: "sm", variant: "outline" })}
                  >
                    {t("batches.zip")}
                  </a>
                  <a
                    href={`/admin/batches/${batch.batchId}/tags.csv`}
                    className={buttonVariants({ size: "sm", variant: "ghost" })}
                  >
                    {t("batches.csv")}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Organizations organizations={loaderData.organizations} />

      <SalesEnquiries enquiries={loaderData.enquiries} />

      <SupportTickets tickets={loaderData.tickets} />

      <Card>
        <CardHeader>
          <CardTitle>{t("tags.title")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <Form method="get" className="flex gap-2">
            <Label htmlFor={`${id}-q`} className="sr-only">
              {t("tags.search")}
            </Label>
            <Input
              id={`${id}-q`}
              name="q"
              defaultValue={loaderData.query}
              placeholder={t("tags.search")}
            />
            <Button type="submit" variant="outline">
              {t("tags.submit")}
            </Button>
          </Form>
          {loaderData.tags.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("tags.none")}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="admin-tags">
                <thead className="text-muted-foreground">
                  <tr>
                    <th className="py-2 pr-3">{t("tags.id")}</th>
                    <th className="py-2 pr-3">{t("tags.product")}</th>
                    <th className="py-2 pr-3">{t("tags.state")}</th>
                    <th className="py-2 pr-3">{t("tags.owner")}</th>
                    <th className="py-2">{t("tags.scanned")}</th>
                  </tr>
                </thead>
                <tbody>
                  {loaderData.tags.map((tag) => (
                    <tr key={tag.id} className="border-t">
                      <td className="py-2 pr-3 font-mono">{tag.id}</td>
                      <td className="py-2 pr-3">{t(`products.${tag.product}`)}</td>
                      <td className="py-2 pr-3">
                        {!tag.owner
                          ? t("tags.unclaimed")
                          : tag.isLost
                            ? t("tags.lost")
                            : tag.isActive
                              ? t("tags.active")
                              : t("tags.inactive")}
                      </td>
                      <td className="py-2 pr-3">{tag.owner ?? ""}</td>
                      <td className="py-2" suppressHydrationWarning>
                        {tag.lastScannedAt ? format.format(new Date(tag.lastScannedAt)) : ""}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
    </main>
  );
}

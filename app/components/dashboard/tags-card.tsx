import { Bell, BellOff, Download, ExternalLink, QrCode, SearchCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Notice, type NoticeData } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import type { DashboardActionData } from "./action-data.ts";
import { ConfirmAction } from "./confirm-action.tsx";
import { PersonField, useCanManage, useShownPerson } from "./people-strip.tsx";
import { WriteTagButton } from "./write-tag-button.tsx";

export interface DashboardTag {
  id: string;
  product: string;
  status: string;
  isActive: boolean;
  isLost: boolean;
  showMedical: boolean;
  showContacts: boolean;
  /** Scan notices as the owner set them; null follows Lost mode. */
  notifyOnScan: boolean | null;
  lastScannedAt: string | null;
}

/**
 * The QR Tags card: each tag with its badge (Lost / status), card link, QR
 * downloads, what the card shows, and the actions the spec allows for its
 * state: Test Alert, and apart from it Mark Lost, while active and not lost;
 * Found it and Unlink once lost or inactive. Mark Lost and Unlink ask first.
 * A notice about one tag is shown in that tag's row, where the user pressed.
 */
export function TagsCard({
  tags,
  testKey,
  actionData,
  landingNotice,
  hasContacts,
}: {
  tags: DashboardTag[];
  testKey: string;
  actionData: DashboardActionData | undefined;
  /** A notice the user arrived with (tag claimed, already owned), shown at the card's top. */
  landingNotice: NoticeData | null;
  hasContacts: boolean;
}) {
  const { t, i18n } = useTranslation("account");
  const navigation = useNavigation();
  // Busy until the page has its fresh data, so a second Test Alert carries a new key.
  const busy = navigation.state !== "idle";
  // A household member's person is shown read-only (decision 129).
  const canManage = useCanManage();
  const shown = useShownPerson();
  const activate = shown && !shown.isOwn ? `/activate?person=${shown.id}` : "/activate";
  // While a tag's form is on its way, no earlier answer about that tag is shown:
  // a "sent" notice comes only from the answer to this press.
  const pendingTag = navigation.formData?.get("tagId") ?? null;
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (
    <Card id="tags" className="scroll-mt-24 lg:col-span-3">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <QrCode className="size-5 text-primary" aria-hidden="true" /> {t("tags.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <Notice
          notice={
            actionData && !tags.some((tag) => tag.id === actionData.tagId)
              ? actionData.notice
              : actionData
                ? null
                : landingNotice
          }
        />
        {tags.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("tags.empty")}</p>
        ) : (
          <ul className="space-y-3" data-testid="tag-list">
            {tags.map((tag) => {
              const usable = tag.isActive && !tag.isLost;
              return (
                <li
                  key={tag.id}
                  className="space-y-3 rounded-lg border p-3"
                  data-testid={`tag-${tag.id}`}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div>
                      <p className="font-mono font-semibold">{tag.id}</p>
                      <p className="text-xs text-muted-foreground">
                        {t(`tags.products.${tag.product}`)} ·{" "}
                        <span suppressHydrationWarning>
                          {tag.lastScannedAt
                            ? t("tags.lastScan", {
                                time: format.format(new Date(tag.lastScannedAt)),
                              })
                            : t("tags.neverScanned")}
                        </span>
                      </p>
                    </div>
                    <span
                      data-testid="tag-badge"
                      className={cn(
                        "rounded-full px-2 py-0.5 text-xs font-semibold",
                        tag.isLost
                          ? "bg-destructive text-destructive-foreground"
                          : tag.isActive
                            ? "bg-primary text-primary-foreground"
                            : "bg-secondary text-secondary-foreground",
                      )}
                    >
                      {tag.isLost
                        ? t("tags.lost")
                        : t(`tags.status.${tag.status === "active" ? "active" : "inactive"}`)}
                    </span>
                  </div>
                  {actionData?.tagId === tag.id && pendingTag !== tag.id ? (
                    <Notice notice={actionData.notice} />
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    <a
                      href={`/t/${tag.id}`}
                      target="_blank"
                      rel="noopener"
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                    >
                      <ExternalLink aria-hidden="true" /> {t("tags.open")}
                    </a>
                    <a
                      href={`/dashboard/tags/${tag.id}/qr.svg`}
                      download
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                    >
                      <Download aria-hidden="true" /> {t("tags.qrSvg")}
                    </a>
                    <a
                      href={`/dashboard/tags/${tag.id}/qr.png`}
                      download
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                    >
                      <Download aria-hidden="true" /> {t("tags.qrPng")}
                    </a>
                    {usable ? <WriteTagButton tagId={tag.id} /> : null}
                  </div>
                  {canManage ? (
                    <>
                      <Form
                        method="post"
                        preventScrollReset
                        className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm"
                      >
                        <PersonField />
                        <input type="hidden" name="tagId" value={tag.id} />
                        <label className="flex items-center gap-2">
                          <input
                            type="checkbox"
                            name="showMedical"
                            defaultChecked={tag.showMedical}
                            className="size-4 accent-primary"
                          />
                          {t("tags.showMedical")}
                        </label>
                        <label className="flex items-center gap-2">
                          <input
                            type="checkbox"
                            name="showContacts"
                            defaultChecked={tag.showContacts}
                            className="size-4 accent-primary"
                          />
                          {t("tags.showContacts")}
                        </label>
                        <Button
                          type="submit"
                          name="intent"
                          value="visibility"
                          variant="ghost"
                          size="sm"
                          disabled={busy}
                        >
                          {t("tags.save")}
                        </Button>
                      </Form>
                      <ScanNoticesToggle tag={tag} busy={busy} />
                      {usable ? (
                        <Form method="post" preventScrollReset className="flex flex-wrap gap-2">
                          <PersonField />
                          <input type="hidden" name="tagId" value={tag.id} />
                          <input type="hidden" name="idempotencyKey" value={testKey} />
                          <Button
                            type="submit"
                            name="intent"
                            value="testAlert"
                            size="sm"
                            variant="secondary"
                            disabled={busy || !hasContacts}
                          >
                            {t("tags.testAlert")}
                          </Button>
                        </Form>
                      ) : tag.isLost ? (
                        <Form method="post" preventScrollReset className="flex flex-wrap gap-2">
                          <PersonField />
                          <input type="hidden" name="tagId" value={tag.id} />
                          <Button
                            type="submit"
                            name="intent"
                            value="found"
                            size="sm"
                            disabled={busy}
                          >
                            <SearchCheck aria-hidden="true" /> {t("tags.found")}
                          </Button>
                        </Form>
                      ) : null}
                      <div className="border-t pt-3" data-testid="tag-danger-zone">
                        {usable ? (
                          <ConfirmAction
                            key="markLost"
                            trigger={t("tags.markLost")}
                            message={t("tags.lostConfirm")}
                            confirmLabel={t("tags.lostConfirmYes")}
                            intent="markLost"
                            fields={{ tagId: tag.id }}
                            disabled={busy}
                          />
                        ) : (
                          <ConfirmAction
                            key="unlink"
                            trigger={t("tags.unlink")}
                            message={t("tags.unlinkConfirm")}
                            confirmLabel={t("tags.unlinkConfirmYes")}
                            intent="unlink"
                            fields={{ tagId: tag.id }}
                            disabled={busy}
                          />
                        )}
                      </div>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {canManage ? (
          <Link to={activate} className={buttonVariants({ variant: "outline", size: "sm" })}>
            {t("actions.activateTag")}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * Scan notices for one tag: whether the owner hears of each scan (at most one message per 10
 * minutes), and the button that turns them the other way. A tag never set follows Lost mode.
 */
function ScanNoticesToggle({ tag, busy }: { tag: DashboardTag; busy: boolean }) {
  const { t } = useTranslation("account");
  const on = tag.notifyOnScan ?? tag.isLost;
  const Icon = on ? Bell : BellOff;
  return (
    <Form
      method="post"
      preventScrollReset
      className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm"
      data-testid="scan-notices"
    >
      <PersonField />
      <input type="hidden" name="tagId" value={tag.id} />
      <input type="hidden" name="notify" value={on ? "off" : "on"} />
      <span className="flex items-center gap-2">
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        {on ? t("tags.scanNoticesOn") : t("tags.scanNoticesOff")}
        {tag.notifyOnScan === null ? (
          <span className="text-xs text-muted-foreground">{t("tags.scanNoticesLostDefault")}</span>
        ) : null}
      </span>
      <Button
        type="submit"
        name="intent"
        value="scanNotices"
        variant="ghost"
        size="sm"
        disabled={busy}
      >
        {on ? t("tags.scanNoticesTurnOff") : t("tags.scanNoticesTurnOn")}
      </Button>
    </Form>
  );
}

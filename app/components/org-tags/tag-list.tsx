import { ExternalLink } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmAction } from "#app/components/dashboard/confirm-action.tsx";
import { Notice, type NoticeData } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Input, Label, Select } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/cn.ts";

export type OrgTagState = "unassigned" | "assigned" | "lost";

export interface OrgTagRow {
  id: string;
  product: string;
  state: OrgTagState;
  isActive: boolean;
  profileId: string | null;
  personName: string | null;
  externalId: string | null;
  groupName: string | null;
  locationName: string | null;
}

const BADGE: Record<OrgTagState, string> = {
  lost: "bg-destructive text-destructive-foreground",
  assigned: "bg-primary text-primary-foreground",
  unassigned: "bg-secondary text-secondary-foreground",
};

/** Filter by state and search by tag id: a GET form, so the address holds the view. */
export function TagFilter({
  filter,
  counts,
}: {
  filter: { state: string; query: string };
  counts: Record<"all" | OrgTagState, number>;
}) {
  const { t } = useTranslation("org-tags");
  const id = useId();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-state`} className="block">
          {t("list.state")}
        </Label>
        <Select id={`${id}-state`} name="state" defaultValue={filter.state} className="w-56">
          {(["all", "unassigned", "assigned", "lost"] as const).map((state) => (
            <option key={state} value={state}>
              {t(`states.${state}`)} ({counts[state]})
            </option>
          ))}
        </Select>
      </div>
      <div className="min-w-48 flex-1 space-y-1.5">
        <Label htmlFor={`${id}-q`} className="block">
          {t("list.search")}
        </Label>
        <Input
          id={`${id}-q`}
          name="q"
          defaultValue={filter.query}
          maxLength={50}
          placeholder="WB-"
          className="font-mono"
        />
      </div>
      <Button type="submit" variant="secondary">
        {t("list.show")}
      </Button>
    </Form>
  );
}

/**
 * The organisation's tags: id, state, whom it shows; for those who assign tags, what each
 * state allows (Assign; Reassign, Mark lost and Unassign; Found it). Unassign and Mark lost ask
 * first. A notice about one tag shows in that tag's row.
 */
export function TagList({
  slug,
  tags,
  canAssign,
  rowNotice,
}: {
  slug: string;
  tags: OrgTagRow[];
  canAssign: boolean;
  rowNotice: { tagId: string; notice: NoticeData } | null;
}) {
  const { t } = useTranslation("org-tags");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (tags.length === 0) {
    return <p className="text-sm text-muted-foreground">{t("list.empty")}</p>;
  }
  const assignLink = (tagId: string) => `?tag=${encodeURIComponent(tagId)}#assign`;
  return (
    <ul className="divide-y rounded-lg border" data-testid="org-tags">
      {tags.map((tag) => (
        <li key={tag.id} className="space-y-2 p-3" data-testid={`org-tag-${tag.id}`}>
          <div className="flex flex-wrap items-center gap-3">
            <span className="font-mono font-semibold">{tag.id}</span>
            <span
              data-testid="tag-state"
              className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", BADGE[tag.state])}
            >
              {t(`states.${tag.state}`)}
            </span>
            <span className="text-xs text-muted-foreground">{t(`products.${tag.product}`)}</span>
            {tag.profileId ? (
              <span className="min-w-0 flex-1 text-sm" data-testid="tag-person">
                <Link to={`/org/${slug}/people/${tag.profileId}`} className="font-medium underline">
                  {tag.personName || t("list.unnamed")}
                </Link>{" "}
                <span className="text-muted-foreground">
                  {[tag.externalId, tag.groupName, tag.locationName].filter(Boolean).join(" · ")}
                </span>
              </span>
            ) : (
              <span className="flex-1" />
            )}
          </div>
          {rowNotice?.tagId === tag.id ? <Notice notice={rowNotice.notice} /> : null}
          <div className="flex flex-wrap items-start gap-2">
            {tag.profileId ? (
              <a
                href={`/t/${tag.id}`}
                target="_blank"
                rel="noopener"
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                <ExternalLink aria-hidden="true" /> {t("actions.openCard")}
              </a>
            ) : null}
            {canAssign ? (
              <>
                <Link
                  to={assignLink(tag.id)}
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                >
                  {tag.profileId ? t("actions.reassign") : t("actions.assign")}
                </Link>
                {tag.state === "lost" && tag.profileId ? (
                  <Form method="post" replace preventScrollReset>
                    <input type="hidden" name="tag" value={tag.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="found"
                      variant="outline"
                      size="sm"
                      disabled={busy}
                    >
                      {t("actions.found")}
                    </Button>
                  </Form>
                ) : null}
                {tag.state === "assigned" && tag.isActive ? (
                  <ConfirmAction
                    trigger={t("actions.lost")}
                    message={t("actions.lostConfirm", { tagId: tag.id })}
                    confirmLabel={t("actions.lost")}
                    intent="lost"
                    fields={{ tag: tag.id }}
                    disabled={busy}
                    testId="confirm-lost"
                  />
                ) : null}
                {tag.profileId ? (
                  <ConfirmAction
                    trigger={t("actions.unassign")}
                    message={t("actions.unassignConfirm", {
                      tagId: tag.id,
                      name: tag.personName ?? "",
                    })}
                    confirmLabel={t("actions.unassign")}
                    intent="unassign"
                    fields={{ tag: tag.id }}
                    disabled={busy}
                    testId="confirm-unassign"
                  />
                ) : null}
              </>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

import { ScrollText, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Notice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input, Select } from "#app/components/ui/input.tsx";

export interface AuditLogView {
  filters: Record<string, string>;
  fieldErrors: Record<string, string>;
  kinds: readonly string[];
  staff: { id: string; name: string }[];
  lines: { index: number; type: string; at: string; time: string; text: string }[];
  olderThan: number | null;
}

export type AuditCheck =
  | { ok: true; entries: number; lastHash: string }
  | { ok: false; brokenAt: number; reason: string };

/**
 * The compliance log's list (decision 146): filters that work without JavaScript (a GET form),
 * lines newest first with their place in the chain, and a link to older lines.
 */
export function AuditLogList({
  view,
  base,
  showPerson,
}: {
  view: AuditLogView;
  /** The page's own address, which the filters and the older link go to. */
  base: string;
  /** The viewer's person filter (not on one person's own log). */
  showPerson: boolean;
}) {
  const { t } = useTranslation("org-audit");
  const { filters, fieldErrors } = view;
  const older = () => {
    const query = new URLSearchParams(
      Object.entries(filters).filter(([name, value]) => value && name !== "before"),
    );
    query.set("before", String(view.olderThan));
    return `${base}?${query}`;
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ScrollText className="size-5 text-primary" aria-hidden="true" /> {t("log.linesTitle")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <Form
          method="get"
          action={base}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
          data-testid="log-filters"
        >
          <Field id="log-kind" label={t("filters.kind")} error={fieldErrors.kind}>
            {(props) => (
              <Select {...props} name="kind" defaultValue={filters.kind}>
                <option value="">{t("filters.allKinds")}</option>
                {view.kinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`kinds.${kind}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {showPerson ? (
            <Field
              id="log-person"
              label={t("filters.person")}
              hint={t("filters.personHint")}
              error={fieldErrors.person}
            >
              {(props) => (
                <Input {...props} name="person" defaultValue={filters.person} maxLength={100} />
              )}
            </Field>
          ) : null}
          <Field id="log-staff" label={t("filters.staff")} error={fieldErrors.staff}>
            {(props) => (
              <Select {...props} name="staff" defaultValue={filters.staff}>
                <option value="">{t("filters.anyone")}</option>
                {view.staff.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="log-from" label={t("filters.from")} error={fieldErrors.from}>
            {(props) => <Input {...props} type="date" name="from" defaultValue={filters.from} />}
          </Field>
          <Field id="log-to" label={t("filters.to")} error={fieldErrors.to}>
            {(props) => <Input {...props} type="date" name="to" defaultValue={filters.to} />}
          </Field>
          <div className="flex items-end gap-2">
            <Button type="submit">{t("filters.apply")}</Button>
            <Link to={base} className={buttonVariants({ variant: "ghost" })}>
              {t("filters.clear")}
            </Link>
          </div>
        </Form>
        {fieldErrors.before ? <p role="alert">{t(fieldErrors.before)}</p> : null}
        {view.lines.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="log-empty">
            {t("log.empty")}
          </p>
        ) : (
          <ol className="divide-y" data-testid="log-lines">
            {view.lines.map((line) => (
              <li
                key={line.index}
                className="py-2 text-sm"
                data-testid="log-line"
                data-type={line.type}
              >
                <span className="block text-xs text-muted-foreground">
                  {t("log.entry", { index: line.index })} ·{" "}
                  <time dateTime={line.at}>{line.time}</time>
                </span>
                <span className="break-words">{line.text}</span>
              </li>
            ))}
          </ol>
        )}
        {view.olderThan !== null ? (
          <Link to={older()} className={buttonVariants({ variant: "outline" })}>
            {t("log.older")}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** "Check the log": runs the chain check on the server and says what it found. */
export function CheckLogButton({ check }: { check: AuditCheck | null | undefined }) {
  const { t } = useTranslation("org-audit");
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" replace preventScrollReset className="space-y-3" data-testid="check-log">
      <input type="hidden" name="intent" value="check" />
      <Button type="submit" variant="outline" disabled={busy}>
        <ShieldCheck aria-hidden="true" /> {t("check.button")}
      </Button>
      <ChainCheckNotice check={check} />
    </Form>
  );
}

/** What a chain check found: "Intact: N entries" and the last hash, or where it broke and why. */
export function ChainCheckNotice({ check }: { check: AuditCheck | null | undefined }) {
  if (!check) return null;
  return (
    <Notice
      notice={
        check.ok
          ? {
              tone: "success",
              title: "org-audit:check.intact",
              values: { count: check.entries, hash: check.lastHash },
              description: "org-audit:check.intactBody",
            }
          : {
              tone: "error",
              title: "org-audit:check.broken",
              values: { index: check.brokenAt },
              description: `org-audit:reasons.${check.reason}`,
            }
      }
    />
  );
}

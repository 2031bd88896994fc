import { Armchair, MailPlus, UserRound, Users } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { ConfirmAction } from "#app/components/dashboard/confirm-action.tsx";
import { Notice, type NoticeData } from "#app/components/notice.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";

/** The household as the page's loader gives it (dates as ISO strings). */
export interface HouseholdView {
  role: "owner" | "member";
  ownerName: string;
  plan: string;
  extraSeats: number;
  members: {
    userId: string;
    name: string;
    identifier: string;
    role: "owner" | "member";
    joinedAt: string;
    isYou: boolean;
  }[];
  seats: { used: number; pending: number; limit: number | null };
  allowances: { quota: string; used: number; limit: number | null }[];
  invitations: { id: string; identifier: string; sentAt: string; expiresAt: string }[];
  people: { id: string; fullName: string | null; isMinor: boolean; isAccount: boolean }[];
}

function useDate() {
  const { i18n } = useTranslation();
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
}

/** Seats (adults with logins and dependants alike) and the month's shared allowances. */
export function SeatsCard({ household }: { household: HouseholdView }) {
  const { t } = useTranslation("account");
  const { seats } = household;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Armchair className="size-5 text-primary" aria-hidden="true" />{" "}
          {t("household.seats.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <p className="text-2xl font-bold" data-testid="seats">
          {seats.limit === null
            ? t("household.seats.usedUnlimited", { used: seats.used })
            : t("household.seats.used", { used: seats.used, limit: seats.limit })}
        </p>
        {seats.pending > 0 ? (
          <p className="text-muted-foreground">
            {t("household.seats.pending", { count: seats.pending })}
          </p>
        ) : null}
        {household.extraSeats > 0 ? (
          <p className="text-muted-foreground">
            {t("household.seats.extra", { count: household.extraSeats })}
          </p>
        ) : null}
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 pt-2" data-testid="allowances">
          {household.allowances.map((a) => (
            <div key={a.quota} className="contents">
              <dt className="text-muted-foreground">{t(`household.allowances.${a.quota}`)}</dt>
              <dd>
                {a.limit === null
                  ? t("household.allowances.unlimited", { used: a.used })
                  : t("household.allowances.used", { used: a.used, limit: a.limit })}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** The members, with removal for the owner and leaving for a member (both confirmed first). */
export function MembersCard({
  household,
  notice,
}: {
  household: HouseholdView;
  notice: NoticeData | null;
}) {
  const { t } = useTranslation("account");
  const date = useDate();
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-primary" aria-hidden="true" /> {t("household.members")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <Notice notice={notice} />
        <ul className="divide-y text-sm" data-testid="members">
          {household.members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {m.name} {m.isYou ? `(${t("household.you")})` : null}
                </p>
                <p className="text-muted-foreground">
                  {m.identifier} · {t(`household.roles.${m.role}`)} ·{" "}
                  {t("household.joined", { date: date.format(new Date(m.joinedAt)) })}
                </p>
              </div>
              {household.role === "owner" && m.role === "member" ? (
                <ConfirmAction
                  trigger={t("household.remove")}
                  message={t("household.removeConfirm", { name: m.name })}
                  confirmLabel={t("household.removeConfirmYes")}
                  intent="remove"
                  fields={{ memberId: m.userId }}
                  testId={`remove-${m.userId}`}
                />
              ) : null}
              {household.role === "member" && m.isYou ? (
                <ConfirmAction
                  trigger={t("household.leave")}
                  message={t("household.leaveConfirm", { owner: household.ownerName })}
                  confirmLabel={t("household.leaveConfirmYes")}
                  intent="leave"
                  fields={{}}
                  testId="leave"
                />
              ) : null}
            </li>
          ))}
        </ul>
        {household.role === "owner" ? (
          <p className="text-xs text-muted-foreground">{t("household.ownerStays")}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Everyone in the household: the people every member sees. */
export function PeopleCard({ household }: { household: HouseholdView }) {
  const { t } = useTranslation("account");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound className="size-5 text-primary" aria-hidden="true" /> {t("household.people")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-1 text-sm" data-testid="household-people">
          {household.people.map((p) => (
            <li key={p.id}>
              {p.fullName || t("profile.notSet")}
              {p.isAccount ? null : (
                <span className="text-muted-foreground">
                  {" "}
                  · {p.isMinor ? t("household.child") : t("household.dependant")}
                </span>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Pending invitations (revocable by the owner) and the owner's "Invite an adult" form. */
export function InvitationsCard({
  household,
  notice,
  inviteNotice,
  fieldError,
  identifier,
}: {
  household: HouseholdView;
  notice: NoticeData | null;
  inviteNotice: NoticeData | null;
  fieldError?: string;
  identifier?: string;
}) {
  const { t } = useTranslation("account");
  const id = useId();
  const date = useDate();
  const busy = useNavigation().state === "submitting";
  const owner = household.role === "owner";
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailPlus className="size-5 text-primary" aria-hidden="true" />{" "}
          {t("household.invitations")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <Notice notice={notice} />
        {household.invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("household.noInvitations")}</p>
        ) : (
          <ul className="divide-y text-sm" data-testid="invitations">
            {household.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{i.identifier}</p>
                  <p className="text-muted-foreground">
                    {t("household.sent", { date: date.format(new Date(i.sentAt)) })} ·{" "}
                    {t("household.expires", { date: date.format(new Date(i.expiresAt)) })}
                  </p>
                </div>
                {owner ? (
                  <Form method="post" replace preventScrollReset>
                    <input type="hidden" name="invitationId" value={i.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="revoke"
                      size="sm"
                      variant="outline"
                      disabled={busy}
                    >
                      {t("household.revoke")}
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {owner ? (
          <Form method="post" replace preventScrollReset className="space-y-3" data-testid="invite">
            <h3 className="font-semibold">{t("household.invite")}</h3>
            <Notice notice={inviteNotice} />
            <Field
              id={`${id}-identifier`}
              label={t("household.inviteLabel")}
              hint={t("household.inviteHint")}
              error={fieldError}
            >
              {(props) => (
                <Input
                  {...props}
                  name="identifier"
                  autoComplete="off"
                  defaultValue={identifier}
                  required
                />
              )}
            </Field>
            <Button type="submit" name="intent" value="invite" disabled={busy}>
              {t("household.inviteSubmit")}
            </Button>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  );
}

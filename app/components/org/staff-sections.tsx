import { MailPlus, UserCog, Users } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmAction } from "#app/components/dashboard/confirm-action.tsx";
import { Notice, type NoticeData } from "#app/components/notice.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input, Label, Select } from "#app/components/ui/input.tsx";
import { ASSIGNABLE_ORG_ROLES, type AssignableOrgRole } from "#core/organizations.ts";

export interface StaffLocation {
  id: string;
  name: string;
}

export interface StaffMember {
  id: string;
  role: AssignableOrgRole;
  name: string;
  email: string;
  joinedAt: string;
  locationIds: string[];
  person: { id: string; fullName: string | null } | null;
}

export interface StaffInvitation {
  id: string;
  email: string;
  role: string | null;
  inviter: string | null;
  locationIds: string[];
  forOwnCard: boolean;
  expiresAt: string;
}

function useDate() {
  const { i18n } = useTranslation();
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
}

/** The roles a form offers: owner only to those who may make owners. */
const offeredRoles = (canGrantOwner: boolean) =>
  ASSIGNABLE_ORG_ROLES.filter((role) => role !== "owner" || canGrantOwner);

function LocationNames({ ids, locations }: { ids: string[]; locations: StaffLocation[] }) {
  const { t } = useTranslation("org-admin");
  const names = locations.filter((l) => ids.includes(l.id)).map((l) => l.name);
  return <>{names.length ? names.join(", ") : t("staff.everywhere")}</>;
}

/** Checkboxes of the organisation's locations (none ticked: every location). */
function LocationChoices({
  locations,
  checked,
  idPrefix,
}: {
  locations: StaffLocation[];
  checked: string[];
  idPrefix: string;
}) {
  const { t } = useTranslation("org-admin");
  if (locations.length === 0) {
    return <p className="text-xs text-muted-foreground">{t("staff.noLocations")}</p>;
  }
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium">{t("staff.locations")}</legend>
      {locations.map((location) => (
        <div key={location.id} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            id={`${idPrefix}-${location.id}`}
            name="locationIds"
            value={location.id}
            defaultChecked={checked.includes(location.id)}
          />
          <Label htmlFor={`${idPrefix}-${location.id}`} className="font-normal">
            {location.name}
          </Label>
        </div>
      ))}
      <p className="text-xs text-muted-foreground">{t("staff.locationsHint")}</p>
    </fieldset>
  );
}

/** Members with a login: their role (changeable), where staff work, removal. */
export function MembersCard({
  slug,
  members,
  locations,
  you,
  canGrantOwner,
  notice,
}: {
  slug: string;
  members: StaffMember[];
  locations: StaffLocation[];
  you: string | null;
  canGrantOwner: boolean;
  notice: NoticeData | null;
}) {
  const { t } = useTranslation("org-admin");
  const id = useId();
  const date = useDate();
  const busy = useNavigation().state === "submitting";
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-primary" aria-hidden="true" /> {t("staff.members")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <Notice notice={notice} />
        {members.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("staff.noMembers")}</p>
        ) : (
          <ul className="divide-y text-sm" data-testid="org-members">
            {members.map((m) => {
              // Owners are changed only by owners (and SafeTap's admins).
              const locked = m.role === "owner" && !canGrantOwner;
              return (
                <li key={m.id} className="space-y-2 py-3" data-testid={`member-${m.id}`}>
                  <div className="flex flex-wrap items-baseline gap-x-3">
                    <span className="font-medium">
                      {m.name} {m.id === you ? `(${t("staff.you")})` : null}
                    </span>
                    <span className="text-muted-foreground">{m.email}</span>
                    <span className="rounded bg-muted px-2 py-0.5 text-xs font-medium">
                      {t(`org:roles.${m.role}`)}
                    </span>
                  </div>
                  <p className="text-muted-foreground">
                    {t("staff.joined", { date: date.format(new Date(m.joinedAt)) })}
                    {m.role === "staff" ? (
                      <>
                        {" · "}
                        <LocationNames ids={m.locationIds} locations={locations} />
                      </>
                    ) : null}
                    {m.person ? (
                      <>
                        {" · "}
                        <Link to={`/org/${slug}/people/${m.person.id}`} className="underline">
                          {t("staff.ownCard", { name: m.person.fullName ?? "" })}
                        </Link>
                      </>
                    ) : null}
                  </p>
                  {locked ? null : (
                    <div className="flex flex-wrap items-start gap-3">
                      <Form method="post" className="flex items-end gap-2">
                        <input type="hidden" name="memberId" value={m.id} />
                        <div className="space-y-1">
                          <Label htmlFor={`${id}-role-${m.id}`} className="sr-only">
                            {t("staff.role")}
                          </Label>
                          <Select
                            id={`${id}-role-${m.id}`}
                            name="role"
                            defaultValue={m.role}
                            className="h-9"
                          >
                            {offeredRoles(canGrantOwner).map((role) => (
                              <option key={role} value={role}>
                                {t(`org:roles.${role}`)}
                              </option>
                            ))}
                          </Select>
                        </div>
                        <Button
                          type="submit"
                          name="intent"
                          value="role"
                          size="sm"
                          variant="outline"
                          disabled={busy}
                        >
                          {t("staff.changeRole")}
                        </Button>
                      </Form>
                      {m.role === "staff" ? (
                        <details>
                          <summary className="cursor-pointer py-1.5 text-sm underline">
                            {t("staff.setLocations")}
                          </summary>
                          <Form method="post" className="mt-2 space-y-2">
                            <input type="hidden" name="memberId" value={m.id} />
                            <LocationChoices
                              locations={locations}
                              checked={m.locationIds}
                              idPrefix={`${id}-loc-${m.id}`}
                            />
                            <Button
                              type="submit"
                              name="intent"
                              value="locations"
                              size="sm"
                              variant="outline"
                              disabled={busy}
                            >
                              {t("staff.saveLocations")}
                            </Button>
                          </Form>
                        </details>
                      ) : null}
                      <ConfirmAction
                        trigger={t("staff.remove")}
                        message={t("staff.removeConfirm", { name: m.name })}
                        confirmLabel={t("staff.removeConfirmYes")}
                        intent="remove"
                        fields={{ memberId: m.id }}
                        testId={`remove-${m.id}`}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">{t("staff.ownerRule")}</p>
      </CardContent>
    </Card>
  );
}

/** Pending invitations, each cancellable. */
export function InvitationsCard({
  invitations,
  locations,
  notice,
}: {
  invitations: StaffInvitation[];
  locations: StaffLocation[];
  notice: NoticeData | null;
}) {
  const { t } = useTranslation("org-admin");
  const date = useDate();
  const busy = useNavigation().state === "submitting";
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserCog className="size-5 text-primary" aria-hidden="true" /> {t("staff.invitations")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <Notice notice={notice} />
        {invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("staff.noInvitations")}</p>
        ) : (
          <ul className="divide-y text-sm" data-testid="org-invitations">
            {invitations.map((i) => (
              <li key={i.id} className="space-y-1 py-2">
                <p className="font-medium">{i.email}</p>
                <p className="text-muted-foreground">
                  {i.forOwnCard ? t("staff.forOwnCard") : t(`org:roles.${i.role ?? "member"}`)}
                  {i.role === "staff" ? (
                    <>
                      {" · "}
                      <LocationNames ids={i.locationIds} locations={locations} />
                    </>
                  ) : null}
                  {" · "}
                  {t("staff.expires", { date: date.format(new Date(i.expiresAt)) })}
                  {i.inviter ? ` · ${t("staff.invitedBy", { name: i.inviter })}` : null}
                </p>
                <Form method="post">
                  <input type="hidden" name="invitationId" value={i.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="cancel"
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                  >
                    {t("staff.cancelInvitation")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Invite by email in a role; staff at the locations ticked. */
export function InviteCard({
  locations,
  canGrantOwner,
  notice,
  values,
}: {
  locations: StaffLocation[];
  canGrantOwner: boolean;
  notice: NoticeData | null;
  values?: { email: string; role: string };
}) {
  const { t } = useTranslation("org-admin");
  const id = useId();
  const busy = useNavigation().state === "submitting";
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailPlus className="size-5 text-primary" aria-hidden="true" /> {t("invite.title")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" className="space-y-3" data-testid="invite-form">
          <Notice notice={notice} />
          <div className="space-y-1">
            <Label htmlFor={`${id}-email`}>{t("invite.email")}</Label>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              required
              maxLength={255}
              autoComplete="off"
              defaultValue={values?.email}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-role`}>{t("invite.role")}</Label>
            <Select id={`${id}-role`} name="role" defaultValue={values?.role ?? "staff"}>
              {offeredRoles(canGrantOwner).map((role) => (
                <option key={role} value={role}>
                  {t(`org:roles.${role}`)}
                </option>
              ))}
            </Select>
            <ul className="space-y-0.5 pt-1 text-xs text-muted-foreground">
              {offeredRoles(canGrantOwner).map((role) => (
                <li key={role}>
                  <span className="font-medium">{t(`org:roles.${role}`)}</span>:{" "}
                  {t(`invite.roleHints.${role}`)}
                </li>
              ))}
            </ul>
          </div>
          <LocationChoices locations={locations} checked={[]} idPrefix={`${id}-invite-loc`} />
          <Button type="submit" name="intent" value="invite" disabled={busy}>
            {t("invite.submit")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

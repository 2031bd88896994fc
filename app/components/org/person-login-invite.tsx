import { KeyRound } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Notice, type NoticeData } from "#app/components/notice.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";

/**
 * "Log in to your own card" (decision 139): an admin invites one of the organisation's people by
 * email; accepting links the person to that login. The form posts to
 * /org/{slug}/people/{profileId}/invite, so any page about the person can show it.
 */
export function PersonLoginInvite({
  slug,
  profileId,
  hasLogin,
  notice,
  email,
}: {
  slug: string;
  profileId: string;
  /** The person is linked to a login already: nothing to invite. */
  hasLogin: boolean;
  notice?: NoticeData | null;
  email?: string;
}) {
  const { t } = useTranslation("org-admin");
  const id = useId();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="space-y-3 rounded-xl border p-4" data-testid="person-login-invite">
      <h3 className="flex items-center gap-2 font-semibold">
        <KeyRound className="size-4 text-primary" aria-hidden="true" /> {t("personInvite.title")}
      </h3>
      <Notice notice={notice} />
      {hasLogin ? (
        <p className="text-sm text-muted-foreground">{t("personInvite.hasLogin")}</p>
      ) : (
        <Form
          method="post"
          action={`/org/${slug}/people/${encodeURIComponent(profileId)}/invite`}
          className="space-y-2"
        >
          <p className="text-sm text-muted-foreground">{t("personInvite.intro")}</p>
          <div className="space-y-1">
            <Label htmlFor={`${id}-email`}>{t("personInvite.email")}</Label>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              required
              maxLength={255}
              autoComplete="off"
              defaultValue={email}
            />
          </div>
          <Button type="submit" size="sm" disabled={busy}>
            {t("personInvite.submit")}
          </Button>
        </Form>
      )}
    </section>
  );
}

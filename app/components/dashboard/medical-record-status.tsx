import { ClipboardCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Notice, type NoticeData } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { useCanManage, useShownPerson } from "./people-strip.tsx";

/** How current a person's medical record is, as the dashboard's loader counted it. */
export interface Confirmation {
  personId: string;
  /** Whole days since the last confirmation; null when never confirmed. */
  days: number | null;
  /** Never confirmed, or RECONFIRM_AFTER_DAYS or more ago. */
  due: boolean;
}

/** "Last confirmed N days ago" (or today, or not yet). */
export function ConfirmedAgo({ days }: { days: number | null }) {
  const { t } = useTranslation("account");
  return (
    <span data-testid="medical-confirmed">
      {days === null
        ? t("medicalRecord.never")
        : days === 0
          ? t("medicalRecord.confirmedToday")
          : t("medicalRecord.confirmedAgo", { count: days })}
    </span>
  );
}

/** The "Confirm it is current" button: a plain form post, so it works without JavaScript. */
function ConfirmButton({
  personId,
  prominent,
  label,
}: {
  personId: string;
  prominent?: boolean;
  label?: string;
}) {
  const { t } = useTranslation("account");
  const busy = useNavigation().formData?.get("intent") === "confirm-medical";
  return (
    <Form method="post" replace className="inline">
      <input type="hidden" name="person" value={personId} />
      <Button
        type="submit"
        name="intent"
        value="confirm-medical"
        size="sm"
        variant={prominent ? "default" : "outline"}
        disabled={busy}
      >
        <ClipboardCheck aria-hidden="true" /> {label ?? t("medicalRecord.confirm")}
      </Button>
    </Form>
  );
}

/**
 * The line under the profile: the record's age and, for a person the user manages, the button
 * to confirm it (a household member's dependant is only seen, decision 129).
 */
export function MedicalConfirmationLine({
  confirmation,
  notice,
}: {
  confirmation: Confirmation;
  notice: NoticeData | undefined;
}) {
  const canManage = useCanManage();
  return (
    <div className="mt-4 space-y-2 border-t pt-4">
      <Notice notice={notice} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className={cn("font-medium", confirmation.due && "text-destructive")}>
          <ConfirmedAgo days={confirmation.days} />
        </p>
        {canManage ? <ConfirmButton personId={confirmation.personId} /> : null}
      </div>
    </div>
  );
}

/** After six months (or never confirmed): a prominent request to review and confirm. */
export function MedicalReviewPrompt({ confirmation }: { confirmation: Confirmation }) {
  const { t } = useTranslation("account");
  const { t: tConsent } = useTranslation("consent");
  const shown = useShownPerson();
  if (!confirmation.due) return null;
  // A dependant's review opens their own edit, not the account's.
  const review =
    !shown || shown.isOwn
      ? "/onboarding?edit=1"
      : `/onboarding?edit=1&person=${encodeURIComponent(confirmation.personId)}`;
  return (
    <section
      id="current-check"
      aria-labelledby="medical-review-title"
      data-testid="medical-review"
      className="mt-6 rounded-xl border-2 border-warning bg-warning/15 p-4"
    >
      <h2 id="medical-review-title" className="text-lg font-semibold">
        {t("medicalRecord.reviewTitle")}
      </h2>
      <p className="mt-1 text-sm">
        <ConfirmedAgo days={confirmation.days} />. {t("medicalRecord.reviewBody")}{" "}
        {tConsent("current.body")}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {/* The six-monthly message's one tap (decision 148): the record and its contacts. */}
        <ConfirmButton personId={confirmation.personId} prominent label={tConsent("current.yes")} />
        <Link to={review} className={buttonVariants({ variant: "outline", size: "sm" })}>
          {t("medicalRecord.review")}
        </Link>
      </div>
    </section>
  );
}

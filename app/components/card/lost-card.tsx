import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Label, Textarea } from "#app/components/ui/input.tsx";
import { LIMITS } from "#core/validation.ts";
import type { FoundNoticeResult } from "#server/domain/found-tag.ts";
import { EmergencyPage } from "./emergency-page.tsx";
import { useLocalEmergencyNumber } from "./use-local-emergency-number.ts";

export type FoundResult = { intent: "found" } & FoundNoticeResult;

/**
 * A lost or deactivated tag: 'Tag Deactivated', still with the emergency
 * number, and a way for the finder to tell the owner ("I found this tag"),
 * which reaches the owner only and shows nobody's details.
 */
export function LostCard({
  emergencyNumber,
  actionData,
}: {
  emergencyNumber: string;
  actionData: FoundResult | undefined;
}) {
  const { t } = useTranslation("card");
  const local = useLocalEmergencyNumber(emergencyNumber);
  const fetcher = useFetcher<FoundResult>();
  const result = fetcher.data ?? actionData;
  const error =
    result && !result.ok
      ? result.reason === "rate_limited"
        ? t("found.tooMany")
        : result.reason === "too_long"
          ? t("found.tooLong")
          : t("found.failed")
      : null;
  return (
    <EmergencyPage
      emergencyNumber={local.number}
      icon={ShieldAlert}
      title={t("deactivated.title")}
      lines={
        <>
          <p className="text-muted-foreground">{t("deactivated.body")}</p>
          <p className="font-medium">{t("found.emergency")}</p>
        </>
      }
    >
      <section aria-labelledby="found-title" className="rounded-xl border bg-card p-4">
        <h2 id="found-title" className="text-lg font-semibold">
          {t("found.title")}
        </h2>
        {result?.ok ? (
          <p
            role="status"
            className="mt-2 text-sm font-medium text-success"
            data-testid="found-sent"
          >
            {t("found.sent")}
          </p>
        ) : (
          <fetcher.Form method="post" className="mt-2 space-y-3">
            <p className="text-sm text-muted-foreground">{t("found.body")}</p>
            <input type="hidden" name="intent" value="found" />
            <div className="space-y-1">
              <Label htmlFor="found-message">{t("found.messageLabel")}</Label>
              <Textarea
                id="found-message"
                name="message"
                maxLength={LIMITS.message}
                aria-describedby="found-message-hint"
                aria-invalid={
                  result?.ok === false && result.reason === "too_long" ? true : undefined
                }
              />
              <p id="found-message-hint" className="text-xs text-muted-foreground">
                {t("found.messageHint")}
              </p>
            </div>
            {error ? (
              <p role="alert" className="rounded-lg bg-destructive/10 p-3 text-sm">
                {error}
              </p>
            ) : null}
            <button
              type="submit"
              className={`${buttonVariants()} w-full`}
              disabled={fetcher.state !== "idle"}
            >
              {t("found.submit")}
            </button>
          </fetcher.Form>
        )}
      </section>
      <Link to="/" reloadDocument className="text-center text-sm text-muted-foreground underline">
        {t("deactivated.home")}
      </Link>
    </EmergencyPage>
  );
}

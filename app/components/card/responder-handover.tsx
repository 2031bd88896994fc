import { Ambulance } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { HANDOVER_TEXT_MAX } from "#core/live-location.ts";
import type { CardActionResult } from "./card-data.ts";

/** The reveal's fetcher, shared with the medical section: its answer names the preferred hospital. */
export const REVEAL_FETCHER_KEY = "card-reveal";

/**
 * "I'm helping / I'm taking them to …" (decision 152): a small `<details>` under the alert, so
 * the card's first paint stays as it was. The destination is typed or picked (the person's
 * preferred hospital once the medical details were shown); "who I am" is optional. It posts to
 * the card like its other forms, so it works without JavaScript.
 */
export function ResponderHandover({
  idempotencyKey,
  actionData,
}: {
  idempotencyKey: string;
  actionData: CardActionResult | undefined;
}) {
  const { t } = useTranslation("card");
  const fetcher = useFetcher<CardActionResult>({ key: "card-handover" });
  const reveal = useFetcher<CardActionResult>({ key: REVEAL_FETCHER_KEY });
  const revealed = reveal.data ?? actionData;
  const hospital =
    revealed?.intent === "reveal" || revealed?.intent === "alert"
      ? (revealed.medical?.preferredHospital ?? null)
      : null;
  const answer = fetcher.data ?? actionData;
  const result = answer?.intent === "handover" ? answer : null;
  const busy = fetcher.state !== "idle";
  return (
    <details className="rounded-xl border bg-card p-4" open={result ? true : undefined}>
      <summary className="flex cursor-pointer items-center gap-2 font-semibold">
        <Ambulance className="size-5" aria-hidden="true" /> {t("handover.summary")}
      </summary>
      <fetcher.Form method="post" className="mt-3 space-y-3" data-testid="handover-form">
        <p className="text-sm text-muted-foreground">{t("handover.intro")}</p>
        <input type="hidden" name="intent" value="handover" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <fieldset className="space-y-2">
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="helping" defaultChecked />
            {t("handover.helping")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="taking" data-testid="handover-taking" />
            {t("handover.taking")}
          </label>
        </fieldset>
        <label className="block text-sm font-medium">
          {t("handover.destination")}
          <input
            name="destination"
            list="handover-places"
            maxLength={HANDOVER_TEXT_MAX}
            autoComplete="off"
            className="mt-1 block h-11 w-full rounded-md border bg-background px-3 text-base"
            data-testid="handover-destination"
            onInput={(event) => {
              // Typing a destination means "taking them there".
              const taking = event.currentTarget.form?.querySelector<HTMLInputElement>(
                'input[name="kind"][value="taking"]',
              );
              if (taking && event.currentTarget.value.trim()) taking.checked = true;
            }}
          />
        </label>
        {hospital ? (
          <>
            <datalist id="handover-places">
              <option value={hospital} />
            </datalist>
            <p className="text-sm">
              {t("handover.preferred", { hospital })}{" "}
              <button
                type="button"
                className="text-primary underline"
                onClick={(event) => {
                  const form = event.currentTarget.form;
                  const input = form?.querySelector<HTMLInputElement>('input[name="destination"]');
                  const taking = form?.querySelector<HTMLInputElement>(
                    'input[name="kind"][value="taking"]',
                  );
                  if (input) input.value = hospital;
                  if (taking) taking.checked = true;
                }}
              >
                {t("handover.usePreferred")}
              </button>
            </p>
          </>
        ) : null}
        <label className="block text-sm font-medium">
          {t("handover.who")}
          <input
            name="helperName"
            maxLength={HANDOVER_TEXT_MAX}
            placeholder={t("handover.whoPlaceholder")}
            autoComplete="off"
            className="mt-1 block h-11 w-full rounded-md border bg-background px-3 text-base"
            data-testid="handover-who"
          />
        </label>
        <button
          type="submit"
          disabled={busy}
          className={cn(buttonVariants({ size: "lg" }), "h-auto min-h-12 w-full whitespace-normal")}
          data-testid="handover-submit"
        >
          {busy ? t("handover.sending") : t("handover.submit")}
        </button>
        {result ? (
          <p
            role={result.ok ? "status" : "alert"}
            className={cn(
              "rounded-lg p-3 text-sm",
              result.ok ? "bg-success/10 font-semibold" : "bg-destructive/10",
            )}
            data-testid="handover-result"
          >
            {result.ok
              ? t("handover.sent", { count: result.count })
              : t(`handover.errors.${result.reason}`)}
          </p>
        ) : null}
      </fetcher.Form>
    </details>
  );
}

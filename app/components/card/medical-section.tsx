import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { deviceLabel, organDonorLabel } from "#app/lib/medical-labels.ts";
import type { MedicalInfo } from "#server/domain/public-card.ts";
import type { CardActionResult } from "./card-data.ts";
import { REVEAL_FETCHER_KEY } from "./responder-handover.tsx";
import { useOnline } from "./use-online.ts";

/** The medical details, shown only when the reader asks (each reveal is counted and limited). */
export function MedicalSection({ actionData }: { actionData: CardActionResult | undefined }) {
  const { t } = useTranslation(["card", "offline"]);
  // Keyed, so the handover form can offer the preferred hospital the reveal names.
  const fetcher = useFetcher<CardActionResult>({ key: REVEAL_FETCHER_KEY });
  const online = useOnline();
  const result = fetcher.data ?? actionData;
  // A reveal, or an alert posted without JavaScript from a page showing the details.
  const revealed =
    result?.intent === "reveal" || (result?.intent === "alert" && result.medical !== undefined);
  const medical =
    result?.intent === "reveal" || result?.intent === "alert" ? (result.medical ?? null) : null;
  const limited = result?.intent === "reveal" && result.limited === true;
  return (
    <section aria-labelledby="medical-title" className="rounded-xl border bg-card p-4">
      <h2 id="medical-title" className="text-lg font-semibold">
        {t("medical.title")}
      </h2>
      {!revealed ? (
        <fetcher.Form
          method="post"
          className="mt-2 space-y-3"
          onSubmit={(event) => {
            // Medical details are never kept on the device: they need the network.
            if (!navigator.onLine) event.preventDefault();
          }}
        >
          <p className="rounded-lg bg-warning/15 p-3 text-sm" role="note">
            {t("medical.warning")}
          </p>
          {online ? null : <p className="text-sm font-medium">{t("offline:medical")}</p>}
          <button
            type="submit"
            name="intent"
            value="reveal"
            className={cn(
              buttonVariants({ variant: "outline" }),
              "h-auto w-full whitespace-normal py-3",
            )}
            disabled={fetcher.state !== "idle" || !online}
          >
            {fetcher.state !== "idle" ? t("medical.revealing") : t("medical.reveal")}
          </button>
        </fetcher.Form>
      ) : medical ? (
        <>
          <ConfirmedByOwner
            days={medical.confirmedDaysAgo}
            className="mt-1 text-sm text-muted-foreground"
          />
          <MedicalDetails medical={medical} />
        </>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground" role={limited ? "alert" : undefined}>
          {limited ? t("limited.reveal") : t("medical.none")}
        </p>
      )}
    </section>
  );
}

/** The medical details in responders' order (decision 130); empty fields are left out. */
export function MedicalDetails({ medical }: { medical: Omit<MedicalInfo, "confirmedDaysAgo"> }) {
  const { t } = useTranslation("card");
  return (
    <dl className="mt-3 grid grid-cols-1 gap-3 text-sm" data-testid="medical-info">
      <MedicalRow label={t("medical.conditions")} value={medical.conditions.join(", ")} />
      <MedicalRow label={t("medical.allergies")} value={medical.allergies.join(", ")} />
      <MedicalRow label={t("medical.medications")} value={medical.medications.join(", ")} />
      <MedicalRow
        label={t("medical.implantedDevices")}
        value={medical.implantedDevices.map((d) => deviceLabel(t, d)).join(", ")}
      />
      <MedicalRow label={t("medical.bloodType")} value={medical.bloodType} />
      <MedicalRow
        label={t("medical.advanceDirective")}
        value={medical.advanceDirective ? t(`common:directives.${medical.advanceDirective}`) : null}
      />
      <MedicalRow
        label={t("medical.advanceDirectiveLocation")}
        value={medical.advanceDirectiveLocation}
      />
      <MedicalRow label={t("medical.organDonor")} value={organDonorLabel(t, medical.organDonor)} />
      <MedicalRow label={t("medical.preferredHospital")} value={medical.preferredHospital} />
      <MedicalRow label={t("medical.notes")} value={medical.medicalNotes} />
      <MedicalRow label={t("medical.dateOfBirth")} value={medical.dateOfBirth} />
    </dl>
  );
}

/** "Confirmed by the owner N days ago": how current the record is, for a responder. */
export function ConfirmedByOwner({ days, className }: { days: number | null; className?: string }) {
  const { t } = useTranslation("card");
  if (days === null) return null;
  return (
    <p className={className} data-testid="card-confirmed">
      {days === 0 ? t("medical.confirmedToday") : t("medical.confirmedAgo", { count: days })}
    </p>
  );
}

function MedicalRow({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-wrap text-base font-semibold">{value}</dd>
    </div>
  );
}

import { Phone } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CardContact } from "#app/components/card/card-data.ts";
import { ContactsSection } from "#app/components/card/contacts-section.tsx";
import { MedicalDetails } from "#app/components/card/medical-section.tsx";
import type { MedicalInfo } from "#server/domain/public-card.ts";

export interface CardPreviewData {
  name: string | null;
  isMinor: boolean;
  photoSrc: string | null;
  hasMedical: boolean;
  medical: Omit<MedicalInfo, "confirmedDaysAgo">;
  contacts: CardContact[];
  /** A healthcare organisation's patient's ward, shown first with the clinician's contact. */
  ward: string | null;
  emergencyNumber: string;
}

/**
 * The person's public card as a reader sees it, when the tag shows medical details and
 * contacts: a minor's first name only and the guardians first (DESIGN 1b.6), a patient's ward
 * and the clinician first (decision 139), the medical details a reader sees after
 * acknowledging that access is logged, at most three contacts.
 */
export function CardPreview({ card }: { card: CardPreviewData }) {
  const { t } = useTranslation(["org", "card"]);
  const contacts = (
    <ContactsSection contacts={card.contacts} guardians={card.isMinor || undefined} />
  );
  return (
    <section
      aria-labelledby="card-preview-title"
      className="space-y-3 rounded-xl border bg-muted/40 p-4"
      data-testid="card-preview"
    >
      <h3 id="card-preview-title" className="text-sm font-semibold text-muted-foreground">
        {t("person.cardTitle")}
      </h3>
      <div className="flex items-center gap-3">
        {card.photoSrc ? (
          <img
            src={card.photoSrc}
            alt=""
            width={64}
            height={64}
            className="size-16 rounded-full object-cover"
          />
        ) : null}
        <div>
          <p className="text-xl font-bold" data-testid="card-preview-name">
            {card.name}
          </p>
          {card.ward ? (
            <p className="font-semibold" data-testid="card-preview-ward">
              {t("card:ward", { ward: card.ward })}
            </p>
          ) : null}
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <Phone className="size-4" aria-hidden="true" />
            {t("person.emergencyNumber", { number: card.emergencyNumber })}
          </p>
        </div>
      </div>
      {card.isMinor || card.ward ? contacts : null}
      <section className="rounded-xl border bg-card p-4">
        <h4 className="text-lg font-semibold">{t("card:medical.title")}</h4>
        {card.hasMedical ? (
          <MedicalDetails medical={card.medical} />
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">{t("card:medical.none")}</p>
        )}
      </section>
      {card.isMinor || card.ward ? null : contacts}
    </section>
  );
}

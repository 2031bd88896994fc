import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import { EmergencyPage } from "./emergency-page.tsx";
import { useLocalEmergencyNumber } from "./use-local-emergency-number.ts";

/**
 * An unknown tag id (a misprint, a mistyped address): the spec's 'Tag not
 * found', the local emergency number, and a field to type the id again. The
 * form is a plain GET to /t, which sends the reader to /t/{id}.
 */
export function NotFoundCard({
  tagId,
  emergencyNumber,
}: {
  tagId: string;
  emergencyNumber: string;
}) {
  const { t } = useTranslation("card");
  const local = useLocalEmergencyNumber(emergencyNumber);
  return (
    <EmergencyPage
      emergencyNumber={local.number}
      icon={SearchX}
      title={t("notFound.title")}
      lines={
        <>
          <p className="text-muted-foreground">{t("notFound.body")}</p>
          <p className="font-medium">{t("notFound.emergency")}</p>
        </>
      }
    >
      <form method="get" action="/t" className="space-y-2 rounded-xl border bg-card p-4">
        <Label htmlFor="tag-id">{t("notFound.label")}</Label>
        <Input
          id="tag-id"
          name="tag"
          defaultValue={tagId}
          required
          maxLength={50}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          className="font-mono uppercase"
        />
        <button type="submit" className={`${buttonVariants()} w-full`}>
          {t("notFound.submit")}
        </button>
      </form>
    </EmergencyPage>
  );
}

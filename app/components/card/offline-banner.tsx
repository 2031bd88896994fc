import { CloudOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useOnline } from "./use-online.ts";

/** Says the phone is offline and that calls and texts to the contacts still work. */
export function OfflineBanner() {
  const { t } = useTranslation("offline");
  if (useOnline()) return null;
  return (
    <div
      role="status"
      className="flex gap-3 rounded-xl border-2 border-warning bg-warning/15 p-4"
      data-testid="offline-banner"
    >
      <CloudOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t("banner.title")}</p>
        <p className="mt-1 text-sm">{t("banner.body")}</p>
      </div>
    </div>
  );
}

import { MapPin } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Offers the number of the country the phone is in; shown once the page runs. */
export function LocateButton({ onLocate }: { onLocate: () => Promise<void> }) {
  const { t } = useTranslation("card");
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setReady("geolocation" in navigator), []);
  if (!ready) return null;
  return (
    <button
      type="button"
      className="mx-auto flex items-center gap-1 text-sm text-muted-foreground underline"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void onLocate().finally(() => setBusy(false));
      }}
    >
      <MapPin className="size-4" aria-hidden="true" /> {t("location.use")}
    </button>
  );
}

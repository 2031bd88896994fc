import { ArrowLeft, History, Map as MapIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";

/** The row of links between the dashboard, the alert history and the family map. */
export function HistoryNav({ current }: { current?: "history" | "map" }) {
  const { t } = useTranslation("history");
  return (
    <nav aria-label={t("nav.label")} className="flex flex-wrap gap-2" data-testid="history-nav">
      {current ? (
        <Link to="/dashboard" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          <ArrowLeft aria-hidden="true" /> {t("nav.dashboard")}
        </Link>
      ) : null}
      <Link
        to="/dashboard/history"
        aria-current={current === "history" ? "page" : undefined}
        className={buttonVariants({
          variant: current === "history" ? "secondary" : "outline",
          size: "sm",
        })}
      >
        <History aria-hidden="true" /> {t("nav.history")}
      </Link>
      <Link
        to="/dashboard/map"
        reloadDocument
        aria-current={current === "map" ? "page" : undefined}
        className={buttonVariants({
          variant: current === "map" ? "secondary" : "outline",
          size: "sm",
        })}
      >
        <MapIcon aria-hidden="true" /> {t("nav.map")}
      </Link>
    </nav>
  );
}

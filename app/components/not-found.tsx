import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">{t("notFound.title")}</h1>
      <Link to="/" className={buttonVariants()}>
        {t("notFound.home")}
      </Link>
    </main>
  );
}

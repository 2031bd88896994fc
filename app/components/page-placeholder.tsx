import { useTranslation } from "react-i18next";

/** The spec's two placeholder pages (/how-it-works, /support): a heading and a "coming soon" line. */
export function ComingSoonPage({ pageKey }: { pageKey: string }) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t(`${pageKey}.title`)}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{t(`${pageKey}.comingSoon`)}</p>
    </main>
  );
}

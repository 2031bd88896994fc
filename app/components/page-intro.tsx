import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The heading block every content page opens with. */
export function PageIntro({ pageKey, children }: { pageKey: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t(`${pageKey}.title`)}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{t(`${pageKey}.description`)}</p>
      {children}
    </main>
  );
}

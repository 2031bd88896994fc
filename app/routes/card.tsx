import { eq } from "drizzle-orm";
import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { profiles, tags } from "../../server/db/schema.ts";
import { buttonVariants } from "../components/ui/button.tsx";
import { requestTranslator } from "../lib/i18n.server.ts";
import type { Route } from "./+types/card";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tagId = params.tagId.trim().toUpperCase();
  if (!tagId || tagId.length > 50) throw redirect("/");
  const { db } = context.services;
  const [row] = await db
    .select({
      userId: tags.userId,
      isActive: tags.isActive,
      isLost: tags.isLost,
      fullName: profiles.fullName,
    })
    .from(tags)
    .leftJoin(profiles, eq(profiles.id, tags.userId))
    .where(eq(tags.id, tagId))
    .limit(1);
  if (!row) throw redirect("/");
  if (!row.userId) throw redirect(`/claim/${encodeURIComponent(tagId)}`);
  const t = requestTranslator(request);
  if (row.isLost || !row.isActive) {
    return { state: "deactivated" as const, tagId, title: t("card.deactivated.title") };
  }
  return {
    state: "active" as const,
    tagId,
    name: row.fullName || t("card.personInNeed"),
    title: t("card.title"),
  };
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data ? `${data.title} | SafeTap` : "SafeTap" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function PublicCard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.state === "deactivated") {
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-2xl font-bold">{t("card.deactivated.title")}</h1>
        <p className="text-muted-foreground">{t("card.deactivated.body")}</p>
        <Link to="/" className={buttonVariants()}>
          {t("card.deactivated.home")}
        </Link>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-md p-4">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">
        {t("card.title")}
      </p>
      <h1 className="mt-1 text-3xl font-bold">{loaderData.name}</h1>
      <footer className="mt-8 text-center text-sm">
        <Link to="/" className="text-muted-foreground underline">
          SafeTap
        </Link>
      </footer>
    </main>
  );
}

import { choosingEmergencyContacts } from "#app/content/blog/articles/choosing-emergency-contacts.server.ts";
import { safetapForSchools } from "#app/content/blog/articles/safetap-for-schools.server.ts";
import { travellingAbroadWithSafetap } from "#app/content/blog/articles/travelling-abroad-with-safetap.server.ts";
import { whatToPutOnYourEmergencyCard } from "#app/content/blog/articles/what-to-put-on-your-emergency-card.server.ts";
import { writingAllergiesAndMedications } from "#app/content/blog/articles/writing-allergies-and-medications.server.ts";
import { formatDate } from "#app/content/localized.server.ts";
import type { Article, Block, BlogIndex, Localized } from "#app/content/types.ts";
import type { Language } from "#core/languages.ts";

export const blogIndex: Localized<BlogIndex> = {
  en: {
    seo: {
      title: "Blog: emergency preparedness and SafeTap tips",
      description:
        "Practical articles on being ready for an emergency: what to put on your emergency card, choosing contacts, writing allergies for strangers, travelling abroad and SafeTap in schools.",
    },
    title: "Be ready before it matters",
    intro:
      "Practical guides to emergency preparedness, and to getting the most from your SafeTap tags.",
  },
  es: {
    seo: {
      title: "Blog: preparación ante emergencias y consejos de SafeTap",
      description:
        "Artículos prácticos para estar preparado ante una emergencia: qué poner en tu tarjeta, cómo elegir contactos, cómo escribir alergias para desconocidos, viajes al extranjero y SafeTap en las escuelas.",
    },
    title: "Prepárate antes de que haga falta",
    intro:
      "Guías prácticas de preparación ante emergencias y para sacar el máximo partido a tus etiquetas SafeTap.",
  },
  fr: {
    seo: {
      title: "Blog : se préparer aux urgences et conseils SafeTap",
      description:
        "Des articles pratiques pour être prêt en cas d'urgence : que mettre sur votre carte, choisir vos contacts, écrire vos allergies pour un inconnu, voyager à l'étranger et SafeTap à l'école.",
    },
    title: "Être prêt avant d'en avoir besoin",
    intro:
      "Des guides pratiques pour se préparer aux urgences et tirer le meilleur parti de vos étiquettes SafeTap.",
  },
  vi: {
    seo: {
      title: "Blog: chuẩn bị cho tình huống khẩn cấp và mẹo dùng SafeTap",
      description:
        "Những bài viết thiết thực để sẵn sàng cho tình huống khẩn cấp: ghi gì lên thẻ khẩn cấp, chọn người liên hệ, viết về dị ứng cho người lạ hiểu, đi du lịch nước ngoài và SafeTap trong trường học.",
    },
    title: "Sẵn sàng trước khi cần đến",
    intro:
      "Hướng dẫn thiết thực để chuẩn bị cho tình huống khẩn cấp và tận dụng tối đa thẻ SafeTap của bạn.",
  },
};

/** Every article, newest first. */
export const ARTICLES: readonly Article[] = [
  safetapForSchools,
  travellingAbroadWithSafetap,
  writingAllergiesAndMedications,
  choosingEmergencyContacts,
  whatToPutOnYourEmergencyCard,
].sort((a, b) => b.date.localeCompare(a.date));

const WORDS_PER_MINUTE = 200;

function blockText(block: Block): string {
  switch (block.type) {
    case "p":
    case "h3":
    case "note":
      return block.text;
    case "list":
    case "steps":
      return block.items.join(" ");
    case "table":
      return block.rows.flat().join(" ");
  }
}

/** Minutes to read, from the English text so every language shows the same figure. */
function readingMinutes(article: Article): number {
  const text = article.text.en.sections
    .flatMap((section) => [section.heading, ...section.blocks.map(blockText)])
    .join(" ");
  return Math.max(1, Math.round(text.split(/\s+/).length / WORDS_PER_MINUTE));
}

/** What a list of articles shows: title, date, summary and reading time. */
export function articleSummary(article: Article, language: Language) {
  const { title, summary } = article.text[language];
  return {
    slug: article.slug,
    date: article.date,
    dateText: formatDate(article.date, language),
    minutes: readingMinutes(article),
    title,
    summary,
  };
}

export type ArticleSummary = ReturnType<typeof articleSummary>;

export function findArticle(slug: string): Article | undefined {
  return ARTICLES.find((article) => article.slug === slug);
}

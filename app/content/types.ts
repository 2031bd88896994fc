import type { Seo } from "#app/lib/meta.ts";
import type { Language } from "#core/languages.ts";

/** One value per interface language; a unit test checks all four have the same shape. */
export type Localized<T> = Record<Language, T>;

/**
 * Long-form text. Strings may hold `[label](href)` links, `**strong**` words and
 * `{{supportEmail}}`-style values from the root loader; nothing else is interpreted.
 */
export type Block =
  | { type: "p"; text: string }
  | { type: "h3"; text: string }
  | { type: "list"; items: string[] }
  | { type: "steps"; items: string[] }
  | { type: "note"; text: string }
  | { type: "table"; caption: string; head: string[]; rows: string[][] };

/** A titled part of a page; `id` is its anchor and is the same in every language. */
export interface Section {
  id: string;
  heading: string;
  blocks: Block[];
}

export interface LegalDocument {
  seo: Seo;
  title: string;
  /** The page in a few plain sentences, shown first. */
  summary: string[];
  sections: Section[];
}

export interface AboutPage {
  seo: Seo;
  title: string;
  lead: string;
  sections: Section[];
  principles: { heading: string; intro: string; items: { title: string; text: string }[] };
}

export interface ProductPage {
  seo: Seo;
  name: string;
  tagline: string;
  intro: string;
  /** At-a-glance facts beside the introduction. */
  facts: { label: string; value: string }[];
  sections: Section[];
}

export interface BlogIndex {
  seo: Seo;
  title: string;
  intro: string;
}

export interface ArticleText {
  title: string;
  summary: string;
  sections: Section[];
}

export interface Article {
  /** The address (`/blog/{slug}`), the same in every language. */
  slug: string;
  /** Publication date, ISO `YYYY-MM-DD`. */
  date: string;
  text: Localized<ArticleText>;
}

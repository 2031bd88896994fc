import { createContext, useContext } from "react";
import { useMatches } from "react-router";

/**
 * Pages that must paint from the first round trip inline a stylesheet of
 * their own instead of linking the site's: the public card its small
 * card.css (issue 4's 14 KB budget), the public site's pages site.css
 * (decision 155). Every other page links the cached stylesheet. The server
 * passes the CSS texts through this context; in the browser the text is taken
 * back from the page it arrived in.
 */
export type InlineCssName = "card" | "site";
export type InlineCssTexts = Partial<Record<InlineCssName, string>>;

export const InlineCssContext = createContext<InlineCssTexts | null>(null);

export const INLINE_CSS_ID = "inline-css";

export interface InlineCssHandle {
  inlineCss: InlineCssName;
}

/** The stylesheet the page's routes ask to inline, if any. */
export function useInlineCssName(): InlineCssName | null {
  const matches = useMatches();
  for (const match of matches) {
    const name = (match.handle as Partial<InlineCssHandle> | undefined)?.inlineCss;
    if (name) return name;
  }
  return null;
}

/** The inlined text this browser page arrived with, kept across client-side navigations. */
let arrived: { name: string; css: string } | null | undefined;
function arrivedCss(): { name: string; css: string } | null {
  if (arrived === undefined && typeof document !== "undefined") {
    const element = document.getElementById(INLINE_CSS_ID);
    arrived =
      element?.textContent && element.dataset.css
        ? { name: element.dataset.css, css: element.textContent }
        : null;
  }
  return arrived ?? null;
}

/**
 * The page's styles: its inlined stylesheet when it asks for one and the text
 * is at hand, else a link to the site's stylesheet (`href`). After a
 * client-side move from an inlined page to a linked one, the inlined text
 * stays until the link has loaded, so the page never shows unstyled.
 */
export function PageStyles({ href, nonce }: { href: string; nonce?: string }) {
  const name = useInlineCssName();
  const serverCss = useContext(InlineCssContext);
  const kept = arrivedCss();
  const css = name
    ? serverCss
      ? (serverCss[name] ?? null)
      : kept?.name === name
        ? kept.css
        : null
    : null;
  // The text the browser still has (client-side only: the server never keeps one).
  const lingering = !css && !serverCss ? kept : null;
  const style = (text: string, cssName: string) => (
    <style
      id={INLINE_CSS_ID}
      data-css={cssName}
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
  if (css && name) return style(css, name);
  // No CSS text (development, or a client-side visit from a linked page): link the stylesheet.
  return (
    <>
      {lingering ? style(lingering.css, lingering.name) : null}
      <link rel="stylesheet" href={href} />
    </>
  );
}

import { createContext, useContext } from "react";
import { useMatches } from "react-router";

/**
 * The public card inlines the whole stylesheet so that it is readable from the
 * first round trip (issue 4's 14 KB budget); every other page links the
 * cached stylesheet. The server passes the CSS text through this context; in
 * the browser the text is taken back from the page it arrived in.
 */
export const InlineCssContext = createContext<string | null>(null);

export const INLINE_CSS_ID = "inline-css";

export interface InlineCssHandle {
  inlineCss: true;
}

export function useWantsInlineCss(): boolean {
  return useMatches().some(
    (match) => (match.handle as Partial<InlineCssHandle> | undefined)?.inlineCss,
  );
}

export function InlineStyles({ href, nonce }: { href: string; nonce?: string }) {
  const serverCss = useContext(InlineCssContext);
  const css =
    serverCss ??
    (typeof document !== "undefined"
      ? (document.getElementById(INLINE_CSS_ID)?.textContent ?? null)
      : null);
  // No CSS text (development, or a client-side visit): link the stylesheet instead.
  if (!css) return <link rel="stylesheet" href={href} />;
  return (
    <style
      id={INLINE_CSS_ID}
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: css }}
    />
  );
}

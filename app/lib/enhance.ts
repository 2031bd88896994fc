/**
 * The few things a static public page needs JavaScript for, without React
 * (decision 159). Signed-out visitors get the marketing and content pages as
 * server-rendered HTML with no hydration at all: the scripts React needs cost
 * a phone more main-thread time than the whole rest of the page. What HTML and
 * CSS can do (disclosures, the billing switch, anchors, forms) they do; what
 * they cannot is done here, on elements that carry `data-*` hooks:
 *
 * - `[data-carousel]`: the testimonials (auto-advance, dots, previous/next,
 *   pause, swipe, hover and focus pause, reduced motion);
 * - `[data-cycle]`: the /pricing hero's three steps;
 * - with `page` set (the inline script of a static document): the mobile
 *   menu, the language and theme menus, the language kept in local storage,
 *   the spec's scroll rules (opening the `<details>` an #anchor names) and the
 *   service worker.
 *
 * /support, /contact and /auth run it too until React starts on the visitor's
 * first interaction (decision 160): from the moment entry.client hydrates
 * (`data-react-started` on <html>), the page's handlers here do nothing, and
 * React starts from what the page shows.
 *
 * The same function runs inside React when a hydrated page is moved to
 * client-side (the components call it on their own element), so each
 * behaviour is written once. It is also sent as text (`enhanceScript`), so
 * it must not use anything from outside its own body: every constant comes in
 * through `o`.
 */
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, LANGUAGES } from "#core/languages.ts";
import { REACT_STARTED_ATTRIBUTE } from "./hydration.ts";
import { AUTO_RECHECK_MS, THEME_STORAGE_KEY } from "./theme.ts";

/** The testimonials advance every 4 seconds (spec section 2). */
export const CAROUSEL_INTERVAL_MS = 4_000;
/** The /pricing hero shows its next step every 2 seconds (spec section 2). */
export const CYCLE_INTERVAL_MS = 2_000;
/** A #anchor target is scrolled into view 100 ms after arrival (spec section 2). */
export const ANCHOR_SCROLL_DELAY_MS = 100;
const SWIPE_MIN_PX = 40;

/** The options every caller passes; `page` for a whole static document. */
export function enhanceOptions(page: boolean): EnhanceOptions {
  return {
    page,
    serviceWorker: import.meta.env.PROD,
    carouselMs: CAROUSEL_INTERVAL_MS,
    cycleMs: CYCLE_INTERVAL_MS,
    swipePx: SWIPE_MIN_PX,
    anchorDelayMs: ANCHOR_SCROLL_DELAY_MS,
    themeRecheckMs: AUTO_RECHECK_MS,
    languages: LANGUAGES,
    languageKey: LANGUAGE_STORAGE_KEY,
    languageCookie: LANGUAGE_COOKIE,
    themeKey: THEME_STORAGE_KEY,
    reactStarted: REACT_STARTED_ATTRIBUTE,
  };
}

export interface EnhanceOptions {
  /** Whole-document duties, for a page React does not hydrate. */
  page: boolean;
  /** Register the service worker (production builds only). */
  serviceWorker: boolean;
  carouselMs: number;
  cycleMs: number;
  swipePx: number;
  anchorDelayMs: number;
  themeRecheckMs: number;
  languages: readonly string[];
  /** Where the language choice is kept: local storage, the cookie the server reads. */
  languageKey: string;
  languageCookie: string;
  themeKey: string;
  /** The <html> attribute that says React has taken the page over (decision 160). */
  reactStarted: string;
}

export function enhance(root: ParentNode, o: EnhanceOptions): () => void {
  const stops: Array<() => void> = [];
  const on = (target: EventTarget, type: string, fn: (event: Event) => void) => {
    target.addEventListener(type, fn);
    stops.push(() => target.removeEventListener(type, fn));
  };
  /** The elements a selector matches at or under `within`. */
  const all = <T extends Element>(selector: string, within: ParentNode = root): T[] => [
    ...(within instanceof Element && within.matches(selector) ? [within as T] : []),
    ...Array.from(within.querySelectorAll<T>(selector)),
  ];
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

  for (const carousel of all<HTMLElement>("[data-carousel]")) {
    const viewport = carousel.querySelector<HTMLElement>("[data-carousel-viewport]");
    const track = carousel.querySelector<HTMLElement>("[data-carousel-track]");
    const controls = carousel.querySelector<HTMLElement>("[data-carousel-controls]");
    const play = carousel.querySelector<HTMLElement>("[data-carousel-play]");
    const slides = all<HTMLElement>("[data-carousel-slide]", carousel);
    const dots = all<HTMLElement>("[data-carousel-dot]", carousel);
    if (!viewport || !track || !controls || !play) continue;
    const wide = matchMedia("(min-width: 1024px)");
    const medium = matchMedia("(min-width: 640px)");
    let index = 0;
    /** The reader's own choice; until they make one, reduced motion decides. */
    let playChoice: boolean | null = null;
    let hovered = false;
    let focused = false;
    let timer = 0;
    let touchStart: number | null = null;
    const perView = () => (wide.matches ? 3 : medium.matches ? 2 : 1);
    const positions = () => slides.length - perView() + 1;
    const playing = () => playChoice ?? !reducedMotion.matches;
    const render = () => {
      const view = perView();
      index = Math.min(index, positions() - 1);
      const auto = playing() && !hovered && !focused;
      track.style.transform = `translateX(-${(index * 100) / view}%)`;
      track.dataset.index = String(index);
      track.dataset.perView = String(view);
      track.setAttribute("aria-live", auto ? "off" : "polite");
      slides.forEach((slide, i) => {
        if (i >= index && i < index + view) slide.removeAttribute("aria-hidden");
        else slide.setAttribute("aria-hidden", "true");
      });
      dots.forEach((dot, i) => {
        dot.hidden = i >= positions();
        if (i === index) dot.setAttribute("aria-current", "true");
        else dot.removeAttribute("aria-current");
      });
      play.dataset.playing = String(playing());
      const label = play.querySelector("[data-label]");
      if (label) label.textContent = (playing() ? play.dataset.pause : play.dataset.play) ?? "";
      // Restarts on every change, so a manual move also gets a full interval.
      clearTimeout(timer);
      if (auto) timer = window.setTimeout(() => go(index + 1), o.carouselMs);
    };
    const go = (next: number) => {
      const count = positions();
      index = ((next % count) + count) % count;
      render();
    };
    // The carousel's classes are named by its component (`data-enhanced-class`).
    const enhancedClass = viewport.dataset.enhancedClass;
    if (enhancedClass) viewport.setAttribute("class", enhancedClass);
    viewport.scrollLeft = 0;
    controls.hidden = false;
    stops.push(() => clearTimeout(timer));
    on(carousel, "mouseenter", () => {
      hovered = true;
      render();
    });
    on(carousel, "mouseleave", () => {
      hovered = false;
      render();
    });
    on(carousel, "focusin", () => {
      focused = true;
      render();
    });
    on(carousel, "focusout", (event) => {
      if (carousel.contains((event as FocusEvent).relatedTarget as Node | null)) return;
      focused = false;
      render();
    });
    on(viewport, "touchstart", (event) => {
      touchStart = (event as TouchEvent).touches[0]?.clientX ?? null;
    });
    on(viewport, "touchend", (event) => {
      const end = (event as TouchEvent).changedTouches[0]?.clientX;
      const start = touchStart;
      touchStart = null;
      if (start === null || end === undefined || Math.abs(end - start) < o.swipePx) return;
      go(end < start ? index + 1 : index - 1);
    });
    const previous = carousel.querySelector("[data-carousel-previous]");
    const next = carousel.querySelector("[data-carousel-next]");
    if (previous) on(previous, "click", () => go(index - 1));
    if (next) on(next, "click", () => go(index + 1));
    dots.forEach((dot, i) => {
      on(dot, "click", () => go(i));
    });
    on(play, "click", () => {
      playChoice = !playing();
      render();
    });
    for (const list of [wide, medium, reducedMotion]) on(list, "change", render);
    render();
  }

  for (const cycle of all<HTMLElement>("[data-cycle]")) {
    const steps = all<HTMLElement>("[data-cycle-step]", cycle);
    const count = new Set(steps.map((step) => step.dataset.cycleStep)).size;
    let index = 0;
    const timer = window.setInterval(() => {
      if (reducedMotion.matches || count < 2) return;
      index = (index + 1) % count;
      cycle.dataset.index = String(index);
      for (const step of steps) step.dataset.active = String(step.dataset.cycleStep === `${index}`);
    }, o.cycleMs);
    stops.push(() => clearInterval(timer));
  }

  if (o.page) {
    const html = document.documentElement;
    /** A handler for the page until React starts, if it does (decision 160). */
    const page = (target: EventTarget, type: string, fn: (event: Event) => void) =>
      on(target, type, (event) => {
        if (!html.hasAttribute(o.reactStarted)) fn(event);
      });
    /** Scrolls to an #anchor's element and opens the `<details>` it is in (a support answer). */
    const reveal = (target: Element, behavior: ScrollBehavior) => {
      const details = target.closest("details");
      if (details) details.open = true;
      target.scrollIntoView({ behavior, block: "start" });
    };

    for (const toggle of all<HTMLElement>("[data-menu-toggle]")) {
      const menu = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
      if (!menu) continue;
      page(toggle, "click", () => {
        const open = toggle.getAttribute("aria-expanded") !== "true";
        toggle.setAttribute("aria-expanded", String(open));
        menu.hidden = !open;
        const label = toggle.querySelector("[data-label]");
        if (label) label.textContent = (open ? toggle.dataset.close : toggle.dataset.open) ?? "";
      });
    }

    // Languages: the choice is kept in local storage and a cookie the server reads.
    const remember = (language: string) => {
      try {
        localStorage.setItem(o.languageKey, language);
      } catch {}
      const secure = location.protocol === "https:" ? "; Secure" : "";
      // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, readable by the server
      document.cookie = `${o.languageCookie}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
    };
    // The server's order: `?lng=`, then the cookie (core/languages.ts).
    const explicit =
      new URLSearchParams(location.search).has("lng") ||
      document.cookie.split("; ").some((part) => part.startsWith(`${o.languageCookie}=`));
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(o.languageKey);
    } catch {}
    if (!explicit && stored && o.languages.includes(stored) && stored !== html.lang) {
      // A choice kept only in local storage (the cookie was cleared) wins.
      const url = new URL(location.href);
      url.searchParams.set("lng", stored);
      location.replace(url);
    } else if (o.languages.includes(html.lang)) {
      remember(html.lang);
    }
    for (const select of all<HTMLSelectElement>("select[data-language-select]")) {
      page(select, "change", () => {
        if (!o.languages.includes(select.value)) return;
        remember(select.value);
        select.form?.requestSubmit();
      });
    }

    // Themes: the <head> script's function applies a mode (see theme.ts).
    const applyTheme = () => {
      if (html.hasAttribute(o.reactStarted)) return;
      (window as unknown as { safetapTheme?: () => void }).safetapTheme?.();
    };
    for (const select of all<HTMLSelectElement>("select[data-theme-select]")) {
      select.value = html.dataset.themeMode ?? select.value;
      page(select, "change", () => {
        try {
          localStorage.setItem(o.themeKey, select.value);
        } catch {}
        html.dataset.themeMode = select.value;
        applyTheme();
      });
    }
    const recheck = window.setInterval(applyTheme, o.themeRecheckMs);
    stops.push(() => clearInterval(recheck));
    on(document, "visibilitychange", () => {
      if (document.visibilityState === "visible") applyTheme();
    });
    on(matchMedia("(prefers-color-scheme: dark)"), "change", applyTheme);

    // The spec's scroll rules: restoration is manual, an #anchor is scrolled to after arrival.
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    // A link to a section of this same page glides there (the header's Pricing on /).
    page(document, "click", (event) => {
      const link = (event.target as Element | null)?.closest?.("a[href*='#']");
      if (!(link instanceof HTMLAnchorElement) || link.target) return;
      const url = new URL(link.href);
      if (url.origin !== location.origin || url.pathname !== location.pathname) return;
      if (url.search !== location.search) return;
      const target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
      if (!target) return;
      event.preventDefault();
      reveal(target, "smooth");
      history.replaceState(history.state, "", url.hash);
    });
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      // Opened at once, so the browser's own jump already lands on the open answer.
      const details = target?.closest("details");
      if (details) details.open = true;
      window.setTimeout(() => target && reveal(target, "smooth"), o.anchorDelayMs);
    }

    if (o.serviceWorker && "serviceWorker" in navigator) {
      const register = () =>
        navigator.serviceWorker
          .register("/sw.js", { scope: "/", updateViaCache: "none" })
          .catch(() => undefined);
      if (document.readyState === "complete") register();
      else addEventListener("load", register, { once: true });
    }
    html.dataset.enhanced = "true";
  }

  return () => {
    for (const stop of stops) stop();
  };
}

/** The inline script of a static page: `enhance` itself, sent as text and run on the document. */
export function enhanceScript(o: EnhanceOptions): string {
  return `(${enhance.toString()})(document,${JSON.stringify(o)});`;
}

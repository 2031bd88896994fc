// The public site in the bench (issue 19 item 4): which pages, and what a phone's browser sees
// of each: the text above the fold as the HTML alone paints it, and the JavaScript a page loads
// before its load event (decision 157).
import { chromium } from "playwright-core";
import { PHONE_UA } from "./http-load.mjs";
import { CHROMIUM, CHROMIUM_FLAGS } from "./lighthouse.mjs";

/**
 * Every public page of issue 19, signed out. There is no /products index (the spec lists the
 * three product pages), so one product page stands for them; sign-in and sign-up are /auth.
 */
export const PUBLIC_PAGES = [
  { name: "landing", path: "/" },
  { name: "pricing", path: "/pricing" },
  { name: "for-organizations", path: "/for-organizations" },
  { name: "product", path: "/products/wristbands" },
  { name: "about", path: "/about" },
  { name: "blog", path: "/blog" },
  { name: "blog post", path: "/blog/what-to-put-on-your-emergency-card" },
  { name: "legal", path: "/legal/privacy" },
  { name: "how-it-works", path: "/how-it-works" },
  { name: "support", path: "/support" },
  { name: "sign-in", path: "/auth?mode=signin" },
  { name: "sign-up", path: "/auth?mode=signup&plan=free" },
];

/** A file name in build/client for the static twin of a page: <prefix>-<name>.html. */
export function staticNameFor(page, prefix) {
  return `${prefix}-${page.name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}.html`;
}

/** Lighthouse's mobile screen (Moto G Power): what "above the fold" means here. */
export const PHONE_SCREEN = { width: 412, height: 823, deviceScaleFactor: 1.75 };

export async function launchPhoneBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/**
 * The text nodes a phone shows in its first screen when only the HTML and its CSS are there
 * (scripts off: what the first paint can show), as their DOM values in document order. Hidden,
 * zero-size and visually hidden (1 px) text is left out.
 */
export async function aboveTheFoldTexts(browser, url) {
  const context = await browser.newContext({
    viewport: { width: PHONE_SCREEN.width, height: PHONE_SCREEN.height },
    deviceScaleFactor: PHONE_SCREEN.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_UA,
    javaScriptEnabled: false,
  });
  try {
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: "load" });
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
    return await page.evaluate(() => {
      const texts = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      while (walker.nextNode()) {
        const node = walker.currentNode;
        const element = node.parentElement;
        if (!node.nodeValue?.trim() || !element) continue;
        if (element.closest("script, style, template")) continue;
        if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        // Visually hidden text (a 1 px clipped box, as sr-only makes it) is for screen readers.
        let clipped = false;
        for (let e = element; e && !clipped; e = e.parentElement) {
          const box = e.getBoundingClientRect();
          const style = getComputedStyle(e);
          clipped =
            (style.overflow !== "visible" && (box.width <= 1 || box.height <= 1)) ||
            style.clip === "rect(0px, 0px, 0px, 0px)";
        }
        if (clipped) continue;
        range.selectNodeContents(node);
        const onScreen = [...range.getClientRects()].some(
          (r) =>
            r.width > 1 &&
            r.height > 1 &&
            r.bottom > 0 &&
            r.right > 0 &&
            r.top < window.innerHeight &&
            r.left < window.innerWidth,
        );
        if (onScreen) texts.push(node.nodeValue);
      }
      return texts;
    });
  } finally {
    await context.close();
  }
}

/**
 * The JavaScript a page loads before its load event (the page is usable from then on: what
 * needs a script hydrates later), and what it loads in the `afterMs` that follow, in
 * compressed bytes as they came over the wire. Fresh profile, nothing cached.
 */
export async function scriptsBeforeLoad(browser, url, afterMs = 3_000) {
  const context = await browser.newContext({
    viewport: { width: PHONE_SCREEN.width, height: PHONE_SCREEN.height },
    deviceScaleFactor: PHONE_SCREEN.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_UA,
  });
  try {
    const page = await context.newPage();
    const before = [];
    const after = [];
    let loaded = false;
    page.on("requestfinished", (request) => {
      if (request.resourceType() === "script") (loaded ? after : before).push(request);
    });
    page.on("load", () => {
      loaded = true;
    });
    const response = await page.goto(url, { waitUntil: "load" });
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
    await page.waitForTimeout(afterMs);
    const bytes = async (requests) => {
      let total = 0;
      for (const request of requests) {
        const sizes = await request.sizes();
        total += sizes.responseBodySize;
      }
      return total;
    };
    // Inline scripts are in the HTML's bytes; these are the script files.
    return {
      path: new URL(url).pathname + new URL(url).search,
      beforeLoadFiles: before.length,
      beforeLoadBytes: await bytes(before),
      afterLoadFiles: after.length,
      afterLoadBytes: await bytes(after),
    };
  } finally {
    await context.close();
  }
}

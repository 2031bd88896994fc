import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { inject } from "vitest";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const baseURL = () => inject("baseURL");

export interface WatchedPage {
  page: Page;
  /** Console errors, uncaught exceptions and CSP violations seen so far. */
  problems: string[];
}

/** A fresh context and page that records every error the page reports. */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL: baseURL(), ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return { page, problems };
}

/** Waits until React has hydrated the page (links and buttons respond). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const root = document.documentElement as unknown as Record<string, unknown>;
    const body = document.body as unknown as Record<string, unknown>;
    return [root, body].some((el) => Object.keys(el).some((k) => k.startsWith("__react")));
  });
}

// How SafeTap starts Debian's Chromium: the e2e tests (tests/e2e/chromium.ts), the bench's
// Lighthouse runs (scripts/bench/lighthouse.mjs) and the guide's pictures
// (scripts/guide-pictures.mjs). `npx playwright install` cannot download browsers here.

/** Debian's Chromium (`apt-get install chromium`); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless, no sandbox (root in CI), and nothing that reaches the network on its own. */
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

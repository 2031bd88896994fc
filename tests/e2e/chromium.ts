/** How the e2e project starts Chromium (its global setup and tests/e2e/browser.ts). */
export { CHROMIUM_ARGS, CHROMIUM_PATH } from "#scripts/chromium.mjs";

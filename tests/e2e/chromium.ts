/** How the e2e project starts Chromium (its global setup and tests/e2e/browser.ts). */
import { CHROMIUM_ARGS as SAFETAP_CHROMIUM_ARGS } from "#scripts/chromium.mjs";

export { CHROMIUM_PATH } from "#scripts/chromium.mjs";

/**
 * SafeTap's Chromium flags, and one renderer process where Chromium may share one (decision 166).
 * Each test's context otherwise started four: one for its blank first page, one for the site,
 * and a spare made ahead. A renderer's start costs about 0.4 s of CPU on a machine that traps
 * page faults, and the suite opens some 250 contexts. Contexts never share a process, so tests
 * stay apart.
 */
export const CHROMIUM_ARGS = [...SAFETAP_CHROMIUM_ARGS, "--renderer-process-limit=1"];

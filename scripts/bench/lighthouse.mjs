// Lighthouse 12 against Debian's Chromium with its default (mobile) settings:
// Moto G Power emulation, simulated slow 4G and 4x CPU slowdown. Each page is
// run `runs` times and the median run (Lighthouse's own choice) is kept.
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#scripts/chromium.mjs";

/** Debian's Chromium, started as the end-to-end tests start it. */
export const CHROMIUM = CHROMIUM_PATH;
export const CHROMIUM_FLAGS = CHROMIUM_ARGS;
const CATEGORIES = ["performance", "accessibility", "best-practices"];
const score = (lhr, id) => {
  const value = lhr.categories[id]?.score;
  return typeof value === "number" ? Math.round(value * 100) : null;
};

function lcpElement(lhr) {
  const items = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const node = items.flatMap((item) => item.items ?? [item]).find((i) => i.node)?.node;
  return node ? `${node.selector ?? ""} ${node.snippet ?? ""}`.trim().slice(0, 160) : null;
}

export async function runLighthouse(baseUrl, paths, runs) {
  // chrome-launcher reports a missing binary as an unhandled 'error' event.
  await access(CHROMIUM, constants.X_OK).catch(() => {
    throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  });
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const results = [];
    for (const path of paths) {
      const lhrs = [];
      const problems = [];
      // A run that fails to record its trace (NO_NAVSTART and the like, more
      // frequent on a loaded machine) is repeated, up to twice per page.
      for (let attempt = 0; lhrs.length < runs && attempt < runs + 2; attempt++) {
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
        if (lhr.runtimeError) problems.push(lhr.runtimeError.message);
        else lhrs.push(lhr);
      }
      if (lhrs.length === 0) {
        results.push({ path, runs, error: problems.join("; ") });
        continue;
      }
      const lhr = lhrs.length >= 3 ? computeMedianRun(lhrs) : lhrs[0];
      results.push({
        path,
        runs: lhrs.length,
        performance: score(lhr, "performance"),
        accessibility: score(lhr, "accessibility"),
        bestPractices: score(lhr, "best-practices"),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
        fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN),
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? null,
        lighthouseVersion: lhr.lighthouseVersion,
        // Lighthouse's measure of the machine's JavaScript speed (about 1,500 on the desktop its
        // 4x CPU slowdown assumes); decision 166.
        benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN),
        userAgent: lhr.environment?.hostUserAgent,
        lcpElement: lcpElement(lhr),
        // Audits that did not pass, for the report.
        failedAudits: Object.values(lhr.audits)
          .filter(
            (a) =>
              typeof a.score === "number" && a.score < 0.9 && a.scoreDisplayMode !== "informative",
          )
          .map((a) => (a.displayValue ? `${a.id} (${a.displayValue})` : a.id)),
        failedRuns: problems,
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

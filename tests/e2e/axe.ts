import axe from "axe-core";
import type { Page } from "playwright-core";

interface Finding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * axe-core's serious and critical findings for the page as it is now. The
 * library is evaluated through the debugging protocol, so the page's content
 * security policy stays as in production.
 */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

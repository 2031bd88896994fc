import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseURL,
  launchBrowser,
  MOBILE_USER_AGENT,
  mintTag,
  openPage,
  signUpAndOnboard,
  waitForHydration,
} from "./browser.ts";

// Issue 13 item 9: an attacker can no longer spend a tag's whole alert budget
// so that a real finder's press is refused. Under load the card's script
// solves the server's proof of work (ALTCHA) and the press uses the reserve.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A press from a script: another address, the card's own JSON endpoint. */
async function scriptedPress(tagId: string, address: string) {
  const response = await fetch(`${baseURL()}/t/${tagId}/alert`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": MOBILE_USER_AGENT,
      "x-forwarded-for": address,
      accept: "application/json",
    },
    body: new URLSearchParams({ idempotencyKey: crypto.randomUUID() }),
  });
  return { status: response.status, body: (await response.json()) as { reason?: string } };
}

describe("a finder on a tag an attacker is pressing", () => {
  it("still raises the alert from the card's button: the phone does the proof of work", async () => {
    const tag = await mintTag();
    const owner = await openPage(browser);
    await signUpAndOnboard(owner.page, {
      name: "Lee Loaded",
      contacts: [{ name: "Kim", channel: "email", value: `kim-${Date.now()}@example.com` }],
    });
    const claimed = await owner.page.context().request.post(`${baseURL()}/claim/${tag.tagId}`, {
      form: { token: tag.token },
      maxRedirects: 0,
    });
    expect(claimed.status()).toBe(302);

    // The attacker spends everything a script can, from one address.
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await scriptedPress(tag.tagId, "203.0.113.150"));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);

    const finder = await openPage(browser);
    await finder.page.goto(`/t/${tag.tagId}`);
    await waitForHydration(finder.page);
    await finder.page.getByTestId("send-alert").click();
    await finder.page.getByText("Emergency alert sent").waitFor({ timeout: 20_000 });
    expect(finder.problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
  });
});

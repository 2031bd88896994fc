import { afterAll, beforeAll, expect, it } from "vitest";
import { createDispatcher, type Dispatcher } from "#server/alerts/dispatcher.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import {
  eventually,
  ownersOnEveryChannel,
  raiseCardAlerts,
  sendableDeliveries,
} from "./harness.ts";
import {
  duplicates,
  type SmtpPeer,
  startSmtpPeer,
  startTwilioPeer,
  type TwilioPeer,
} from "./peers.ts";

let smtp: SmtpPeer;
let twilio: TwilioPeer;
let app: TestApp;
let dispatcher: Dispatcher;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  twilio = await startTwilioPeer();
  app = await createTestApp({ SMTP_URL: smtp.url, ...twilio.env() });
  dispatcher = createDispatcher(app.services, { intervalMs: 200 });
  app.services.dispatcher = dispatcher;
  dispatcher.start();
});
afterAll(async () => {
  await dispatcher?.stop();
  await app?.close();
  await smtp?.close();
  await twilio?.close();
});

it("providers down for a while, then back, receive every queued message exactly once", async () => {
  // Mail refuses connections; Twilio answers 503 with its error JSON.
  await smtp.setState("refuse");
  await twilio.setState("unavailable");
  const owners = await ownersOnEveryChannel(app.services, 4);
  await raiseCardAlerts(app.services, owners);
  const expected = await sendableDeliveries(app.services);
  // Per owner: email, SMS, WhatsApp, and a voice call to each phone contact (Family).
  expect(expected).toHaveLength(4 * 5);
  const emails = expected.filter((d) => d.channel === "email");

  // Every delivery has been tried and put back for a retry.
  await eventually(
    async () => {
      const rows = await sendableDeliveries(app.services);
      return rows.every((d) => d.status === "pending" && d.attempts >= 1);
    },
    10_000,
    "a failed first attempt of every delivery",
  );
  expect(twilio.refused).toBeGreaterThanOrEqual(expected.length - emails.length);
  expect(smtp.received).toHaveLength(0);
  expect(twilio.received).toHaveLength(0);
  await new Promise((r) => setTimeout(r, 1_500));

  await smtp.setState("up");
  await twilio.setState("up");
  await smtp.waitForKeys(emails.length, 30_000);
  await twilio.waitForKeys(expected.length - emails.length, 30_000);
  await eventually(
    async () => (await sendableDeliveries(app.services)).every((d) => d.status === "sent"),
    10_000,
    "every delivery recorded as sent",
  );
  // Nothing more arrives afterwards.
  await new Promise((r) => setTimeout(r, 1_000));

  const keys = [...smtp.countsByKey().keys(), ...twilio.countsByKey().keys()].sort();
  expect(keys).toEqual(expected.map((d) => d.id).sort());
  expect(duplicates(smtp)).toEqual([]);
  expect(duplicates(twilio)).toEqual([]);
  expect(smtp.received).toHaveLength(emails.length);
  expect(twilio.received.map((r) => r.channel).sort()).toEqual(
    expected
      .filter((d) => d.channel !== "email")
      .map((d) => d.channel)
      .sort(),
  );
  // Retried after backoff, not given up: some took more than one attempt.
  const after = await sendableDeliveries(app.services);
  expect(after.every((d) => d.attempts >= 2)).toBe(true);
});

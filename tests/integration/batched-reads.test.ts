import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findRaisedAlert, raiseAlert } from "#server/alerts/create.ts";
import { alertDeliveries, alerts } from "#server/db/schema.ts";
import { optOutsAmong, recordOptOut } from "#server/domain/opt-outs.ts";
import { loadPublicCard } from "#server/domain/public-card.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";

/**
 * Reads that requests make at once go in one statement (decision 164): the card, the alert an
 * idempotency key raised, the STOPs among an alert's numbers. Asked together, each caller must
 * get exactly what it gets when it asks alone.
 */
let app: TestApp;
let owners: Owner[];

beforeAll(async () => {
  app = await createTestApp();
  const { services } = app;
  owners = [
    await createOwner(services, {
      name: "Ana One",
      contacts: [{ name: "Solo", channel: "email", value: "solo@example.com" }],
    }),
    await createOwner(services, { name: "Bo Two" }),
    await createOwner(services, {
      name: "Cy Three",
      contacts: [
        { name: "First", channel: "email", value: "first@example.com" },
        { name: "Second", channel: "sms", value: "+15550100201" },
        { name: "Third", channel: "whatsapp", value: "+15550100202" },
      ],
    }),
  ];
});
afterAll(() => app?.close());

describe("reads gathered across requests", () => {
  it("cards asked for at once: each its own, as when asked alone", async () => {
    const { services } = app;
    const ids = [
      owners[2]!.tagId,
      "SAFE-NONE-0000",
      owners[0]!.tagId,
      'quote"and\\slash,comma{brace}',
      owners[1]!.tagId,
      owners[2]!.tagId,
    ];
    const alone = [];
    for (const id of ids) alone.push(await loadPublicCard(services, id));
    const together = await Promise.all(ids.map((id) => loadPublicCard(services, id)));
    expect(together).toEqual(alone);
    // What alone means: the right owner and every one of their contacts, in order.
    expect(alone.map((card) => (card.state === "active" ? card.contactCount : card.state))).toEqual(
      [3, "missing", 1, "missing", 2, 3],
    );
    const third = alone[0]!;
    expect(third.state === "active" && third.contacts.map((c) => c.name)).toEqual([
      "First",
      "Second",
      "Third",
    ]);
  });

  it("idempotency keys asked about at once: each press finds its own alert or none", async () => {
    const { services } = app;
    const pressed = [randomUUID(), randomUUID()];
    const raised = [];
    for (const [i, owner] of owners.slice(0, 2).entries()) {
      raised.push(
        await raiseAlert(services, {
          source: "card",
          userId: owner.userId,
          tagId: owner.tagId,
          idempotencyKey: pressed[i]!,
          location: null,
          clientAddress: "203.0.113.9",
        }),
      );
    }
    // A key is scoped by its tag: the first owner's key pressed on the second's card is new.
    const asks = [
      { tagId: owners[1]!.tagId, key: pressed[1]! },
      { tagId: owners[0]!.tagId, key: randomUUID() },
      { tagId: owners[0]!.tagId, key: pressed[0]! },
      { tagId: owners[1]!.tagId, key: pressed[0]! },
    ];
    const found = await Promise.all(
      asks.map((a) =>
        findRaisedAlert(services, { source: "card", tagId: a.tagId, idempotencyKey: a.key }),
      ),
    );
    expect(found.map((f) => f?.alertId ?? null)).toEqual([
      raised[1]!.alertId,
      null,
      raised[0]!.alertId,
      null,
    ]);
  });

  it("STOPs asked for at once: each caller hears only of its own numbers", async () => {
    const { services } = app;
    const key = services.config.dataEncryptionKey;
    await recordOptOut(services.db, key, { family: "sms", number: "+15550100301" }, "STOP");
    await recordOptOut(services.db, key, { family: "sms", number: "+15550100302" }, "STOP");
    const [first, second, third] = await Promise.all([
      optOutsAmong(services.db, key, [
        { channel: "sms", value: "+15550100301" },
        { channel: "sms", value: "+15550100399" },
      ]),
      optOutsAmong(services.db, key, [{ channel: "sms", value: "+15550100302" }]),
      optOutsAmong(services.db, key, [{ channel: "sms", value: "+15550100398" }]),
    ]);
    expect([...first.keys()]).toEqual(["sms:+15550100301"]);
    expect([...second.keys()]).toEqual(["sms:+15550100302"]);
    expect(third.size).toBe(0);
  });

  // Decision 165: the alerts requests record at once (no lock, no toll limit) go in one statement.
  it("alerts recorded at once: each as alone, a key pressed twice once, a queued alert at its time, a bad one failing alone", async () => {
    const { services } = app;
    const [ana, bo] = [owners[0]!, owners[1]!];
    const twice = randomUUID();
    const queuedAt = new Date(Date.now() - 60 * 60_000);
    const press = (
      owner: Owner,
      key: string,
      extra: Partial<Parameters<typeof raiseAlert>[1]> = {},
    ) =>
      raiseAlert(services, {
        source: "card",
        userId: owner.userId,
        tagId: owner.tagId,
        idempotencyKey: key,
        location: null,
        clientAddress: "203.0.113.10",
        ...extra,
      });
    const presses = [
      press(ana, twice),
      press(bo, randomUUID()),
      press(ana, twice),
      press(ana, randomUUID(), { raisedAt: queuedAt }),
      press(ana, randomUUID(), { source: "bogus" as never }),
      press(ana, randomUUID()),
    ];
    const settled = await Promise.allSettled(presses);
    expect(settled.map((r) => r.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    const raised = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    // The key pressed twice raised one alert; both presses answer with it.
    expect(raised[0]!.alertId).toBe(raised[2]!.alertId);
    expect([raised[0]!.created, raised[2]!.created].sort()).toEqual([false, true]);
    expect([raised[1]!, raised[3]!, raised[4]!].every((r) => r.created)).toBe(true);
    const ids = [...new Set(raised.map((r) => r.alertId))];
    const rows = await services.db
      .select({ id: alerts.id, createdAt: alerts.createdAt })
      .from(alerts)
      .where(inArray(alerts.id, ids));
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.id === raised[3]!.alertId)!.createdAt.getTime()).toBe(
      queuedAt.getTime(),
    );
    // Each alert has its own deliveries, once: Ana's alerts reach her one contact, Bo's none.
    const deliveries = await services.db
      .select({ alertId: alertDeliveries.alertId, name: alertDeliveries.contactName })
      .from(alertDeliveries)
      .where(and(inArray(alertDeliveries.alertId, ids), eq(alertDeliveries.kind, "alert")));
    const reached = (id: string) =>
      deliveries.filter((d) => d.alertId === id && d.name === "Solo").length;
    expect(ids.map(reached)).toEqual(ids.map((id) => (id === raised[1]!.alertId ? 0 : 1)));
  });
});

import { describe, expect, it } from "vitest";
import {
  HOLD_MS,
  holdProgress,
  holdSecondsLeft,
  SOS_IDLE,
  type SosHold,
  type SosHoldEvent,
  sosHoldStep,
  UNDO_MS,
  undoSecondsLeft,
} from "./sos-hold.ts";

const run = (events: SosHoldEvent[], from: SosHold = SOS_IDLE) => events.reduce(sosHoldStep, from);

describe("SOS: hold 5 seconds to send", () => {
  it("a 5-second hold arms the SOS and opens the 3-second undo", () => {
    const state = run([
      { type: "press", at: 1_000 },
      { type: "tick", at: 3_000 },
      { type: "tick", at: 6_000 },
    ]);
    expect(state).toEqual({ phase: "undo", since: 6_000 });
  });

  it("letting go after 2 seconds sends nothing and says 'Hold for 5 seconds to send'", () => {
    const state = run([
      { type: "press", at: 0 },
      { type: "tick", at: 2_000 },
      { type: "let-go", at: 2_000 },
    ]);
    expect(state).toEqual({ phase: "idle", early: true });
    // Later ticks change nothing: the hold is over.
    expect(run([{ type: "tick", at: 60_000 }], state)).toEqual(state);
  });

  it("letting go at 4.99 s is still too early", () => {
    expect(
      run([
        { type: "press", at: 0 },
        { type: "let-go", at: HOLD_MS - 10 },
      ]),
    ).toEqual({ phase: "idle", early: true });
  });

  it("a let-go that arrives after 5 s (the timer was late) counts as a full hold", () => {
    expect(
      run([
        { type: "press", at: 0 },
        { type: "let-go", at: HOLD_MS + 200 },
      ]),
    ).toEqual({ phase: "undo", since: HOLD_MS + 200 });
  });

  it("a new press clears the early hint; a second press while holding changes nothing", () => {
    const early = run([
      { type: "press", at: 0 },
      { type: "let-go", at: 500 },
    ]);
    const again = run(
      [
        { type: "press", at: 1_000 },
        { type: "press", at: 1_500 },
      ],
      early,
    );
    expect(again).toEqual({ phase: "holding", since: 1_000 });
  });

  it("the ring fills over 5 seconds and empties on release", () => {
    const holding = run([{ type: "press", at: 1_000 }]);
    expect(holdProgress(holding, 1_000)).toBe(0);
    expect(holdProgress(holding, 3_500)).toBe(0.5);
    expect(holdProgress(holding, 9_000)).toBe(1);
    expect(holdSecondsLeft(holding, 1_000)).toBe(5);
    expect(holdSecondsLeft(holding, 4_900)).toBe(2);
    expect(holdSecondsLeft(holding, 5_999)).toBe(1);
    const released = run([{ type: "let-go", at: 2_000 }], holding);
    expect(holdProgress(released, 2_000)).toBe(0);
    expect(holdSecondsLeft(released, 2_000)).toBe(0);
  });
});

describe("SOS: 3 seconds to undo before anything is sent", () => {
  const armed = run([
    { type: "press", at: 0 },
    { type: "tick", at: HOLD_MS },
  ]);

  it("counts 3, 2, 1 and then releases the SOS", () => {
    expect(undoSecondsLeft(armed, HOLD_MS)).toBe(3);
    expect(undoSecondsLeft(armed, HOLD_MS + 1_500)).toBe(2);
    expect(undoSecondsLeft(armed, HOLD_MS + 2_999)).toBe(1);
    expect(run([{ type: "tick", at: HOLD_MS + UNDO_MS - 1 }], armed).phase).toBe("undo");
    expect(run([{ type: "tick", at: HOLD_MS + UNDO_MS }], armed)).toEqual({ phase: "release" });
  });

  it("Undo inside the 3 seconds goes back to the start, with nothing to send", () => {
    const undone = run(
      [
        { type: "tick", at: HOLD_MS + 2_000 },
        { type: "undo" },
        { type: "tick", at: HOLD_MS + 10_000 },
      ],
      armed,
    );
    expect(undone).toEqual(SOS_IDLE);
  });

  it("letting go of the button during the undo neither sends nor undoes", () => {
    expect(run([{ type: "let-go", at: HOLD_MS + 100 }], armed)).toEqual(armed);
  });

  it("Undo after the release is too late: the SOS is already on its way", () => {
    const released = run([{ type: "tick", at: HOLD_MS + UNDO_MS }], armed);
    expect(run([{ type: "undo" }], released)).toEqual({ phase: "release" });
    expect(run([{ type: "reset" }], released)).toEqual(SOS_IDLE);
  });
});

describe("SOS without holding (the accessible alternative)", () => {
  it("asks for one confirming tap, then the same 3-second undo", () => {
    const asked = run([{ type: "ask" }]);
    expect(asked).toEqual({ phase: "confirming" });
    const confirmed = run([{ type: "confirm", at: 7_000 }], asked);
    expect(confirmed).toEqual({ phase: "undo", since: 7_000 });
    expect(run([{ type: "tick", at: 10_000 }], confirmed)).toEqual({ phase: "release" });
  });

  it("Back leaves the question without sending; a confirm without the question does nothing", () => {
    expect(run([{ type: "ask" }, { type: "back" }])).toEqual(SOS_IDLE);
    expect(run([{ type: "confirm", at: 1 }])).toEqual(SOS_IDLE);
  });

  it("the hold button does nothing while the question is open", () => {
    expect(run([{ type: "ask" }, { type: "press", at: 0 }, { type: "tick", at: 9_000 }])).toEqual({
      phase: "confirming",
    });
  });
});

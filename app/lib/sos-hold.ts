/**
 * The SOS button's hold and undo (docs/decisions/151): hold 5 seconds (or ask
 * to send without holding and confirm with one tap), then 3 seconds to undo,
 * and only then is the SOS released to be sent. Pure: the page feeds it
 * events with the time they happened and draws what it answers.
 */

/** How long the button is held before an SOS is armed. */
export const HOLD_MS = 5_000;
/** How long "Sending in 3… Undo" lasts before anything leaves the phone. */
export const UNDO_MS = 3_000;

export type SosHold =
  /** `early`: the last hold was let go too soon ("Hold for 5 seconds to send"). */
  | { phase: "idle"; early: boolean }
  | { phase: "holding"; since: number }
  /** The accessible alternative: one confirming tap instead of holding. */
  | { phase: "confirming" }
  | { phase: "undo"; since: number }
  /** The undo window has passed: the page sends now. */
  | { phase: "release" };

export type SosHoldEvent =
  | { type: "press"; at: number }
  | { type: "let-go"; at: number }
  | { type: "tick"; at: number }
  | { type: "ask" }
  | { type: "confirm"; at: number }
  | { type: "back" }
  | { type: "undo" }
  | { type: "reset" };

export const SOS_IDLE: SosHold = { phase: "idle", early: false };

export function sosHoldStep(state: SosHold, event: SosHoldEvent): SosHold {
  switch (event.type) {
    case "reset":
      return SOS_IDLE;
    case "press":
      return state.phase === "idle" ? { phase: "holding", since: event.at } : state;
    case "let-go":
      if (state.phase !== "holding") return state;
      // A let-go that arrives after the hold was complete (a late timer) still counts.
      return event.at - state.since >= HOLD_MS
        ? { phase: "undo", since: event.at }
        : { phase: "idle", early: true };
    case "tick":
      if (state.phase === "holding" && event.at - state.since >= HOLD_MS) {
        // The undo counts from when the phone noticed, so a slow timer never shortens it.
        return { phase: "undo", since: event.at };
      }
      if (state.phase === "undo" && event.at - state.since >= UNDO_MS) return { phase: "release" };
      return state;
    case "ask":
      return state.phase === "idle" ? { phase: "confirming" } : state;
    case "confirm":
      return state.phase === "confirming" ? { phase: "undo", since: event.at } : state;
    case "back":
      return state.phase === "confirming" ? SOS_IDLE : state;
    case "undo":
      return state.phase === "undo" ? SOS_IDLE : state;
  }
}

/** How full the hold ring is, 0 to 1; 0 whenever the button is not held. */
export function holdProgress(state: SosHold, now: number): number {
  if (state.phase === "holding") return Math.min(1, Math.max(0, (now - state.since) / HOLD_MS));
  return state.phase === "undo" || state.phase === "release" ? 1 : 0;
}

/** Whole seconds still to hold (5 … 1), or 0 when not holding. */
export function holdSecondsLeft(state: SosHold, now: number): number {
  if (state.phase !== "holding") return 0;
  return Math.max(1, Math.ceil((HOLD_MS - (now - state.since)) / 1000));
}

/** Whole seconds left to undo (3 … 1), or 0 outside the undo window. */
export function undoSecondsLeft(state: SosHold, now: number): number {
  if (state.phase !== "undo") return 0;
  return Math.max(1, Math.ceil((UNDO_MS - (now - state.since)) / 1000));
}

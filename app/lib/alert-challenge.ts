import { solveChallenge } from "altcha-lib/v1";

/**
 * The proof of work a card asks for when its tag is under load (decision
 * 111): an ALTCHA challenge made by our own server, solved here with
 * altcha-lib (WebCrypto SHA-256; well under a second on a phone). Used by the
 * page and the service worker alike, through the alert queue's sender.
 */
export interface AlertChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

export function isAlertChallenge(value: unknown): value is AlertChallenge {
  const c = value as Record<string, unknown> | null;
  return (
    typeof c === "object" &&
    c !== null &&
    typeof c.algorithm === "string" &&
    typeof c.challenge === "string" &&
    typeof c.salt === "string" &&
    typeof c.signature === "string"
  );
}

/** The `altcha` form field proving the work, or null when no solution was found. */
export async function solveAlertChallenge(challenge: AlertChallenge): Promise<string | null> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) return null;
  return btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  );
}

import { solveChallenge } from "altcha-lib/v1";

export type AltchaChallenge = {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
};

/** What the card's script does with a challenge: the work, as altcha-lib's widget would. */
export async function proofFor(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  return Buffer.from(
    JSON.stringify({ ...challenge, maxnumber: undefined, number: solution!.number }),
  ).toString("base64");
}

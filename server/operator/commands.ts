import { z } from "zod";
import { PLAN_IDS } from "#core/plans.ts";
import { PRODUCTS } from "#core/tag-ids.ts";
import type { Config } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";
import { setExtraSeats } from "#server/domain/households.ts";
import { MAX_MINT_BATCH, mintedTagsCsv, mintTags } from "#server/domain/tags.ts";
import { grantRole, ROLES, setUserPlan } from "#server/domain/users.ts";

/** The most extra seats an admin may give one household (a typo guard, not a plan limit). */
export const MAX_EXTRA_SEATS = 100;

/**
 * Operator commands, shared by the `safetap` command line (directly against the
 * database) and the running server (when the embedded database is in use and
 * the command line must not open it a second time).
 */
export const operatorCommandSchema = z.discriminatedUnion("command", [
  z.object({
    command: z.literal("tags.mint"),
    product: z.enum(PRODUCTS),
    count: z.number().int().min(1).max(MAX_MINT_BATCH),
  }),
  z.object({
    command: z.literal("users.set-plan"),
    identifier: z.string().trim().min(1).max(255),
    plan: z.enum(PLAN_IDS),
  }),
  z.object({
    command: z.literal("households.seats"),
    /** The household's owner: email address, phone number or user id. */
    identifier: z.string().trim().min(1).max(255),
    extra: z.number().int().min(0).max(MAX_EXTRA_SEATS),
  }),
  z.object({
    command: z.literal("users.grant-role"),
    identifier: z.string().trim().min(1).max(255),
    role: z.enum(ROLES),
  }),
]);

export type OperatorCommand = z.infer<typeof operatorCommandSchema>;

/** Runs a command and returns what the command line prints. */
export async function runOperatorCommand(
  deps: { db: Executor; config: Config },
  command: OperatorCommand,
): Promise<string> {
  switch (command.command) {
    case "tags.mint": {
      const { tags } = await mintTags(deps.db, {
        product: command.product,
        count: command.count,
        masterKey: deps.config.dataEncryptionKey,
        publicUrl: deps.config.publicUrl,
      });
      return mintedTagsCsv(tags);
    }
    case "users.set-plan": {
      const result = await setUserPlan(deps.db, command.identifier, command.plan);
      return `Plan of ${result.account} set to ${result.plan}\n`;
    }
    case "households.seats": {
      const result = await setExtraSeats(deps.db, command.identifier, command.extra);
      return `Extra seats of ${result.owner}'s household set to ${result.extraSeats}\n`;
    }
    case "users.grant-role": {
      const result = await grantRole(deps.db, command.identifier, command.role);
      return `Role ${result.role} granted to ${result.account}\n`;
    }
  }
}

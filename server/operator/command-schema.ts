// What an operator command may say, shared by the `safetap` command line and the running
// server's operator endpoint. Kept apart from the commands themselves (./commands.ts) so the
// command line checks its arguments and hands them to a running server without loading the
// database and domain code.
import { z } from "zod";
import { ORG_PRESETS } from "#core/organizations.ts";
import { PLAN_IDS } from "#core/plans.ts";
import { ROLES } from "#core/roles.ts";
import { MAX_MINT_BATCH, PRODUCTS } from "#core/tag-ids.ts";

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
    /** The organisation the batch is for (its slug); its admins assign the tags. */
    org: z.string().trim().min(3).max(48).optional(),
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
  z.object({
    command: z.literal("orgs.create"),
    name: z.string().trim().min(2).max(100),
    slug: z.string().trim().min(3).max(48),
    preset: z.enum(ORG_PRESETS),
  }),
]);

export type OperatorCommand = z.infer<typeof operatorCommandSchema>;

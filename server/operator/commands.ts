import { ORG_PRESETS } from "#core/organizations.ts";
import { type Auth, createAuth } from "#server/auth/auth.ts";
import type { Config } from "#server/config.ts";
import { createFieldCipher } from "#server/crypto.ts";
import type { Database } from "#server/db/client.ts";
import { setExtraSeats } from "#server/domain/households.ts";
import { previewImport, runImport } from "#server/domain/org-import.ts";
import {
  describeFileProblem,
  describeProblem,
  importTranslator,
} from "#server/domain/org-import-text.ts";
import { mintTagsFor } from "#server/domain/org-tags.ts";
import { createOrganization, findOrganizationBySlug } from "#server/domain/organizations.ts";
import { mintedTagsCsv } from "#server/domain/tags.ts";
import { grantRole, setUserPlan } from "#server/domain/users.ts";
import { createLogger, type Logger } from "#server/logger.ts";
import { databaseRateLimiter } from "#server/security/rate-limit.ts";
import type { OperatorCommand } from "./command-schema.ts";

/** Why an organisation could not be created, as the command line says it. */
const ORG_REFUSALS = {
  invalid_name: "The name must be 2 to 100 characters, without < or >",
  invalid_slug:
    "The slug must be 3 to 48 lower-case letters, digits and single hyphens, starting and ending with a letter or digit",
  slug_taken: "An organisation with that slug already exists",
  slug_reserved: "That slug is a page of SafeTap's own: choose another",
  invalid_preset: `The preset must be one of ${ORG_PRESETS.join(", ")}`,
} as const;

export class OperatorRefusal extends Error {}

/** Runs a command and returns what the command line prints. */
export async function runOperatorCommand(
  deps: { db: Database; config: Config; logger?: Logger; auth?: Auth },
  command: OperatorCommand,
): Promise<string> {
  switch (command.command) {
    case "tags.mint": {
      const minted = await mintTagsFor(
        {
          db: deps.db,
          config: deps.config,
          logger: deps.logger ?? createLogger({ level: "warn", name: "safetap" }),
        },
        { product: command.product, count: command.count, orgSlug: command.org ?? null },
      );
      if (!minted.ok) throw new OperatorRefusal(`No organisation has the slug "${command.org}"`);
      return mintedTagsCsv(minted.tags);
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
    case "orgs.create": {
      const auth = deps.auth ?? createAuth({ db: deps.db, config: deps.config });
      const result = await createOrganization(
        {
          db: deps.db,
          auth,
          logger: deps.logger ?? createLogger({ level: "warn", name: "safetap" }),
        },
        { name: command.name, slug: command.slug, preset: command.preset },
      );
      if (!result.ok) throw new OperatorRefusal(ORG_REFUSALS[result.reason]);
      const { organization } = result;
      return `Organisation ${organization.name} created: /org/${organization.slug} (${organization.preset})\n`;
    }
  }
}

/** What `safetap members import` prints: one summary line, the rejections, its exit code. */
export interface MembersImportOutcome {
  /** `N created, N updated, N unchanged, N rejected`; null when the file was refused whole. */
  summary: string | null;
  /** One line per problem (a rejected row's, or the file's), for standard error. */
  errors: string[];
  /** 0 when every row was imported or unchanged, 1 when any row (or the file) was refused. */
  exitCode: number;
}

/**
 * `safetap members import FILE --org SLUG` (decision 136): the page's preview and import in one
 * go, importing the clean rows. The command runs as SafeTap's operator (no user: the
 * organisation's log says so); messages are in English, as the command line's are.
 */
export async function runMembersImport(
  deps: { db: Database; config: Config; logger?: Logger },
  input: { org: string; fileName: string; bytes: Buffer },
): Promise<MembersImportOutcome> {
  const org = await findOrganizationBySlug(deps.db, input.org);
  if (!org) throw new OperatorRefusal(`No organisation at /org/${input.org}`);
  const services = {
    db: deps.db,
    config: deps.config,
    logger: deps.logger ?? createLogger({ level: "warn", name: "safetap" }),
    cipher: createFieldCipher(deps.config.dataEncryptionKey),
    // Confirmation requests' ceilings (decision 148), counted in the database the server shares.
    limiter: databaseRateLimiter(deps.db),
  };
  const t = importTranslator("en");
  const preview = await previewImport(services, org, null, {
    name: input.fileName,
    bytes: input.bytes,
  });
  if (!preview.ok) {
    return {
      summary: null,
      errors: preview.problems.map((p) => `${input.fileName}: ${describeFileProblem(t, p)}`),
      exitCode: 1,
    };
  }
  const result = await runImport(services, org, null, preview.importId, "clean");
  if (!result.ok) throw new Error(`The import could not run: ${result.reason}`);
  const { counts, rejected } = result.summary;
  return {
    summary: `${counts.new} created, ${counts.changed} updated, ${counts.unchanged} unchanged, ${counts.rejected} rejected`,
    errors: rejected.flatMap((r) =>
      r.problems.map((p) => `row ${r.row}, ${describeProblem(t, p)}`),
    ),
    exitCode: counts.rejected > 0 ? 1 : 0,
  };
}

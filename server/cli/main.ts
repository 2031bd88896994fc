import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { ORG_SLUG } from "#core/organizations.ts";
import { type Config, ConfigError, loadConfig, loadDotEnv } from "#server/config.ts";
import { DatabaseLockedError, embeddedLockHolder } from "#server/db/embedded-lock.ts";
import type { ExportBreak, ExportCheck } from "#server/domain/audit-export.ts";
import { type OperatorCommand, operatorCommandSchema } from "#server/operator/command-schema.ts";
import type { MembersImportOutcome } from "#server/operator/commands.ts";

// A command given to a running server loads only what checks it and sends it; the database, the
// domain code and the import's rules are loaded when the command runs here (`local`). Loading
// them all made every command 2.4 s (3.8 s of CPU), now 0.9 s (1.2 s) through a running server:
// paid on every tag an operator's script or a test mints.
const local = () =>
  Promise.all([
    import("#server/db/client.ts"),
    import("#server/logger.ts"),
    import("#server/operator/commands.ts"),
  ]).then(([client, logger, commands]) => ({ ...client, ...logger, ...commands }));
const importRules = () => import("#core/org-import.ts");

export const USAGE = `Usage: safetap <command>

Commands:
  tags mint --product wristband|card|keychain|sticker --count N [--org SLUG]
      Create N unclaimed tags; prints CSV: tag_id,activation_token,card_url
      With --org, the batch belongs to that organisation: its admins assign the tags
  users set-plan IDENTIFIER free|pro|family|enterprise
      Set a user's plan (IDENTIFIER: email address, phone number in +E.164 form, or user id)
  users grant-role IDENTIFIER admin|moderator
      Give a user a role
  households seats --owner IDENTIFIER --extra N
      Set the seats a Family household has beyond its plan's 5 (each adds 50 shared alerts)
  orgs create --name NAME --slug SLUG --preset school|workplace|healthcare|events|other
      Create an organisation (its page is /org/SLUG); invite its admins from there or /admin
  members import FILE --org SLUG
      Add or update an organisation's people from a CSV file in its preset's template (as
      /org/SLUG/members/import does) and import the clean rows. Prints one line,
      "N created, N updated, N unchanged, N rejected", then each rejected row's problems on
      standard error; exits 1 when any row (or the whole file) was refused
  audit verify FILE
      Check an organisation's log export (/org/SLUG/log/export.jsonl) on its own, without a
      server or database: prints "intact: N entries, last hash H" and exits 0, or
      "broken at entry N (why)" and exits 1

Works on the configured database (DATABASE_URL, else the embedded one in DATA_DIR).
While a SafeTap server holds the embedded database, commands run through that server.
`;

class UsageError extends Error {}

function flagValue(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith("--")) throw new UsageError(`${name} needs a value`);
  return value;
}

/** `members import`: the file is read here and sent, never named to the server. */
export interface MembersImportCommand {
  command: "members.import";
  file: string;
  org: string;
}

export type CliCommand = OperatorCommand | MembersImportCommand;

function parseMembersImport(rest: string[]): MembersImportCommand {
  const known = new Set(["--org"]);
  const unknown = rest.find((arg) => arg.startsWith("--") && !known.has(arg));
  if (unknown) throw new UsageError(`Unknown option ${unknown}`);
  const org = flagValue(rest, "--org");
  const files = rest.filter((arg, i) => arg !== "--org" && rest[i - 1] !== "--org");
  if (org === undefined || files.length !== 1) {
    throw new UsageError("members import takes FILE and --org SLUG");
  }
  if (!ORG_SLUG.test(org)) throw new UsageError(`org: "${org}" is not an organisation's slug`);
  return { command: "members.import", file: files[0]!, org };
}

/** Turns the words of the command line into a validated command. */
export function parseCommand(argv: string[]): CliCommand {
  const [group, action, ...rest] = argv;
  let candidate: Record<string, unknown>;
  if (group === "members" && action === "import") {
    return parseMembersImport(rest);
  }
  if (group === "tags" && action === "mint") {
    const known = new Set(["--product", "--count", "--org"]);
    const unknown = rest.filter((arg, i) => arg.startsWith("--") && !known.has(arg) && i % 2 === 0);
    if (unknown.length) throw new UsageError(`Unknown option ${unknown[0]}`);
    const org = flagValue(rest, "--org");
    if (rest.length !== (org === undefined ? 4 : 6)) {
      throw new UsageError("tags mint takes --product and --count, and optionally --org");
    }
    const count = flagValue(rest, "--count");
    candidate = {
      command: "tags.mint",
      product: flagValue(rest, "--product"),
      count: count !== undefined && /^\d+$/.test(count) ? Number(count) : count,
      ...(org === undefined ? {} : { org }),
    };
  } else if (group === "households" && action === "seats") {
    const known = new Set(["--owner", "--extra"]);
    const unknown = rest.filter((arg, i) => arg.startsWith("--") && !known.has(arg) && i % 2 === 0);
    if (unknown.length) throw new UsageError(`Unknown option ${unknown[0]}`);
    if (rest.length !== 4) throw new UsageError("households seats takes --owner and --extra");
    const extra = flagValue(rest, "--extra");
    candidate = {
      command: "households.seats",
      identifier: flagValue(rest, "--owner"),
      extra: extra !== undefined && /^\d+$/.test(extra) ? Number(extra) : extra,
    };
  } else if (group === "orgs" && action === "create") {
    const known = new Set(["--name", "--slug", "--preset"]);
    const unknown = rest.filter((arg, i) => arg.startsWith("--") && !known.has(arg) && i % 2 === 0);
    if (unknown.length) throw new UsageError(`Unknown option ${unknown[0]}`);
    if (rest.length !== 6) throw new UsageError("orgs create takes --name, --slug and --preset");
    candidate = {
      command: "orgs.create",
      name: flagValue(rest, "--name"),
      slug: flagValue(rest, "--slug"),
      preset: flagValue(rest, "--preset"),
    };
  } else if (group === "users" && (action === "set-plan" || action === "grant-role")) {
    if (rest.length !== 2) throw new UsageError(`users ${action} takes IDENTIFIER and a value`);
    candidate =
      action === "set-plan"
        ? { command: "users.set-plan", identifier: rest[0], plan: rest[1] }
        : { command: "users.grant-role", identifier: rest[0], role: rest[1] };
  } else {
    throw new UsageError(group ? `Unknown command: ${argv.join(" ")}` : "No command given");
  }
  const parsed = operatorCommandSchema.safeParse(candidate);
  if (!parsed.success) {
    throw new UsageError(
      parsed.error.issues.map((i) => `${i.path.join(".") || "arguments"}: ${i.message}`).join("\n"),
    );
  }
  return parsed.data;
}

interface OperatorEndpoint {
  pid: number;
  url: string;
  token: string;
}

function runningServer(config: Config): OperatorEndpoint | null {
  const file = path.join(config.dataDir, "server.json");
  if (!existsSync(file)) return null;
  try {
    const endpoint = JSON.parse(readFileSync(file, "utf8")) as OperatorEndpoint;
    process.kill(endpoint.pid, 0);
    return endpoint;
  } catch {
    return null; // stale file from a server that is gone
  }
}

async function runThroughServer(endpoint: OperatorEndpoint, command: OperatorCommand) {
  const response = await fetch(`${endpoint.url}/internal/operator/run`, {
    method: "POST",
    headers: { authorization: `Bearer ${endpoint.token}`, "content-type": "application/json" },
    body: JSON.stringify(command),
  });
  const body = (await response.json().catch(() => ({}))) as { output?: string; error?: string };
  if (!response.ok) throw new Error(body.error ?? `The server answered ${response.status}`);
  return body.output ?? "";
}

async function runDirectly(config: Config, command: OperatorCommand) {
  const { createLogger, openDatabase, runOperatorCommand } = await local();
  const logger = createLogger({ level: "warn", name: "safetap-cli" });
  const database = await openDatabase(config, logger);
  try {
    await database.migrate();
    return await runOperatorCommand({ db: database.db, config, logger }, command);
  } finally {
    await database.close();
  }
}

/** The file to import, refused before it is read when it is over the import's byte cap. */
async function readImportFile(file: string): Promise<Buffer> {
  const { IMPORT_MAX_BYTES } = await importRules();
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new Error(`Cannot read ${file}: no such file`);
  }
  if (size > IMPORT_MAX_BYTES) {
    throw new Error(
      `${file} is larger than ${IMPORT_MAX_BYTES / (1024 * 1024)} MB: split it into smaller files`,
    );
  }
  return readFileSync(file);
}

async function importThroughServer(
  endpoint: OperatorEndpoint,
  command: MembersImportCommand,
  bytes: Buffer,
): Promise<MembersImportOutcome> {
  const { OPERATOR_IMPORT_PATH } = await importRules();
  const query = new URLSearchParams({ org: command.org, name: path.basename(command.file) });
  const response = await fetch(`${endpoint.url}${OPERATOR_IMPORT_PATH}?${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${endpoint.token}`, "content-type": "text/csv" },
    body: new Uint8Array(bytes),
  });
  const body = (await response.json().catch(() => ({}))) as MembersImportOutcome & {
    error?: string;
  };
  if (!response.ok) throw new Error(body.error ?? `The server answered ${response.status}`);
  return body;
}

async function importDirectly(config: Config, command: MembersImportCommand, bytes: Buffer) {
  const { createLogger, openDatabase, runMembersImport } = await local();
  const logger = createLogger({ level: "warn", name: "safetap-cli" });
  const database = await openDatabase(config, logger);
  try {
    await database.migrate();
    return await runMembersImport(
      { db: database.db, config, logger },
      { org: command.org, fileName: path.basename(command.file), bytes },
    );
  } finally {
    await database.close();
  }
}

/** Where a command runs: through the server holding the embedded database, or directly. */
async function dispatch<T>(
  config: Config,
  throughServer: (endpoint: OperatorEndpoint) => Promise<T>,
  directly: () => Promise<T>,
): Promise<T> {
  if (config.database.kind !== "pglite") return directly();
  const endpoint = runningServer(config);
  if (endpoint) return throughServer(endpoint);
  const holder = embeddedLockHolder(config.database.dataDir);
  if (holder !== null) throw new DatabaseLockedError(`${config.database.dataDir}.lock`, holder);
  return directly();
}

/** Why an export does not hold, as the command prints it. */
const EXPORT_BREAKS: Record<ExportBreak, string> = {
  hash_mismatch: "the entry was changed: its hash does not match its contents",
  prev_mismatch: "the entry does not follow the one before it",
  gap: "an entry is missing or out of order here",
  not_an_export: "the first line is not a SafeTap audit export header",
  unreadable: "the line is not a complete log entry",
  other_organization: "the entry belongs to another organisation",
  count_mismatch: "the file holds a different number of entries than its header says",
};

/** The command's answer for an export, in one line. */
export function describeExportCheck(check: ExportCheck): string {
  const org = check.organization
    ? ` (organisation "${check.organization.name}", ${check.organization.slug})`
    : "";
  return check.ok
    ? `intact: ${check.entries} entries, last hash ${check.lastHash}${org}`
    : `broken at entry ${check.brokenAt} (${EXPORT_BREAKS[check.reason]})${org}`;
}

/** `safetap audit verify FILE`: reads the file line by line, needs no configuration. */
async function auditVerify(rest: string[]): Promise<number> {
  if (rest.length !== 1 || rest[0]!.startsWith("--")) {
    process.stderr.write(`audit verify takes FILE\n\n${USAGE}`);
    return 2;
  }
  const file = rest[0]!;
  if (!existsSync(file) || !statSync(file).isFile()) {
    process.stderr.write(`Cannot read ${file}: no such file\n`);
    return 1;
  }
  const { verifyExport } = await import("#server/domain/audit-export.ts");
  const reader = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  const check = await verifyExport(reader);
  reader.close();
  process.stdout.write(`${describeExportCheck(check)}\n`);
  return check.ok ? 0 : 1;
}

export async function run(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === "help" || argv.includes("--help") || argv.includes("-h")) {
    (argv.length === 0 ? process.stderr : process.stdout).write(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  if (argv[0] === "audit" && argv[1] === "verify") return auditVerify(argv.slice(2));
  let command: CliCommand;
  let config: Config;
  try {
    command = parseCommand(argv);
    loadDotEnv();
    config = loadConfig();
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  try {
    if (command.command === "members.import") {
      const bytes = await readImportFile(command.file);
      const importing = command;
      const outcome = await dispatch(
        config,
        (endpoint) => importThroughServer(endpoint, importing, bytes),
        () => importDirectly(config, importing, bytes),
      );
      if (outcome.summary !== null) process.stdout.write(`${outcome.summary}\n`);
      for (const line of outcome.errors) process.stderr.write(`${line}\n`);
      return outcome.exitCode;
    }
    const operatorCommand = command;
    const output = await dispatch(
      config,
      (endpoint) => runThroughServer(endpoint, operatorCommand),
      () => runDirectly(config, operatorCommand),
    );
    process.stdout.write(output);
    return 0;
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      process.stderr.write(
        `${error.message}\nStop that process, or run this command while the SafeTap server is up so it can run it for you.\n`,
      );
      return 1;
    }
    if (error instanceof Error) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

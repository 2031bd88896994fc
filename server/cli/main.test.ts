import { afterEach, describe, expect, it, vi } from "vitest";
import { parseCommand, run } from "./main.ts";

describe("safetap households seats", () => {
  it("reads --owner and --extra in either order", () => {
    expect(parseCommand(["households", "seats", "--owner", "a@b.co", "--extra", "2"])).toEqual({
      command: "households.seats",
      identifier: "a@b.co",
      extra: 2,
    });
    expect(
      parseCommand(["households", "seats", "--extra", "0", "--owner", "+447700900123"]),
    ).toEqual({ command: "households.seats", identifier: "+447700900123", extra: 0 });
  });

  it.each([
    [["households", "seats", "--owner", "a@b.co"], "households seats takes --owner and --extra"],
    [["households", "seats", "--owner", "a@b.co", "--extra", "two"], "extra"],
    [["households", "seats", "--owner", "a@b.co", "--extra", "-1"], "extra"],
    [["households", "seats", "--owner", "a@b.co", "--extra", "101"], "extra"],
    [["households", "seats", "--owner", "a@b.co", "--seats", "1"], "Unknown option --seats"],
  ])("refuses %j", (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(message);
  });
});

describe("safetap tags mint --org", () => {
  it("mints for an organisation when --org names one, in any order", () => {
    expect(
      parseCommand([
        "tags",
        "mint",
        "--org",
        "hillside",
        "--product",
        "wristband",
        "--count",
        "30",
      ]),
    ).toEqual({ command: "tags.mint", product: "wristband", count: 30, org: "hillside" });
    expect(parseCommand(["tags", "mint", "--product", "card", "--count", "2"])).toEqual({
      command: "tags.mint",
      product: "card",
      count: 2,
    });
  });

  it.each([
    [["tags", "mint", "--product", "card", "--count", "2", "--org"], "--org needs a value"],
    [["tags", "mint", "--product", "card", "--count", "2", "--org", "x"], "org"],
    [["tags", "mint", "--product", "card", "--count", "2", "--school", "x"], "Unknown option"],
  ])("refuses %j", (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(message);
  });
});

describe("safetap members import", () => {
  it("reads FILE and --org in either order", () => {
    expect(parseCommand(["members", "import", "a.csv", "--org", "oak-school"])).toEqual({
      command: "members.import",
      file: "a.csv",
      org: "oak-school",
    });
    expect(parseCommand(["members", "import", "--org", "oak-school", "b.csv"])).toEqual({
      command: "members.import",
      file: "b.csv",
      org: "oak-school",
    });
  });

  it.each([
    [["members", "import", "a.csv"], "members import takes FILE and --org SLUG"],
    [["members", "import", "--org", "oak-school"], "members import takes FILE and --org SLUG"],
    [["members", "import", "a.csv", "b.csv", "--org", "oak"], "members import takes FILE"],
    [["members", "import", "a.csv", "--org", "Oak School"], "is not an organisation's slug"],
    [["members", "import", "a.csv", "--org", "oak", "--dry-run"], "Unknown option --dry-run"],
    [["members", "import", "a.csv", "--org"], "--org needs a value"],
  ])("refuses %j", (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(message);
  });
});

/** Runs the command line in this process, keeping what it writes to stdout and stderr. */
async function runCaptured(argv: string[]) {
  const out = { stdout: "", stderr: "" };
  for (const name of ["stdout", "stderr"] as const) {
    vi.spyOn(process[name], "write").mockImplementation((chunk) => {
      out[name] += String(chunk);
      return true;
    });
  }
  const code = await run(argv);
  vi.restoreAllMocks();
  return { code, ...out };
}

describe("safetap with bad arguments", () => {
  afterEach(() => vi.restoreAllMocks());

  // Refused before any configuration or database is read; tests/integration/cli.test.ts runs
  // one of these through bin/safetap.mjs, as an operator would.
  it.each([
    [["tags", "mint", "--product", "bracelet", "--count", "3"], "product"],
    [["tags", "mint", "--product", "card", "--count", "0"], "count"],
    [["tags", "mint", "--product", "card", "--count", "three"], "count"],
    [["tags", "mint", "--product", "card"], "tags mint takes --product and --count"],
    [["tags", "mint", "--product", "card", "--count"], "tags mint takes --product and --count"],
    [["tags", "mint", "--product", "card", "--size", "3"], "Unknown option --size"],
    [["tags", "burn"], "Unknown command: tags burn"],
    [["users", "set-plan", "a@b.c", "platinum"], "plan"],
    [["users", "set-plan", "a@b.c"], "users set-plan takes IDENTIFIER and a value"],
    [["users", "grant-role", "a@b.c", "root"], "role"],
    [["orgs", "create", "--name", "Acme", "--slug", "acme"], "orgs create takes"],
    [["audit", "verify"], "audit verify takes FILE"],
    [["audit", "verify", "a.jsonl", "b.jsonl"], "audit verify takes FILE"],
    [[], "Usage: safetap"],
  ])("%j prints why and the usage to stderr and exits 2", async (argv, message) => {
    const result = await runCaptured(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("Usage: safetap");
    expect(result.stdout).toBe("");
  });

  it("help prints the usage to stdout and exits 0", async () => {
    for (const argv of [["help"], ["--help"], ["tags", "-h"]]) {
      const result = await runCaptured(argv);
      expect(result).toEqual({
        code: 0,
        stdout: expect.stringContaining("Usage: safetap"),
        stderr: "",
      });
    }
  });
});

describe("safetap audit verify", () => {
  it("says a missing file cannot be read and exits 1", async () => {
    const result = await runCaptured(["audit", "verify", "/nonexistent/export.jsonl"]);
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: "Cannot read /nonexistent/export.jsonl: no such file\n",
    });
  });
});

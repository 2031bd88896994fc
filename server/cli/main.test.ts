import { describe, expect, it } from "vitest";
import { parseCommand } from "./main.ts";

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

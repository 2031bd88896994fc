import { describe, expect, it } from "vitest";
import {
  checkHeader,
  checkRow,
  IMPORT_COLUMNS,
  type ImportColumn,
  looksLikeFormula,
  ruleKey,
  templateHeader,
} from "./org-import.ts";
import { ORG_PRESETS } from "./organizations.ts";

describe("the template of each preset", () => {
  it("school: the issue's columns first, then up to three guardians, the location and medical fields", () => {
    expect(templateHeader("school")).toEqual([
      "external_id",
      "full_name",
      "date_of_birth",
      "class",
      "guardian_name",
      "guardian_channel",
      "guardian_value",
      "guardian2_name",
      "guardian2_channel",
      "guardian2_value",
      "guardian3_name",
      "guardian3_channel",
      "guardian3_value",
      "location",
      "blood_type",
      "allergies",
      "medications",
      "medical_notes",
    ]);
    const guardians = IMPORT_COLUMNS.school.filter((c) => c.contact);
    expect(new Set(guardians.map((c) => c.contact!.role))).toEqual(new Set(["guardian"]));
  });

  it("workplace: employee id, department and emergency contacts", () => {
    expect(templateHeader("workplace").slice(0, 6)).toEqual([
      "external_id",
      "full_name",
      "department",
      "contact_name",
      "contact_channel",
      "contact_value",
    ]);
    expect(templateHeader("workplace")).toContain("contact3_value");
    expect(IMPORT_COLUMNS.workplace.every((c) => !c.contact || c.contact.role === null)).toBe(true);
  });

  it("healthcare: patient id, ward, allergies, and the clinician's contact as the first one", () => {
    expect(templateHeader("healthcare").slice(0, 8)).toEqual([
      "external_id",
      "full_name",
      "date_of_birth",
      "ward",
      "allergies",
      "clinician_name",
      "clinician_channel",
      "clinician_value",
    ]);
    const clinician = IMPORT_COLUMNS.healthcare.find((c) => c.name === "clinician_value")!;
    expect(clinician.contact).toEqual({ slot: 0, role: "clinician" });
    expect(IMPORT_COLUMNS.healthcare.find((c) => c.name === "contact_value")!.contact).toEqual({
      slot: 1,
      role: null,
    });
  });

  it("events carry an expiry date; other is like workplace with a group", () => {
    expect(templateHeader("events").slice(0, 4)).toEqual([
      "external_id",
      "full_name",
      "group",
      "expires_on",
    ]);
    expect(templateHeader("other").slice(0, 3)).toEqual(["external_id", "full_name", "group"]);
  });

  it("every preset: at most three contacts, an optional location, unique names, a rule for each kind", () => {
    for (const preset of ORG_PRESETS) {
      const columns = IMPORT_COLUMNS[preset];
      const slots = new Set(columns.flatMap((c) => (c.contact ? [c.contact.slot] : [])));
      expect(slots.size, preset).toBeLessThanOrEqual(3);
      expect(columns.find((c) => c.name === "location")?.required, preset).toBe(false);
      expect(new Set(templateHeader(preset)).size, preset).toBe(columns.length);
    }
  });
});

describe("the header", () => {
  const header = (cells: string[]) => checkHeader("school", cells);
  const school = templateHeader("school");

  it("is read whatever the case and spacing of the names, and may leave optional columns out", () => {
    const read = header([
      " External ID",
      "Full Name",
      "date-of-birth",
      "CLASS",
      ...school.slice(4, 7),
    ]);
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.columns.map((c) => c?.name)).toEqual(school.slice(0, 7));
  });

  it("names missing, unknown, duplicated and blank columns", () => {
    expect(header(["external_id", "full_name"])).toEqual({
      ok: false,
      problems: [
        {
          code: "missingColumns",
          values: {
            columns: "date_of_birth, class, guardian_name, guardian_channel, guardian_value",
          },
        },
      ],
    });
    const bad = header([...school.slice(0, 7), "nickname", "class", ""]);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problems.map((p) => p.code)).toEqual([
      "blankColumn",
      "duplicateColumns",
      "unknownColumns",
    ]);
    expect(bad.problems[0]!.values).toEqual({ number: 10 });
    expect(bad.problems[1]!.values).toEqual({ columns: "class" });
    expect(bad.problems[2]!.values?.columns).toBe("nickname");
  });

  it("wants a further contact's three columns together", () => {
    const partial = header([...school.slice(0, 7), "guardian2_name", "guardian2_value"]);
    expect(partial).toEqual({
      ok: false,
      problems: [{ code: "missingColumns", values: { columns: "guardian2_channel" } }],
    });
  });

  it("says so when the file is separated by semicolons", () => {
    expect(header([school.join(";")])).toEqual({ ok: false, problems: [{ code: "semicolons" }] });
  });

  it("reads an errors column (from the rejected rows' file) as no column", () => {
    const read = header([...school.slice(0, 7), "errors"]);
    expect(read.ok && read.columns[7]).toBeNull();
  });
});

describe("a cell a spreadsheet would run as a formula", () => {
  it.each([
    "=1+1",
    "@SUM(A1)",
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    ' =HYPERLINK("http://x")',
    "\t=1",
    "\rx",
    "+A1",
    "-A1",
  ])("%j is refused", (cell) => {
    expect(looksLikeFormula(cell)).toBe(true);
  });

  it.each(["+44 20 7946 0000", "+1 (555) 010-0199", "-5", "Ana", "a=b", "", "4B", "O+"])(
    "%j is data",
    (cell) => {
      expect(looksLikeFormula(cell)).toBe(false);
    },
  );
});

describe("a row", () => {
  const columnsOf = (preset: keyof typeof IMPORT_COLUMNS, names: string[]) => {
    const read = checkHeader(preset, names);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    return read.columns as ImportColumn[];
  };
  const school = columnsOf("school", [
    "external_id",
    "full_name",
    "date_of_birth",
    "class",
    "guardian_name",
    "guardian_channel",
    "guardian_value",
    "guardian2_name",
    "guardian2_channel",
    "guardian2_value",
    "location",
    "allergies",
    "blood_type",
  ]);
  const good = [
    "S-001",
    "Mia <b>Lee</b>",
    "2015-04-02",
    "4B",
    "Ann Lee",
    "SMS",
    "+44 7700 900123",
    "Bo Lee",
    "email",
    "Bo@Example.com",
    "",
    "peanuts, penicillin",
    "o+",
  ];

  it("is cleaned and normalised as the spec's forms are: guardians in order, with their role", () => {
    expect(checkRow(school, good)).toEqual({
      ok: true,
      row: {
        externalId: "S-001",
        fullName: "Mia bLee/b",
        dateOfBirth: "2015-04-02",
        groupName: "4B",
        location: null,
        allergies: ["peanuts", "penicillin"],
        bloodType: "O+",
        contacts: [
          { name: "Ann Lee", channel: "sms", value: "+447700900123", role: "guardian" },
          { name: "Bo Lee", channel: "email", value: "bo@example.com", role: "guardian" },
        ],
      },
    });
  });

  const problemsOf = (cells: string[], options = {}) => {
    const checked = checkRow(school, cells, options);
    return checked.ok ? [] : checked.problems.map((p) => [p.column, p.key, p.values]);
  };
  const withCells = (changes: Record<number, string>) =>
    good.map((cell, i) => (i in changes ? changes[i]! : cell));

  it("reports every problem of the row with its column and the spec's message", () => {
    expect(
      problemsOf(
        withCells({
          0: "",
          1: "x".repeat(101),
          2: "14/03/2015",
          6: "0044",
          8: "fax",
          11: Array.from({ length: 21 }, (_, i) => `a${i}`).join(","),
          12: "Z+",
        }),
      ),
    ).toEqual([
      ["external_id", "org-import:errors.externalIdRequired", undefined],
      ["full_name", "common:validation.invalidName", undefined],
      ["date_of_birth", "common:validation.invalidDate", undefined],
      ["allergies", "common:validation.tooManyItems", { max: 20 }],
      ["blood_type", "common:validation.invalidBloodType", undefined],
      ["guardian_value", "common:validation.invalidPhone", undefined],
      ["guardian2_channel", "common:validation.invalidChannel", undefined],
    ]);
  });

  it("refuses a formula in any cell, a future birth date, a bad email and a half-filled contact", () => {
    expect(
      problemsOf(withCells({ 3: '=HYPERLINK("x")', 2: "2999-01-01", 9: "bo@", 5: "" })),
    ).toEqual([
      ["date_of_birth", "common:validation.invalidDate", undefined],
      ["class", "org-import:errors.formula", { start: "=" }],
      ["guardian_channel", "org-import:errors.contactIncomplete", undefined],
      ["guardian2_value", "common:validation.invalidEmail", undefined],
    ]);
  });

  it("needs at least one contact, and refuses premium-rate numbers", () => {
    expect(problemsOf(withCells({ 4: "", 5: "", 6: "", 7: "", 8: "", 9: "" }))).toEqual([
      ["guardian_name", "common:validation.contactRequired", undefined],
    ]);
    expect(problemsOf(good, { riskyPhone: (n: string) => n.startsWith("+44") })).toEqual([
      ["guardian_value", "common:validation.highRiskNumber", undefined],
    ]);
  });

  it("refuses an id that is too long, and a cell count that is not the header's", () => {
    expect(problemsOf(withCells({ 0: "x".repeat(65) }))[0]).toEqual([
      "external_id",
      "org-import:errors.externalIdTooLong",
      { max: 64 },
    ]);
    expect(problemsOf(withCells({ 0: "Year 4 / #12" }))).toEqual([]);
    expect(problemsOf(good.slice(0, 5))).toEqual([
      [null, "org-import:errors.cellCount", { found: 5, expected: 13 }],
    ]);
    expect(problemsOf(["", " ", ""])).toEqual([[null, "org-import:errors.emptyRow", undefined]]);
  });

  it("events: an expiry date from today to two years ahead", () => {
    const events = columnsOf("events", [
      "external_id",
      "full_name",
      "group",
      "expires_on",
      "contact_name",
      "contact_channel",
      "contact_value",
    ]);
    const row = (expires: string) =>
      checkRow(events, ["E-1", "Sam", "Crew", expires, "Kim", "email", "kim@example.com"], {
        today: "2026-06-01",
      });
    expect(row("2026-06-01")).toMatchObject({ ok: true, row: { expiresOn: "2026-06-01" } });
    const key = (expires: string) => {
      const checked = row(expires);
      return checked.ok ? null : checked.problems[0]!.key;
    };
    expect(key("2026-05-31")).toBe("org-import:errors.expiryPast");
    expect(key("2036-06-10")).toBe("org-import:errors.expiryTooFar");
    expect(key("2036-06-01")).toBeNull();
    expect(key("2026-02-30")).toBe("org-import:errors.dateFormat");
    expect(key("")).toBe("org-import:errors.expiryRequired");
  });

  it("names the rule each problem broke", () => {
    expect(ruleKey({ kind: "contact_value", key: "common:validation.invalidEmail" })).toBe(
      "org-import:rules.contact_value",
    );
    expect(ruleKey({ kind: "group", key: "org-import:errors.formula" })).toBe(
      "org-import:rules.formula",
    );
  });
});

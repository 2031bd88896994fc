import { describe, expect, it } from "vitest";
import {
  checkForm,
  contactRoleOf,
  expiryDate,
  expiryOf,
  isComingDate,
  newOrgPersonSchema,
  orgLocationSchema,
  orgPersonSchema,
  reasonSchema,
  timeZoneOf,
} from "./org-forms.ts";

describe("a person's details (the organisation's add and edit forms)", () => {
  it("cleans what is typed and keeps empty optional fields as nothing", () => {
    expect(
      checkForm(orgPersonSchema, {
        fullName: "  Mia <b>Pupil</b> ",
        externalId: " S-001 ",
        groupName: "",
        locationId: "",
        language: "fr",
      }),
    ).toEqual({
      ok: true,
      values: {
        fullName: "Mia bPupil/b",
        externalId: "S-001",
        groupName: null,
        locationId: null,
        language: "fr",
        expiresOn: null,
      },
    });
  });

  it("says what is wrong with each field at once", () => {
    const form = new FormData();
    form.set("fullName", "   ");
    form.set("externalId", "x".repeat(65));
    form.set("groupName", "g".repeat(101));
    form.set("locationId", "../etc/passwd");
    form.set("language", "de");
    form.set("expiresOn", "2001-01-01");
    form.set("dateOfBirth", "2999-12-31");
    expect(checkForm(newOrgPersonSchema, form)).toEqual({
      ok: false,
      errors: {
        fullName: "org:person.errors.nameRequired",
        externalId: "org:person.errors.externalIdTooLong",
        groupName: "org:person.errors.groupTooLong",
        locationId: "org:person.errors.location",
        language: "validation.languageRequired",
        expiresOn: "org:person.errors.expiry",
        dateOfBirth: "validation.invalidDate",
      },
    });
  });

  it("takes an expiry from today on, erasing after the end of that day (UTC)", () => {
    const now = Date.UTC(2026, 10, 24, 15);
    expect(isComingDate("2026-11-24", now)).toBe(true);
    expect(isComingDate("2026-11-23", now)).toBe(false);
    expect(isComingDate("2026-02-30", now)).toBe(false);
    expect(isComingDate("2046-11-24", now)).toBe(false);
    expect(expiryOf("2026-12-01").toISOString()).toBe("2026-12-01T23:59:59.999Z");
    expect(expiryDate(expiryOf("2026-12-01"))).toBe("2026-12-01");
    expect(expiryDate(null)).toBe("");
  });
});

describe("why a critical change is made", () => {
  it("is required of admins and optional for the person themself, at most 200 characters", () => {
    expect(reasonSchema(true).safeParse(" ").error?.issues[0]?.message).toBe("org:reason.required");
    expect(reasonSchema(false).safeParse(" ").data).toBe("");
    expect(reasonSchema(true).safeParse("x".repeat(201)).error?.issues[0]?.message).toBe(
      "org:reason.tooLong",
    );
    expect(reasonSchema(true).safeParse(" Letter <from> parents ").data).toBe(
      "Letter from parents",
    );
  });
});

describe("contact roles", () => {
  it("reads a stored role, an ordinary contact having none", () => {
    expect(contactRoleOf("guardian")).toBe("guardian");
    expect(contactRoleOf("clinician")).toBe("clinician");
    expect(contactRoleOf(null)).toBe("contact");
    expect(contactRoleOf("boss")).toBe("contact");
  });
});

describe("a location", () => {
  it("needs a name, a known IANA time zone and a country whose emergency number we know", () => {
    expect(
      checkForm(orgLocationSchema, {
        name: "North site",
        address: "",
        timeZone: "Europe/London",
        country: "gb",
      }),
    ).toEqual({
      ok: true,
      values: { name: "North site", address: null, timeZone: "Europe/London", country: "GB" },
    });
    expect(
      checkForm(orgLocationSchema, { name: "", timeZone: "Mars/Base", country: "XX" }),
    ).toEqual({
      ok: false,
      errors: {
        name: "org:locations.errors.nameRequired",
        timeZone: "org:locations.errors.timeZone",
        country: "org:locations.errors.country",
      },
    });
  });

  it("knows a zone by any of its IANA names, and fixes the case", () => {
    expect(timeZoneOf("UTC")).toBe("UTC");
    expect(timeZoneOf("America/New_York")).toBe("America/New_York");
    // ICU lists Asia/Saigon; the current IANA name is kept as written.
    expect(timeZoneOf("Asia/Ho_Chi_Minh")).toBe("Asia/Ho_Chi_Minh");
    expect(timeZoneOf("europe/london")).toBe("Europe/London");
    expect(timeZoneOf("+07:00")).toBeNull();
    expect(timeZoneOf("Mars/Base")).toBeNull();
    expect(timeZoneOf(42)).toBeNull();
  });
});

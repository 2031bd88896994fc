/**
 * The fuller medical record (issue 15 item 3, decision 130): the optional fields responders look
 * for first, their allowed values, and how old a confirmation may grow before the owner is asked
 * to look again. Shared by the forms, the server and the card.
 */

/** Devices offered as choices; anything else is typed as free text. Stored as these keys. */
export const IMPLANTED_DEVICES = [
  "pacemaker",
  "icd",
  "insulin_pump",
  "cochlear_implant",
  "vp_shunt",
  "neurostimulator",
] as const;
export type ImplantedDevice = (typeof IMPLANTED_DEVICES)[number];

export function isImplantedDevice(value: unknown): value is ImplantedDevice {
  return (IMPLANTED_DEVICES as readonly unknown[]).includes(value);
}

/** Whether the owner keeps an advance directive or a DNR order, and which ("not said" is null). */
export const ADVANCE_DIRECTIVES = ["none", "advance_directive", "dnr"] as const;
export type AdvanceDirective = (typeof ADVANCE_DIRECTIVES)[number];

export function isAdvanceDirective(value: unknown): value is AdvanceDirective {
  return (ADVANCE_DIRECTIVES as readonly unknown[]).includes(value);
}

/** Organ donor as the form posts it; "" (not said) is stored as null. */
export const ORGAN_DONOR_CHOICES = ["yes", "no"] as const;

/** About six months: a record confirmed longer ago than this (or never) asks to be reviewed. */
export const RECONFIRM_AFTER_DAYS = 183;

const DAY_MS = 86_400_000;

/** Whole days since `at` (0 on the same day, never negative), or null when never confirmed. */
export function daysSince(
  at: Date | string | number | null | undefined,
  now: number = Date.now(),
): number | null {
  if (at === null || at === undefined) return null;
  const time = new Date(at).getTime();
  if (Number.isNaN(time)) return null;
  return Math.max(0, Math.floor((now - time) / DAY_MS));
}

/** How current the record is: its age in days and whether the owner should review it now. */
export function confirmationStatus(
  at: Date | string | number | null | undefined,
  now: number = Date.now(),
): { days: number | null; due: boolean } {
  const days = daysSince(at, now);
  return { days, due: days === null || days >= RECONFIRM_AFTER_DAYS };
}

/**
 * The medical record's fields (issue 15 item 3), the one list the server encrypts at rest, the
 * safety log names and the record form saves; the date of birth is saved and logged with them
 * (decision 134).
 */
export const MEDICAL_RECORD_FIELDS = [
  "conditions",
  "allergies",
  "medications",
  "implantedDevices",
  "bloodType",
  "advanceDirective",
  "advanceDirectiveLocation",
  "organDonor",
  "preferredHospital",
  "medicalNotes",
  "dateOfBirth",
] as const;

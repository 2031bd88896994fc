import type { TFunction } from "i18next";
import { isImplantedDevice } from "#core/medical-record.ts";

/** An implanted device in the reader's language: a known choice translated, typed text as is. */
export function deviceLabel(t: TFunction, device: string): string {
  return isImplantedDevice(device) ? t(`common:devices.${device}`) : device;
}

/** Organ donor as words, or null when not said. */
export function organDonorLabel(t: TFunction, donor: boolean | null): string | null {
  return donor === null ? null : t(`common:organDonor.${donor ? "yes" : "no"}`);
}

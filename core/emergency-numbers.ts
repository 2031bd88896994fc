/**
 * Local emergency numbers (ambulance / general) by country. 112 works from
 * mobile phones across Europe and in many other countries, so it is the
 * fallback when the reader's country is unknown.
 */
const NUMBERS: Record<string, string> = {
  us: "911",
  ca: "911",
  mx: "911",
  gb: "999",
  ie: "112",
  au: "000",
  nz: "111",
  es: "112",
  fr: "112",
  de: "112",
  it: "112",
  pt: "112",
  nl: "112",
  be: "112",
  ch: "112",
  at: "112",
  se: "112",
  no: "112",
  dk: "112",
  fi: "112",
  pl: "112",
  vn: "115",
  jp: "119",
  kr: "119",
  cn: "120",
  in: "112",
  br: "192",
  ar: "107",
  co: "123",
  cl: "131",
  pe: "117",
  za: "10177",
  ph: "911",
  th: "1669",
  sg: "995",
  my: "999",
  id: "118",
};

export const DEFAULT_EMERGENCY_NUMBER = "112";

/** The countries whose emergency number we know (ISO 3166-1 alpha-2, lower case). */
export const EMERGENCY_NUMBER_COUNTRIES: readonly string[] = Object.keys(NUMBERS);

export function emergencyNumberFor(country: string | null | undefined): string {
  return (country && NUMBERS[country.toLowerCase()]) || DEFAULT_EMERGENCY_NUMBER;
}

/** The reader's country from the region of their first browser language ("es-MX" → "mx"). */
export function countryFromAcceptLanguage(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(",")) {
    const region = part.trim().split(";")[0]?.split(/[-_]/)[1];
    if (region && /^[a-z]{2}$/i.test(region)) return region.toLowerCase();
  }
  return null;
}

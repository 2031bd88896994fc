// Types of the parts of scripts/bench/page-weight.mjs that the TypeScript tests call.
export declare const FIRST_ROUND_TRIP_BYTES: number;
export declare function firstRoundTrip(weight: {
  html: string;
  wire: Buffer;
  encoding: string;
  stylesheets: number;
}): {
  compressedBytes: number;
  encoding: string;
  decodedPrefixBytes: number;
  items: { content: string; endsAtByte: number | null; inFirst14KB: boolean; note: string }[];
  pass: boolean;
};
export declare function visibleTextInFirstRoundTrip(
  weight: { html: string; wire: Buffer; encoding: string },
  texts: string[],
): {
  compressedBytes: number;
  encoding: string;
  decodedPrefixBytes: number;
  texts: number;
  lastTextEndsAtByte: number | null;
  lastText: string | null;
  notInHtml: string[];
  pastFirst14KB: string[];
  renderBlockingStylesheets: string[];
  pass: boolean;
};

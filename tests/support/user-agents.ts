/**
 * A phone's browser. Tests read cards with it because `isbot` (rightly) takes
 * headless Chromium and bare HTTP clients for bots, which are not counted and
 * cannot alert.
 */
export const PHONE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";

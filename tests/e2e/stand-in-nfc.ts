import type { Page } from "playwright-core";

/**
 * Chromium has Web NFC only on Android: the page gets a stand-in `NDEFReader` that a test taps
 * with a tag (`tapNfcTag`), as a phone's NFC chip would. Call before the page loads.
 */
export function standInNfc(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    class StandInNdefReader extends EventTarget {
      onreading: ((event: Event) => void) | null = null;
      onreadingerror: ((event: Event) => void) | null = null;
      async scan() {
        w.nfcReader = this;
      }
    }
    w.NDEFReader = StandInNdefReader;
  });
}

/** A tag holding a mime record the reader skips, then the card URL `url`. */
export function tapNfcTag(page: Page, url: string) {
  return page.evaluate((text) => {
    const reader = (window as unknown as { nfcReader: { onreading: (e: Event) => void } })
      .nfcReader;
    const event = Object.assign(new Event("reading"), {
      serialNumber: "04:a2:3b:11",
      message: {
        records: [
          { recordType: "mime", data: new DataView(new Uint8Array([1, 2]).buffer) },
          { recordType: "url", data: new DataView(new TextEncoder().encode(text).buffer) },
        ],
      },
    });
    reader.onreading(event);
  }, url);
}

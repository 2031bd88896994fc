/**
 * The browser's tag readers for reader mode: Web NFC (`NDEFReader`) and QR
 * codes from the camera or a photo (`BarcodeDetector` where the browser has
 * it for QR codes, otherwise the jsQR decoder, loaded only when needed).
 * Nothing here runs at import time, so the module is safe to render on the server.
 */

interface NdefRecord {
  recordType: string;
  encoding?: string;
  data?: DataView;
}
interface NdefReadingEvent extends Event {
  serialNumber: string;
  message: { records: NdefRecord[] };
}
interface NdefReader extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  onreading: ((event: NdefReadingEvent) => void) | null;
  onreadingerror: ((event: Event) => void) | null;
}
type NdefReaderConstructor = new () => NdefReader;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: CanvasImageSource | ImageBitmap | ImageData): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorConstructor {
  new (options?: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats?(): Promise<string[]>;
}

function browserGlobal<T>(name: string): T | undefined {
  return typeof window === "undefined"
    ? undefined
    : ((window as unknown as Record<string, unknown>)[name] as T | undefined);
}

export function nfcSupported(): boolean {
  return browserGlobal<NdefReaderConstructor>("NDEFReader") !== undefined;
}

/** The text of an NDEF record: a URL record or a text record. */
function recordText(record: NdefRecord): string | null {
  if (!record.data) return null;
  if (record.recordType === "url" || record.recordType === "absolute-url") {
    return new TextDecoder().decode(record.data);
  }
  if (record.recordType === "text") {
    return new TextDecoder(record.encoding || "utf-8").decode(record.data);
  }
  return null;
}

/**
 * Waits for one tag and resolves with its first URL or text record (the card
 * URL a SafeTap tag carries), or "" when it holds neither. Rejects on a read
 * error, and stops listening when `signal` aborts.
 */
export function readNfcTag(signal: AbortSignal): Promise<string> {
  const NDEFReader = browserGlobal<NdefReaderConstructor>("NDEFReader");
  if (!NDEFReader) return Promise.reject(new Error("NFC not supported"));
  const reader = new NDEFReader();
  return new Promise<string>((resolve, reject) => {
    reader.onreading = (event) => {
      const texts = event.message.records.map(recordText).filter((t): t is string => !!t);
      resolve(texts[0] ?? "");
    };
    reader.onreadingerror = () => reject(new Error("NFC read error"));
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    reader.scan({ signal }).catch(reject);
  });
}

export type QrDecoder = (source: HTMLVideoElement | ImageBitmap) => Promise<string | null>;

/** Frames are scaled down to this size: enough for a QR code, cheap to decode. */
const MAX_FRAME = 800;

async function barcodeDetector(): Promise<BarcodeDetectorInstance | null> {
  const Detector = browserGlobal<BarcodeDetectorConstructor>("BarcodeDetector");
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? [];
    return formats.includes("qr_code") ? new Detector({ formats: ["qr_code"] }) : null;
  } catch {
    return null;
  }
}

/** A QR decoder for video frames and images, with the best engine this browser offers. */
export async function createQrDecoder(): Promise<QrDecoder> {
  const detector = await barcodeDetector();
  if (detector) {
    return async (source) => (await detector.detect(source))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("No 2D canvas");
  return async (source) => {
    const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
    const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
    if (!width || !height) return null;
    const scale = Math.min(1, MAX_FRAME / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return (
      jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" })?.data ??
      null
    );
  };
}

/** The rear camera's stream, for scanning. */
export function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return Promise.reject(new Error("No camera access in this browser"));
  }
  return navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: "environment" } },
    audio: false,
  });
}

/** Decodes the QR code in a photo, or null when it holds none. */
export async function decodeQrImage(file: Blob): Promise<string | null> {
  const decode = await createQrDecoder();
  const bitmap = await createImageBitmap(file);
  try {
    return await decode(bitmap);
  } finally {
    bitmap.close();
  }
}

import { writeFileSync } from "node:fs";
import QRCode from "qrcode";

/**
 * A Y4M video (the raw format Chromium's fake camera plays, looping) showing
 * `text` as a black-on-white QR code in the middle of a grey frame, as a phone
 * camera would see a printed tag.
 */
export function writeQrVideo(file: string, text: string, options = { width: 640, height: 480 }) {
  const { width, height } = options;
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor((Math.min(width, height) * 0.8) / (size + 2 * quiet));
  const side = (size + 2 * quiet) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 128);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - quiet;
      const col = Math.floor(x / scale) - quiet;
      const dark = row >= 0 && col >= 0 && row < size && col < size && qr.modules.get(row, col);
      luma[(top + y) * width + left + x] = dark ? 16 : 235;
    }
  }
  // 4:2:0 chroma at the neutral value: a grey-scale picture.
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frames = 5;
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < frames; i++) parts.push(Buffer.from("FRAME\n"), luma, chroma);
  writeFileSync(file, Buffer.concat(parts));
}

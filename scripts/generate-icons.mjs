// Draws the app icons (SafeTap's shield with a cross, as in public/favicon.svg)
// into PNG files with nothing but node:zlib, so the same script always gives
// the same bytes. Run: node scripts/generate-icons.mjs (the PNGs are committed).
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const RED = [200, 30, 43];
const WHITE = [255, 255, 255];
const SUB = 4; // 4×4 samples per pixel for smooth edges

/** Points along a cubic Bézier from p0 (excluded) to p3. */
function cubic(p0, p1, p2, p3, steps = 24) {
  const points = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    points.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
  return points;
}

/** Points along a circular arc around c from angle a0 to a1 (radians). */
function arc(c, r, a0, a1, steps = 8) {
  const points = [];
  for (let i = 1; i <= steps; i++) {
    const a = a0 + ((a1 - a0) * i) / steps;
    points.push([c[0] + r * Math.cos(a), c[1] + r * Math.sin(a)]);
  }
  return points;
}

// The favicon's shield outline (24×24 units), flattened into a polygon.
const SHIELD = [
  [20, 13],
  ...cubic([20, 13], [20, 18], [16.5, 20.5], [12.34, 21.95]),
  [11.67, 21.94],
  ...cubic([11.67, 21.94], [7.5, 20.5], [4, 18], [4, 13]),
  [4, 6],
  ...arc([5, 6], 1, Math.PI, 1.5 * Math.PI),
  ...cubic([5, 5], [7, 5], [9.5, 3.8], [11.24, 2.28]),
  ...arc([12, 3.1], 1.12, -2.315, -0.827),
  ...cubic([12.76, 2.28], [14.51, 3.81], [17, 5], [19, 5]),
  ...arc([19, 6], 1, -0.5 * Math.PI, 0),
];
// The cross inside it, as two bars.
const CROSS = [
  [8.6, 10.9, 15.4, 13.1],
  [10.9, 8.6, 13.1, 15.4],
];

function insidePolygon(polygon, x, y) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedSquare(x, y, size, radius) {
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * One icon: a red square (rounded by `cornerRatio`), a white shield whose
 * 24-unit box spans `shieldRatio` of the icon, and a red cross on it.
 */
function drawIcon(size, { cornerRatio, shieldRatio }) {
  const pixels = Buffer.alloc(size * size * 4);
  const scale = (size * shieldRatio) / 24;
  const offset = (size - 24 * scale) / 2;
  const radius = size * cornerRatio;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let background = 0;
      let shield = 0;
      for (let sy = 0; sy < SUB; sy++) {
        for (let sx = 0; sx < SUB; sx++) {
          const x = px + (sx + 0.5) / SUB;
          const y = py + (sy + 0.5) / SUB;
          if (!insideRoundedSquare(x, y, size, radius)) continue;
          background++;
          const ux = (x - offset) / scale;
          const uy = (y - offset) / scale;
          const onCross = CROSS.some(
            ([x0, y0, x1, y1]) => ux >= x0 && ux <= x1 && uy >= y0 && uy <= y1,
          );
          if (!onCross && insidePolygon(SHIELD, ux, uy)) shield++;
        }
      }
      const samples = SUB * SUB;
      const i = (py * size + px) * 4;
      const white = background ? shield / background : 0;
      for (let c = 0; c < 3; c++) {
        pixels[i + c] = Math.round(RED[c] * (1 - white) + WHITE[c] * white);
      }
      pixels[i + 3] = Math.round((background / samples) * 255);
    }
  }
  return encodePng(size, size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0; // no filter
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const ICONS = [
  // Purpose "any": a rounded square, the shield large.
  { file: "public/icon-192.png", size: 192, cornerRatio: 0.22, shieldRatio: 0.78 },
  { file: "public/icon-512.png", size: 512, cornerRatio: 0.22, shieldRatio: 0.78 },
  // Maskable: full bleed, the shield inside the central safe circle (80%).
  { file: "public/icon-maskable-512.png", size: 512, cornerRatio: 0, shieldRatio: 0.62 },
  // iOS rounds the corners itself.
  { file: "public/apple-touch-icon.png", size: 180, cornerRatio: 0, shieldRatio: 0.74 },
];

for (const icon of ICONS) {
  writeFileSync(icon.file, drawIcon(icon.size, icon));
  console.log(`${icon.file} (${icon.size}×${icon.size})`);
}

#!/usr/bin/env node
/**
 * The pictures of /how-it-works (decision 153), taken from a running demo server so that they
 * show the product as it is: the demo card as a stranger's phone shows it, the alert email its
 * contact receives, and the page where the contact answers "I'm on my way".
 *
 *   npm run build && DATA_DIR=/tmp/guide-demo npm start      # a fresh demo server
 *   node scripts/guide-pictures.mjs http://localhost:3000 /tmp/guide-demo
 *
 * Arguments: the server's address (default GUIDE_BASE_URL or http://localhost:3000) and its
 * DATA_DIR (default ./data), where the demo credentials name the demo card. The server must
 * have the dev outbox (no mail provider configured): the alert is read from /dev/outbox.json.
 * It sends one real alert from the demo card. Writes public/guide/{card,alert,ack}-{1x,2x}.webp,
 * 360 × 640 CSS pixels each, compressed with sharp.
 */
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const baseUrl = (process.argv[2] ?? process.env.GUIDE_BASE_URL ?? "http://localhost:3000").replace(
  /\/$/,
  "",
);
const dataDir = path.resolve(process.argv[3] ?? process.env.DATA_DIR ?? "data");
const outDir = path.join(root, "public", "guide");

/** The picture size on the page (CSS pixels); 2× is taken, 1× is made from it. */
const GUIDE_PICTURE = { width: 360, height: 640 };

/**
 * A phone's browser (as tests/support/user-agents.ts): `isbot` rightly takes headless Chromium
 * for a bot, and bots cannot send alerts.
 */
const PHONE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";

async function outbox() {
  const response = await fetch(`${baseUrl}/dev/outbox.json`);
  if (!response.ok) throw new Error(`${baseUrl}/dev/outbox.json answered ${response.status}`);
  return response.json();
}

async function waitForAlert(to, after) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const message = (await outbox()).find(
      (m) => m.to === to && m.channel === "email" && /^EMERGENCY/.test(m.subject ?? ""),
    );
    if (message && message.id !== after) return message;
    if (Date.now() > deadline) throw new Error(`no alert email to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A 2× screenshot becomes two WebP files; both are small enough for a phone on 3G. */
async function save(name, png) {
  const { width, height } = GUIDE_PICTURE;
  const image = sharp(png).resize(width * 2, height * 2, { fit: "cover", position: "top" });
  await image
    .clone()
    .webp({ quality: 72, effort: 6 })
    .toFile(path.join(outDir, `${name}-2x.webp`));
  await image
    .clone()
    .resize(width, height)
    .webp({ quality: 78, effort: 6 })
    .toFile(path.join(outDir, `${name}-1x.webp`));
  console.log(`public/guide/${name}-1x.webp and -2x.webp`);
}

const escapeHtml = (text) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The email as a phone's mail app would show it: sender, subject, then the text as sent. */
function mailView(message) {
  const body = escapeHtml(message.body).replace(
    /(https?:\/\/\S+)/g,
    '<span style="color:#1d4ed8;text-decoration:underline;word-break:break-all">$1</span>',
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; font: 15px/1.45 system-ui, sans-serif; color: #111827; background: #fff; }
  header { padding: 14px 16px; border-bottom: 1px solid #e5e7eb; background: #f9fafb; }
  .from { font-weight: 600; } .to { color: #6b7280; font-size: 13px; }
  h1 { font-size: 18px; margin: 8px 0 0; color: #b91c1c; }
  pre { white-space: pre-wrap; font: inherit; margin: 0; padding: 16px; }
</style></head><body>
<header><div class="from">SafeTap</div><div class="to">to ${escapeHtml(message.to)}</div>
<h1>${escapeHtml(message.subject ?? "")}</h1></header>
<pre>${body}</pre></body></html>`;
}

async function main() {
  const credentials = JSON.parse(
    await readFile(path.join(dataDir, "demo-credentials.json"), "utf8"),
  );
  const tagId = credentials.linkedTag.tagId;
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const phone = {
      baseURL: baseUrl,
      viewport: GUIDE_PICTURE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent: PHONE_USER_AGENT,
      locale: "en-US",
      colorScheme: "light",
      // A helper in central London shares where they are.
      geolocation: { latitude: 51.507351, longitude: -0.127758 },
      permissions: ["geolocation"],
    };
    const stranger = await (await browser.newContext(phone)).newPage();
    await stranger.goto(`/t/${tagId}?lng=en&theme=light`);
    await stranger.getByTestId("card-name").waitFor();
    await stranger.waitForLoadState("networkidle");
    await save("card", await stranger.screenshot());

    const contact = (await outbox()).find(
      (m) => m.channel === "email" && /^EMERGENCY/.test(m.subject ?? ""),
    );
    await stranger.getByTestId("send-alert").click();
    const to = "maria@example.com";
    const alert = await waitForAlert(to, contact?.id);
    const mail = await (await browser.newContext({ ...phone, baseURL: undefined })).newPage();
    await mail.setContent(mailView(alert));
    await save("alert", await mail.screenshot());

    const ackUrl = alert.body.match(/(https?:\/\/\S+\/ack\/\S+)/)?.[1];
    if (!ackUrl) throw new Error("the alert email has no acknowledgement link");
    const helper = await (await browser.newContext(phone)).newPage();
    await helper.goto(`${new URL(ackUrl).pathname}?lng=en&theme=light`);
    await helper.getByRole("button", { name: "I'm on my way" }).waitFor();
    await helper.waitForLoadState("networkidle");
    await save("ack", await helper.screenshot());
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

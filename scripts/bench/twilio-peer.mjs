// A loopback HTTP server standing in for Twilio's Messages and Calls endpoints: it answers 201
// with a resource SID at once and records when each delivery arrived, keyed by the delivery id
// the app sends as I-Twilio-Idempotency-Token (server/delivery/twilio.ts). The bench's
// counterpart of smtp-peer.mjs; tests/fault/peers.ts has the full stand-in (outages, lists).
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";

export async function startTwilioPeer() {
  const accountSid = `AC${randomBytes(16).toString("hex")}`;
  const authToken = randomBytes(16).toString("hex");
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  /** delivery id → arrival times in ms (more than one means a duplicate send) */
  const arrivals = new Map();
  let messages = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const match = req.url?.match(/^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json/);
      if (req.method !== "POST" || !match || req.headers.authorization !== expected) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ code: 20404, message: "Not Found", status: 404 }));
        return;
      }
      const at = Date.now();
      messages++;
      const id = String(req.headers["i-twilio-idempotency-token"] ?? "");
      if (id) arrivals.set(id, [...(arrivals.get(id) ?? []), at]);
      const sid = `${match[2] === "Calls" ? "CA" : "SM"}${randomBytes(16).toString("hex")}`;
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ sid, account_sid: accountSid, status: "queued" }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    arrivals,
    get messages() {
      return messages;
    },
    env: () => ({
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: "+15550009999",
      TWILIO_API_BASE: `http://127.0.0.1:${port}`,
    }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * Real protocol peers on loopback for the fault tests: an SMTP server and an
 * HTTP server that answers like Twilio's Messages and Calls endpoints. Each
 * records every request with the sender's idempotency key (the delivery id), so
 * a test can count what reached the provider, and each can be "down" for a while:
 * refusing connections, or answering with a temporary failure; or lose its
 * answers: take each message, then drop the connection instead of answering
 * (the network failed after the provider had the message).
 */
export type Outage = "up" | "refuse" | "unavailable" | "lose-answer";

export interface Received {
  /** The delivery id the sender gave as its idempotency key. */
  key: string;
  channel: "email" | "sms" | "whatsapp" | "voice";
  to: string;
  body: string;
  at: number;
}

interface PeerBase {
  readonly port: number;
  readonly url: string;
  /** Every accepted request, duplicates included, in order. */
  readonly received: Received[];
  /** Requests turned away while down. */
  readonly refused: number;
  setState(state: Outage): Promise<void>;
  /** Accepted requests per idempotency key. */
  countsByKey(): Map<string, number>;
  /** Waits until `n` distinct keys were accepted, or fails after `timeoutMs`. */
  waitForKeys(n: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

function countsOf(received: Received[]) {
  const counts = new Map<string, number>();
  for (const r of received) counts.set(r.key, (counts.get(r.key) ?? 0) + 1);
  return counts;
}

async function waitFor(check: () => boolean, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Listens on a fixed port and can stop listening (connections refused) and
 * listen again on the same port, as a provider that goes away and comes back.
 */
async function listenable(
  make: () => { listen(port: number): Promise<void>; close(): Promise<void> },
) {
  let current = make();
  await current.listen(0);
  return {
    current: () => current,
    async stop() {
      await current.close();
    },
    async restart(port: number) {
      current = make();
      await current.listen(port);
    },
  };
}

export interface SmtpPeer extends PeerBase {}

/** SMTP on loopback (no TLS, no auth), like a mail relay accepting for any address. */
export async function startSmtpPeer(options: { delayMs?: number } = {}): Promise<SmtpPeer> {
  const received: Received[] = [];
  let refused = 0;
  let state: Outage = "up";
  let port = 0;
  const make = () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["AUTH", "STARTTLS"],
      logger: false,
      // A reverse DNS lookup per connection would wait on the resolver, which tests must not.
      disableReverseLookup: true,
      onConnect(_session, callback) {
        if (state === "unavailable") {
          refused++;
          const error = new Error("Service not available, try again later") as Error & {
            responseCode: number;
          };
          error.responseCode = 421;
          return callback(error);
        }
        callback();
      },
      // Every answer of the exchange comes `delayMs` late, as from a relay across a
      // network: the envelope's (MAIL FROM, RCPT TO) and the one after the message's
      // closing dot. A client that dies before the dot leaves nothing here: the
      // server discards a message it did not receive in full.
      onMailFrom(_address, _session, callback) {
        if (options.delayMs) setTimeout(() => callback(), options.delayMs);
        else callback();
      },
      onRcptTo(_address, _session, callback) {
        if (options.delayMs) setTimeout(() => callback(), options.delayMs);
        else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
          const key = head.match(/^X-SafeTap-Delivery:\s*(\S+)/im)?.[1] ?? "";
          const reply = () => {
            received.push({
              key,
              channel: "email",
              to: session.envelope.rcptTo.map((r) => r.address).join(","),
              body: rest.join("\n\n"),
              at: Date.now(),
            });
            if (state === "lose-answer") {
              for (const socket of sockets) socket.destroy();
              return;
            }
            callback(null, `queued as ${randomBytes(6).toString("hex")}`);
          };
          if (options.delayMs) setTimeout(reply, options.delayMs);
          else reply();
        });
      },
    });
    // A client killed mid-connection (the crash test) resets its pooled socket:
    // that is the client's failure, not the peer's, and must not fail the run.
    server.on("error", () => {});
    const sockets = new Set<Socket>();
    server.server.on("connection", (socket: Socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    return {
      listen: (p: number) =>
        new Promise<void>((resolve, reject) => {
          server.server.once("error", reject);
          server.listen(p, "127.0.0.1", () => {
            port = (server.server.address() as AddressInfo).port;
            resolve();
          });
        }),
      close: () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => resolve());
        }),
    };
  };
  const listener = await listenable(make);
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    get refused() {
      return refused;
    },
    async setState(next) {
      if (next === state) return;
      if (state === "refuse") await listener.restart(port);
      if (next === "refuse") await listener.stop();
      state = next;
    },
    countsByKey: () => countsOf(received),
    waitForKeys: (n, timeoutMs) =>
      waitFor(
        () => countsOf(received).size >= n,
        timeoutMs,
        () => `${n} emails (got ${countsOf(received).size})`,
      ),
    close: () => (state === "refuse" ? Promise.resolve() : listener.stop()),
  };
}

export interface TwilioPeer extends PeerBase {
  readonly accountSid: string;
  /** Create requests received and not yet answered: provider calls under way. */
  readonly waiting: number;
  readonly authToken: string;
  /** Environment for SafeTap pointing its Twilio adapter here. */
  env(): Record<string, string>;
}

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

/**
 * Twilio's REST API as far as SafeTap uses it: POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json and /Calls.json with Basic
 * auth and a form body, answering 201 with a JSON resource and its SID; GET on
 * the same paths lists what was created, newest first, filtered by To and From;
 * 401, 404 and 400 as Twilio does; 503 with Twilio's error JSON while "unavailable".
 */
export async function startTwilioPeer(options: { delayMs?: number } = {}): Promise<TwilioPeer> {
  const accountSid = sid("AC");
  const authToken = randomBytes(16).toString("hex");
  const received: Received[] = [];
  let refused = 0;
  /** Create requests received and not yet answered (held for `delayMs`). */
  let waiting = 0;
  let state: Outage = "up";
  let port = 0;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    json(res, status, {
      code,
      message,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    });

  /** Resources created, oldest first, as Twilio keeps them for its list endpoints. */
  const created: {
    resource: "Messages" | "Calls";
    sid: string;
    to: string;
    from: string;
    body: string;
    at: number;
  }[] = [];
  /** Twilio's dates: RFC 2822 in GMT with a numeric zone ("Mon, 23 Nov 2026 15:02:00 +0000"). */
  const rfc2822 = (at: number) => new Date(at).toUTCString().replace("GMT", "+0000");
  const resourceJson = (r: (typeof created)[number]) => {
    const date = rfc2822(r.at);
    return r.resource === "Calls"
      ? {
          sid: r.sid,
          account_sid: accountSid,
          to: r.to,
          from: r.from,
          status: "queued",
          date_created: date,
          date_updated: date,
          start_time: null,
          direction: "outbound-api",
        }
      : {
          sid: r.sid,
          account_sid: accountSid,
          to: r.to,
          from: r.from,
          body: r.body,
          status: "queued",
          date_created: date,
          date_updated: date,
          date_sent: null,
          num_segments: "1",
          direction: "outbound-api",
        };
  };

  /**
   * GET …/Messages.json and …/Calls.json: the account's resources, newest first,
   * filtered by To and From, paged by PageSize (default 50) and Page, with
   * `next_page_uri` null on the last page.
   */
  function list(res: ServerResponse, resource: "Messages" | "Calls", query: URLSearchParams) {
    const to = query.get("To");
    const from = query.get("From");
    const pageSize = Math.min(Math.max(Number(query.get("PageSize") ?? 50) || 50, 1), 1000);
    const page = Math.max(Number(query.get("Page") ?? 0) || 0, 0);
    const matching = created
      .filter((r) => r.resource === resource && (!to || r.to === to) && (!from || r.from === from))
      .reverse();
    const rows = matching.slice(page * pageSize, (page + 1) * pageSize);
    const path = `/2010-04-01/Accounts/${accountSid}/${resource}.json`;
    const uri = (p: number) => {
      const q = new URLSearchParams(query);
      q.set("PageSize", String(pageSize));
      q.set("Page", String(p));
      return `${path}?${q}`;
    };
    json(res, 200, {
      [resource.toLowerCase()]: rows.map(resourceJson),
      page,
      page_size: pageSize,
      start: page * pageSize,
      end: page * pageSize + Math.max(rows.length - 1, 0),
      uri: uri(page),
      first_page_uri: uri(0),
      previous_page_uri: page > 0 ? uri(page - 1) : null,
      next_page_uri: (page + 1) * pageSize < matching.length ? uri(page + 1) : null,
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (state === "unavailable") {
      refused++;
      return error(res, 503, 20503, "Service Unavailable");
    }
    const url = new URL(req.url ?? "/", "http://peer");
    const match = url.pathname.match(/^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/);
    if (!match || (req.method !== "POST" && req.method !== "GET")) {
      return error(res, 404, 20404, "Not Found");
    }
    if (req.headers.authorization !== expectedAuth || match[1] !== accountSid) {
      return error(res, 401, 20003, "Authenticate");
    }
    const resource = match[2] as "Messages" | "Calls";
    if (req.method === "GET") return list(res, resource, url.searchParams);
    const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    const to = form.get("To") ?? "";
    const from = form.get("From") ?? "";
    const body = resource === "Messages" ? form.get("Body") : form.get("Twiml");
    if (!to || !from) return error(res, 400, 21604, "A 'To' phone number is required.");
    if (!body) return error(res, 400, 21602, "Message body is required.");
    // Recorded to count what reached the provider. Twilio documents no
    // de-duplication of API requests (its I-Twilio-Idempotency-Token is a header
    // on the webhooks it sends), so, like Twilio, this creates every request.
    const key = String(req.headers["i-twilio-idempotency-token"] ?? "");
    waiting++;
    const reply = () => {
      waiting--;
      const channel =
        resource === "Calls" ? "voice" : to.startsWith("whatsapp:") ? "whatsapp" : "sms";
      const at = Date.now();
      received.push({ key, channel, to, body, at });
      const made = {
        resource,
        sid: sid(resource === "Calls" ? "CA" : "SM"),
        to,
        from,
        body: resource === "Messages" ? body : "",
        at,
      };
      created.push(made);
      if (state === "lose-answer") {
        res.socket?.destroy();
        return;
      }
      json(res, 201, resourceJson(made));
    };
    if (options.delayMs) setTimeout(reply, options.delayMs);
    else reply();
  }

  const make = () => {
    const server: Server = createServer((req, res) => {
      handle(req, res).catch(() => error(res, 500, 20500, "Internal Server Error"));
    });
    return {
      listen: (p: number) =>
        new Promise<void>((resolve, reject) => {
          server.once("error", reject);
          server.listen(p, "127.0.0.1", () => {
            port = (server.address() as AddressInfo).port;
            resolve();
          });
        }),
      close: async () => {
        server.closeAllConnections();
        server.close();
        if (server.listening) await once(server, "close");
      },
    };
  };
  const listener = await listenable(make);
  const peer: TwilioPeer = {
    accountSid,
    authToken,
    get port() {
      return port;
    },
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    received,
    get refused() {
      return refused;
    },
    get waiting() {
      return waiting;
    },
    async setState(next) {
      if (next === state) return;
      if (state === "refuse") await listener.restart(port);
      if (next === "refuse") await listener.stop();
      state = next;
    },
    countsByKey: () => countsOf(received),
    waitForKeys: (n, timeoutMs) =>
      waitFor(
        () => countsOf(received).size >= n,
        timeoutMs,
        () => `${n} Twilio requests (got ${countsOf(received).size})`,
      ),
    close: () => (state === "refuse" ? Promise.resolve() : listener.stop()),
    env: () => ({
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: "+15005550006",
      TWILIO_WHATSAPP_FROM: "+15005550006",
      TWILIO_API_BASE: `http://127.0.0.1:${port}`,
      // This stand-in has none of a real number's limits (decision 156): the fault tests fill
      // it with calls at once.
      TWILIO_MAX_IN_FLIGHT: "1000",
      TWILIO_SMS_PER_SECOND: "10000",
      TWILIO_WHATSAPP_PER_SECOND: "10000",
      TWILIO_CALLS_PER_SECOND: "10000",
    }),
  };
  return peer;
}

/** Keys accepted more than once: what a provider without de-duplication would deliver twice. */
export function duplicates(peer: PeerBase): string[] {
  return [...peer.countsByKey()].filter(([, n]) => n > 1).map(([key]) => key);
}

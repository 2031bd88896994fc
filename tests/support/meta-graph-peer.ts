import { createHmac, randomBytes, randomInt } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Meta's Graph API Send API on loopback (decision 149), checking each request as Meta documents
 * it, and playing the people on the other side: it knows Messenger users (page-scoped ids) and
 * Instagram users (Instagram-scoped ids), when each last wrote to the page (the 24-hour window),
 * who blocked it; it answers `{ recipient_id, message_id }` or Graph's error object, records what
 * it took, and POSTs signed webhook events to the app: the referral when a user opens an m.me or
 * ig.me link, deliveries and reads.
 */
export type Platform = "messenger" | "instagram";

export interface GraphMessage {
  platform: Platform;
  recipient: string;
  messagingType: string;
  tag?: string;
  text: string;
  messageId: string;
  at: number;
}

export interface GraphRefusal {
  status: number;
  code: number;
  subcode?: number;
  message: string;
}

interface GraphUser {
  platform: Platform;
  id: string;
  /** When the user last wrote to (or opened a link to) the page: the standard window's start. */
  lastInteraction: number;
  blocked: boolean;
  /** A thread exists: a new one starts with a postback (Get Started), an old one with a referral. */
  threaded: boolean;
}

export type WebhookTarget = (
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number }>;

const MESSENGER_TAGS = new Set([
  "CONFIRMED_EVENT_UPDATE",
  "POST_PURCHASE_UPDATE",
  "ACCOUNT_UPDATE",
  "HUMAN_AGENT",
]);
const INSTAGRAM_TAGS = new Set(["HUMAN_AGENT"]);
const DAY = 86_400_000;

export interface MetaGraphPeer {
  readonly url: string;
  readonly appSecret: string;
  readonly verifyToken: string;
  readonly pageId: string;
  readonly pageUsername: string;
  readonly instagramId: string;
  readonly instagramUsername: string;
  readonly accessToken: string;
  /** Accepted messages, in order. */
  readonly messages: GraphMessage[];
  /** Requests answered with an error, in order. */
  readonly refusals: GraphRefusal[];
  /** META_* for SafeTap, pointing here (`instagram: false` leaves the account out). */
  env(options?: { instagram?: boolean }): Record<string, string>;
  /** Where webhook events go: a URL, or a function (an in-process app). */
  setWebhookTarget(target: string | WebhookTarget): void;
  /** A person on the platform, unknown to the page until they write to it. */
  addUser(platform: Platform): string;
  block(id: string): void;
  /** Moves the user's last interaction into the past (ms ago). */
  lastWroteAgo(id: string, ms: number): void;
  /** Answer every send with this error until cleared (rate limits, outages). */
  failNext(refusal: GraphRefusal | null): void;
  /**
   * The user opens an m.me / ig.me link (the href SafeTap showed): the signed referral webhook,
   * as a postback for a new thread or a referral for an existing one. Returns the user's id and
   * the app's answer.
   */
  openLink(href: string, userId?: string): Promise<{ userId: string; status: number }>;
  deliver(message: GraphMessage, options?: { withMids?: boolean }): Promise<number>;
  read(message: GraphMessage): Promise<number>;
  /** Any webhook body, signed (or with the given signature header). */
  postWebhook(body: unknown, signature?: string | null): Promise<number>;
  sign(body: string): string;
  waitForMessages(n: number, timeoutMs?: number): Promise<GraphMessage[]>;
  close(): Promise<void>;
}

export async function startMetaGraphPeer(): Promise<MetaGraphPeer> {
  const appSecret = randomBytes(16).toString("hex");
  const verifyToken = `verify-${randomBytes(6).toString("hex")}`;
  const accessToken = `EAAG${randomBytes(24).toString("hex")}`;
  const pageId = String(randomInt(100_000_000, 999_999_999));
  const instagramId = `1784${randomInt(100_000_000, 999_999_999)}`;
  const pageUsername = "safetap.test";
  const instagramUsername = "safetap_test";
  const users = new Map<string, GraphUser>();
  const messages: GraphMessage[] = [];
  const refusals: GraphRefusal[] = [];
  let forced: GraphRefusal | null = null;
  let target: WebhookTarget | null = null;

  const sign = (body: string) =>
    `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
  const proof = createHmac("sha256", appSecret).update(accessToken).digest("hex");

  const refuse = (res: ServerResponse, refusal: GraphRefusal) => {
    refusals.push(refusal);
    res.writeHead(refusal.status, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        error: {
          message: refusal.message,
          type: refusal.code === 190 ? "OAuthException" : "OAuthException",
          code: refusal.code,
          ...(refusal.subcode ? { error_subcode: refusal.subcode } : {}),
          is_transient: refusal.code === 2 || refusal.code === 1200,
          fbtrace_id: randomBytes(8).toString("base64url"),
        },
      }),
    );
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://graph.local");
    const path = url.pathname.match(/^\/(v\d+\.\d+)\/([^/]+)\/messages$/);
    if (req.method !== "POST" || !path) {
      return refuse(res, { status: 400, code: 2500, message: "Unknown path components" });
    }
    if (url.searchParams.get("access_token") !== accessToken) {
      return refuse(res, {
        status: 400,
        code: 190,
        message: "Invalid OAuth access token - Cannot parse access token",
      });
    }
    const givenProof = url.searchParams.get("appsecret_proof");
    if (givenProof !== null && givenProof !== proof) {
      return refuse(res, { status: 400, code: 100, message: "Invalid appsecret_proof provided" });
    }
    if (path[2] !== pageId && path[2] !== "me") {
      return refuse(res, {
        status: 400,
        code: 100,
        subcode: 33,
        message: `Unsupported post request. Object with ID '${path[2]}' does not exist`,
      });
    }
    if (!/^application\/json\b/.test(req.headers["content-type"] ?? "")) {
      return refuse(res, { status: 400, code: 100, message: "(#100) Expected JSON body" });
    }
    let body: {
      recipient?: { id?: unknown };
      messaging_type?: unknown;
      tag?: unknown;
      message?: { text?: unknown };
    };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return refuse(res, { status: 400, code: 100, message: "(#100) Invalid JSON" });
    }
    if (forced) return refuse(res, forced);
    const user = users.get(String(body.recipient?.id ?? ""));
    if (!user) {
      return refuse(res, {
        status: 400,
        code: 100,
        subcode: 2018001,
        message: "(#100) No matching user found",
      });
    }
    const type = body.messaging_type;
    if (type !== "RESPONSE" && type !== "UPDATE" && type !== "MESSAGE_TAG") {
      return refuse(res, {
        status: 400,
        code: 100,
        message: "(#100) param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}",
      });
    }
    const tags = user.platform === "instagram" ? INSTAGRAM_TAGS : MESSENGER_TAGS;
    if (type === "MESSAGE_TAG" ? !tags.has(String(body.tag)) : body.tag !== undefined) {
      return refuse(res, {
        status: 400,
        code: 100,
        message: `(#100) Tag ${String(body.tag)} is not valid for messaging_type ${type} on ${user.platform}`,
      });
    }
    const text = body.message?.text;
    const limit = user.platform === "instagram" ? 1000 : 2000;
    if (typeof text !== "string" || !text || Buffer.byteLength(text) > limit * 4) {
      return refuse(res, {
        status: 400,
        code: 100,
        message: "(#100) param message[text] must be a non-empty UTF-8 string",
      });
    }
    if (user.blocked) {
      return refuse(res, {
        status: 400,
        code: 551,
        subcode: 1545041,
        message: "(#551) This person isn't available right now.",
      });
    }
    const since = Date.now() - user.lastInteraction;
    const window = type === "MESSAGE_TAG" && body.tag === "HUMAN_AGENT" ? 7 * DAY : DAY;
    const tagged = type === "MESSAGE_TAG" && body.tag !== "HUMAN_AGENT";
    if (!tagged && since > window) {
      return refuse(res, {
        status: 400,
        code: 10,
        subcode: 2018278,
        message: "(#10) This message is sent outside of allowed window.",
      });
    }
    const messageId = `m_${randomBytes(18).toString("base64url")}`;
    messages.push({
      platform: user.platform,
      recipient: user.id,
      messagingType: type,
      tag: typeof body.tag === "string" ? body.tag : undefined,
      text,
      messageId,
      at: Date.now(),
    });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ recipient_id: user.id, message_id: messageId }));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const postWebhook = async (body: unknown, signature?: string | null) => {
    if (!target) throw new Error("no webhook target: call setWebhookTarget first");
    const text = JSON.stringify(body);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (signature !== null) headers["x-hub-signature-256"] = signature ?? sign(text);
    return (await target(text, headers)).status;
  };
  const envelope = (platform: Platform, event: Record<string, unknown>) => {
    const own = platform === "messenger" ? pageId : instagramId;
    return {
      object: platform === "messenger" ? "page" : "instagram",
      entry: [{ id: own, time: Date.now(), messaging: [{ recipient: { id: own }, ...event }] }],
    };
  };

  const addUser = (platform: Platform) => {
    const id = `${platform === "messenger" ? 7 : 1}${randomInt(10 ** 7, 10 ** 8)}${randomInt(10 ** 7, 10 ** 8)}`;
    users.set(id, { platform, id, lastInteraction: 0, blocked: false, threaded: false });
    return id;
  };

  return {
    url,
    appSecret,
    verifyToken,
    pageId,
    pageUsername,
    instagramId,
    instagramUsername,
    accessToken,
    messages,
    refusals,
    env: ({ instagram = true } = {}) => ({
      META_APP_SECRET: appSecret,
      META_VERIFY_TOKEN: verifyToken,
      META_PAGE_ACCESS_TOKEN: accessToken,
      META_PAGE_ID: pageId,
      META_PAGE_USERNAME: pageUsername,
      ...(instagram
        ? { META_INSTAGRAM_ID: instagramId, META_INSTAGRAM_USERNAME: instagramUsername }
        : {}),
      META_GRAPH_API_BASE: url,
      META_GRAPH_VERSION: "v21.0",
    }),
    setWebhookTarget(next) {
      target =
        typeof next === "string"
          ? async (body, headers) => {
              const response = await fetch(next, { method: "POST", body, headers });
              await response.arrayBuffer();
              return { status: response.status };
            }
          : next;
    },
    addUser,
    block(id) {
      users.get(id)!.blocked = true;
    },
    lastWroteAgo(id, ms) {
      users.get(id)!.lastInteraction = Date.now() - ms;
    },
    failNext(refusal) {
      forced = refusal;
    },
    async openLink(href, userId) {
      const link = new URL(href);
      const platform: Platform = link.hostname === "ig.me" ? "instagram" : "messenger";
      const expected = platform === "messenger" ? `/${pageUsername}` : `/m/${instagramUsername}`;
      if (link.pathname !== expected) throw new Error(`${href} is not this page's link`);
      const ref = link.searchParams.get("ref") ?? "";
      const id = userId ?? addUser(platform);
      const user = users.get(id)!;
      user.lastInteraction = Date.now();
      const referral = {
        ref,
        source: platform === "messenger" ? "SHORTLINK" : "IGME_SOURCE_LINK",
        type: "OPEN_THREAD",
      };
      const event = user.threaded
        ? { referral }
        : platform === "messenger"
          ? { postback: { title: "Get Started", payload: "GET_STARTED", referral } }
          : { referral };
      user.threaded = true;
      const status = await postWebhook(
        envelope(platform, { sender: { id }, timestamp: Date.now(), ...event }),
      );
      return { userId: id, status };
    },
    deliver(message, { withMids = true } = {}) {
      return postWebhook(
        envelope(message.platform, {
          sender: { id: message.recipient },
          timestamp: Date.now(),
          delivery: { ...(withMids ? { mids: [message.messageId] } : {}), watermark: Date.now() },
        }),
      );
    },
    read(message) {
      const read =
        message.platform === "instagram" ? { mid: message.messageId } : { watermark: Date.now() };
      return postWebhook(
        envelope(message.platform, {
          sender: { id: message.recipient },
          timestamp: Date.now(),
          read,
        }),
      );
    },
    postWebhook,
    sign,
    async waitForMessages(n, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < n) {
        if (Date.now() > deadline) {
          throw new Error(
            `waited for ${n} Graph messages, got ${messages.length}; refused: ${JSON.stringify(refusals)}`,
          );
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      return messages.slice(0, n);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

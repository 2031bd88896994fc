import { once } from "node:events";
import { request } from "node:http";
import { connect, type Socket } from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** From the first byte sent to the answer's status line. */
  ms: number;
  /** Body bytes written before the answer came (or the connection ended). */
  sent: number;
}

/**
 * One request over a real socket, with what fetch will not send: any method, a
 * Content-Length that the body does not keep, or a chunked body streamed until
 * the server answers. `stream` bytes are written in 64 KB chunks as fast as the
 * socket takes them, and writing stops as soon as an answer arrives.
 */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Bytes to stream (chunked unless a content-length header is given). */
    stream?: number;
    /** Give up after this long without an answer: status 0. */
    timeoutMs?: number;
  } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    let answered = false;
    let status = 0;
    let answerHeaders: RawAnswer["headers"] = {};
    let ms = 0;
    const chunks: Buffer[] = [];
    // Node frames a body on its own only for some methods: say how, for all of them.
    const headers = { ...options.headers };
    const has = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name);
    if (options.body !== undefined && !has("content-length")) {
      headers["content-length"] = String(Buffer.byteLength(options.body));
    } else if (options.stream && !has("content-length")) {
      headers["transfer-encoding"] = "chunked";
    }
    // A fresh connection each time: one the server closed after a refusal is never reused.
    const req = request(url, { method: options.method ?? "POST", headers, agent: false });
    if (options.timeoutMs) {
      const timer = setTimeout(() => {
        if (answered) return;
        answered = true;
        req.destroy();
        resolve({ status: 0, headers: {}, text: "", ms: performance.now() - started, sent });
      }, options.timeoutMs);
      req.on("close", () => clearTimeout(timer));
    }
    req.on("response", (res) => {
      if (answered) return;
      answered = true;
      status = res.statusCode ?? 0;
      answerHeaders = res.headers;
      ms = performance.now() - started;
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () =>
        resolve({
          status,
          headers: answerHeaders,
          text: Buffer.concat(chunks).toString("utf8"),
          ms,
          sent,
        }),
      );
      res.on("error", () =>
        resolve({
          status,
          headers: answerHeaders,
          text: Buffer.concat(chunks).toString("utf8"),
          ms,
          sent,
        }),
      );
    });
    req.on("error", (error) => {
      // The server may close the connection after answering, while we still write.
      if (answered) return;
      // How much the socket had read says whose side lost the answer: bytes read and no
      // response is Node's client (nodejs/node#12339), none read is the server's silence.
      const read = req.socket?.bytesRead ?? 0;
      reject(
        Object.assign(error, {
          message: `${error.message} (${options.method ?? "POST"} ${url}, ${sent} bytes sent, ${read} read, no answer)`,
          sent,
        }),
      );
    });
    if (options.stream) {
      const chunk = Buffer.alloc(64 * 1024, "a");
      const total = options.stream;
      // One chunk per turn of the event loop, so an answer is read as soon as it
      // arrives (a client that only writes would miss it when the server closes).
      const pump = () => {
        if (answered || req.destroyed) return;
        if (sent >= total) {
          req.end();
          return;
        }
        sent += chunk.length;
        if (req.write(chunk)) setImmediate(pump);
        else req.once("drain", pump);
      };
      pump();
    } else {
      req.end(options.body);
    }
  });
}

/** Peak and current resident memory of a process, in bytes (Linux /proc). */
export async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) =>
    Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, "m"))?.[1]) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/**
 * Resolves when a socket has closed, whatever the reason: a client closing its side in the
 * middle of a chunked body ends the server's socket with a parse error, as it should.
 */
export const closed = (socket: Socket) =>
  new Promise<void>((resolve) => socket.once("close", () => resolve()));

/**
 * A client stalled the way a process on a loaded machine is: it POSTs a chunked body to `url`
 * and goes on sending (`send`) without reading, so an early answer waits unread in its socket
 * until `answer` reads what came back, to the server's end of the connection.
 */
export async function stalledClient(url: string) {
  const { hostname, port, pathname } = new URL(url);
  const socket = connect(Number(port), hostname);
  await once(socket, "connect");
  socket.on("error", () => {}); // each write's callback reports it
  socket.pause();
  socket.write(
    `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\n` +
      "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n",
  );
  const size = 64 * 1024;
  const chunk = Buffer.concat([
    Buffer.from(`${size.toString(16)}\r\n`),
    Buffer.alloc(size, "a"),
    Buffer.from("\r\n"),
  ]);
  let sent = 0;
  return {
    socket,
    /** Body bytes written so far. */
    sent: () => sent,
    /** Writes `bytes` more of the body, each chunk taken by the socket before the next. */
    async send(bytes: number) {
      for (let n = 0; n < bytes; n += size) {
        await new Promise<void>((resolve, reject) =>
          socket.write(chunk, (error) => (error ? reject(error) : resolve())),
        );
        sent += size;
      }
    },
    /** Reads what the server answered, up to its end of the connection. */
    async answer() {
      const chunks: Buffer[] = [];
      socket.on("data", (data: Buffer) => chunks.push(data));
      socket.resume();
      await once(socket, "end");
      return Buffer.concat(chunks).toString("latin1");
    },
  };
}

import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { lingerAfterEarlyAnswers } from "#server/http/lingering-close.ts";
import { closed, stalledClient } from "#tests/support/raw-http.ts";

/**
 * The lingering close (server/http/lingering-close.ts) on a bare Node server that refuses
 * bodies over 64 KB the way the body limit does (413, Connection: close, body unread), with
 * small bounds. tests/integration/http-process.test.ts shows it in the built server.
 */
const KB = 1024;
const MB = 1024 * KB;
const LIMITS = { totalMs: 10_000, idleMs: 300, bytes: 32 * MB };

let server: Server;
const serverSockets: Socket[] = [];
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function refusingServer(limits = LIMITS) {
  server = createServer((req, res) => {
    let received = 0;
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > 64 * KB && !res.headersSent) {
        res.writeHead(413, { "content-type": "text/plain", connection: "close" });
        res.end("Payload Too Large");
        req.pause(); // as a refusing handler does: it reads no further
      }
    });
  });
  server.on("connection", (socket) => serverSockets.push(socket));
  lingerAfterEarlyAnswers(server, limits);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

describe("lingering close after an early answer", () => {
  it("a client that reads late still gets the 413: what it sends meanwhile is read and dropped", async () => {
    const port = await refusingServer();
    const client = await stalledClient(`http://127.0.0.1:${port}/webhooks/x`);
    // Far more than the sockets' buffers hold (a few MB on loopback): every write completes
    // only because the server goes on reading after its answer. A server that closed at once
    // would reset the connection and these writes would fail (EPIPE, ECONNRESET).
    await client.send(16 * MB);
    expect(await client.answer()).toMatch(/^HTTP\/1\.1 413 /);
    client.socket.end();
    await closed(serverSockets.at(-1)!);
  });

  it("stops reading, and closes, once the client has sent the byte bound more", async () => {
    const port = await refusingServer();
    const client = await stalledClient(`http://127.0.0.1:${port}/webhooks/x`);
    const cutOff = await client.send(256 * MB).then(
      () => null,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(cutOff).toMatch(/^(EPIPE|ECONNRESET)$/);
    expect(client.sent()).toBeGreaterThanOrEqual(LIMITS.bytes);
    expect(client.sent()).toBeLessThan(LIMITS.bytes + 16 * MB);
  });

  it("closes a lingering connection whose client has gone quiet after the idle bound", async () => {
    const port = await refusingServer();
    const client = await stalledClient(`http://127.0.0.1:${port}/webhooks/x`);
    await client.send(256 * KB);
    const serverSide = serverSockets.at(-1)!;
    const started = Date.now();
    await closed(serverSide);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LIMITS.idleMs - 50);
    expect(Date.now() - started).toBeLessThan(LIMITS.totalMs);
    expect(await client.answer()).toMatch(/^HTTP\/1\.1 413 /);
  });
});

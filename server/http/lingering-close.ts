import type { IncomingMessage, Server } from "node:http";
import type { Socket } from "node:net";

/**
 * How long, and how much, a connection answered before its request body ended
 * is still read after the answer (nginx's lingering_time and lingering_timeout).
 */
export const LINGER_LIMITS = {
  /** The longest a connection lingers after its answer. */
  totalMs: 30_000,
  /** Closed sooner when the client sends nothing for this long. */
  idleMs: 5_000,
  /** Closed sooner once this much more has been read and dropped. */
  bytes: 64 * 1024 * 1024,
};

type ClosingSocket = Socket & { destroySoon(): void };

/**
 * Lingering close, as nginx does it, for answers given before the request's
 * body was read to its end (a 413 from the body limit, a refusal that never
 * reads the form). Node closes such a connection as soon as the answer is
 * written (and the Node adapter after reading for 500 ms more): the kernel then
 * resets it because unread bytes remain, and a client still busy sending (a
 * process stalled on a loaded machine) gets the reset before it reads the
 * answer, as EPIPE or ECONNRESET instead of the 413. Here the connection is
 * half-closed instead (the answer and a FIN go out) and whatever the client
 * still sends is read and dropped, never kept, until it closes its side, goes
 * quiet for `idleMs`, sends `bytes` more, or `totalMs` pass.
 *
 * Returns `closeAll`, which ends the lingering connections at once (shutdown).
 */
export function lingerAfterEarlyAnswers(server: Server, limits = LINGER_LIMITS) {
  const current = new WeakMap<Socket, IncomingMessage>();
  const lingering = new Set<Socket>();

  server.prependListener("request", (req: IncomingMessage) => {
    current.set(req.socket, req);
  });
  server.on("connection", (socket: Socket) => {
    const closing = socket as ClosingSocket;
    const destroySoon = closing.destroySoon.bind(closing);
    closing.destroySoon = () => {
      const req = current.get(socket);
      if (lingering.has(socket)) return;
      if (!req || req.complete || socket.destroyed) {
        destroySoon();
        return;
      }
      lingering.add(socket);
      linger(socket, req, limits, () => lingering.delete(socket));
    };
  });

  return {
    closeAll() {
      for (const socket of lingering) socket.destroy();
    },
  };
}

function linger(
  socket: Socket,
  req: IncomingMessage,
  limits: typeof LINGER_LIMITS,
  done: () => void,
) {
  socket.end(); // the answer, then a FIN: the client reads it and stops sending
  const started = Date.now();
  const firstByte = socket.bytesRead;
  let seen = firstByte;
  let lastActive = started;
  const check = () => {
    const now = Date.now();
    if (socket.bytesRead !== seen) {
      seen = socket.bytesRead;
      lastActive = now;
    }
    if (
      now - started >= limits.totalMs ||
      now - lastActive >= limits.idleMs ||
      seen - firstByte >= limits.bytes
    ) {
      socket.destroy();
    }
  };
  // What still arrives is dropped, never buffered, and counted as it comes (a request whose
  // body Node already discards emits nothing: the timer counts those). The answered handler's
  // readers go: the Node adapter's body stream, which nobody reads any more, would fill and
  // pause the request, and with it the reading of the connection.
  req.removeAllListeners("data");
  req.on("data", check);
  req.on("pause", () => req.resume());
  req.resume();
  const timer = setInterval(check, 100);
  timer.unref();
  // The client closing its side ends it; Node then destroys the socket (both sides ended).
  socket.once("end", () => socket.destroy());
  socket.once("close", () => {
    clearInterval(timer);
    done();
  });
}

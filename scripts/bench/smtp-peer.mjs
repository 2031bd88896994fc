// A loopback SMTP server standing in for the mail provider: it accepts every
// message and records when each delivery arrived, keyed by the delivery id the
// app puts in the X-SafeTap-Delivery header (server/delivery/smtp.ts).
import { SMTPServer } from "smtp-server";

export async function startSmtpPeer() {
  /** delivery id → arrival times in ms (more than one means a duplicate send) */
  const arrivals = new Map();
  let messages = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 1024 * 1024,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const at = Date.now();
        messages++;
        const text = Buffer.concat(chunks).toString("utf8");
        const headerEnd = text.indexOf("\r\n\r\n");
        const headers = text.slice(0, headerEnd === -1 ? text.length : headerEnd);
        const id = headers.match(/^X-SafeTap-Delivery:\s*(\S+)/im)?.[1];
        if (id) arrivals.set(id, [...(arrivals.get(id) ?? []), at]);
        callback();
      });
    },
  });
  server.on("error", () => {}); // a client dropping its connection is not our failure
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    get messages() {
      return messages;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

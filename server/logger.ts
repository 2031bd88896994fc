import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(options: { level: string; name?: string }): Logger {
  return pino({
    name: options.name ?? "safetap",
    level: options.level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Defence in depth: these never belong in a log line, whoever logs them.
    redact: {
      paths: [
        "password",
        "*.password",
        "code",
        "*.code",
        "token",
        "*.token",
        "req.headers.cookie",
        "req.headers.authorization",
      ],
      censor: "[redacted]",
    },
  });
}

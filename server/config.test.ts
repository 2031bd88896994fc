import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const tmp = () => mkdtempSync(path.join(tmpdir(), "safetap-config-"));

describe("configuration", () => {
  it("runs on the embedded default with nothing set", () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.database).toEqual({ kind: "pglite", dataDir: path.join(dir, "pglite") });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.seedDemo).toBe(true);
    expect(config.isProduction).toBe(false);
    expect(config.generatedSecrets).toEqual(["AUTH_SECRET", "DATA_ENCRYPTION_KEY"]);
    expect(readFileSync(path.join(dir, "data-encryption-key"), "utf8").trim()).toMatch(
      /^[0-9a-f]{64}$/,
    );
  });

  it("keeps the generated keys across restarts", () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.dataEncryptionKey.equals(first.dataEncryptionKey)).toBe(true);
    expect(second.authSecret).toBe(first.authSecret);
  });

  it("uses PostgreSQL when DATABASE_URL is set, and seeds nothing unless asked", () => {
    const config = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: "postgres://u@h:5432/db" });
    expect(config.database).toMatchObject({ kind: "postgres", url: "postgres://u@h:5432/db" });
    expect(config.seedDemo).toBe(false);
  });

  it.each([
    ["PORT", "not-a-number"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["APP_ENV", "staging"],
    ["DATA_ENCRYPTION_KEY", "short"],
    ["REDIS_URL", "http://x"],
    ["LOG_LEVEL", "loud"],
    ["SEED_DEMO", "maybe"],
  ])("a wrong %s stops start-up with a message naming it", (name, value) => {
    let caught: unknown;
    try {
      loadConfig({ DATA_DIR: tmp(), [name]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).message).toContain(name);
  });

  it("production requires explicit secrets and a public URL", () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), APP_ENV: "production" })).toThrow(
      /AUTH_SECRET[\s\S]*DATA_ENCRYPTION_KEY[\s\S]*PUBLIC_URL/,
    );
  });

  const productionSecrets = {
    APP_ENV: "production",
    AUTH_SECRET: "x".repeat(40),
    DATA_ENCRYPTION_KEY: "ab".repeat(32),
    PUBLIC_URL: "https://safetap.example",
  };

  it("production without mail and SMS providers refuses to start unless it is a demo", () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...productionSecrets })).toThrow(
      /SMTP_URL[\s\S]*TWILIO_ACCOUNT_SID[\s\S]*DEMO_MODE=true/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tmp(), ...productionSecrets, SMTP_URL: "smtp://mail:25" }),
    ).toThrow(/TWILIO_ACCOUNT_SID/);
    const demo = loadConfig({ DATA_DIR: tmp(), ...productionSecrets, DEMO_MODE: "true" });
    expect(demo.demoMode).toBe(true);
    const real = loadConfig({
      DATA_DIR: tmp(),
      ...productionSecrets,
      SMTP_URL: "smtp://mail:25",
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "t",
    });
    expect(real.demoMode).toBe(false);
    expect(real.devOutboxPublic).toBe(false);
  });

  it("the embedded default is a demo whose outbox stays on this machine", () => {
    const config = loadConfig({ DATA_DIR: tmp() });
    expect(config.demoMode).toBe(true);
    expect(config.devOutboxPublic).toBe(false);
  });

  it.each([
    [undefined, 0],
    ["false", 0],
    ["true", 1],
    ["1", 1],
    ["2", 2],
  ])("TRUST_PROXY=%s trusts %i proxy hops", (value, hops) => {
    const env: Record<string, string> = { DATA_DIR: tmp() };
    if (value) env.TRUST_PROXY = value;
    expect(loadConfig(env).trustProxyHops).toBe(hops);
  });

  it.each(["-1", "yes please", "11"])("TRUST_PROXY=%s stops start-up", (value) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it("Twilio credentials come as a pair", () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), TWILIO_ACCOUNT_SID: "AC1" })).toThrow(
      /TWILIO_ACCOUNT_SID/,
    );
  });
});

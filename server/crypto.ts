import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from "node:crypto";

/** A key for one purpose, derived from the master key so purposes never share a key. */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), `safetap:${purpose}`, 32));
}

export function hmacHex(key: Buffer, value: string): string {
  return createHmac("sha256", key).update(value).digest("hex");
}

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A random string over `alphabet`, each character drawn by the CSPRNG without bias. */
export function randomString(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export interface FieldCipher {
  /** AES-256-GCM; `context` binds the ciphertext to its place (e.g. "profiles.allergies:<id>"). */
  encrypt(plaintext: string, context: string): string;
  decrypt(ciphertext: string, context: string): string;
}

const FIELD_VERSION = "v1";

export function createFieldCipher(masterKey: Buffer): FieldCipher {
  const key = deriveKey(masterKey, "field-encryption");
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [FIELD_VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    decrypt(ciphertext, context) {
      const [version, iv, body, tag] = ciphertext.split(".");
      if (version !== FIELD_VERSION || !iv || body === undefined || !tag) {
        throw new Error("Unrecognised encrypted field");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([
        decipher.update(Buffer.from(body, "base64url")),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}

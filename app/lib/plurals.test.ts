import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import i18next, { type Resource } from "i18next";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#core/languages.ts";

const localesDir = path.join(import.meta.dirname, "..", "..", "core", "locales");
const namespaces = readdirSync(path.join(localesDir, "en")).filter((f) => f.endsWith(".json"));

function texts(tree: unknown, prefix = ""): [string, string][] {
  if (typeof tree === "string") return [[prefix, tree]];
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) =>
    texts(v, prefix ? `${prefix}.${k}` : k),
  );
}

const resources: Resource = Object.fromEntries(
  LANGUAGES.map((lng) => [
    lng,
    Object.fromEntries(
      namespaces.map((file) => [
        file.replace(/\.json$/, ""),
        JSON.parse(readFileSync(path.join(localesDir, lng, file), "utf8")),
      ]),
    ),
  ]),
);

describe("counts are written with i18next plurals, not '(s)'", () => {
  it("no text in any language writes a plural as (s)", () => {
    const found = LANGUAGES.flatMap((lng) =>
      namespaces.flatMap((file) =>
        texts(resources[lng]![file.replace(/\.json$/, "")])
          .filter(([, text]) => /\w\(s\)/.test(text))
          .map(([key]) => `${lng}/${file}:${key}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it("one and many read correctly in every language", async () => {
    const t = (lng: string) => {
      const instance = i18next.createInstance();
      void instance.init({ lng, resources, initAsync: false, fallbackLng: "en" });
      return instance.t;
    };
    const en = t("en");
    expect(en("account:sos.sentBody", { count: 1 })).toBe("1 contact notified.");
    expect(en("account:sos.sentBody", { count: 3 })).toBe("3 contacts notified.");
    expect(en("auth:notices.codeWrong", { n: 1, count: 1 })).toBe(
      "That code is not right. 1 attempt left.",
    );
    expect(en("admin:batches.tags", { count: 1 })).toBe("1 tag");
    expect(t("es")("account:sos.sentBody", { count: 1 })).toBe("Se ha avisado a 1 contacto.");
    expect(t("fr")("account:sos.sentBody", { count: 2 })).toBe("2 contacts prévenus.");
    // French and Spanish "many" (1,000,000) falls back to the plural text.
    expect(t("fr")("card:alert.sentCount", { count: 1_000_000 })).toBe(
      "1000000 contacts sont en cours d'alerte.",
    );
    expect(t("vi")("account:sos.sentBody", { count: 1 })).toBe("Đã báo cho 1 người liên hệ.");
  });
});

import { describe, expect, it } from "vitest";
import { importsOf, layerViolations, resolveImport, routeModulesOf } from "./check-imports.mjs";

/** A tree in memory: each file breaks at most one rule, or none. */
const FILES = {
  // Broken, one rule each.
  "core/uses-server.ts": `import { openPglite } from "#server/db/client.ts";\n`,
  "server/uses-app.ts": `import { PLANS } from "#app/lib/plans.ts";\n`,
  "app/routes/shop.tsx": [
    `import type { Services } from "#server/services.ts";`,
    `import { createTags } from "#server/domain/tags.ts";`,
    `import Other from "#app/routes/other.tsx";`,
  ].join("\n"),
  "app/lib/climbs.ts": `import { isPhone } from "../../core/validation.ts";\n`,
  "server/uses-tests.ts": `import { createTestDatabase } from "#tests/support/database.ts";\n`,

  // Allowed.
  "app/routes/other.tsx": `import { loadOther } from "./other.server.ts";\nimport { Button } from "#app/components/ui/button.tsx";\n`,
  "app/routes/other.server.ts": `import { createTags } from "#server/domain/tags.ts";\nimport { PLANS } from "#core/plans.ts";\n`,
  "app/components/tag-row.tsx": `import type { Tag } from "#server/db/schema.ts";\nimport { useState } from "react";\n`,
  "server/security/limits.test.ts": `import { createTestDatabase } from "#tests/support/database.ts";\nimport { PLANS } from "#app/lib/plans.ts";\n`,
  "tests/integration/cards.test.ts": `import { createTestApp } from "#tests/support/app.ts";\n`,
  "tests/support/app.ts": `import { createHttpApp } from "#server/http/app.ts";\nimport { createTestDatabase } from "./database.ts";\n`,
  "core/plans.ts": `import { z } from "zod";\nimport { LANGUAGES } from "./languages.ts";\n`,
  "server/domain/tags.ts": `import { PLANS } from "#core/plans.ts";\nimport { db } from "#server/db/client.ts";\n`,
  "docs/notes.md": `import { anything } from "#server/db/client.ts";\n`,
};

const ROUTES = `export default [
  layout("routes/site-layout.tsx", [index("routes/shop.tsx"), route("other", "routes/other.tsx")]),
] satisfies RouteConfig;`;

const violations = () =>
  layerViolations(Object.keys(FILES), routeModulesOf(ROUTES), (file) => FILES[file]);

describe("the layer rule (scripts/check-imports.mjs)", () => {
  it("reports each broken rule once, naming the file, the line, the import and the rule", () => {
    expect(violations()).toEqual([
      "core/uses-server.ts:1 imports #server/db/client.ts: core imports nothing from app/, server/ or elsewhere (core → core only)",
      "server/uses-app.ts:1 imports #app/lib/plans.ts: server never imports app (server → core only; move shared rules to core/)",
      "app/routes/shop.tsx:2 imports #server/domain/tags.ts: app reaches server only through *.server.ts modules and the load context (move this call into a *.server.ts beside the route)",
      "app/routes/shop.tsx:3 imports #app/routes/other.tsx: a route module never imports another route module (share through app/components or app/lib)",
      "app/lib/climbs.ts:1 imports ../../core/validation.ts: a parent-relative import; write it with its alias (#core/…)",
      "server/uses-tests.ts:1 imports #tests/support/database.ts: only tests import tests/",
    ]);
  });

  it("allows type-only imports of server types, *.server.ts modules, siblings and tests importing tests", () => {
    const allowed = Object.keys(FILES).filter(
      (file) => !violations().some((problem) => problem.startsWith(`${file}:`)),
    );
    expect(allowed).toEqual([
      "app/routes/other.tsx",
      "app/routes/other.server.ts",
      "app/components/tag-row.tsx",
      "server/security/limits.test.ts",
      "tests/integration/cards.test.ts",
      "tests/support/app.ts",
      "core/plans.ts",
      "server/domain/tags.ts",
      "docs/notes.md",
    ]);
  });

  it("reports a file that breaks two rules in one import twice", () => {
    const files = { "core/climbs.ts": `import { x } from "../server/db/client.ts";\n` };
    expect(layerViolations(Object.keys(files), new Set(), (f) => files[f])).toEqual([
      "core/climbs.ts:1 imports ../server/db/client.ts: a parent-relative import; write it with its alias (#server/…)",
      "core/climbs.ts:1 imports ../server/db/client.ts: core imports nothing from app/, server/ or elsewhere (core → core only)",
    ]);
  });

  it("counts an import whose names are each marked type as a value import: the module still loads", () => {
    const files = {
      "app/components/mixed.tsx": `import { type Tag } from "#server/db/schema.ts";\n`,
    };
    expect(layerViolations(Object.keys(files), new Set(), (f) => files[f])).toEqual([
      "app/components/mixed.tsx:1 imports #server/db/schema.ts: app reaches server only through *.server.ts modules and the load context (move this call into a *.server.ts beside the route)",
    ]);
  });
});

describe("importsOf", () => {
  it("finds static, re-exported, side-effect and dynamic imports, with their lines", () => {
    const source = [
      `import { a } from "./a.ts";`,
      `import type { B } from "#server/b.ts";`,
      `import "./styles.css";`,
      `export { c } from "#core/c.ts";`,
      `export type { D } from "#server/d.ts";`,
      `const e = await import("#app/e.ts");`,
      `import {`,
      `  f,`,
      `  g,`,
      `} from "#core/fg.ts";`,
    ].join("\n");
    const found = importsOf(source).sort((x, y) => x.line - y.line);
    expect(found).toEqual([
      { specifier: "./a.ts", typeOnly: false, line: 1 },
      { specifier: "#server/b.ts", typeOnly: true, line: 2 },
      { specifier: "./styles.css", typeOnly: false, line: 3 },
      { specifier: "#core/c.ts", typeOnly: false, line: 4 },
      { specifier: "#server/d.ts", typeOnly: true, line: 5 },
      { specifier: "#app/e.ts", typeOnly: false, line: 6 },
      { specifier: "#core/fg.ts", typeOnly: false, line: 10 },
    ]);
  });
});

describe("resolveImport", () => {
  it("maps aliases and relative paths to repository paths, and packages to null", () => {
    expect(resolveImport("app/routes/card/card.tsx", "#core/plans.ts")).toBe("core/plans.ts");
    expect(resolveImport("app/routes/card/card.tsx", "./alert.server.ts")).toBe(
      "app/routes/card/alert.server.ts",
    );
    expect(resolveImport("app/routes/card/card.tsx", "../../lib/i18n.ts")).toBe("app/lib/i18n.ts");
    expect(resolveImport("app/routes/card/card.tsx", "react-router")).toBeNull();
  });
});

describe("routeModulesOf", () => {
  it("lists the root and every module app/routes.ts names", () => {
    expect([...routeModulesOf(ROUTES)]).toEqual([
      "app/root.tsx",
      "app/routes/site-layout.tsx",
      "app/routes/shop.tsx",
      "app/routes/other.tsx",
    ]);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const assets = path.join(import.meta.dirname, "..", "..", "build", "client", "assets");

describe("the build the tests run against", () => {
  // Vitest sets NODE_ENV=test; a build started under it was once a development build (React's
  // development bundle, import.meta.env.PROD false, so the service worker never registered).
  it("is a production build, also when the tests' own set-up built it", () => {
    const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(10);
    const development = scripts.filter((name) =>
      readFileSync(path.join(assets, name), "utf8").includes("Download the React DevTools"),
    );
    expect(development).toEqual([]);
  });
});

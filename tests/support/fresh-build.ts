import { ensureFreshBuild } from "#scripts/build-stamp.mjs";
import { projectRoot } from "#server/paths.ts";

/**
 * Global setup of the integration project: its tests load build/ (the React Router server
 * build, the server bundle), so an old build would test old code. Builds once when the
 * sources changed since the last build; every test file then finds it fresh.
 */
export async function setup() {
  await ensureFreshBuild(projectRoot);
}

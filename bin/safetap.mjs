#!/usr/bin/env node
// The `safetap` operator command. Runs the TypeScript sources directly (tsx), so it
// works from a fresh checkout after `npm install`, without a build.
import { register } from "tsx/esm/api";

register();
const { run } = await import("#server/cli/main.ts");
process.exitCode = await run(process.argv.slice(2));

import type { Route } from "./+types/members-import-run";
import { importRun, importRunPage } from "./members-import.server.ts";

/** Runs a previewed import, answering with its progress as it goes (decision 136). */
export const action = ({ request, context, params }: Route.ActionArgs) =>
  importRun(request, context, params);

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  importRunPage(request, context, params);

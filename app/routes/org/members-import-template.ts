import type { Route } from "./+types/members-import-template";
import { templateDownload } from "./members-import.server.ts";

/** The organisation's import template: its preset's columns (decision 136). */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  templateDownload(request, context, params.slug);

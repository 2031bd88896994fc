import type { Route } from "./+types/notice-replies";
import { noticeRepliesJson } from "./notices.server.ts";

/** /org/{slug}/notices/{id}/replies.json: a notice's replies now (its page polls this). */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  noticeRepliesJson(request, context, params.slug, params.noticeId);

import { redirect } from "react-router";
import { normaliseTagId } from "#core/tag-ids.ts";
import type { Route } from "./+types/missing-id";

/**
 * `/t`: the 'Tag not found' page's form sends a retyped id here (`?tag=`),
 * which goes to its card; without an id it goes home (spec: "No tag id goes to /").
 */
export const loader = ({ request }: Route.LoaderArgs) => {
  const typed = new URL(request.url).searchParams.get("tag");
  const tagId = typed ? normaliseTagId(typed) : null;
  return redirect(tagId ? `/t/${encodeURIComponent(tagId)}` : "/");
};

import type { Route } from "./+types/photo";
import { photoResponse } from "./photo.server.ts";

/** `/photos/{profileId}/{version}/{size}`: a person's photo, for the card and the dashboard. */
export const loader = ({ params, request, context }: Route.LoaderArgs) =>
  photoResponse(request, context, params);

import { redirect } from "react-router";
import type { Route } from "./+types/photo";
import { answerPhotoForm } from "./photo.server.ts";

/** `/dashboard/people/{profileId}/photo`: a person's photo is set or removed here; the form is on the dashboard. */
export const loader = () => redirect("/dashboard");

export const action = ({ params, request, context }: Route.ActionArgs) =>
  answerPhotoForm(request, context, params.profileId);

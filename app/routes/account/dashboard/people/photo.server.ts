import { type AppLoadContext, redirect } from "react-router";
import { requireUser } from "#app/lib/guards.server.ts";
import { noticeCookie } from "#app/lib/notices.server.ts";
import type { NoticeKey } from "#app/lib/notices.ts";
import { isPlainId } from "#core/photos.ts";
import { managedPerson } from "#server/domain/people.ts";
import { type PhotoRefusal, removePhoto, savePhoto } from "#server/domain/photos.ts";

const REFUSALS: Record<PhotoRefusal, NoticeKey> = {
  missing: "photo-missing",
  too_large: "photo-too-large",
  not_an_image: "photo-not-an-image",
  too_many_pixels: "photo-too-many-pixels",
  unreadable: "photo-unreadable",
};

/**
 * A person's photo form (multipart): a new photo, or `intent=remove`. Only the account that
 * manages the person may change it; anyone else gets the same 404 as for no such person.
 * The answer is the dashboard again, with a notice saying what happened (decision 023).
 */
export async function answerPhotoForm(
  request: Request,
  context: AppLoadContext,
  profileId: string | undefined,
) {
  const user = await requireUser(request, context, "/");
  const { db, logger, config } = context.services;
  const person = isPlainId(profileId) ? await managedPerson(db, user.id, profileId) : null;
  if (!person) return new Response("Not found", { status: 404 });
  const form = await request.formData();
  const back = (notice: NoticeKey) =>
    redirect("/dashboard", {
      status: 303,
      headers: { "Set-Cookie": noticeCookie(notice, config.isProduction) },
    });
  const actor = { actorId: user.id, profileId: person.profileId };
  if (form.get("intent") === "remove") {
    await removePhoto(db, logger, actor);
    return back("photo-removed");
  }
  // Taken with the camera or chosen from the gallery: two inputs, one photo.
  const file = [form.get("camera"), form.get("photo")].find(
    (value): value is File => value instanceof File && value.size > 0,
  );
  if (!file) return back("photo-missing");
  const bytes = Buffer.from(await file.arrayBuffer());
  const saved = await savePhoto(db, logger, { ...actor, bytes });
  return back(saved.ok ? "photo-saved" : REFUSALS[saved.reason]);
}

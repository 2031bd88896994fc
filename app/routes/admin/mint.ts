import type { Route } from "./+types/mint";
import { adminOrRefusal, mintBatch } from "./admin.server.ts";

/** Mints a batch of tags for an admin; the answer is its CSV, with the activation tokens. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await adminOrRefusal(request, context);
  if ("refusal" in admin) return admin.refusal;
  return mintBatch(context.services, admin.userId, await request.formData());
}

export const loader = () => new Response("Not found", { status: 404 });

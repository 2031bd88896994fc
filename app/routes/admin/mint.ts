import { z } from "zod";
import { getSessionUser } from "#app/lib/session.server.ts";
import { PRODUCTS } from "#core/tag-ids.ts";
import { MAX_MINT_BATCH, mintedTagsCsv, mintTags } from "#server/domain/tags.ts";
import { hasRole } from "#server/domain/users.ts";
import type { Route } from "./+types/mint";

const mintSchema = z.object({
  product: z.enum(PRODUCTS),
  count: z.coerce.number().int().min(1).max(MAX_MINT_BATCH),
});

/**
 * Mints a batch and answers with its CSV as a download: the activation tokens
 * exist in clear only in this response (as with `safetap tags mint`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return new Response("Sign in required", { status: 401 });
  if (!(await hasRole(context.services.db, user.id, "admin").catch(() => false))) {
    return new Response("Forbidden", { status: 403 });
  }
  const form = await request.formData();
  const parsed = mintSchema.safeParse({ product: form.get("product"), count: form.get("count") });
  if (!parsed.success) {
    return new Response(
      parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"),
      {
        status: 400,
      },
    );
  }
  const { config } = context.services;
  const { tags, batchId } = await mintTags(context.services.db, {
    ...parsed.data,
    masterKey: config.dataEncryptionKey,
    publicUrl: config.publicUrl,
  });
  context.services.logger.info({ batchId, count: tags.length, by: user.id }, "tags minted");
  return new Response(mintedTagsCsv(tags), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="safetap-${parsed.data.product}-${batchId.slice(0, 8)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

export const loader = () => new Response("Not found", { status: 404 });

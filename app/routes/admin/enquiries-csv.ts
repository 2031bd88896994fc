import type { Route } from "./+types/enquiries-csv";
import { adminOrRefusal, salesEnquiriesDownload } from "./admin.server.ts";

/** Every sales enquiry as CSV, for admins only (401 signed out, 403 for anyone else). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await adminOrRefusal(request, context);
  if ("refusal" in admin) return admin.refusal;
  return salesEnquiriesDownload(context.services);
}

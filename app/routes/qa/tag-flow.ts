import type { Route } from "./+types/tag-flow";
import { runTagFlowStep } from "./tag-flow.server.ts";

/** The /qa tag-flow check's server half (decision 043). */
export const action = ({ request, context }: Route.ActionArgs) => runTagFlowStep(request, context);

export const loader = () => new Response("Not found", { status: 404 });

import { redirect } from "react-router";

/** /terms is the short address of /legal/terms. */
export const loader = () => redirect("/legal/terms", 301);

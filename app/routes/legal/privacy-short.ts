import { redirect } from "react-router";

/** /privacy is the short address of /legal/privacy. */
export const loader = () => redirect("/legal/privacy", 301);

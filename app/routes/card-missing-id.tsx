import { redirect } from "react-router";

/** A card address without a tag id goes home (spec: "No tag id goes to /"). */
export const loader = () => redirect("/");

import { useRouteLoaderData } from "react-router";
import type { Language } from "#core/languages.ts";

/** What the root loader gives every page (app/root.tsx). */
export interface RootLoaderData {
  language: Language;
  signedIn: boolean;
  cspNonce: string;
  storeUrl: string;
  salesEmail: string;
  supportEmail: string;
}

export function useRootData() {
  return useRouteLoaderData<RootLoaderData>("root");
}

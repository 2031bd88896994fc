import { readFileSync } from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import {
  type DeferScriptsHandle,
  deferScriptsHtml,
  FormAnswerContext,
} from "#app/lib/deferred-scripts.ts";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { InlineCssContext, type InlineCssTexts } from "#app/lib/inline-css.tsx";
import { clientBuildDir } from "#server/paths.ts";
import cardCssUrl from "./card.css?url";
import siteCssUrl from "./site.css?url";

export const streamTimeout = 5_000;

/** The built stylesheets that pages inline (the card's, the public site's), read once. */
let inlineCss: InlineCssTexts | undefined;
function builtCss(): InlineCssTexts {
  if (inlineCss === undefined) {
    inlineCss = {};
    for (const [name, url] of [
      ["card", cardCssUrl],
      ["site", siteCssUrl],
    ] as const) {
      try {
        inlineCss[name] = readFileSync(path.join(clientBuildDir, url), "utf8");
      } catch {
        // development: no build, the stylesheet is linked
      }
    }
  }
  return inlineCss;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const i18n = requestI18n(request);
  const deferScripts = routerContext.staticHandlerContext.matches.some(
    (match) =>
      (routerContext.routeModules[match.route.id]?.handle as DeferScriptsHandle | undefined)
        ?.deferScripts,
  );
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    // Whole documents, not a streamed shell: pages are small, and a complete
    // response compresses better and never shows a half-rendered emergency card.
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <InlineCssContext.Provider value={builtCss()}>
          <FormAnswerContext.Provider value={request.method.toUpperCase() !== "GET"}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </FormAnswerContext.Provider>
        </InlineCssContext.Provider>
      </I18nextProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("Cache-Control")) {
            responseHeaders.set("Cache-Control", "private, no-cache");
          }
          pipe(body);
          if (!deferScripts) {
            resolve(
              new Response(createReadableStreamFromReadable(body), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
            return;
          }
          // A page that paints first: its scripts start after load (deferred-scripts.ts).
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () =>
            resolve(
              new Response(deferScriptsHtml(Buffer.concat(chunks).toString("utf8")), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            ),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.services.logger.error({ err: error }, "render error");
        },
      },
    );
  });
}

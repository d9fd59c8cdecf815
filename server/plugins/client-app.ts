import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { cookieName, LOGGED_IN_HINT_COOKIE, SERVER_PATH_PREFIXES } from "../../src/shared/constants";
import { DRAFT_LINK_PARAM } from "../../src/shared/draft-links";
import { FORM_PAGES } from "../../src/shared/routes";
import { SERVICE_TOKEN_PARAM } from "../../src/shared/service-view";
import { routingPath } from "../request-path";

const NO_CACHE = "no-cache";
const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";
/** Files that must be revalidated on every load, or a new release would never reach the user. */
const ALWAYS_REVALIDATE = new Set(["/index.html", "/sw.js", "/manifest.webmanifest"]);

/**
 * Serves the built client, and answers every unmatched request: hashed assets cached forever, the shell revalidated, and the shell
 * for any other page path (the client router decides what to show).
 */
export const clientAppPlugin = fp(
  async (app: FastifyInstance, options: { clientDir: string | undefined }) => {
    const root = options.clientDir ? path.resolve(options.clientDir) : undefined;
    const hasClient = root !== undefined && existsSync(path.join(root, "index.html"));
    // A page whose URL carries a secret (the reset link's token, a draft link's `token` or a
    // service link's `service_token`, on any path: "/", "/about", an unknown one that redirects)
    // must not send it on in a Referer header.
    app.addHook("onRequest", async (request, reply) => {
      if (carriesSecret(request.url)) reply.header("Referrer-Policy", "no-referrer");
    });
    // Listed once: the build does not change under a running server.
    const prerendered = new Set(
      hasClient
        ? FORM_PAGES.map((page) => page.path).filter((page) => existsSync(shellPath(root, page)))
        : [],
    );
    if (!hasClient)
      app.log.warn({ root }, "no built client found: serving the API only (run `npm run build`)");
    else await registerStatic(app, root);

    app.setNotFoundHandler((request, reply) => {
      const pathname = routingPath(request.url);
      const isPage =
        (request.method === "GET" || request.method === "HEAD") &&
        !SERVER_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix)) &&
        !path.extname(pathname);
      if (!hasClient || !isPage) {
        return reply.status(404).send({ message: `There is nothing at ${request.method} ${pathname}.` });
      }
      return reply.header("Cache-Control", NO_CACHE).sendFile(shellFor(prerendered, pathname, request));
    });
  },
);

async function registerStatic(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    // A directory URL ("/" above all) gets the shell; without an index `send` answers 403.
    index: ["index.html"],
    wildcard: true,
    cacheControl: false,
    // scripts/compress-client.mjs writes .br/.gz beside each asset at build time.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // A precompressed variant (index.html.br) is cached like the file it encodes.
      const served = filePath.replace(/\.(br|gz)$/, "");
      const urlPath = `/${path.relative(root, served).split(path.sep).join("/")}`;
      let policy = SHORT;
      // The prerendered first screens name the release's assets, as index.html does.
      if (ALWAYS_REVALIDATE.has(urlPath) || urlPath.startsWith(`/${SHELLS_DIR}/`)) policy = NO_CACHE;
      else if (urlPath.startsWith("/assets/")) policy = IMMUTABLE;
      reply.header("Cache-Control", policy);
    },
  });
}

/** Where scripts/prerender-shells.ts writes the form pages' first screens, in the client build. */
const SHELLS_DIR = "shells";
const HINT_COOKIES = [cookieName(LOGGED_IN_HINT_COOKIE, false), cookieName(LOGGED_IN_HINT_COOKIE, true)];

function shellPath(root: string, pathname: string): string {
  return path.join(root, SHELLS_DIR, `${pathname}.html`);
}

/**
 * The HTML for a page path: a form page's prerendered first screen (scripts/prerender-shells.ts,
 * decision 0018) for a visitor who is not signed in, since it shows a visitor's welcome; the bare
 * shell otherwise (signed in, the service view, any other path, or a build without shells).
 */
function shellFor(prerendered: ReadonlySet<string>, pathname: string, request: FastifyRequest): string {
  if (!prerendered.has(pathname)) return "index.html";
  const signedIn = HINT_COOKIES.some((name) => request.cookies[name] !== undefined);
  const query = request.url.indexOf("?");
  const serviceView =
    query >= 0 && new URLSearchParams(request.url.slice(query + 1)).has(SERVICE_TOKEN_PARAM);
  return signedIn || serviceView ? "index.html" : `${SHELLS_DIR}${pathname}.html`;
}

function carriesSecret(url: string): boolean {
  if (routingPath(url).replace(/\/+$/, "") === "/reset") return true;
  const query = url.indexOf("?");
  if (query < 0) return false;
  const params = new URLSearchParams(url.slice(query + 1).split("#", 1)[0]);
  return params.has(DRAFT_LINK_PARAM) || params.has(SERVICE_TOKEN_PARAM);
}

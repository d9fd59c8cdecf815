import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { SERVER_PATH_PREFIXES } from "../../src/shared/constants";
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
      // The reset page's URL carries a single-use token, a service link's a read-only one: no
      // request from either page may send it on.
      if (pathname.replace(/\/+$/, "") === "/reset" || hasServiceToken(request.url)) {
        reply.header("Referrer-Policy", "no-referrer");
      }
      return reply.header("Cache-Control", NO_CACHE).sendFile("index.html");
    });
  },
);

function hasServiceToken(url: string): boolean {
  const query = url.split("?")[1]?.split("#")[0] ?? "";
  return new URLSearchParams(query).has(SERVICE_TOKEN_PARAM);
}

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
      if (ALWAYS_REVALIDATE.has(urlPath)) policy = NO_CACHE;
      else if (urlPath.startsWith("/assets/")) policy = IMMUTABLE;
      reply.header("Cache-Control", policy);
    },
  });
}

import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { isUtf8MimeType, mime } from "@fastify/send";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LANGUAGES, type Language } from "../../src/i18n/language";
import { cookieName, LOGGED_IN_HINT_COOKIE, SERVER_PATH_PREFIXES } from "../../src/shared/constants";
import { DRAFT_LINK_PARAM } from "../../src/shared/draft-links";
import {
  FIRST_SCREENS,
  type FirstScreen,
  firstScreenFile,
  loginScreenFile,
  signedInFirstScreen,
} from "../../src/shared/first-screens";
import { FORM_PAGES } from "../../src/shared/routes";
import { SERVICE_TOKEN_PARAM } from "../../src/shared/service-view";
import { pageLanguage } from "../page-language";
import { routingPath } from "../request-path";
import { readSignedInState } from "../services/first-screen";
import { sessionTokenOf } from "./sessions";

const NO_CACHE = "no-cache";
export const NOT_FOUND_MESSAGE = "There is nothing at this address.";
const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";
/** Files that must be revalidated on every load, or a new release would never reach the user. */
const ALWAYS_REVALIDATE = new Set(["/index.html", "/sw.js", "/manifest.webmanifest"]);

/** One representation of a file: its bytes and their strong validator. */
type Body = { bytes: Buffer; etag: string };

/** A file of the built client, with the precompressed variants scripts/compress-client.mjs wrote. */
type ClientFile = {
  type: string;
  cacheControl: string;
  lastModified: string;
  identity: Body;
  br?: Body;
  gzip?: Body;
};

/**
 * Serves the built client, and answers every unmatched request: hashed assets cached forever, the shell revalidated, and the shell
 * for any other page path (the client router decides what to show).
 *
 * The build does not change under a running server (a release restarts it), so its files are read
 * once at start-up and served from memory (issue 15: reading them per request — a directory walk,
 * a stat per encoding tried, open, read, close — cost ten times a bare response). Only a file of
 * the client directory can be named: the lookup is by exact path, never a filesystem path.
 */
export const clientAppPlugin = fp(
  async (app: FastifyInstance, options: { clientDir: string | undefined }) => {
    const root = options.clientDir ? path.resolve(options.clientDir) : undefined;
    const hasClient = root !== undefined && existsSync(path.join(root, "index.html"));
    // A page whose URL carries a secret (the reset link's token, a draft link's `token` or a
    // service link's `service_token`, on any path: "/", "/about", an unknown one that redirects)
    // must not send it on in a Referer header.
    app.addHook("onRequest", (request, reply, done) => {
      if (carriesSecret(request.url)) reply.header("Referrer-Policy", "no-referrer");
      done();
    });
    const files = hasClient ? await loadClientFiles(root) : new Map<string, ClientFile>();
    const shell = files.get("/index.html");
    // The staff review's own build (decision 0022), for every page under /staff.
    const staffShell = files.get(STAFF_SHELL);
    // The form pages' prerendered first screens in this build (decision 0018), by page, screen
    // and language (issue 35).
    const firstScreens = new Map<string, ClientFile>();
    for (const language of LANGUAGES) {
      for (const { path: page } of FORM_PAGES) {
        for (const screen of FIRST_SCREENS) {
          const file = files.get(`/${firstScreenFile(page, screen, language)}`);
          if (file) firstScreens.set(firstScreenKey(page, screen, language), file);
        }
      }
      // /login's first screen is a visitor's only (a signed-in applicant gets the bare shell there).
      const loginScreen = files.get(`/${loginScreenFile(language)}`);
      if (loginScreen) firstScreens.set(firstScreenKey("/login", "visitor", language), loginScreen);
    }
    const formPaths = new Set<string>(FORM_PAGES.map((page) => page.path));
    const prerenderedPaths = new Set<string>([...formPaths, "/login"]);

    /**
     * The first screen for a form page's path or /login (decision 0018), in the language the page
     * is asked in (issue 35), or undefined for the bare shell: a visitor's without the signed-in
     * hint cookie; with it, on a form page, the signed-in
     * applicant's whose banner
     * their session's state gives (one prepared statement), unless the app would leave the page
     * or the session is not active. A service link gets the bare shell. Never a failure: a
     * database error gives the bare shell, and the app loads as it always has.
     */
    async function firstScreenFor(
      request: FastifyRequest,
      pathname: string,
    ): Promise<ClientFile | undefined> {
      if (hasServiceToken(request.url)) return undefined;
      const language = pageLanguage(request);
      if (!HINT_COOKIES.some((name) => request.cookies[name] !== undefined)) {
        return firstScreens.get(firstScreenKey(pathname, "visitor", language));
      }
      const token = formPaths.has(pathname) ? sessionTokenOf(request) : undefined;
      if (!token) return undefined;
      try {
        const state = await readSignedInState(app.statements, token, app.clock());
        const screen = state && signedInFirstScreen(state, pathname);
        return screen ? firstScreens.get(firstScreenKey(pathname, screen, language)) : undefined;
      } catch (error) {
        request.log.warn(
          { err: error },
          "could not read the session for a first screen: sending the bare shell",
        );
        return undefined;
      }
    }

    if (!shell) app.log.warn({ root }, "no built client found: serving the API only (run `npm run build`)");
    else {
      // GET (and so HEAD) of any path; what is not a file goes on to the not-found handler.
      app.get("/*", (request, reply) => {
        const file = files.get(fileKey(routingPath(request.url)));
        if (!file) return reply.callNotFound();
        return sendClientFile(request, reply, file, file.cacheControl);
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = routingPath(request.url);
      const isPage =
        (request.method === "GET" || request.method === "HEAD") &&
        !SERVER_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix)) &&
        !path.extname(pathname);
      const page = isStaffPage(pathname) ? staffShell : shell;
      if (!page || !isPage) {
        // Nothing of the request is repeated (issue 36): no answer echoes its input.
        return reply.status(404).send({ message: NOT_FOUND_MESSAGE });
      }
      if (page === staffShell || !prerenderedPaths.has(pathname)) {
        return sendClientFile(request, reply.status(200), page, NO_CACHE);
      }
      // A prerendered page's HTML depends on the cookies (a visitor's or an applicant's first
      // screen, its language): a shared cache must not hand one person's to another. (`?lang=`
      // is in the address, which a cache keys by already.)
      const screen = (await firstScreenFor(request, pathname)) ?? page;
      return sendClientFile(request, reply.status(200), screen, NO_CACHE, "Accept-Encoding, Cookie");
    });
  },
);

/** A directory's URL names its index.html (the shell for "/"). */
function fileKey(pathname: string): string {
  return pathname.endsWith("/") ? `${pathname}index.html` : pathname;
}

async function loadClientFiles(root: string): Promise<Map<string, ClientFile>> {
  const contents = new Map<string, { bytes: Buffer; mtime: Date }>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const urlPath = `/${path.relative(root, file).split(path.sep).join("/")}`;
    // Dotfiles (and files in dot directories) are never served, as `send` ignored them.
    if (urlPath.split("/").some((segment) => segment.startsWith("."))) continue;
    // Source maps carry our whole source: kept on disk for profiling, never served (issue 36).
    if (isSourceMap(urlPath)) continue;
    const [bytes, { mtime }] = await Promise.all([readFile(file), stat(file)]);
    contents.set(urlPath, { bytes, mtime });
  }
  const body = (bytes: Buffer): Body => ({
    bytes,
    etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`,
  });
  const files = new Map<string, ClientFile>();
  for (const [urlPath, { bytes, mtime }] of contents) {
    const type = mime.getType(urlPath) ?? "application/octet-stream";
    const br = contents.get(`${urlPath}.br`);
    const gzip = contents.get(`${urlPath}.gz`);
    files.set(urlPath, {
      type: isUtf8MimeType(type) ? `${type}; charset=utf-8` : type,
      cacheControl: cacheControlOf(urlPath.replace(/\.(br|gz)$/, "")),
      lastModified: mtime.toUTCString(),
      identity: body(bytes),
      ...(br ? { br: body(br.bytes) } : {}),
      ...(gzip ? { gzip: body(gzip.bytes) } : {}),
    });
  }
  return files;
}

/** `x.js.map`, and a compressed variant of one (`x.js.map.br`), whatever made it. */
function isSourceMap(urlPath: string): boolean {
  return /\.map(\.(br|gz))?$/.test(urlPath);
}

/** A precompressed variant (index.html.br) is cached like the file it encodes. */
function cacheControlOf(urlPath: string): string {
  // The prerendered first screens name the release's assets, as index.html does.
  if (ALWAYS_REVALIDATE.has(urlPath) || urlPath.startsWith(`/${SHELLS_DIR}/`) || urlPath === STAFF_SHELL) {
    return NO_CACHE;
  }
  if (urlPath.startsWith("/assets/") || urlPath.startsWith("/staff/assets/")) return IMMUTABLE;
  return SHORT;
}

function sendClientFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: ClientFile,
  cacheControl: string,
  vary = "Accept-Encoding",
): FastifyReply {
  const encoding = chooseEncoding(request.headers["accept-encoding"], file);
  const chosen = (encoding && file[encoding]) || file.identity;
  // The answer depends on Accept-Encoding: a shared cache must not hand one client's to another.
  reply.header("Vary", vary);
  reply.header("Cache-Control", cacheControl);
  reply.header("ETag", chosen.etag);
  reply.header("Last-Modified", file.lastModified);
  if (isFresh(request, chosen.etag, file.lastModified)) return reply.status(304).send();
  reply.type(file.type);
  if (encoding) reply.header("Content-Encoding", encoding === "gzip" ? "gzip" : "br");
  return reply.send(chosen.bytes);
}

/** Brotli, else gzip, when the browser accepts it (q > 0) and the build has the variant. */
function chooseEncoding(header: string | undefined, file: ClientFile): "br" | "gzip" | undefined {
  if (!header || (!file.br && !file.gzip)) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (file.br && (accepted.has("br") || accepted.has("*"))) return "br";
  if (file.gzip && (accepted.has("gzip") || accepted.has("x-gzip") || accepted.has("*"))) return "gzip";
  return undefined;
}

/** RFC 9110 §13.2.2: If-None-Match decides when present; otherwise If-Modified-Since. */
function isFresh(request: FastifyRequest, etag: string, lastModified: string): boolean {
  const noneMatch = request.headers["if-none-match"];
  if (noneMatch !== undefined) {
    return noneMatch
      .split(",")
      .map((tag) => tag.trim().replace(/^W\//, ""))
      .some((tag) => tag === etag || tag === "*");
  }
  const modifiedSince = Date.parse(request.headers["if-modified-since"] ?? "");
  return !Number.isNaN(modifiedSince) && Date.parse(lastModified) <= modifiedSince;
}

/** The staff review's shell (vite.staff.config.ts), for every page under /staff. */
const STAFF_SHELL = "/staff/index.html";
const isStaffPage = (pathname: string) => pathname === "/staff" || pathname.startsWith("/staff/");

/** Where scripts/prerender-shells.ts writes the first screens, in the client build. */
const SHELLS_DIR = "shells";
const HINT_COOKIES = [cookieName(LOGGED_IN_HINT_COOKIE, false), cookieName(LOGGED_IN_HINT_COOKIE, true)];

const firstScreenKey = (pathname: string, screen: FirstScreen, language: Language) =>
  `${language} ${screen} ${pathname}`;

function hasServiceToken(url: string): boolean {
  const query = url.indexOf("?");
  return query >= 0 && new URLSearchParams(url.slice(query + 1)).has(SERVICE_TOKEN_PARAM);
}

function carriesSecret(url: string): boolean {
  if (routingPath(url).replace(/\/+$/, "") === "/reset") return true;
  const query = url.indexOf("?");
  if (query < 0) return false;
  const params = new URLSearchParams(url.slice(query + 1).split("#", 1)[0]);
  return params.has(DRAFT_LINK_PARAM) || params.has(SERVICE_TOKEN_PARAM);
}

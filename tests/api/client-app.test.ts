import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partner } from "../../src/config/partner";
import { metaDescription, needsJavaScript } from "../../src/features/shell/document-head-messages";
import { clientHeaders, createTestApp, signedInUser, type TestApp } from "../helpers/test-app";

const run = promisify(execFile);

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHELL = "<!doctype html><html><head><title>Admissions shell</title></head><body></body></html>";
const APP_JS = "console.log('app-abc123');";
const STAFF_SHELL = "<!doctype html><html><head><title>Application review</title></head><body></body></html>";
const SECRET = "TOP-SECRET-beside-the-client";
const DOTFILE_SECRET = "TOP-SECRET-in-a-dotfile";
const SOURCE_MAP = JSON.stringify({ version: 3, sources: ["src/secret.ts"], sourcesContent: [SECRET] });

function expectShell(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/html/);
  expect(response.headers["cache-control"]).toBe("no-cache");
  expect(response.body).toBe(SHELL);
}

function expectJson404(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(404);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = response.json();
  expect(Object.keys(body)).toStrictEqual(["message"]);
  expect(typeof body.message).toBe("string");
  expect(response.body).not.toContain("<!doctype");
}

describe("with a built client", () => {
  let test: TestApp;
  let baseDir: string;

  beforeAll(async () => {
    baseDir = await mkdtemp(path.join(os.tmpdir(), "admissions-client-"));
    // A file beside the client directory, which no URL may reach.
    await writeFile(path.join(baseDir, "secret.txt"), SECRET);
    const clientDir = path.join(baseDir, "client");
    await mkdir(path.join(clientDir, "assets"), { recursive: true });
    await mkdir(path.join(clientDir, "icons"));
    await writeFile(path.join(clientDir, "index.html"), SHELL);
    await writeFile(path.join(clientDir, "assets", "app-abc123.js"), APP_JS);
    // Precompressed variants, as scripts/compress-client.mjs writes them.
    for (const [file, content] of [
      ["index.html", SHELL],
      ["assets/app-abc123.js", APP_JS],
    ] as const) {
      await writeFile(path.join(clientDir, `${file}.br`), brotliCompressSync(content));
      await writeFile(path.join(clientDir, `${file}.gz`), gzipSync(content));
    }
    await writeFile(path.join(clientDir, ".env"), DOTFILE_SECRET);
    await mkdir(path.join(clientDir, ".hidden"));
    await writeFile(path.join(clientDir, ".hidden", "notes.txt"), DOTFILE_SECRET);
    await writeFile(path.join(clientDir, "sw.js"), "self.addEventListener('fetch', () => {});");
    // Source maps as a build with maps writes them (our sources inside).
    await writeFile(path.join(clientDir, "assets", "app-abc123.js.map"), SOURCE_MAP);
    await writeFile(path.join(clientDir, "assets", "app-abc123.js.map.gz"), gzipSync(SOURCE_MAP));
    await writeFile(path.join(clientDir, "sw.js.map"), SOURCE_MAP);
    await writeFile(path.join(clientDir, "manifest.webmanifest"), JSON.stringify({ name: "Admissions" }));
    await writeFile(path.join(clientDir, "icons", "icon-192.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    // The staff review's own build (decision 0022).
    await mkdir(path.join(clientDir, "staff", "assets"), { recursive: true });
    await writeFile(path.join(clientDir, "staff", "index.html"), STAFF_SHELL);
    await writeFile(path.join(clientDir, "staff", "assets", "staff-abc123.js"), APP_JS);
    test = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await test?.close();
    if (baseDir) await rm(baseDir, { recursive: true, force: true });
  });

  it("sends the precompressed asset to a browser that accepts brotli, cached like the original", async () => {
    const response = await test.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS);
  });

  it("sends gzip to a browser without brotli, and the plain file to one that accepts neither", async () => {
    const gzip = await test.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip, deflate" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toContain("Accept-Encoding");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_JS);
    const plain = await test.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "br;q=0, gzip;q=0, identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it.each([
    ["/index.html", "br"],
    ["/education", "br"],
    ["/manifest.webmanifest", "br"],
    ["/assets/app-abc123.js", "identity"],
  ])("answers the revalidation of unchanged %s (%s) with 304 and no body", async (url, encoding) => {
    const headers = { "accept-encoding": encoding };
    const first = await test.app.inject({ method: "GET", url, headers });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const byTag = await test.app.inject({
      method: "GET",
      url,
      headers: { ...headers, "if-none-match": etag },
    });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe("");
    expect(byTag.headers["cache-control"]).toBe(first.headers["cache-control"]);
    const byDate = await test.app.inject({
      method: "GET",
      url,
      headers: { ...headers, "if-modified-since": String(first.headers["last-modified"]) },
    });
    expect(byDate.statusCode).toBe(304);
    // A changed file (another tag) is sent whole, whatever the date says.
    const changed = await test.app.inject({
      method: "GET",
      url,
      headers: {
        ...headers,
        "if-none-match": '"another-build"',
        "if-modified-since": String(first.headers["last-modified"]),
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBeGreaterThan(0);
  });

  it("answers every page under /staff with the staff review's shell, never the applicant's, and its calls with JSON", async () => {
    for (const url of ["/staff", "/staff/", "/staff/sign-in", "/staff/applications/some-id?from=list"]) {
      const response = await test.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toBe(STAFF_SHELL);
    }
    const asset = await test.app.inject({ method: "GET", url: "/staff/assets/staff-abc123.js" });
    expect(asset.headers["cache-control"]).toBe(IMMUTABLE);
    expectJson404(await test.app.inject({ method: "GET", url: "/staff/api/nothing-here" }));
    expectJson404(await test.app.inject({ method: "GET", url: "/integration/v1/nothing-here" }));
    // Not a staff page: the applicant's shell as before.
    expectShell(await test.app.inject({ method: "GET", url: "/staffing" }));
  });

  it("never serves dotfiles or files in dot directories", async () => {
    for (const url of ["/.env", "/.hidden/notes.txt", "/%2eenv"]) {
      const response = await test.app.inject({ method: "GET", url });
      expect(response.body, url).not.toContain(DOTFILE_SECRET);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });

  it("never serves source maps (issue 36: our sources are not published)", async () => {
    for (const url of ["/assets/app-abc123.js.map", "/assets/app-abc123.js.map.gz", "/sw.js.map"]) {
      const response = await test.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
      expectJson404(response);
      expect(response.body).not.toContain(SECRET);
    }
  });

  it("keeps the shell revalidated when it is sent compressed", async () => {
    for (const url of ["/index.html", "/education"]) {
      const response = await test.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SHELL);
    }
  });

  it("caches a hashed asset forever", async () => {
    const response = await test.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.body).toBe(APP_JS);
  });

  it.each([
    ["/index.html", /^text\/html/],
    ["/sw.js", /javascript/],
    ["/manifest.webmanifest", /manifest\+json|json/],
  ])("makes the browser revalidate %s", async (url, type) => {
    const response = await test.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers["content-type"]).toMatch(type);
  });

  it("caches other static files briefly, never as immutable", async () => {
    const response = await test.app.inject({ method: "GET", url: "/icons/icon-192.png" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["cache-control"]).not.toContain("immutable");
  });

  it.each([
    "/",
    "/about",
    "/education?x=1",
    "/final-steps",
    "/completion",
    "/login",
    "/some/deep/path",
    "/assets/not-a-file",
  ])("answers the shell for the page path %s", async (url) => {
    expectShell(await test.app.inject({ method: "GET", url }));
  });

  it("answers the shell for HEAD of a page path", async () => {
    const response = await test.app.inject({ method: "HEAD", url: "/education" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("sends the strict CSP with the shell", async () => {
    const response = await test.app.inject({ method: "GET", url: "/about" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
  });

  it("answers an unknown /api/ path with a session 404 JSON", async () => {
    const user = await signedInUser(test);
    expectJson404(
      await test.app.inject({ method: "GET", url: "/api/nope", headers: clientHeaders(user.cookie) }),
    );
  });

  it("answers an unknown /api/ path without a session 401, never the shell", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/nope" });
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });

  it.each(["/lookup/nope", "/public/nope", "/service/nope"])(
    "answers the server path %s with 404 JSON, not the shell",
    async (url) => {
      expectJson404(await test.app.inject({ method: "GET", url }));
    },
  );

  it("serves the shell of a service link with Referrer-Policy: no-referrer, so its token is not sent on", async () => {
    const link = await test.app.inject({ method: "GET", url: `/about?service_token=${"a".repeat(43)}` });
    expectShell(link);
    expect(link.headers["referrer-policy"]).toBe("no-referrer");
    const page = await test.app.inject({ method: "GET", url: "/about?service=1" });
    expectShell(page);
    expect(page.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("answers the service response's path with its own JSON refusal, never the shell", async () => {
    const response = await test.app.inject({ method: "GET", url: "/service/tmp-pdf?service_token=x" });
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });

  it.each(["/missing.js", "/assets/app-000000.js", "/icons/missing.png"])(
    "answers a missing file %s with 404 JSON, not the shell and not cached forever",
    async (url) => {
      const response = await test.app.inject({ method: "GET", url });
      expectJson404(response);
      expect(response.headers["cache-control"] ?? "").not.toContain("immutable");
    },
  );

  it("answers a write to a page path with 404 JSON", async () => {
    expectJson404(await test.app.inject({ method: "POST", url: "/about", payload: {} }));
  });

  it("does not serve files outside the client directory", async () => {
    for (const url of [
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/..%2fsecret.txt",
      "/assets/..%2f..%2fsecret.txt",
    ]) {
      const response = await test.app.inject({ method: "GET", url });
      expect(response.body, url).not.toContain(SECRET);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});

describe("without a built client", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test?.close();
  });

  it.each(["/", "/about", "/education?x=1", "/index.html", "/assets/app-abc123.js"])(
    "answers %s with 404 JSON",
    async (url) => {
      expectJson404(await test.app.inject({ method: "GET", url }));
    },
  );

  it("still serves the API", async () => {
    const user = await signedInUser(test);
    const response = await test.app.inject({
      method: "GET",
      url: "/api/profile",
      headers: clientHeaders(user.cookie),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("with a client directory that has no index.html", () => {
  let test: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), "admissions-empty-client-"));
    await writeFile(path.join(clientDir, ".env"), DOTFILE_SECRET);
    await mkdir(path.join(clientDir, ".hidden"));
    await writeFile(path.join(clientDir, ".hidden", "notes.txt"), DOTFILE_SECRET);
    await writeFile(path.join(clientDir, "sw.js"), "");
    test = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await test?.close();
    if (clientDir) await rm(clientDir, { recursive: true, force: true });
  });

  it("serves the API only", async () => {
    expectJson404(await test.app.inject({ method: "GET", url: "/about" }));
    expectJson404(await test.app.inject({ method: "GET", url: "/sw.js" }));
  });
});

describe("with prerendered first screens (decision 0018)", () => {
  const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
  const ABOUT = '<!doctype html><html><body><div id="root"><h1>About You</h1></div></body></html>';
  const LOGIN = '<!doctype html><html><body><div id="root"><h1>Sign In</h1></div></body></html>';
  let test: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), "admissions-shells-"));
    await mkdir(path.join(clientDir, "shells"));
    await writeFile(path.join(clientDir, "index.html"), INDEX);
    // Only About You has one here: a page without its file falls back to the bare shell.
    await writeFile(path.join(clientDir, "shells", "about.html"), ABOUT);
    await writeFile(path.join(clientDir, "shells", "login.html"), LOGIN);
    test = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await test?.close();
    if (clientDir) await rm(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) =>
    test.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("sends a visitor a form page's first screen, revalidated like the shell", async () => {
    const response = await get("/about");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toBe(ABOUT);
    expect((await get("/about?utm_source=mail")).body).toBe(ABOUT);
  });

  it("sends the bare shell to a signed-in applicant, under either hint cookie name", async () => {
    expect((await get("/about", "adm_logged_in=1")).body).toBe(INDEX);
    expect((await get("/about", "__Host-adm_logged_in=1")).body).toBe(INDEX);
  });

  it("sends the bare shell for a service link, a page without a prerendered screen, and other paths", async () => {
    expect((await get(`/about?service_token=${"a".repeat(43)}`)).body).toBe(INDEX);
    expect((await get("/education")).body).toBe(INDEX);
    expect((await get("/completion")).body).toBe(INDEX);
    expect((await get("/signup")).body).toBe(INDEX);
    expect((await get("/somewhere-else")).body).toBe(INDEX);
  });

  it("sends a visitor /login's first screen, and a signed-in applicant the bare shell", async () => {
    const response = await get("/login");
    expect(response.body).toBe(LOGIN);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect((await get("/login", "adm_logged_in=1")).body).toBe(INDEX);
    expect((await get(`/login?service_token=${"a".repeat(43)}`)).body).toBe(INDEX);
  });
});

// Issue 35: the first screens the build prerenders (scripts/prerender-shells.ts, run here on a
// stand-in of Vite's index.html), sent in the language the page is asked in.
describe("with the prerendered first screens in English and Spanish (issue 35)", () => {
  // As the build writes it: its description and <noscript> from the same messages as index.html's.
  const BUILT_INDEX = [
    '<!doctype html><html lang="en"><head><title>Built</title>',
    `<meta name="description" content="${metaDescription.replace("{host}", partner.name)}" />`,
    '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
    `</head><body><noscript>${needsJavaScript}</noscript><div id="root"></div>`,
    '<script type="module" src="/assets/index-abc.js"></script></body></html>',
  ].join("");
  let test: TestApp;
  let buildDir: string;

  beforeAll(async () => {
    buildDir = await mkdtemp(path.join(os.tmpdir(), "admissions-prerender-"));
    await mkdir(path.join(buildDir, "client", "assets"), { recursive: true });
    await writeFile(path.join(buildDir, "client", "index.html"), BUILT_INDEX);
    await writeFile(path.join(buildDir, "client", "assets", "index-abc.css"), "body{margin:0}");
    await run(process.execPath, ["--import", "tsx", "scripts/prerender-shells.ts"], {
      env: { ...process.env, BUILD_DIR: buildDir },
    });
    test = await createTestApp({ clientDir: path.join(buildDir, "client") });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    if (buildDir) await rm(buildDir, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) =>
    test.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const lang = (html: string) => /<html lang="([^"]*)">/.exec(html)?.[1];
  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const h1 = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];

  it("sends About You in Spanish for ?lang=es and for the language cookie: lang, title, words", async () => {
    for (const response of [await get("/about?lang=es"), await get("/about", "adm_language=es")]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(String(response.headers.vary).split(/,\s*/)).toEqual(["Accept-Encoding", "Cookie"]);
      expect(lang(response.body)).toBe("es");
      expect(title(response.body)).toBe(`Sobre usted – Solicitud de ${partner.es?.name ?? partner.name}`);
      expect(h1(response.body)).toBe("Sobre usted");
      expect(response.body).toContain("<h2>¡Bienvenido/a!</h2>");
      expect(response.body).toContain("Paso uno");
      expect(response.body).not.toContain("Welcome!");
      // Still the build's page: its scripts, and its stylesheet inlined.
      expect(response.body).toContain('src="/assets/index-abc.js"');
      expect(response.body).toContain("<style>body{margin:0}</style>");
    }
  });

  it("sends English otherwise, and for a language cookie it does not know", async () => {
    for (const cookie of [undefined, "adm_language=en", "adm_language=fr", "adm_language=%20es"]) {
      const response = await get("/about", cookie);
      expect(lang(response.body)).toBe("en");
      expect(title(response.body)).toBe(`About You – ${partner.name} Application`);
      expect(h1(response.body)).toBe("About You");
      expect(response.body).toContain("<h2>Welcome!</h2>");
    }
  });

  it("sends /login in Spanish with its footer's words and the switch to English", async () => {
    const spanish = (await get("/login?lang=es")).body;
    expect(lang(spanish)).toBe("es");
    expect(spanish).toContain(">Ayuda</button>");
    expect(spanish).toContain('lang="en">English</button>');
    const english = (await get("/login")).body;
    expect(lang(english)).toBe("en");
    expect(english).toContain('lang="es">Español</button>');
    expect(title(english)).toBe(`Sign In – ${partner.name} Application`);
  });

  it("sends a signed-in applicant their Spanish screen, with the banner their session gives", async () => {
    const user = await signedInUser(test);
    const response = await get("/education", `${user.cookie}; adm_logged_in=1; adm_language=es`);
    expect(lang(response.body)).toBe("es");
    expect(h1(response.body)).toBe("Sus estudios");
    expect(response.body).toContain("<h2>¡Hola!</h2>");
    expect(response.body).toContain("Todos los cambios guardados");
  });
});

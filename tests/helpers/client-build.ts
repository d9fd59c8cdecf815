import { execFile } from "node:child_process";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PARTNER_STAMP_FILE } from "../../src/config/load-partner";
import { partner } from "../../src/config/partner";

// API tests that print the service view need the built client, which the server serves and
// Chromium runs. `npm test` runs the API suite before the browser suite builds, so the build is
// made here when dist/client is missing, older than the client's sources, or another institution's.

const run = promisify(execFile);
const ROOT = path.resolve(".");
const CLIENT_DIR = path.join(ROOT, "dist", "client");
const SOURCES = [
  "src",
  "sw",
  "public",
  "partners",
  "vite-plugins",
  "index.html",
  "vite.config.ts",
  "vite.staff.config.ts",
  "package-lock.json",
];

async function newestMtime(entry: string): Promise<number> {
  const info = await stat(entry).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const children = await readdir(entry);
  const times = await Promise.all(children.map((child) => newestMtime(path.join(entry, child))));
  return Math.max(info.mtimeMs, ...times);
}

let building: Promise<string> | undefined;

/** The built client's directory, built first (`npm run build:client`, about 25 s) when stale. */
export function builtClientDir(): Promise<string> {
  building ??= (async () => {
    const built = (await stat(path.join(CLIENT_DIR, "index.html")).catch(() => null))?.mtimeMs ?? 0;
    const sources = Math.max(
      ...(await Promise.all(SOURCES.map((entry) => newestMtime(path.join(ROOT, entry))))),
    );
    // Built for another institution (PARTNER_CONFIG), it is not the one the tests expect either.
    const stamp = await readFile(path.join(CLIENT_DIR, PARTNER_STAMP_FILE), "utf8").catch(() => "{}");
    const otherInstitution = (JSON.parse(stamp) as { digest?: string }).digest !== partner.source.digest;
    if (built < sources || otherInstitution) {
      // The whole client build, as `npm run build` makes it: a bare `vite build` would leave
      // dist/client without the prerendered first screens and the compressed files, and a server
      // or bench started on it afterwards would serve a different app (decision 0018).
      await run("npm", ["run", "--silent", "build:client"], {
        cwd: ROOT,
        // Vitest sets NODE_ENV=test, which would give a development build of React that registers
        // no service worker: a later browser test against dist/ would fail for no reason of its own.
        env: { ...process.env, NODE_ENV: "production" },
        maxBuffer: 16 * 1024 * 1024,
      });
    }
    return CLIENT_DIR;
  })();
  return building;
}

// Which Chromium prints our PDFs (and runs the browser tests): CHROMIUM_PATH when set, else the
// system's, else the build that ships inside the npm package @sparticuz/chromium (unpacked to the
// temp dir on first use), so a fresh `npm install && npm start` (or `npm test`) needs no system
// package.
import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export type ChromiumExecutable = {
  executablePath: string;
  source: "option" | "CHROMIUM_PATH" | "system" | "@sparticuz/chromium";
  /**
   * Environment to launch it with: the packaged build on a machine without the NSS libraries it
   * links to gets the ones the package ships (LD_LIBRARY_PATH).
   */
  env?: Record<string, string>;
};

const SYSTEM_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];
const SYSTEM_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

export async function findChromium(
  explicit?: string,
  env: NodeJS.ProcessEnv = process.env,
  systemPaths: readonly string[] = SYSTEM_PATHS,
): Promise<ChromiumExecutable> {
  if (explicit)
    return { executablePath: requireExecutable(explicit, "the chromium option"), source: "option" };
  if (env.CHROMIUM_PATH) {
    return { executablePath: requireExecutable(env.CHROMIUM_PATH, "CHROMIUM_PATH"), source: "CHROMIUM_PATH" };
  }
  const system = findSystemChromium(env, systemPaths);
  if (system) return { executablePath: system, source: "system" };
  return packagedChromium();
}

/** The system's Chromium (or Chrome), on PATH or where packages put it; undefined when none. */
export function findSystemChromium(
  env: NodeJS.ProcessEnv = process.env,
  systemPaths: readonly string[] = SYSTEM_PATHS,
): string | undefined {
  return [...SYSTEM_NAMES.flatMap((name) => onPath(name, env)), ...systemPaths].find(isExecutable);
}

/**
 * The build inside @sparticuz/chromium (made for AWS Lambda), unpacked once per machine into the
 * temp dir. It links to NSS and expat beside glibc: where the system has none (a bare container),
 * the copies the package ships for Amazon Linux are unpacked too and put on LD_LIBRARY_PATH.
 */
async function packagedChromium(): Promise<ChromiumExecutable> {
  const { default: packaged, inflate } = await import("@sparticuz/chromium");
  const executablePath = await packaged.executablePath();
  const found = { executablePath, source: "@sparticuz/chromium" } as const;
  if ((await versionError(executablePath)) === undefined) return found;
  const bin = path.join(
    path.dirname(createRequire(import.meta.url).resolve("@sparticuz/chromium")),
    "../bin",
  );
  const env = { LD_LIBRARY_PATH: path.join(await inflate(path.join(bin, "al2023.tar.br")), "lib") };
  const error = await versionError(executablePath, env);
  if (error !== undefined)
    throw new Error(`The Chromium of @sparticuz/chromium (${executablePath}) does not start: ${error}`);
  return { ...found, env };
}

/** Why `chromium --version` fails (undefined when it runs). */
function versionError(executablePath: string, env?: Record<string, string>): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      executablePath,
      ["--version"],
      { timeout: 60_000, env: { ...process.env, ...env } },
      (error, _out, err) => resolve(error ? (err.trim() || error.message).split("\n")[0] : undefined),
    );
  });
}

function requireExecutable(file: string, what: string): string {
  if (!isExecutable(file)) throw new Error(`${what}: no executable Chromium at ${file}`);
  return file;
}

function onPath(command: string, env: NodeJS.ProcessEnv): string[] {
  return (env.PATH ?? "")
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, command));
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// Which Chromium prints our PDFs: CHROMIUM_PATH when set, else the system's, else the build that
// ships inside the npm package @sparticuz/chromium (unpacked to the temp dir on first use), so a
// fresh `npm install && npm start` can print without any system package.
import { accessSync, constants } from "node:fs";
import path from "node:path";

export type ChromiumExecutable = {
  executablePath: string;
  source: "option" | "CHROMIUM_PATH" | "system" | "@sparticuz/chromium";
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
  const system = [...SYSTEM_NAMES.flatMap((name) => onPath(name, env)), ...systemPaths].find(isExecutable);
  if (system) return { executablePath: system, source: "system" };
  const { default: packaged } = await import("@sparticuz/chromium");
  return { executablePath: await packaged.executablePath(), source: "@sparticuz/chromium" };
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

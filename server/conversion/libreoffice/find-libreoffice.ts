// Where LibreOffice is, and a Python that can talk to it over UNO. Debian splits them (packages
// libreoffice-writer-nogui and python3-uno, whose module only the system's /usr/bin/python3
// imports); LibreOffice's own builds ship a `python` beside `soffice`.
import { execFile } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type LibreOfficeInstallation = { soffice: string; python: string; bridge: string };
/** Why LibreOffice cannot be used, and what to install. */
export type LibreOfficeSearch = LibreOfficeInstallation | { missing: string; hint: string };

const WELL_KNOWN_SOFFICE = [
  "/usr/lib/libreoffice/program/soffice",
  "/usr/local/lib/libreoffice/program/soffice",
  "/Applications/LibreOffice.app/Contents/MacOS/soffice",
];

export async function findLibreOffice(
  options: { sofficePath?: string; pythonPath?: string } = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<LibreOfficeSearch> {
  const explicit = options.sofficePath ?? env.LIBREOFFICE_PATH;
  const soffice = explicit
    ? executable(explicit)
    : (onPath("soffice", env) ??
      onPath("libreoffice", env) ??
      [...WELL_KNOWN_SOFFICE, ...optInstalls()].find(executable));
  if (!soffice) {
    return {
      missing: explicit ? `LibreOffice not found at ${explicit}` : "LibreOffice not found",
      hint: "install libreoffice-writer-nogui, or set LIBREOFFICE_PATH",
    };
  }
  const bridge = bridgeScript();
  if (!bridge) {
    return { missing: "LibreOffice's UNO helper (uno-bridge.py) is missing", hint: "rebuild the server" };
  }
  const program = path.dirname(realpathSync(soffice));
  const pythons = [
    options.pythonPath ?? env.LIBREOFFICE_PYTHON,
    path.join(program, "python"),
    "/usr/bin/python3",
    onPath("python3", env),
  ].filter((candidate): candidate is string => Boolean(candidate && executable(candidate)));
  for (const python of pythons) {
    if (await importsUno(python)) return { soffice, python, bridge };
  }
  return {
    missing: `LibreOffice found at ${soffice}, but no Python with its UNO bridge`,
    hint: "install python3-uno, or set LIBREOFFICE_PYTHON",
  };
}

/** Beside this module in the source tree; beside the bundle (dist/server, copied by build-server). */
function bridgeScript(): string | undefined {
  const file = fileURLToPath(new URL("./uno-bridge.py", import.meta.url));
  return existsSync(file) ? file : undefined;
}

function importsUno(python: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(python, ["-c", "import uno"], { timeout: 15_000 }, (error) => resolve(!error));
  });
}

function onPath(command: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = executable(path.join(dir, command));
    if (candidate) return candidate;
  }
  return undefined;
}

function executable(file: string): string | undefined {
  try {
    accessSync(file, constants.X_OK);
    return file;
  } catch {
    return undefined;
  }
}

/** LibreOffice's own packages install to /opt/libreofficeX.Y. */
function optInstalls(): string[] {
  try {
    return readdirSync("/opt")
      .filter((name) => name.startsWith("libreoffice"))
      .sort()
      .reverse()
      .map((name) => path.join("/opt", name, "program/soffice"));
  } catch {
    return [];
  }
}

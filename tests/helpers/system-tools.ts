// System packages some tests need beyond Node and npm (issue 31): a machine with only Node and npm
// runs every other test and reports these as skipped, with one line per missing package saying how
// to install it (tests/helpers/vitest-global-setup.ts, playwright.config.ts). CI installs them all
// and sets REQUIRE_SYSTEM_TOOLS=1, which turns a missing one into a failure: nothing is skipped there.
import { execFile } from "node:child_process";
import { findSystemChromium } from "../../server/browser/find-chromium";
import { findLibreOffice } from "../../server/conversion/libreoffice/find-libreoffice";
import { postgresAvailable } from "./postgres";

export type SystemTool = "libreoffice" | "postgresql" | "poppler" | "systemChromium";

/** The package(s) each tool comes from, and what without it is skipped. */
export const SYSTEM_TOOLS: Record<SystemTool, { what: string; install: string; skipped: string }> = {
  libreoffice: {
    what: "LibreOffice with its Python bridge",
    install: "sudo apt-get install -y libreoffice-writer-nogui python3-uno",
    skipped: "Word conversions by LibreOffice and its pool",
  },
  postgresql: {
    what: "PostgreSQL's server binaries (or DATABASE_URL)",
    install: "sudo apt-get install -y postgresql",
    skipped: "the tests of several processes on one PostgreSQL",
  },
  poppler: {
    what: "poppler (pdftotext, pdftoppm, pdfinfo, pdfimages, pdftohtml)",
    install: "sudo apt-get install -y poppler-utils",
    skipped: "the tests that read the PDFs made (their text, pages, images and outline)",
  },
  systemChromium: {
    what: "a system Chromium",
    install: "sudo apt-get install -y chromium",
    skipped: "the test that the system's Chromium is found (the browser tests use @sparticuz/chromium)",
  },
};

function runs(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 60_000 }, (error) => resolve(!error));
  });
}

async function detect(): Promise<Record<SystemTool, boolean>> {
  const [libreoffice, poppler, systemChromium] = await Promise.all([
    findLibreOffice().then((found) => !("missing" in found)),
    Promise.all([
      runs("pdftotext", ["-v"]),
      runs("pdftoppm", ["-v"]),
      runs("pdfinfo", ["-v"]),
      runs("pdfimages", ["-v"]),
      runs("pdftohtml", ["-v"]),
    ]).then((all) => all.every(Boolean)),
    findSystemChromium() !== undefined,
  ]);
  return { libreoffice, postgresql: postgresAvailable(), poppler, systemChromium };
}

/** Whether REQUIRE_SYSTEM_TOOLS asks for every tool (CI). */
export const systemToolsRequired = ["1", "true"].includes(process.env.REQUIRE_SYSTEM_TOOLS ?? "");

/** The tools this machine lacks, with the line that says how to install each. */
export function missingToolLines(
  tools: Record<SystemTool, boolean>,
  among: readonly SystemTool[] = Object.keys(SYSTEM_TOOLS) as SystemTool[],
): string[] {
  return among
    .filter((tool) => !tools[tool])
    .map(
      (tool) =>
        `${SYSTEM_TOOLS[tool].what} not found: skipping ${SYSTEM_TOOLS[tool].skipped}; install with '${SYSTEM_TOOLS[tool].install}'`,
    );
}

/**
 * What this machine has, found once per process. With REQUIRE_SYSTEM_TOOLS set, a missing tool
 * throws (the suite fails) instead of letting its tests be skipped.
 */
export const systemTools: Record<SystemTool, boolean> = await detect();
if (systemToolsRequired) {
  const missing = missingToolLines(systemTools);
  if (missing.length > 0) {
    throw new Error(`REQUIRE_SYSTEM_TOOLS is set, and tests would be skipped:\n${missing.join("\n")}`);
  }
}

/** Whether any of `tools` is missing here (a suite that needs them is skipped, saying why). */
export function lacks(...tools: SystemTool[]): boolean {
  return tools.some((tool) => !systemTools[tool]);
}

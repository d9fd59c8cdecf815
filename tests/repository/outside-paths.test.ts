// A clone works in any folder, alone (issue 31): no file of the repository may name a path beside
// it, such as the folder named shared that the original checkout happens to have as a neighbour.
// Relative paths to a `shared` folder are allowed only where they resolve, from the file that
// names them, to something inside the repository (src/shared, which its neighbours import).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Installed packages, git's own files, and what builds, servers (`./data`) and test runs write. */
const SKIPPED = new Set(["node_modules", ".git", "dist", "test-results", "playwright-report"]);
const TEXT = /\.(ts|tsx|mts|cts|mjs|cjs|js|json|md|sh|py|sql|txt|toml|html|css|yml|yaml)$|^run$|^\.[\w-]*rc$/;
const THIS_FILE = path.relative(ROOT, import.meta.filename);
/** Up one or more levels, then a folder named shared (and a path inside it). */
const RELATIVE_SHARED = new RegExp(String.raw`(?:\.\./)+${"sha"}red(?:/[\w.@/-]*)?`, "g");
const ABSOLUTE_SHARED = new RegExp(String.raw`/work/${"sha"}red\b`, "g");

function repositoryFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const skipped = SKIPPED.has(entry.name) || (dir === ROOT && entry.name === "data");
    if (entry.isDirectory()) return skipped ? [] : repositoryFiles(path.join(dir, entry.name));
    return TEXT.test(entry.name) ? [path.join(dir, entry.name)] : [];
  });
}

/** Whether `reference`, resolved from `file`'s folder, names something inside the repository. */
function resolvesInside(file: string, reference: string): boolean {
  const target = path.resolve(path.dirname(file), reference);
  if (path.relative(ROOT, target).startsWith("..")) return false;
  return ["", ".ts", ".tsx", "/index.ts"].some((suffix) => existsSync(target + suffix));
}

describe("the repository stands alone", () => {
  it("names no path outside itself (a neighbouring shared folder, by relative or absolute path)", () => {
    const outside: string[] = [];
    for (const file of repositoryFiles()) {
      const relative = path.relative(ROOT, file);
      if (relative === THIS_FILE) continue;
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(RELATIVE_SHARED)) {
        if (!resolvesInside(file, match[0])) outside.push(`${relative}: ${match[0]}`);
      }
      for (const match of text.matchAll(ABSOLUTE_SHARED)) outside.push(`${relative}: ${match[0]}`);
    }
    expect(outside).toEqual([]);
  });
});

// For the catalogue tests only (never imported by the app): the repository's own source, to tell
// a translation of a message the app or the server no longer writes.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Every TypeScript file under `dirs` (tests aside), as one text. */
export function sourceText(dirs: readonly string[]): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(file);
    }
  };
  for (const dir of dirs) walk(dir);
  return files.map((file) => readFileSync(file, "utf8")).join("\n");
}

/**
 * A message's words outside its arguments (`{x}`, `{n, plural, …}`), trimmed, those of 4 characters
 * or more: the source writes each of them (a template's arguments are `${…}` there, or a sentence
 * is put together from constants).
 */
export function literalParts(key: string): string[] {
  return key
    .split(/\{\w+(?:, plural,(?:[^{}]|\{[^{}]*\})*)?\}/)
    .map((part) => part.trim())
    .filter((part) => part.length >= 4);
}

/** The keys of `catalogue` some of whose words the source no longer has. */
export function staleKeys(catalogue: Readonly<Record<string, string>>, source: string): string[] {
  // A sentence the app ends itself (`${BUSY_MESSAGE}.`) is in the source without its full stop.
  const written = (part: string) => source.includes(part) || source.includes(part.replace(/\.$/, ""));
  return Object.keys(catalogue).filter((key) => !literalParts(key).every(written));
}

import { readFile } from "node:fs/promises";
import path from "node:path";

// The application PDF is the service view rendered on the server (decision 0013), so it needs the
// stylesheets the service view has in a browser: the app's own and its chunk's, as built. Vite's
// build manifest (.vite/manifest.json) names them; they are read once per process, since a
// build's files never change under it.

/** The service view's module, as the build manifest names its chunk. */
const SERVICE_VIEW_MODULE = "src/features/service-view/mount-service-view.tsx";

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

export class PrintStylesheetMissing extends Error {
  constructor(clientDir: string, cause: unknown) {
    super(`the built client's stylesheets could not be read from ${clientDir} (run npm run build)`, {
      cause,
    });
    this.name = "PrintStylesheetMissing";
  }
}

/** The stylesheets of `key`'s chunk, those of the chunks it imports first, each once. */
export function stylesheetsOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build manifest has no chunk for ${key}`);
  if (seen.has(key)) return [];
  seen.add(key);
  const imported = (chunk.imports ?? []).flatMap((entry) => stylesheetsOf(manifest, entry, seen));
  return [...new Set([...imported, ...(chunk.css ?? [])])];
}

async function readStylesheet(clientDir: string): Promise<string> {
  try {
    const manifest = JSON.parse(
      await readFile(path.join(clientDir, ".vite", "manifest.json"), "utf8"),
    ) as Manifest;
    const files = stylesheetsOf(manifest, SERVICE_VIEW_MODULE);
    if (files.length === 0) throw new Error(`no stylesheet for ${SERVICE_VIEW_MODULE}`);
    const sheets = await Promise.all(files.map((file) => readFile(path.join(clientDir, file), "utf8")));
    return sheets.join("\n");
  } catch (error) {
    throw new PrintStylesheetMissing(clientDir, error);
  }
}

/**
 * Reads the service view's stylesheets from the built client in `clientDir` when first asked, and
 * keeps them; a failed read is tried again on the next call (the client may be built meanwhile).
 */
export function printStylesheet(clientDir: string): () => Promise<string> {
  let reading: Promise<string> | undefined;
  return () => {
    reading ??= readStylesheet(clientDir).catch((error: unknown) => {
      reading = undefined;
      throw error;
    });
    return reading;
  };
}

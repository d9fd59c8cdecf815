import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * Names the client build that renders the service view: a digest of its `index.html`, which lists
 * the content-hashed bundles. Part of an application PDF's content key (decision 0013), so PDFs are
 * made again after a deployment changes the rendering. "none" for a server without the client.
 */
export async function clientBuildId(clientDir: string | undefined): Promise<string> {
  if (!clientDir) return "none";
  try {
    const index = await readFile(path.join(clientDir, "index.html"));
    return createHash("sha256").update(index).digest("base64url").slice(0, 16);
  } catch {
    return "none";
  }
}

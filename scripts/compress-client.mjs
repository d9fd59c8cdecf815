// Writes .br and .gz beside every compressible file of the built client, once, at build time, so
// the server sends compressed bytes without spending CPU per request (server/plugins/client-app.ts).
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = `${process.env.BUILD_DIR || "dist"}/client`;
const COMPRESSIBLE = new Set([".js", ".css", ".html", ".svg", ".webmanifest", ".json"]);

let files = 0;
let raw = 0;
let brotli = 0;
for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(file))) continue;
  const content = await readFile(file);
  if (content.length < 1024) continue;
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  files += 1;
  raw += content.length;
  brotli += br.length;
}
console.log(
  `compressed ${files} files: ${Math.round(raw / 1024)} KiB → ${Math.round(brotli / 1024)} KiB (brotli)`,
);

// Bundles the server into dist/server/main.js and the job worker into dist/server/worker.js
// (dependencies stay external) and copies the migrations, the shipped college list and the
// LibreOffice helper script beside them, where the server looks for them.
import { cp, rm } from "node:fs/promises";
import { build } from "esbuild";

await rm("dist/server", { recursive: true, force: true });
// The API server, and `npm run worker` (document and application PDF jobs), each a bundle of its own.
for (const entry of ["main", "worker"]) {
  await build({
    entryPoints: [`server/${entry}.ts`],
    outfile: `dist/server/${entry}.js`,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
}
await cp("server/db/migrations", "dist/server/migrations", { recursive: true });
// The shipped college list (server/lookup/shipped-colleges.ts), with its source and licence.
await cp("server/lookup/data", "dist/server/data", { recursive: true });
// The Python helper that drives LibreOffice over UNO, found beside the bundle at run time.
await cp("server/conversion/libreoffice/uno-bridge.py", "dist/server/uno-bridge.py");

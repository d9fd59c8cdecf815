// Bundles the server into dist/server/main.js (dependencies stay external) and copies the
// migrations (and the LibreOffice helper script) beside it, where the server looks for them.
import { cp, rm } from "node:fs/promises";
import { build } from "esbuild";

await rm("dist/server", { recursive: true, force: true });
await build({
  entryPoints: ["server/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
await cp("server/db/migrations", "dist/server/migrations", { recursive: true });
// The Python helper that drives LibreOffice over UNO, found beside the bundle at run time.
await cp("server/conversion/libreoffice/uno-bridge.py", "dist/server/uno-bridge.py");

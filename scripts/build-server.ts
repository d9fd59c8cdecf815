// Bundles the server into dist/server/main.js and the job worker into dist/server/worker.js
// (dependencies stay external) and copies the migrations, the shipped college list and the
// LibreOffice helper script beside them, where the server looks for them. The partner
// configuration (PARTNER_CONFIG, else the shipped one) is baked in as the client's is
// (vite-plugins/partner-config.ts): mails, the PDF and the answers' checks are the same
// institution's as the pages.
import { cp, rm } from "node:fs/promises";
import { build, type Plugin } from "esbuild";
import { loadPartner, PartnerConfigError } from "../src/config/load-partner";
import { bakedPartnerModule, PARTNER_MODULE } from "../vite-plugins/partner-config";

let partner: ReturnType<typeof loadPartner>;
try {
  partner = loadPartner();
} catch (error) {
  if (!(error instanceof PartnerConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const bakePartner: Plugin = {
  name: "partner-config",
  setup(esbuild) {
    esbuild.onLoad({ filter: PARTNER_MODULE }, () => ({
      contents: bakedPartnerModule(partner),
      loader: "js",
    }));
  },
};

// BUILD_DIR: another build beside dist/ (the example institution's, scripts/test-partner-example.mjs).
const out = `${process.env.BUILD_DIR || "dist"}/server`;
await rm(out, { recursive: true, force: true });
// The API server, and `npm run worker` (document and application PDF jobs), each a bundle of its own.
for (const entry of ["main", "worker"]) {
  await build({
    entryPoints: [`server/${entry}.ts`],
    outfile: `${out}/${entry}.js`,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
    plugins: [bakePartner],
  });
}
await cp("server/db/migrations", `${out}/migrations`, { recursive: true });
// The shipped college list (server/lookup/shipped-colleges.ts), with its source and licence.
await cp("server/lookup/data", `${out}/data`, { recursive: true });
// The Python helper that drives LibreOffice over UNO, found beside the bundle at run time.
await cp("server/conversion/libreoffice/uno-bridge.py", `${out}/uno-bridge.py`);
console.log(`server built for ${partner.name} (${partner.source.file}) into ${out}`);

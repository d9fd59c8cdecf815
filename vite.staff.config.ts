import { fileURLToPath } from "node:url";
import optimizeLocales from "@react-aria/optimize-locales-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { partnerConfig } from "./vite-plugins/partner-config.ts";

// The staff review's own build (decision 0022), run after the applicant's (`npm run build:client`):
// src/staff/index.html → dist/client/staff/, served under /staff. A separate build, so that the
// applicant's chunks, first screen and service worker precache are exactly what they were: a
// second entry in vite.config.ts would share its chunk groups (the first screen's "index" group
// took the staff entry's modules into the applicant's first file when tried).

const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL("src/staff", import.meta.url)),
  base: "/staff/",
  publicDir: false,
  resolve: {
    alias:
      mode === "production"
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction("index.mjs") },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction("dom-export.mjs") },
          ]
        : [],
  },
  plugins: [
    // The institution (PARTNER_CONFIG, else the shipped one), baked in as in the applicant's build.
    partnerConfig({ app: "staff" }),
    react(),
    { ...optimizeLocales.vite({ locales: ["en-US"] }), enforce: "pre" },
  ],
  // `npm run dev`: on STAFF_DEV_PORT, behind the app's dev server, which sends it /staff.
  server: { port: Number(process.env.STAFF_DEV_PORT ?? 8082), host: "127.0.0.1", strictPort: true },
  build: {
    // BUILD_DIR: another build beside dist/ (the example institution's, scripts/test-partner-example.mjs).
    outDir: fileURLToPath(new URL(`${process.env.BUILD_DIR || "dist"}/client/staff`, import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
  },
}));

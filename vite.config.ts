import { fileURLToPath } from "node:url";
import optimizeLocales from "@react-aria/optimize-locales-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const API_PORT = Number(process.env.API_PORT ?? 8081);
const apiTarget = `http://127.0.0.1:${API_PORT}`;

/**
 * react-router 7's package exports only its development build, whose dev-only warnings then run
 * for applicants; production builds take the production build the package also ships (issue 15,
 * decision 0018). The two differ in that flag only, so the size barely changes.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ mode }) => ({
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
    react(),
    // The application is in English only: drop React Aria's strings for ~30 other locales.
    { ...optimizeLocales.vite({ locales: ["en-US"] }), enforce: "pre" },
    VitePWA({
      // Our own service worker (sw/sw.ts); the plugin only injects the precache manifest.
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      // We register with workbox-window ourselves (src/app/register-service-worker.ts).
      injectRegister: false,
      // public/manifest.webmanifest is the manifest; the plugin must not generate another.
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
  },
  server: {
    port: Number(process.env.PORT ?? 8080),
    host: "127.0.0.1",
    proxy: Object.fromEntries(
      ["/api", "/public", "/service", "/lookup", "/healthz"].map((p) => [p, apiTarget]),
    ),
  },
}));

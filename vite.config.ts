import { fileURLToPath } from "node:url";
import optimizeLocales from "@react-aria/optimize-locales-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { partnerConfig } from "./vite-plugins/partner-config.ts";
import { reactAriaLazyIntl } from "./vite-plugins/react-aria-lazy-intl.ts";
import { reactAriaSpanish } from "./vite-plugins/react-aria-spanish.ts";

const API_PORT = Number(process.env.API_PORT ?? 8081);
const apiTarget = `http://127.0.0.1:${API_PORT}`;
const STAFF_DEV_PORT = Number(process.env.STAFF_DEV_PORT ?? 8082);

/**
 * react-router 7's package exports only its development build, whose dev-only warnings then run
 * for applicants; production builds take the production build the package also ships (issue 15,
 * decision 0018). The two differ in that flag only, so the size barely changes.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));

/** The form pages' shared code (ours). */
const FORM_CODE = /src[\\/](form|features[\\/](form|application))[\\/]/;
/** Spanish's catalogues (beside what they translate), which only a page shown in Spanish loads (issue 35). */
const SPANISH_CATALOGUES = /\.es\.json$/;
/**
 * React Aria's string machinery, which the lazy parts showing its words share (its own file
 * before, named after PortalProvider), with its locale provider (moved out of React Aria's
 * I18nProvider.mjs by the react-aria-spanish plugin) and ours around it (issue 35): never in a
 * first screen's file (the form's group would take the provider in as a dependency of React
 * Aria's i18n), and no file more for the first screen's module map to name.
 */
const ARIA_STRINGS =
  /@internationalized[\\/]string[\\/]|react-aria[\\/]dist[\\/]private[\\/](i18n[\\/]useLocalizedStringFormatter|overlays[\\/]PortalProvider)\.mjs$|react-aria-i18n-provider|src[\\/]i18n[\\/]aria-locale\.tsx$/;
/** The app's start-up past React (src/app/app-start.tsx), with what it imports. */
const APP_START = /src[\\/]app[\\/]app-start\.tsx$/;
/** React Aria's components that the account pages and the shell's lazy parts use too. */
const SHELL_CONTROLS =
  /react-aria-components[\\/]dist[\\/]private[\\/](TextField|Input|Label|FieldError|Text)\.mjs$/;
/**
 * Our own small shared modules (not the start-up's, which are in the entry's file), but for those
 * no first screen needs, which go with the lazy parts that use them: the overlays (a modal, the
 * toasts' region, whose React Aria code is large), the sync engine's tab leadership, the rules of
 * the account pages and of documents.
 */
const COMMON_CODE =
  /src[\\/](lib|shared|components|config)[\\/](?!modal\.tsx|toast-region\.tsx|tab-leadership|auth-rules|document-rules|answer-refusals|file-size|application-pdf)/;
/**
 * Our modules of the parts loaded after a form page's first screen (question-parts.ts), and what
 * only they use: the date picker; the questions built on React Aria's collections (selects, combo
 * boxes, tabs); the block removal's dialogs, loaded when one opens; a page's actions and the
 * submission's code, rendered once every question is; and the words of the dialogs and of the
 * validation summary (issue 35).
 */
const FORM_PARTS =
  /src[\\/](features[\\/]form[\\/](date-question|typed-date-input|collection-questions|form-tabs|select-|month-year-question|autocomplete-question|lookup-client|fill-answers|block-removal-dialogs|block-removal-messages)|form[\\/]engine[\\/]remove-block|features[\\/]application[\\/](validation-summary|summary-messages|page-actions\.|submit-application|application-check|refused-answers-message)|form[\\/]engine[\\/]file-questions)/;

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
    // The institution (PARTNER_CONFIG, else the shipped one), baked into the client.
    partnerConfig(),
    react(),
    // React Aria's Spanish strings: slots the Spanish chunk fills (issue 35); before the next one.
    reactAriaSpanish(),
    // The other ~30 locales' strings are dropped; English's stay in the parts that use them.
    { ...optimizeLocales.vite({ locales: ["en-US"] }), enforce: "pre" },
    // No Intl call until something is formatted or compared (issue 15): see the plugin.
    reactAriaLazyIntl(),
    VitePWA({
      // Our own service worker (sw/sw.ts); the plugin only injects the precache manifest.
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      // We register with workbox-window ourselves (src/app/register-service-worker.ts).
      injectRegister: false,
      // The manifest is partnerConfig()'s (the institution's name); this plugin must not make another.
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        // The staff review (its own build, decision 0022) is never an applicant's to download.
        globIgnores: ["staff/**"],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    // BUILD_DIR: another build beside dist/ (the example institution's, scripts/test-partner-example.mjs).
    outDir: `${process.env.BUILD_DIR || "dist"}/client`,
    emptyOutDir: true,
    // Maps are written for our own tools (bench/profile-client.mjs) but named by no script: the
    // server never serves them (issue 36), so a browser has no reason to ask.
    sourcemap: "hidden",
    target: "es2022",
    // .vite/manifest.json: which stylesheets the service view's chunk brings, for the application
    // PDF the server renders with them (server/application-pdf/print-stylesheet.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // The sync engine's file by its name (the bundler would name it after one of its modules).
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && /sync-session\.ts$/.test(chunk.facadeModuleId)
            ? "assets/sync-engine-[hash].js"
            : "assets/[name]-[hash].js",
        // Few files (issue 15): each module preload the app adds costs the page a millisecond or
        // more of main thread, and each file a request. The entry's static imports (React and the
        // start-up's first steps) in one file; the rest of the start-up (router, device store,
        // sync, the shell: app-start.tsx), which the entry asks for beside the page's code, in a
        // second; React Aria's components that the account pages and the shell's lazy parts use
        // too in a third (a form page's start-up evaluates it in a step of its own:
        // form-controls.ts); our small shared modules in a fourth; the form pages' shared code in
        // a fifth, but for the parts loaded after a page's first screen (question-parts.ts): the
        // date picker and the collections' questions. React Aria's modules that only the form or
        // only a part uses go where the bundler puts them by who imports them: in the form's file,
        // a part's, or one shared by parts (a group would take a part's into the form's file).
        codeSplitting: {
          groups: [
            { name: "index", tags: ["$initial"], priority: 3 },
            // With src/i18n/spanish.ts (and @lingui/core), not in the form's or the shared file.
            { name: "spanish", test: SPANISH_CATALOGUES, priority: 3 },
            {
              name: "PortalProvider",
              test: ARIA_STRINGS,
              priority: 3,
              includeDependenciesRecursively: false,
            },
            { name: "app", test: APP_START, priority: 2 },
            { name: "controls", test: SHELL_CONTROLS, priority: 2 },
            { name: "common", test: COMMON_CODE, priority: 2 },
            {
              name: "form",
              test: (id: string) => FORM_CODE.test(id) && !FORM_PARTS.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 8080),
    host: "127.0.0.1",
    proxy: {
      ...Object.fromEntries(
        ["/api", "/public", "/service", "/lookup", "/healthz", "/integration", "/staff/api"].map((p) => [
          p,
          apiTarget,
        ]),
      ),
      // The staff review's pages come from its own dev server (vite.staff.config.ts, scripts/dev.mjs).
      "/staff": { target: `http://127.0.0.1:${STAFF_DEV_PORT}`, ws: true },
    },
  },
}));

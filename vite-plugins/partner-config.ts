import type { Plugin } from "vite";
import { loadPartner, PARTNER_STAMP_FILE, PartnerConfigError } from "../src/config/load-partner.ts";
import type { Partner } from "../src/config/partner-schema.ts";
import { metaDescription } from "../src/features/shell/document-head-messages.ts";
import { formatEnglish } from "../src/i18n/format-message.ts";

/** src/config/partner.ts, which the build replaces by the configuration itself. */
export const PARTNER_MODULE = /[\\/]src[\\/]config[\\/]partner\.ts$/;

/** The module that stands for src/config/partner.ts in a build: the configuration, read once. */
export function bakedPartnerModule(partner: Partner): string {
  const baked: Partner = { ...partner, source: { ...partner.source, baked: true } };
  return `export const partner = ${JSON.stringify(baked)};\n`;
}

/**
 * The partner configuration (PARTNER_CONFIG, else partners/northbridge.json) in the client: read
 * and checked when the build starts (a bad file stops it with one message naming every bad field),
 * then baked in: src/config/partner.ts becomes the configuration itself, index.html's title and
 * description, the web app manifest and the favicon (the logo) say the institution's name, and
 * the build records which configuration it holds. The staff review's build (vite.staff.config.ts,
 * `app: "staff"`) takes the configuration and its page title only: the manifest, favicon and
 * record are the applicant's build's, served beside it.
 */
export function partnerConfig({ app = "applicant" }: { app?: "applicant" | "staff" } = {}): Plugin {
  let partner: Partner;
  const manifest = () => `${JSON.stringify(webAppManifest(partner), null, 2)}\n`;
  return {
    name: "partner-config",
    enforce: "pre",
    buildStart() {
      try {
        partner = loadPartner();
      } catch (error) {
        if (error instanceof PartnerConfigError) this.error(error.message);
        throw error;
      }
    },
    load(id) {
      return PARTNER_MODULE.test(id.split("?")[0] ?? "") ? bakedPartnerModule(partner) : null;
    },
    transformIndexHtml(html) {
      const escaped = (text: string) =>
        text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
      if (app === "staff")
        return html.replace(
          /<title>[^<]*<\/title>/,
          `<title>${escaped(`Application review – ${partner.name}`)}</title>`,
        );
      return html
        .replace(/<title>[^<]*<\/title>/, `<title>${escaped(`${partner.name} Application`)}</title>`)
        .replace(
          /<meta name="description" content="[^"]*" \/>/,
          `<meta name="description" content="${escaped(formatEnglish(metaDescription, { host: partner.name }))}" />`,
        );
    },
    configureServer(server) {
      if (app === "staff") return;
      // `npm run dev`: the files the build writes, answered from memory.
      server.middlewares.use((request, response, next) => {
        const file =
          request.url === "/manifest.webmanifest"
            ? manifest()
            : request.url === "/icons/favicon.svg"
              ? partner.logoSvg
              : undefined;
        if (file === undefined) return next();
        response.setHeader(
          "Content-Type",
          request.url?.endsWith(".svg") ? "image/svg+xml" : "application/manifest+json",
        );
        response.end(file);
      });
    },
    generateBundle() {
      if (app === "staff") return;
      this.emitFile({ type: "asset", fileName: "manifest.webmanifest", source: manifest() });
      this.emitFile({ type: "asset", fileName: "icons/favicon.svg", source: `${partner.logoSvg}\n` });
      this.emitFile({
        type: "asset",
        fileName: PARTNER_STAMP_FILE,
        source: `${JSON.stringify({ name: partner.name, file: partner.source.file, digest: partner.source.digest })}\n`,
      });
    },
  };
}

/** The web app manifest (the installed app's name, icon and colours). */
function webAppManifest(partner: Partner) {
  return {
    name: `${partner.name} Application`,
    short_name: partner.appShortName ?? partner.shortName,
    description: `Apply to ${partner.name}: save your application offline and submit when you're back online.`,
    start_url: "/about",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#1f3a5f",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

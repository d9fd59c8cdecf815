// The partner (institution) configuration the app runs with: partners/northbridge.json, the shipped
// fictional institution, unless PARTNER_CONFIG names another file (format: partners/README.md).
//
// Built, this module is replaced by the configuration itself, read and checked once by the build
// (vite-plugins/partner-config.ts for the client and its prerendered first screens,
// scripts/build-server.ts for the server and the worker): the client never reads a file, and the
// server validates answers against the same catalogue the client shows. Run from the sources (tsx,
// the tests, `npm run dev`'s server), it reads the file when first imported.
import { loadPartner } from "./load-partner";
import type { Partner } from "./partner-schema";

export type { DocumentRequest, Major, MajorQuestionKey, Partner } from "./partner-schema";

export const partner: Partner = loadPartner();

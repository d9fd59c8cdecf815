import { readFileSync } from "node:fs";
import path from "node:path";
import { loadPartner, PARTNER_STAMP_FILE, PartnerConfigError } from "../src/config/load-partner";
import { partner } from "../src/config/partner";

/** Why a process may not start with this partner configuration. */
export class PartnerMismatchError extends Error {}

/**
 * At start (server and worker): the institution this build was made for is the one configured, and
 * the one its client was built for, so that the pages, the answers' checks, mails and PDFs agree.
 * - PARTNER_CONFIG, when set, is read and checked again (one message naming every bad field), and
 *   must be the configuration built in: a changed file needs a new build.
 * - A built server's client must have been built with the same configuration (run from the
 *   sources, the server reads the configuration as it starts: there is no build to disagree with).
 * Returns a warning to log when the shipped, fictional institution would face real applicants (an
 * https:// PUBLIC_URL).
 */
export function checkPartner(
  env: NodeJS.ProcessEnv,
  clientDir: string | undefined,
  publicUrl: string,
): string | undefined {
  const built = `${partner.name} (${partner.source.file})`;
  if (env.PARTNER_CONFIG) {
    let configured: ReturnType<typeof loadPartner>;
    try {
      configured = loadPartner(path.resolve(env.PARTNER_CONFIG));
    } catch (error) {
      if (error instanceof PartnerConfigError) throw new PartnerMismatchError(error.message);
      throw error;
    }
    if (configured.source.digest !== partner.source.digest) {
      throw new PartnerMismatchError(
        `PARTNER_CONFIG ${configured.source.file} is not the configuration this build has, ${built}: build again with it (npm run build).`,
      );
    }
  }
  const stamp = partner.source.baked ? clientStamp(clientDir) : undefined;
  if (stamp && stamp.digest !== partner.source.digest) {
    throw new PartnerMismatchError(
      `The client in ${clientDir} was built for ${stamp.name} (${stamp.file}), this server for ${built}: build both with the same PARTNER_CONFIG (npm run build).`,
    );
  }
  if (partner.source.shipped && publicUrl.startsWith("https://")) {
    return `PUBLIC_URL is ${publicUrl}, but the application is the shipped, fictional ${partner.name}'s: set PARTNER_CONFIG to your institution's configuration and build again (partners/README.md).`;
  }
  return undefined;
}

function clientStamp(
  clientDir: string | undefined,
): { name: string; file: string; digest: string } | undefined {
  if (!clientDir) return undefined;
  try {
    return JSON.parse(readFileSync(path.join(clientDir, PARTNER_STAMP_FILE), "utf8"));
  } catch {
    // No client (API only), or one built before the stamp existed: nothing to compare.
    return undefined;
  }
}

import type { Partner } from "./partner-schema";

/**
 * The institution's name as a screen, title or mail in `language` writes it: its configuration's
 * Spanish name for Spanish, else its own. A function of the configuration, not of `partner.ts`,
 * which the build replaces with the configuration itself.
 */
export function partnerNameIn(config: Pick<Partner, "name" | "es">, language: string): string {
  return language === "es" ? (config.es?.name ?? config.name) : config.name;
}

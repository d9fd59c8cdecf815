import { partner } from "../config/partner";

/**
 * Catalogue text by its English, the institution's name written `{host}` on both sides (as in the
 * specification's messages), so one catalogue serves every partner. `translatedHost`: the name as
 * the translation writes it (the partner configuration's Spanish name, else its own).
 */
export function catalogueLookup(
  catalogue: Readonly<Record<string, string>>,
  hostName: string = partner.name,
  translatedHost: string = hostName,
): (english: string) => string | undefined {
  return (english) => {
    const translated = catalogue[english.replaceAll(hostName, "{host}")];
    return translated === undefined ? undefined : translated.replaceAll("{host}", translatedHost);
  };
}

/** The key a text has in a catalogue. */
export function catalogueKey(english: string, hostName: string = partner.name): string {
  return english.replaceAll(hostName, "{host}");
}

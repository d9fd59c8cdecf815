import { LOOKUP_MAX_RESULTS, type LookupSuggestion } from "../../src/shared/lookup-types";
import type { LookupProvider } from "./provider";

/** Country code of the United States in the client's country options. */
const USA = "USA";
const SUB_TEXT = "United States";

/** A 5-digit ZIP (ZIP+4 allowed) standing on its own, not part of a longer number. */
const ZIP_IN_TEXT = /(?<!\d)(\d{5})(?:-\d{4})?(?!\d)/g;
const FULL_ZIP = /^\d{5}$/;
/** Digits typed so far of a ZIP: from 3 (the sectional centre) to 4. */
const PARTIAL_ZIP = /^\d{3,4}$/;

type ZipEntry = { zip: string; city: string; state: string; cityKey: string };

type ZipIndex = {
  byZip: ReadonlyMap<string, ZipEntry>;
  /** Ascending by ZIP, for "ZIP starts with". */
  sortedByZip: readonly ZipEntry[];
  /** Ascending by (city key, state, ZIP), for "city starts with" in alphabetical order. */
  sortedByCity: readonly ZipEntry[];
  /** Lower-case state code → normalised full name ("oh" → "ohio"), for "City, Ohio". */
  stateNames: ReadonlyMap<string, string>;
};

/**
 * The default `address` lookup: US ZIP codes from the `zipcodes` package (offline data, no
 * service). A ZIP in the text suggests "{city}, {state} {zip}"; otherwise, or as well, the text
 * is a city prefix, optionally "City, ST". Details of a ZIP fill city, state, zip and country.
 */
export const zipAddressProvider: LookupProvider = {
  async search(text, maxResults = LOOKUP_MAX_RESULTS) {
    const limit = Math.min(Math.max(Math.trunc(maxResults), 0), LOOKUP_MAX_RESULTS);
    if (limit === 0) return [];
    return searchIndex(await zipIndex(), text, limit).map(suggestion);
  },
  async details(id) {
    if (!FULL_ZIP.test(id)) return null;
    const entry = (await zipIndex()).byZip.get(id);
    return entry ? { city: entry.city, state: entry.state, zip: entry.zip, country: USA } : null;
  },
};

function suggestion(entry: ZipEntry): LookupSuggestion {
  return { text: `${entry.city}, ${entry.state} ${entry.zip}`, id: entry.zip, sub_text: SUB_TEXT };
}

/**
 * Ranked: ZIPs written in the text (the last first: an address ends with its ZIP), then ZIPs
 * starting with the digits typed, then city-prefix matches in alphabetical order.
 */
function searchIndex(index: ZipIndex, text: string, limit: number): ZipEntry[] {
  const found = new Map<string, ZipEntry>();
  const add = (entry: ZipEntry | undefined): boolean => {
    if (entry && found.size < limit) found.set(entry.zip, entry);
    return found.size >= limit;
  };

  const zips = [...text.matchAll(ZIP_IN_TEXT)].map((match) => match[1] ?? "").reverse();
  for (const zip of zips) if (add(index.byZip.get(zip))) return [...found.values()];

  const trimmed = text.trim();
  if (PARTIAL_ZIP.test(trimmed)) {
    const { sortedByZip } = index;
    for (let i = lowerBound(sortedByZip, trimmed, (entry) => entry.zip); i < sortedByZip.length; i++) {
      const entry = sortedByZip[i];
      if (!entry?.zip.startsWith(trimmed) || add(entry)) break;
    }
    return [...found.values()];
  }

  for (const place of placeReadings(text.replace(ZIP_IN_TEXT, " "))) {
    const before = found.size;
    addCityMatches(index, place, found, add);
    // A later reading is a fallback: used only when the ones before it found no city.
    if (found.size > before) break;
  }
  return [...found.values()];
}

type Place = { city: string; state: string };

function addCityMatches(
  index: ZipIndex,
  place: Place,
  found: ReadonlyMap<string, ZipEntry>,
  add: (entry: ZipEntry) => boolean,
): void {
  if (!place.city) return;
  const { sortedByCity } = index;
  for (let i = lowerBound(sortedByCity, place.city, (entry) => entry.cityKey); i < sortedByCity.length; i++) {
    const entry = sortedByCity[i];
    if (!entry?.cityKey.startsWith(place.city)) return;
    if (!found.has(entry.zip) && matchesState(index, entry.state, place.state) && add(entry)) return;
  }
}

/**
 * How the text may name a place, most likely first: "City, State" (the last two comma-separated
 * parts) or a city prefix; without a comma, then "City ST" (the last word as the state), tried
 * only when the whole text is no city prefix, so typing "Los Al" is not read as Alabama.
 */
function placeReadings(text: string): Place[] {
  const parts = text.split(",").map(normalizeName);
  while (parts.length > 0 && parts.at(-1) === "") parts.pop();
  if (parts.length >= 2) return [{ city: parts.at(-2) ?? "", state: parts.at(-1) ?? "" }];
  const city = parts[0] ?? "";
  const lastSpace = city.lastIndexOf(" ");
  if (lastSpace < 0) return [{ city, state: "" }];
  return [
    { city, state: "" },
    { city: city.slice(0, lastSpace), state: city.slice(lastSpace + 1) },
  ];
}

/** The state part matches a code ("oh") or a full name ("ohio"), both by prefix. */
function matchesState(index: ZipIndex, state: string, typed: string): boolean {
  if (!typed) return true;
  const code = state.toLowerCase();
  return code.startsWith(typed) || (index.stateNames.get(code)?.startsWith(typed) ?? false);
}

/** Lower case, without accents, punctuation runs as one space: "St. Mary's" → "st mary s". */
function normalizeName(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

function lowerBound<T>(sorted: readonly T[], target: string, key: (item: T) => string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const item = sorted[middle];
    if (item !== undefined && key(item) < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

function compareStrings(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

// ── The index: built once per process on first use, read-only afterwards ─────────────────────────

let index: Promise<ZipIndex> | undefined;

/** The package's ~44k entries load (about 200 ms) on the first lookup, not at server start. */
function zipIndex(): Promise<ZipIndex> {
  index ??= buildIndex().catch((error: unknown) => {
    index = undefined; // a failed load is retried by the next lookup
    throw error;
  });
  return index;
}

async function buildIndex(): Promise<ZipIndex> {
  const { codes, states } = await import("zipcodes");
  const entries: ZipEntry[] = [];
  for (const code of Object.values(codes)) {
    // The package also holds Canadian postal prefixes; this provider answers US ZIPs only.
    if (code.country !== "US" || !FULL_ZIP.test(code.zip)) continue;
    entries.push({ zip: code.zip, city: code.city, state: code.state, cityKey: normalizeName(code.city) });
  }
  const sortedByZip = [...entries].sort((a, b) => compareStrings(a.zip, b.zip));
  const sortedByCity = [...entries].sort(
    (a, b) =>
      compareStrings(a.cityKey, b.cityKey) ||
      compareStrings(a.state, b.state) ||
      compareStrings(a.zip, b.zip),
  );
  const stateNames = new Map(
    Object.entries(states.full).map(([name, code]) => [code.toLowerCase(), normalizeName(name)]),
  );
  return {
    byZip: new Map(sortedByZip.map((entry) => [entry.zip, entry])),
    sortedByZip,
    sortedByCity,
    stateNames,
  };
}

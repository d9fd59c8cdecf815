// Spec §7 `GET /lookup/find` for the autocomplete and the ZIP assist. Spec §8: a lookup failure is
// silent, so both calls answer "nothing" instead of throwing (an abort still throws, to be ignored).
import { apiRequest } from "../../lib/api-client";
import {
  LOOKUP_DETAIL_FIELDS,
  LOOKUP_LIST_HEADER,
  LOOKUP_MAX_RESULTS,
  LOOKUP_NO_LIST,
  type LookupDetails,
  type LookupSuggestion,
} from "../../shared/lookup-types";

/** Spec §9: suggestions are asked for once typing pauses 200 ms, and at least every 500 ms. */
export const LOOKUP_DEBOUNCE_MS = 200;
export const LOOKUP_MAX_WAIT_MS = 500;

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === "AbortError");
}

/** A search's answer: `noList` when the server said the category has no list at all. */
export type Suggestions = { suggestions: LookupSuggestion[]; noList: boolean };

/**
 * At most 5 suggestions for `text`; none when the lookup fails or answers something unexpected
 * (and then `noList` is false: only the server's own word says there is no list).
 */
export async function findSuggestions(
  text: string,
  category: string,
  signal?: AbortSignal,
): Promise<Suggestions> {
  const query = new URLSearchParams({ text, category, max_results: String(LOOKUP_MAX_RESULTS) });
  let noList = false;
  const onHeaders = (headers: Headers) => {
    noList = headers.get(LOOKUP_LIST_HEADER) === LOOKUP_NO_LIST;
  };
  try {
    const found = await apiRequest<unknown>("GET", `/lookup/find?${query}`, {
      onHeaders,
      ...(signal ? { signal } : {}),
    });
    if (!Array.isArray(found)) return { suggestions: [], noList: false };
    const suggestions = found
      .filter(isSuggestion)
      .slice(0, LOOKUP_MAX_RESULTS)
      .map((s) => ({ text: s.text, id: s.id, sub_text: typeof s.sub_text === "string" ? s.sub_text : "" }));
    return { suggestions, noList: noList && suggestions.length === 0 };
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    return { suggestions: [], noList: false };
  }
}

/** The named fields of a suggestion (or of a ZIP, category "address"); null on any failure. */
export async function findDetails(
  id: string,
  category: string,
  signal?: AbortSignal,
): Promise<LookupDetails | null> {
  const query = new URLSearchParams({ id, category });
  try {
    const found = await apiRequest<unknown>("GET", `/lookup/find?${query}`, signal ? { signal } : {});
    if (typeof found !== "object" || found === null || Array.isArray(found)) return null;
    const details: LookupDetails = {};
    for (const field of LOOKUP_DETAIL_FIELDS) {
      const value = (found as Record<string, unknown>)[field];
      if (typeof value === "string") details[field] = value;
    }
    return details;
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    return null;
  }
}

function isSuggestion(value: unknown): value is Omit<LookupSuggestion, "sub_text"> & { sub_text?: unknown } {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.text === "string" && typeof item.id === "string";
}

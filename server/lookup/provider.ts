import type { LookupDetails, LookupSuggestion } from "../../src/shared/lookup-types";

/**
 * One autocomplete category's source of suggestions (spec §7 `GET /lookup/find`). The route
 * validates the query, clamps the count and shapes the answer; a provider only searches. A real
 * address or school service plugs in by implementing this and being registered for its category
 * (`lookupProviders` in `buildApp`).
 */
export interface LookupProvider {
  /**
   * Suggestions for `text` (trimmed, 1–100 characters), best first, at most `maxResults` (1–5).
   * Throwing is a server failure (500); the client shows no suggestions.
   */
  search(text: string, maxResults: number): Promise<LookupSuggestion[]>;
  /** The named fields of a suggestion's `id`, or null when the id is unknown (404). */
  details(id: string): Promise<LookupDetails | null>;
  /**
   * Whether there is anything to search: asked after a search found nothing, so that "no list"
   * (no high-school list imported) is told apart from "no match". Providers without it always have.
   */
  hasEntries?(): Promise<boolean>;
}

/** Providers by category (`address`, `name`, later `college_ceeb` and `hs_ceeb`). */
export type LookupProviders = Readonly<Record<string, LookupProvider>>;

/** A category that exists but has no data source yet: no suggestions, no details. */
export const emptyLookupProvider: LookupProvider = {
  async search() {
    return [];
  },
  async details() {
    return null;
  },
};

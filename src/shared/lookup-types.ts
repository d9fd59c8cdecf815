// Spec §3 and §7: the shapes of `GET /lookup/find`, shared by the autocomplete and the server.

/** Most suggestions one search answers (spec §9); a larger `max_results` is clamped to it. */
export const LOOKUP_MAX_RESULTS = 5;

/** One search result: `text` is the label, `id` the value (for details), `sub_text` the subtext. */
export type LookupSuggestion = { text: string; id: string; sub_text: string };

/** Named fields a lookup's details may carry; the autocomplete copies them into related answers. */
export const LOOKUP_DETAIL_FIELDS = [
  "name",
  "address_line_1",
  "city",
  "state",
  "zip",
  "country",
  "ceeb",
] as const;

export type LookupDetailField = (typeof LOOKUP_DETAIL_FIELDS)[number];

/** The details of one suggestion (`GET /lookup/find?id=…&category=…`): only the fields it knows. */
export type LookupDetails = Partial<Record<LookupDetailField, string>>;

/**
 * Set to `LOOKUP_NO_LIST` on an empty search answer when the category has no list at all (no
 * high-school list is shipped, issue 31), so the autocomplete can say so instead of showing nothing
 * as if nothing matched. The body stays the spec's (an empty array).
 */
export const LOOKUP_LIST_HEADER = "Lookup-List";
export const LOOKUP_NO_LIST = "none";

/** What a school search says when its category has no list (spec §4: free text is the answer). */
export const NO_SCHOOL_LIST_MESSAGE =
  "There is no list of schools to choose from here: type your school's full name, then its address.";

import { and, eq, sql } from "drizzle-orm";
import { LOOKUP_MAX_RESULTS, type LookupDetails, type LookupSuggestion } from "../../src/shared/lookup-types";
import type { Database } from "../db/database";
import { schools } from "../db/schema";
import type { LookupProvider } from "./provider";

/** The lookup categories answered from the `schools` table. */
export const SCHOOL_CATEGORIES = ["college_ceeb", "hs_ceeb"] as const;
export type SchoolCategory = (typeof SCHOOL_CATEGORIES)[number];

export function isSchoolCategory(value: string): value is SchoolCategory {
  return (SCHOOL_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The searchable form of a school name or a query: no accents, apostrophes dropped ("King's" →
 * "kings"), "&" as "and", lower case, every other run of punctuation or spaces one space. The
 * result holds only `[a-z0-9 ]`, so it is safe inside a LIKE pattern.
 */
export function normalizeSchoolName(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/['’`]/g, "")
    .replace(/&/g, " and ")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * A `college_ceeb` or `hs_ceeb` lookup over the imported schools. Search matches the code
 * exactly, or the name: first names starting with the text, then names with a word starting with
 * it, then names containing it; within each, shorter names first, then alphabetical. Suggestions
 * are "{name}" / "{City}, {ST}" with the CEEB code as id; details carry the school's fields.
 */
export function schoolLookupProvider(db: Database, category: SchoolCategory): LookupProvider {
  return {
    async search(text, maxResults = LOOKUP_MAX_RESULTS) {
      const limit = Math.min(Math.max(Math.trunc(maxResults), 0), LOOKUP_MAX_RESULTS);
      const code = text.trim();
      const query = normalizeSchoolName(text);
      if (limit === 0 || (!query && !code)) return [];
      // `query` holds only [a-z0-9 ], so no LIKE wildcard needs escaping.
      const nameMatch = query ? sql`${schools.nameSearch} like ${`%${query}%`}` : sql`false`;
      const rank = sql`case
        when ${schools.ceeb} = ${code} then 0
        when ${schools.nameSearch} like ${`${query}%`} then 1
        when ${schools.nameSearch} like ${`% ${query}%`} then 2
        else 3 end`;
      const rows = await db
        .select({ ceeb: schools.ceeb, name: schools.name, city: schools.city, state: schools.state })
        .from(schools)
        .where(and(eq(schools.category, category), sql`(${schools.ceeb} = ${code} or ${nameMatch})`))
        .orderBy(rank, sql`length(${schools.name})`, schools.nameSearch, schools.ceeb)
        .limit(limit);
      return rows.map(suggestion);
    },
    async details(id) {
      const [row] = await db
        .select()
        .from(schools)
        .where(and(eq(schools.category, category), eq(schools.ceeb, id)))
        .limit(1);
      if (!row) return null;
      const found: LookupDetails = { name: row.name, ceeb: row.ceeb, country: row.country };
      if (row.addressLine1) found.address_line_1 = row.addressLine1;
      if (row.city) found.city = row.city;
      if (row.state) found.state = row.state;
      if (row.zip) found.zip = row.zip;
      return found;
    },
    async hasEntries() {
      const [any] = await db
        .select({ ceeb: schools.ceeb })
        .from(schools)
        .where(eq(schools.category, category))
        .limit(1);
      return any !== undefined;
    },
  };
}

/** Both school categories, for `buildApp`'s default providers. */
export function schoolLookupProviders(db: Database): Record<SchoolCategory, LookupProvider> {
  return {
    college_ceeb: schoolLookupProvider(db, "college_ceeb"),
    hs_ceeb: schoolLookupProvider(db, "hs_ceeb"),
  };
}

function suggestion(row: { ceeb: string; name: string; city: string | null; state: string | null }) {
  const place = [row.city, row.state].filter(Boolean).join(", ");
  return { text: row.name, id: row.ceeb, sub_text: place } satisfies LookupSuggestion;
}

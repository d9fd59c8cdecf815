// ZIP assist: a 5-digit US ZIP fills the empty city, state (and country) of the same address from
// `GET /lookup/find?id=<zip>&category=address`; when the address already says otherwise, it
// changes nothing and offers the ZIP's city and state instead (never half an address). Which fields belong together is read from the
// catalogue: a section's postal-code question and its city, state and country siblings, found by
// their HTML autocomplete tokens or else by the shared key prefix ("mailing_zip" → "mailing_city").
//
// This file finds which fields belong together (the page needs it to render a ZIP question); the
// lookup itself (`zip-lookup.ts`) loads when a ZIP is first complete, off the first screen.
import type { FormPage, Question, Section } from "../../form/catalogue-types";

export type ZipTargets = { city?: string; state?: string; country?: string };

/** The ZIP's city and state, offered when the address holds others: answer key → value. */
export type ZipOffer = { zip: string; label: string; values: Readonly<Record<string, string>> };
type Part = keyof ZipTargets | "zip";

const FULL_ZIP = /^\d{5}$/;

/** Only a full 5-digit ZIP is looked up. */
export const isFullZip = (zip: string): boolean => FULL_ZIP.test(zip);

const TOKEN_PARTS: readonly (readonly [string, Part])[] = [
  ["postal-code", "zip"],
  ["address-level2", "city"],
  ["address-level1", "state"],
  ["country-name", "country"],
  ["country", "country"],
];

function autoCompleteOf(question: Question): string {
  return "autoComplete" in question && typeof question.autoComplete === "string" ? question.autoComplete : "";
}

/** The address part a question holds, by its autocomplete token's last word or its key's end. */
function partOf(question: Question): { part: Part; prefix: string } | null {
  const token = autoCompleteOf(question).trim().split(/\s+/).at(-1) ?? "";
  const byToken = TOKEN_PARTS.find(([name]) => token === name)?.[1];
  for (const part of ["zip", "city", "state", "country"] as const) {
    if (question.key.endsWith(part) && (byToken === undefined || byToken === part)) {
      return { part, prefix: question.key.slice(0, -part.length) };
    }
  }
  return byToken ? { part: byToken, prefix: "" } : null;
}

function sectionTargets(section: Section, into: Map<string, ZipTargets>): void {
  const parts = section.questions.map((question) => ({ question, found: partOf(question) }));
  for (const { question, found } of parts) {
    if (found?.part !== "zip") continue;
    const sibling = (part: Part) => {
      const same = parts.filter((p) => p.found?.part === part && p.question.kind !== "monthYear");
      // With several addresses in one section, the one sharing the ZIP's key prefix.
      return (same.find((p) => p.found?.prefix === found.prefix) ?? (same.length === 1 ? same[0] : undefined))
        ?.question.key;
    };
    const targets: ZipTargets = {};
    const city = sibling("city");
    const state = sibling("state");
    const country = sibling("country");
    if (city) targets.city = city;
    if (state) targets.state = state;
    if (country) targets.country = country;
    if (!city && !state) continue;
    into.set(question.key, targets);
    // The same address in the later blocks of a repeated section.
    const [first, ...others] = section.repeat?.prefixes ?? [];
    if (first === undefined || !question.key.startsWith(first)) continue;
    const swap = (key: string | undefined, prefix: string) =>
      key?.startsWith(first) ? prefix + key.slice(first.length) : key;
    for (const prefix of others) {
      const moved: ZipTargets = {};
      for (const [name, key] of Object.entries(targets) as [keyof ZipTargets, string][]) {
        const next = swap(key, prefix);
        if (next) moved[name] = next;
      }
      into.set(prefix + question.key.slice(first.length), moved);
    }
  }
}

/** Postal-code answer key → the keys its lookup fills. */
export function zipAssistTargets(pages: readonly FormPage[]): Map<string, ZipTargets> {
  const targets = new Map<string, ZipTargets>();
  for (const page of pages) for (const section of page.sections) sectionTargets(section, targets);
  return targets;
}

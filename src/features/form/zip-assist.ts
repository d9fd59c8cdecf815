// ZIP assist: a 5-digit US ZIP fills the empty city, state (and country) of the same address from
// `GET /lookup/find?id=<zip>&category=address`; when the address already says otherwise, it
// changes nothing and offers the ZIP's city and state instead (never half an address). Which fields belong together is read from the
// catalogue: a section's postal-code question and its city, state and country siblings, found by
// their HTML autocomplete tokens or else by the shared key prefix ("mailing_zip" → "mailing_city").
import type { FormPage, Question, Section } from "../../form/catalogue-types";
import { UNITED_STATES } from "../../form/options/countries";
import { answerStore } from "../answers/answer-session";
import { fillAnswers } from "./fill-answers";
import { findDetails } from "./lookup-client";

export type ZipTargets = { city?: string; state?: string; country?: string };

/** The ZIP's city and state, offered when the address holds others: answer key → value. */
export type ZipOffer = { zip: string; label: string; values: Readonly<Record<string, string>> };
type Part = keyof ZipTargets | "zip";

const FULL_ZIP = /^\d{5}$/;

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

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * Looks the ZIP up when the country is the United States or not chosen. When the address's city
 * and state are empty or already agree, fills the empty ones (and an empty country with the United
 * States) and returns null. When either says otherwise ("Boston" with a New York ZIP), changes
 * nothing and returns the ZIP's city and state to offer: changing only the empty half would leave
 * an address that contradicts itself. Silent (null) on any failure.
 */
export async function assistZip(zipKey: string, zip: string, targets: ZipTargets): Promise<ZipOffer | null> {
  if (!FULL_ZIP.test(zip)) return null;
  const country = targets.country ? answerStore.get(targets.country) : "";
  if (country !== "" && country !== UNITED_STATES.value) return null;
  const details = await findDetails(zip, "address").catch(() => null);
  // Too late if the applicant changed the ZIP (or the country) meanwhile.
  if (!details || answerStore.get(zipKey) !== zip) return null;
  if (targets.country && !["", UNITED_STATES.value].includes(answerStore.get(targets.country))) return null;
  const values: Record<string, string> = {};
  if (targets.country && details.country) values[targets.country] = details.country;
  if (targets.city && details.city) values[targets.city] = details.city;
  if (targets.state && details.state) values[targets.state] = details.state;
  const contradicted = Object.entries(values).some(([key, value]) => {
    const held = answerStore.get(key);
    return held.trim() !== "" && !same(held, value);
  });
  if (!contradicted) {
    fillAnswers(values, { onlyEmpty: true });
    return null;
  }
  const label = [details.city, details.state].filter(Boolean).join(", ");
  return { zip, label, values };
}

/** The applicant took the offer: the ZIP's city and state (and country) replace theirs. */
export function acceptZipOffer(offer: ZipOffer): void {
  fillAnswers(offer.values);
}

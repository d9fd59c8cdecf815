// The ZIP assist's lookup (see zip-assist.ts): loaded when a ZIP is first complete, not with the
// first screen (issue 34).
import { UNITED_STATES } from "../../form/options/countries";
import { answerStore } from "../answers/answer-session";
import { fillAnswers } from "./fill-answers";
import { findDetails } from "./lookup-client";
import { isFullZip, type ZipOffer, type ZipTargets } from "./zip-assist";

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * Looks the ZIP up when the country is the United States or not chosen. When the address's city
 * and state are empty or already agree, fills the empty ones (and an empty country with the United
 * States) and returns null. When either says otherwise ("Boston" with a New York ZIP), changes
 * nothing and returns the ZIP's city and state to offer: changing only the empty half would leave
 * an address that contradicts itself. Silent (null) on any failure.
 */
export async function assistZip(zipKey: string, zip: string, targets: ZipTargets): Promise<ZipOffer | null> {
  if (!isFullZip(zip)) return null;
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

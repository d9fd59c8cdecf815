// What an address's street line keeps when the applicant chooses a place suggestion (a city and a
// ZIP, spec §4 autocomplete) for it: the place goes to its own fields (city, state, ZIP, country),
// so the street line keeps only what was typed for the street (issue 30: it used to keep the city
// name as the street).

/** The place a suggestion's details name; `stateName` is the state's full name ("Pennsylvania"). */
export type Place = { city?: string; state?: string; stateName?: string; zip?: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const squeeze = (text: string) => text.replace(/\s+/g, " ").trim().toLocaleLowerCase();

/** The text without trailing spaces and commas. */
const trimEnd = (text: string) => text.replace(/[\s,]+$/, "");

/**
 * The street left in `typed` once `place` fills the other fields: without the place's ZIP, and
 * without the city and state it ends with ("100 College Avenue, Philadelphia, PA 19104" → "100
 * College Avenue"). Text that is only the start of the place ("Philadel", "Springfield, IL") was a
 * search, not a street: nothing is left.
 */
export function streetLineAfterPlace(typed: string, place: Place): string {
  let text = typed;
  if (place.zip) {
    const zip = escapeRegExp(place.zip.slice(0, 5));
    text = text.replace(new RegExp(`(?<!\\d)${zip}(?:-\\d{4})?(?!\\d)`, "g"), " ");
  }
  const endings = [place.state, place.stateName, place.city].filter((name): name is string => Boolean(name));
  for (let changed = true; changed; ) {
    changed = false;
    text = trimEnd(text);
    for (const name of endings) {
      const at = new RegExp(`(^|[\\s,])${escapeRegExp(name).replace(/\s+/g, "\\s+")}$`, "i");
      if (at.test(text)) {
        text = text.replace(at, "$1");
        changed = true;
      }
    }
  }
  const left = trimEnd(text).trim();
  return left !== "" && place.city?.toLocaleLowerCase().startsWith(squeeze(left)) ? "" : left;
}

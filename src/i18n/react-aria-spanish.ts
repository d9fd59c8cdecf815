// React Aria's own strings in Spanish (issue 35): the Spanish chunk fills the slots that the build
// put where React Aria's Spanish tables were (vite-plugins/react-aria-spanish.ts, decision 0025).
// React Aria has one Spanish, es-ES's, which it uses for es-US too.
import * as published from "react-aria-components/i18n/es-ES";

/** The same key as the plugin's SLOTS_KEY (a unit test holds the two together). */
const SLOTS = Symbol.for("admissions.react-aria-spanish");

type Slots = Record<string, Record<string, unknown>>;

/** Its declared type is wrong (the default export is declared a type): the value is this. */
const spanishStrings = (published as unknown as { default: Slots }).default;

/** Fills every package's slot (made now if no part has asked for it yet) with its Spanish. */
export function fillReactAriaSpanish(): void {
  const holder = globalThis as unknown as Record<symbol, Slots | undefined>;
  const slots = holder[SLOTS] ?? {};
  holder[SLOTS] = slots;
  for (const [packageName, strings] of Object.entries(spanishStrings)) {
    slots[packageName] = Object.assign(slots[packageName] ?? {}, strings);
  }
}
